package replay

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// foundIsRowCount reports whether FOUND_ROWS() after st, an INSERT … SELECT that changed
// more than one row, is st's row count: a plain INSERT [INTO] t [(cols)] SELECT|WITH …
// inserts each row its SELECT finds, or fails. Measured on MariaDB 10.11 (joins, GROUP
// BY, DISTINCT, UNION, views, derived tables, CTEs, LIMIT, sequence tables): equal. Not
// where they differ: IGNORE drops duplicates it found, ON DUPLICATE KEY UPDATE and
// REPLACE count a row twice, OFFSET (LIMIT n, m) counts the rows it passed,
// SQL_CALC_FOUND_ROWS every row, a CREATE TABLE … SELECT of no table leaves 0; nor with
// RETURNING (a result set); nor a LIMIT or FETCH of a UNION, INTERSECT or EXCEPT (the
// server counts the set's rows before the limit: 13 found, 7 inserted) or FETCH … WITH
// TIES (every row counted; x-review20's TestReviewX20FoundRowsUnionLimit). Without it the reader was refused, the read-back changing
// the row count a GET DIAGNOSTICS next reads (x-fix35's leftover).
func foundIsRowCount(st *split.Statement) bool {
	l := sqlscan.New(st.SQL, st.Syntax())
	if !l.Next().Is("INSERT") {
		return false
	}
	t := l.Next()
	for t.Is("LOW_PRIORITY") || t.Is("HIGH_PRIORITY") || t.Is("DELAYED") || t.Is("INTO") {
		t = l.Next()
	}
	if !t.IsName() {
		return false
	}
	l.Name(t)
	t = l.Next()
	for t.Is("PARTITION") || t.Kind == sqlscan.Punct && t.Text == "(" {
		if t.Is("PARTITION") {
			t = l.Next()
		}
		if t.Kind != sqlscan.Punct || t.Text != "(" || !sqlscan.SkipGroup(&l) {
			return false
		}
		t = l.Next()
	}
	if !t.Is("SELECT") && !t.Is("WITH") {
		return false
	}
	depth := 0
	setOp, limited := false, false // at depth 0: a UNION/INTERSECT/EXCEPT; a LIMIT or FETCH
	for ; t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		case t.Is("IGNORE") || t.Is("DUPLICATE") || t.Is("OFFSET") || t.Is("SQL_CALC_FOUND_ROWS") || t.Is("RETURNING") || t.Is("TIES"):
			return false
		case t.Is("UNION") || t.Is("INTERSECT") || t.Is("EXCEPT"):
			setOp = setOp || depth == 0
		case t.Is("FETCH"):
			limited = limited || depth == 0
		case t.Is("LIMIT"):
			limited = limited || depth == 0
			l.Next() // the count, or the offset of LIMIT offset, count
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "," || n.Is("OFFSET") {
				return false
			}
		}
	}
	// A set operation's LIMIT or FETCH cuts its result, which the server counts whole.
	return !setOp || !limited
}
