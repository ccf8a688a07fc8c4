// Package plan is the parallel replay's planner: pure functions of a statement, the
// session state the stream set so far, and the facts of the tables it names. Planner.Next
// says where each statement may run (Plan: Rows — a plain row insert of a known table
// that may leave stream order —, a barrier, a session statement, one for the control
// connection, one to skip, or the point from which the rest runs serially) and why; its
// exported predicates (BarrierScope, NamedTables, TakesIDs, ParseSet, StatementTableKey, KeyOf …)
// are the same readings, for the replay and the preflight.
//
// It sends nothing and holds no connection: the table facts come through a Catalog, which
// importer/replay fills from the server, so that the planner is tested on statements
// alone (plan_test.go, exact_test.go). It reads SQL with importer/sqlscan and statements
// from importer/split, and imports nothing else of the importer.
package plan
