package preflight

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// ifNotExists reports whether st, a CREATE DATABASE, says IF NOT EXISTS (in a versioned
// comment too, as mariadb-dump writes it). mariadb-dump --databases writes one in a data
// file (--no-create-info) too: on a database that exists it changes nothing (the server
// ignores its options), so the overwrite check lets it pass, and marks nothing created:
// the database's tables stay the target's, rows into an empty one pass, the rest is
// refused (TestReviewX24DataOnlyDatabasesOverRefused).
func ifNotExists(st *split.Statement) bool {
	w := sqlscan.DDLWords(st.SQL, 5, st.Syntax())
	return len(w) == 5 && strings.EqualFold(w[2], "IF") && strings.EqualFold(w[3], "NOT") && strings.EqualFold(w[4], "EXISTS")
}
