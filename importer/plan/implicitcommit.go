package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// implicitCommitVerbs are statements other than DDL that commit the open transaction
// (the server's "Statements That Cause an Implicit Commit"), checked on MariaDB 10.11 with
// @@in_transaction after each inside START TRANSACTION (TestImplicitCommitListMatchesServer):
// CHECK TABLE and CHECK VIEW commit (CHECKSUM TABLE does not); CACHE INDEX and LOAD INDEX
// INTO CACHE do not; ANALYZE commits only as ANALYZE TABLE (commitsImplicitly reads on).
var implicitCommitVerbs = map[string]bool{
	"GRANT": true, "REVOKE": true, "OPTIMIZE": true, "REPAIR": true, "CHECK": true,
	"FLUSH": true, "RESET": true, "INSTALL": true, "UNINSTALL": true, "BACKUP": true,
}

// ddlVerbs are the first words of DDL, which commits the open transaction (but CREATE and
// DROP TEMPORARY TABLE: keepsTransaction). The splitter gives most DDL its kind;
// commitsImplicitly reads the rest by this word (CREATE USER, DROP ROLE, ALTER SERVER …),
// and a routine's body reader by it alone (commitsAtStart): one list for both.
var ddlVerbs = map[string]bool{"CREATE": true, "DROP": true, "ALTER": true, "RENAME": true, "TRUNCATE": true}

// commitsImplicitly reports whether st commits the transaction open before it: DDL
// (except CREATE and DROP TEMPORARY TABLE: keepsTransaction) and account or
// table-maintenance statements.
func commitsImplicitly(st *split.Statement) bool {
	switch st.Kind {
	case split.KindDDL, split.KindRoutine:
		return !keepsTransaction(st)
	}
	l := st.Tokens()
	first := l.Next()
	if first.Kind != sqlscan.Word {
		return false
	}
	w := strings.ToUpper(first.Text)
	if implicitCommitVerbs[w] {
		return true
	}
	if ddlVerbs[w] {
		return true // CREATE USER, DROP ROLE, ALTER SERVER, …
	}
	switch w {
	case "ANALYZE": // ANALYZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE commits; ANALYZE SELECT … runs the query
		n := l.Next()
		if n.Is("NO_WRITE_TO_BINLOG") || n.Is("LOCAL") {
			n = l.Next()
		}
		return n.Is("TABLE") || n.Is("TABLES")
	case "SET": // SET PASSWORD and SET DEFAULT ROLE change the accounts and commit; SET ROLE does not
		n := l.Next()
		return n.Is("PASSWORD") || (n.Is("DEFAULT") && l.Next().Is("ROLE"))
	}
	return false
}
