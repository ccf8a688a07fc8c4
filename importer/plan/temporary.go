package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// keepsTransaction reports whether st, DDL, leaves the open transaction open: CREATE [OR
// REPLACE] TEMPORARY TABLE and DROP TEMPORARY TABLE commit nothing (tried on MariaDB
// 10.11: @@in_transaction stays 1), where every other DDL commits, on a temporary table
// too (DROP TABLE of one without TEMPORARY, ALTER, TRUNCATE, RENAME, CREATE INDEX, CREATE
// TEMPORARY SEQUENCE). Taken for a commit, a CREATE TEMPORARY TABLE inside the dump's
// START TRANSACTION ended the planner's region, and a checkpointed run gave the rows
// after it transactions of their own, which committed what the client's ROLLBACK undid
// (TestFixX10aTemporaryTableInTransaction).
func keepsTransaction(st *split.Statement) bool {
	if st.Verb != "CREATE TABLE" && st.Verb != "DROP TABLE" {
		return false
	}
	for _, w := range sqlscan.DDLWords(st.SQL, 4, st.Syntax()) {
		if strings.EqualFold(w, "TEMPORARY") {
			return true
		}
	}
	return false
}
