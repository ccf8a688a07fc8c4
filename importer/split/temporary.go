package split

import "github.com/dumpscope/dumpscope/importer/sqlscan"

// TemporaryTableDDL reports whether st is CREATE [OR REPLACE] TEMPORARY TABLE or DROP
// TEMPORARY TABLE, read with the server's tokens: the keyword TEMPORARY only, never a
// quoted name (a real table `temporary`: TestReviewX14TableNamedTemporary), and words
// split at any of the server's six blanks (CREATE\fTEMPORARY TABLE:
// TestReviewX14TemporaryAfterFormFeed). It is the one reader of the form: the planner's
// volatile, keepsTransaction and connectionState (plan.TemporaryTableDDL) and the
// preflight's overwrite check (a temporary table shadows a real one of its name).
func (st *Statement) TemporaryTableDDL() bool {
	if st.Verb != "CREATE TABLE" && st.Verb != "DROP TABLE" {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	t := l.Next()
	if !t.Is("CREATE") && !t.Is("DROP") {
		return false
	}
	create := t.Is("CREATE")
	t = l.Next()
	if create && t.Is("OR") {
		if !l.Next().Is("REPLACE") {
			return false
		}
		t = l.Next()
	}
	return t.Kind == sqlscan.Word && t.Is("TEMPORARY")
}
