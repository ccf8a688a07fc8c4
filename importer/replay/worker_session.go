package replay

import (
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// workerReset gives a worker's session back the transaction control dumpscope relies on
// there: each statement outside a batch commits on its own, and a COMMIT starts nothing.
const workerReset = "SET SESSION autocommit = 1, completion_type = 0"

// workerSession is what a worker's session runs for the session statement st (entry, the
// statement as the control connection ran it): entry, and after a SET of autocommit or
// completion_type, workerReset.
//
// The dump's SET autocommit=0 does not hold rows on a worker: the planner runs every
// statement after it, up to the region's end, on the control connection, and a worker's
// batches open and commit their own transactions. But the controller writes a statement's
// intent, its ran marker and its user variables on workers[0] outside any transaction,
// to be committed at once (regionIntent). A worker that had taken over autocommit=0 kept
// them in an open transaction: the control connection's DELETE of the intent waited for
// it, and the run stopped with ERROR 1205 where the client finished (difffuzz seed 32083,
// --parallel 2 --defer-indexes: which worker took the DDL entry after the SET decided it).
// completion_type=CHAIN or RELEASE would do the same, or drop the worker, at a batch's
// COMMIT.
func workerSession(st *split.Statement, entry string) []string {
	if plan.SetsTransactionControl(st) {
		return []string{entry, workerReset}
	}
	return []string{entry}
}
