package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Statements that read the diagnostics area the statement before them left: GET
// [CURRENT] DIAGNOSTICS (its NUMBER, ROW_COUNT and each condition), and @@warning_count
// or @@error_count in a statement that opens no table (SET, DO, SELECT … INTO @v; one
// that opens a table clears the area first and reads its own: INSERT … VALUES
// (@@warning_count) stores 0 after a statement that raised a warning, on MariaDB 10.11).
// SHOW WARNINGS and SHOW ERRORS read it too, but leave nothing in the database. Anything
// sent between the two on the client's connection changes what they read: a progress
// row (an INSERT) empties the conditions, a SET autocommit=1 or COMMIT keeps them but
// sets ROW_COUNT to 0. So such a reader runs on the control connection right after the
// statement before it (replay's diagTail), and where that statement ran on another
// connection (a batch on a worker) it is refused.

// diagnosticsVerbs are the statements in which @@warning_count and @@error_count read the
// statement before's diagnostics (they open no table, unless SELECT names one).
var diagnosticsVerbs = map[string]bool{"SET": true, "DO": true, "SELECT": true, "VALUES": true}

// ReadsDiagnostics reports whether st reads the diagnostics area the statement before it
// left (see above).
func ReadsDiagnostics(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	w := strings.ToUpper(sqlscan.FirstWord(st.SQL))
	if w == "GET" {
		return secondWordIs(st.SQL, "DIAGNOSTICS") || secondWordIs(st.SQL, "CURRENT")
	}
	if !diagnosticsVerbs[w] {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Var {
			continue
		}
		name := strings.ToLower(strings.TrimPrefix(t.Text, "@@"))
		name = strings.TrimPrefix(strings.TrimPrefix(name, "session."), "local.")
		if strings.HasPrefix(t.Text, "@@") && (name == "warning_count" || name == "error_count") {
			return true
		}
	}
	return false
}

// diagnosticsRefusal is why a reader of the diagnostics area is refused while the run is
// parallel: the statement before it may have run on a worker, or among dumpscope's own
// statements, and what it left cannot be read on the control connection.
const diagnosticsRefusal = "it reads the diagnostics area (warnings, errors, row count) of the statement before it, which a parallel replay may have run on another connection"
