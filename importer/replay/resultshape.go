package replay

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// What a statement that is not one of resultVerbs leaves in ROW_COUNT() and FOUND_ROWS()
// beyond the driver's affected rows (rowCounts.noteRan, rowCounts.skipped).

// resultWord is the one answer to "may st return a result set": its verb (upper-cased)
// when it may, after which ROW_COUNT() is −1 (not the driver's affected rows) and
// FOUND_ROWS() what its SELECT set, or as it was; "" when not. It is a resultVerbs word,
// after any opening parentheses too (`(SELECT 1) UNION (SELECT 2)`, `(SELECT …)`: the
// client's ROW_COUNT() after them is −1 where FirstWord, which gives no word for "(",
// took the driver's 0: TestReviewX25RowCountFirstWord); "XA RECOVER", whose rows leave
// FOUND_ROWS() as it was (measured on MariaDB 10.11: 3 after it, as before); or "BEGIN"
// for a compound statement of the dump's (plan.CompoundStatement), which may run a
// SELECT as a CALLed body does and is read back as a CALL is (rowCounts.giveFound,
// noteRan: TestReviewX25FoundRowsAfterBlock). A row insert is KindInsert: one token read.
func resultWord(st *split.Statement) string {
	l := sqlscan.New(st.SQL, st.Syntax())
	t := l.Next()
	for t.Kind == sqlscan.Punct && t.Text == "(" {
		t = l.Next()
	}
	if t.Kind != sqlscan.Word {
		return ""
	}
	w := strings.ToUpper(t.Text)
	switch {
	case resultVerbs[w]:
		return w
	case st.Kind != split.KindOther:
		return ""
	case w == "XA":
		if l.Next().Is("RECOVER") {
			return "XA RECOVER"
		}
	case plan.CompoundStatement(st):
		return "BEGIN"
	}
	return ""
}

// runsCodeWord reports whether w, a resultWord, runs code that may or may not run a
// SELECT: FOUND_ROWS() after it is known only where giveFound preceded it.
func runsCodeWord(w string) bool { return w == "CALL" || w == "EXECUTE" || w == "BEGIN" }

// setsFoundInside reports whether st, not one of resultVerbs, may set FOUND_ROWS() through
// a SELECT inside it (insideWords).
func setsFoundInside(st *split.Statement) bool {
	selects, _ := insideWords(st)
	return selects
}

// subquerySetsFound reports whether st is a SET, DO, UPDATE or DELETE with a subquery
// (the word SELECT outside its literals and comments). A subquery that opens a table sets
// FOUND_ROWS() (the client's `SELECT SQL_CALC_FOUND_ROWS … LIMIT 1` of 7 rows, then `SET
// @v = (SELECT COUNT(*) FROM t)`, reads 1; an UPDATE … WHERE id IN (SELECT …) of two rows
// 2), one that opens none or does not run leaves it as it was (`SET @x = (SELECT 5)`,
// `DELETE … WHERE id = (SELECT 6)`: measured on MariaDB 10.11.19). The fast modes kept
// the count from before (x-fuzz8 seed 169625, TestXFuzz8FoundRowsAfterSubquery); a
// read-back would give dumpscope's own count where the subquery left it, so FOUND_ROWS()
// after such a statement is not known (noteRan) and a reader is refused by name.
//
// A multi-table UPDATE or DELETE (`UPDATE t JOIN u … SET`, `UPDATE t, u SET`, `DELETE t
// FROM t …`, `DELETE FROM t USING …`) sets it with no subquery (the client's 2 after `UPDATE
// t JOIN u ON t.id = u.id SET …` of two rows, 1 after `DELETE t FROM t WHERE id = 3`, 0 where
// the join matched none; the single-table forms leave it: measured on MariaDB 10.11.19).
// dumpscope kept the count from before (x-review29, TestReviewX29FoundRowsSetters).
func subquerySetsFound(st *split.Statement) bool {
	// The first word first: noteRan asks of every statement, a row INSERT of megabytes
	// too, which the word turns away without a pass over its bytes.
	switch w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())); w {
	case "UPDATE", "DELETE":
		if multiTable(st, w) {
			return true
		}
	case "SET", "DO":
	default:
		return false
	}
	if !sqlscan.ContainsFoldASCII(st.SQL, "SELECT") {
		return false
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("SELECT") {
			return true
		}
	}
	return false
}

// valuesSubquery reports whether st is an INSERT or REPLACE whose SELECT is a subquery
// in its VALUES, SET or ON DUPLICATE KEY UPDATE (the word VALUES, VALUE or SET before the
// first SELECT), not an INSERT … SELECT. Such a subquery sets FOUND_ROWS() or leaves it as
// it was, by what the optimizer makes of it (after a SELECT SQL_CALC_FOUND_ROWS … LIMIT 1
// of 7 rows the client reads 1 after `VALUES ((SELECT COUNT(*) FROM r WHERE id > 2))`, 0
// after `(SELECT MAX(id) FROM r)`, 7 after `(SELECT GROUP_CONCAT(s) FROM tt)` of an empty
// table: measured on MariaDB 10.11.19). A read-back after it gives, where it left the
// count, what dumpscope's own statements or another connection left (x-fuzz9 seed 169174,
// TestXFuzz9FoundRowsAfterValuesSubquery): FOUND_ROWS() after it is not known (noteRan),
// as after subquerySetsFound's statements.
func valuesSubquery(st *split.Statement) bool {
	l := st.Tokens()
	verb := false
	values := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Word {
			continue
		}
		switch {
		case !verb:
			if !t.Is("INSERT") && !t.Is("REPLACE") {
				return false
			}
			verb = true
		case t.Is("SELECT"):
			return values
		case t.Is("VALUES") || t.Is("VALUE") || t.Is("SET"):
			values = true
		}
	}
	return false
}

// insideWords reads st, not one of resultVerbs, in one pass. selects: it may set
// FOUND_ROWS() through a SELECT inside it: an INSERT or REPLACE, or a CREATE [OR REPLACE]
// [TEMPORARY] TABLE, with the word SELECT outside its literals and comments (INSERT …
// SELECT, a subquery in VALUES, CREATE TABLE … SELECT). returning: an INSERT, REPLACE or
// DELETE … RETURNING, which returns a result set, after which ROW_COUNT() is −1 whatever
// it changed and FOUND_ROWS() is what a SELECT inside set or as it was (the client's
// `INSERT … SELECT … RETURNING id; SET @v3 = ROW_COUNT()` stored −1 where the driver's
// affected rows gave 0, and a later INSERT of @v3 into an unsigned column failed there
// only: difffuzz seed 152026; measured on MariaDB 10.11). RETURNING is a reserved word
// (a column so named is quoted, an Ident) and no subquery holds one, so the word
// anywhere outside literals and comments is the clause.
//
// Its callers skip a row insert of literal values (rowCounts.literalRows), which holds
// neither (sqlscan.Rows reads no tail after the last row): reading every INSERT the
// control connection ran token by token cost 1.6 s of 6.3 s of client CPU on a 190 MiB
// dump run serially. The read-back is the client's value only where st set it: a word in
// a string ('row_count after select') or a CREATE VIEW … AS SELECT leaves what
// dumpscope's own statements left on the connection (TestRowCountAsClientParallel).
func insideWords(st *split.Statement) (selects, returning bool) {
	l := sqlscan.New(st.SQL, st.Syntax())
	verb := ""
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Word {
			continue
		}
		switch {
		case verb == "" && t.Is("CREATE"):
			verb = "CREATE"
		case verb == "" && (t.Is("INSERT") || t.Is("REPLACE")):
			verb = "INSERT"
		case verb == "" && t.Is("DELETE"):
			verb = "DELETE"
		case verb == "":
			return false, false
		case verb == "CREATE" && (t.Is("OR") || t.Is("REPLACE") || t.Is("TEMPORARY")):
		case verb == "CREATE":
			if !t.Is("TABLE") {
				return false, false
			}
			verb = "CREATE TABLE"
		case t.Is("SELECT"):
			if verb == "CREATE TABLE" {
				return true, false
			}
			selects = selects || verb == "INSERT"
		case t.Is("RETURNING") && verb != "CREATE TABLE":
			return selects, true
		}
	}
	return selects, false
}

// unwrapSetStatement returns the statement a SET STATEMENT … FOR runs, which leaves
// ROW_COUNT() and FOUND_ROWS() as it would alone (the client's `SET STATEMENT
// max_statement_time=0 FOR SELECT 1 UNION SELECT 2` leaves −1 and 2); st itself for
// anything else, or where the inner statement cannot be read.
func unwrapSetStatement(st *split.Statement) *split.Statement {
	if st.Kind != split.KindOther || st.Verb != "SET STATEMENT" {
		return st
	}
	if in, _, _ := transform.Wrapped(st); in != nil {
		return in
	}
	return st
}

// returnsResult reports whether st, or the statement a SET STATEMENT … FOR runs
// (unwrapSetStatement), may return a result set (resultWord): the journaled counts of a
// SELECT … INTO given back in its place are its own, wrapped or not (countsAt, gaveBack;
// judged by the wrapper's SET, a reader of ROW_COUNT() after the give-back was refused:
// TestXFix71WrappedSelectIntoCounts).
func returnsResult(st *split.Statement) bool {
	return resultWord(unwrapSetStatement(st)) != ""
}

// multiTable reports whether st, an UPDATE or DELETE (verb), is written in the
// multi-table syntax: an UPDATE whose tables before SET hold a ',' or a JOIN outside
// parentheses, a DELETE that names a table before FROM or has USING.
func multiTable(st *split.Statement, verb string) bool {
	l := st.Tokens()
	if !l.Next().Is(verb) {
		return true // inside an executable comment, or a SET STATEMENT … FOR: read as one
	}
	depth := 0
	first := true
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		case depth > 0:
		case verb == "UPDATE" && t.Is("SET"):
			return false
		case verb == "UPDATE" && (t.Is("JOIN") || t.Is("STRAIGHT_JOIN") || (t.Kind == sqlscan.Punct && t.Text == ",")):
			return true
		case verb == "DELETE" && (t.Is("LOW_PRIORITY") || t.Is("QUICK") || t.Is("IGNORE") || t.Is("HISTORY")) && first:
			continue
		case verb == "DELETE" && first && !t.Is("FROM"):
			return true // DELETE t [, u] FROM …
		case verb == "DELETE" && t.Is("USING"):
			return true
		case verb == "DELETE" && (t.Is("WHERE") || t.Is("ORDER") || t.Is("LIMIT") || t.Is("RETURNING")):
			return false
		}
		first = false
	}
	return false
}
