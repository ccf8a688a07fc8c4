package transform

import "github.com/dumpscope/dumpscope/importer/split"

// Wrapped is readWrapper for the planner, which follows what a wrapper runs as it follows
// the dump's own statements (a START TRANSACTION or SET autocommit inside EXECUTE
// IMMEDIATE): the statement st runs, split as the dump's own (nil when st wraps none,
// runs a prepared statement, or what it runs cannot be read), the name of the PREPARE
// an EXECUTE s or DEALLOCATE PREPARE s names, and what st runs when that cannot be read
// ("" when it can).
func Wrapped(st *split.Statement) (inner *split.Statement, prepared, unreadable string) {
	if st.Kind != split.KindOther {
		return nil, "", ""
	}
	w := readWrapper(st)
	if w.inner != nil {
		inner, _ = innerStatement(st, w.inner)
	}
	return inner, w.prepared, w.unreadable
}

// PrepareName returns the name a PREPARE s FROM … statement prepares (lower case).
func PrepareName(st *split.Statement) (string, bool) { return prepareName(st) }
