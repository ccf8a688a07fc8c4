package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// workerReset gives a worker's session back the transaction control dumpscope relies on
// there: each statement outside a batch commits on its own, and a COMMIT starts nothing.
const workerReset = "SET SESSION autocommit = 1, completion_type = 0"

// resetWorkers gives each worker workerReset before anything runs on it. A new session
// takes autocommit and completion_type from their GLOBAL values, which need not be the
// defaults: a resume's connections start from the GLOBAL an earlier attempt's SET GLOBAL
// autocommit = 0 left (the client's session connected before it, with its own). A worker
// with autocommit off kept the intent the controller wrote on it (regionIntent) in an
// open transaction, and the control connection's DELETE of it at the dump's COMMIT waited
// for that lock: the resume stopped with ERROR 1205 where the client finished (difffuzz
// seed 46026, TestResumeFound46026GlobalAutocommitOff).
func resetWorkers(ctx context.Context, workers []Conn) error {
	for i, c := range workers {
		if _, err := c.ExecContext(ctx, workerReset); err != nil {
			return fmt.Errorf("worker connection %d: %w", i+1, err)
		}
	}
	return nil
}

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
//
// A session statement that reads @@autocommit (SET @ac = @@autocommit) while the dump's
// is off reads it so on the worker too: between SET SESSION autocommit = 0 and
// workerReset. After the reset alone a worker's @ac was 1 where the client's is 0, and a
// row a worker inserted with it differed (TestReviewX6WorkerReadsAutocommit).
// mysqldump --no-autocommit's SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0 reads it
// while it is on, as the worker has it.
//
// A SET of GLOBAL variables alone runs on the control connection only (the planner makes
// it a barrier): the server has one copy, which that run changed for the workers too.
//
// Whether the dump's autocommit is off is the planner's fact (plan.AutocommitOn), not
// followed here a second time: a copy of its bookkeeping that read only the statements
// passing here never saw SET GLOBAL autocommit = 0 (returned above), took the SET
// autocommit = DEFAULT after it for on, and a worker's SET @ac = @@autocommit read 1 where
// the client's read 0 (TestWorkerReadsAutocommitFromGlobalDefault). The planner follows
// wrappers too, and whatever it cannot follow turns the run serial, after which no
// batch reaches a worker.
func (p *ParallelReplayer) workerSession(st *split.Statement, entry string) []string {
	if plan.SetsGlobalOnly(st) {
		return nil
	}
	var out []string
	readsOff := p.dumpAutocommitOff && sqlscan.ContainsFoldASCII(st.SQL, "autocommit")
	if readsOff {
		out = append(out, "SET SESSION autocommit = 0")
	}
	out = append(out, entry)
	// The planner planned st already: its autocommit is the one after st.
	p.dumpAutocommitOff = !plan.AutocommitOn(p.disp.planner)
	if readsOff || plan.SetsTransactionControl(st) {
		out = append(out, workerReset)
	}
	return out
}
