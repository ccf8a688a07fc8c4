package plan

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Code run by a CALL or EXECUTE reads ROW_COUNT (GET DIAGNOSTICS @r = ROW_COUNT, SELECT
// ROW_COUNT() INTO @r, INSERT … VALUES (ROW_COUNT())) as the statement before the CALL
// or EXECUTE left it: the client's read 5 after an UPDATE of five rows (MariaDB 10.11).
// The replay cannot write a literal into that code (give), and before a CALL or EXECUTE
// it sends statements of its own (the FOUND_ROWS() it gives back, warning counts,
// progress rows), which leave −1: read as −1 under --parallel and --checkpoint
// (TestRowCountReadByCode). So the planner marks such a statement
// (Plan.CodeReadsRowCount) and the replay gives the count back where a statement that
// keeps FOUND_ROWS() and the diagnostics area can leave it, or refuses.

// codeReadsRowCount reports whether st is a CALL or EXECUTE whose code may read ROW_COUNT:
// a procedure whose body names it (or runs code of its own choosing), a statement run
// through EXECUTE IMMEDIATE or a prepared statement that names it, or what the registry
// does not know (a procedure the dump did not create, dynamic SQL it cannot read); or a
// top-level compound statement that may (blockReadsRowCount).
func (r *registry) codeReadsRowCount(st *split.Statement) bool {
	return r.judgeRun(st, func(b procBody, known bool) bool { return !known || b.rowCount || b.dynamic },
		func(st *split.Statement, depth int) bool {
			if CompoundStatement(st) {
				return blockReadsRowCount(st)
			}
			// What a wrapper runs (depth > 0); a CALL behind SET STATEMENT … FOR may read it.
			// A routine, trigger or event it creates (EXECUTE IMMEDIATE 'CREATE PROCEDURE …')
			// reads nothing now: its body is judged where it runs.
			return depth > 0 && st.Kind != split.KindRoutine && (namesRowCount(st.SQL, st.Syntax()) || sqlscan.ContainsFoldASCII(st.SQL, "CALL"))
		})
}

// blockReadsRowCount reports whether st, a compound statement (BEGIN NOT ATOMIC, IF, FOR,
// WHILE, CASE, REPEAT), may read ROW_COUNT as the statement before it left it: its body
// runs on the control connection after dumpscope's own statements, as a CALLed body
// does, so `IF 1 THEN INSERT INTO log VALUES (ROW_COUNT()); END IF` after an INSERT of
// three rows read −1 under --parallel, --load-data and --checkpoint where the client's
// reads 3 (TestXFix78BlockReadsRowCount). Its text is not unwrapped: the name anywhere,
// in a string too (EXECUTE IMMEDIATE 'SELECT ROW_COUNT() INTO @r'), a CALL, or an
// EXECUTE (of a statement prepared before it, or of text it builds) may; a read that
// follows the block's own INSERT, UPDATE, DELETE or REPLACE on every path does not.
func blockReadsRowCount(st *split.Statement) bool {
	if sqlscan.ContainsFoldASCII(st.SQL, "CALL") || sqlscan.ContainsFoldASCII(st.SQL, "EXECUTE") {
		return true
	}
	// A read after a row statement of the block's own reads that statement's count:
	// blockrowcount.go.
	return sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT") && blockReadsEarlyRowCount(st.Tokens())
}

// namesRowCount reports whether q names ROW_COUNT as a word (not in a string or comment).
func namesRowCount(q []byte, syn sqlscan.Syntax) bool {
	if !sqlscan.ContainsFoldASCII(q, "ROW_COUNT") {
		return false
	}
	l := sqlscan.New(q, syn)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("ROW_COUNT") {
			return true
		}
	}
	return false
}
