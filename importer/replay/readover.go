package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
)

// The user variables a statement inside the dump's transaction set are journaled at once,
// by a SELECT on the control connection, which leaves ROW_COUNT() −1: a reader of the
// statement's count right after it must get the client's count or be refused (seed 145034).

// recordUserVarsInTxn journals the values st, inside the dump's own transaction on the
// control connection, gave user variables, on a worker's connection (idle in the part run
// on one connection), at once: a variable outlives the transaction, which the dump may
// roll back, and the ROLLBACK took the journal's row with it, so that a resume past it
// refused the statement as not journaled (TestReviewXResumeVarsOfRolledBackTransaction).
// Not while the control connection holds the dump's LOCK TABLES (locked; not a FLUSH
// TABLES … WITH READ LOCK), which dumpscope sends with the progress tables: the worker's
// INSERT waited for that metadata lock for ever, a hang no signal ended (f-gen4's
// in-suite seed 3, TestDiffFuzzFoundGen4LockTablesAfterVarBody). There the row goes on the control connection itself, with the statement's progress row
// (lockState.ownTransaction) or, inside the dump's own transaction, where a ROLLBACK may
// take it: a resume past it then refuses the statement as not journaled, which is loud.
func (cr *controller) recordUserVarsInTxn(ctx context.Context, st *split.Statement, locked bool) error {
	p := cr.p
	to := p.control
	if len(p.workers) > 0 && !(locked && cr.lock.progressLocked() && !p.disp.planner.FlushLocked()) {
		to = p.workers[0]
	}
	read, err := cr.recordUserVars(ctx, p.control, to, st)
	if read {
		// The read is a SELECT on the control connection: ROW_COUNT() is −1 after it. The
		// volatile path defers such a read past a GET DIAGNOSTICS (diagunread.go); this one
		// journals at once, so a reader of a count giveRow cannot give back is refused
		// (seed 145034: 13 rows, then GET DIAGNOSTICS @w = ROW_COUNT read −1).
		p.serial.counts.readOver(st.Offset)
	}
	return err
}

// readOver notes that dumpscope read the user variables of the statement at offset at
// on the control connection right after it (recordUserVarsInTxn), which left ROW_COUNT()
// −1: where the statement's own count is one giveRow cannot give back, a reader right
// after it is refused (lostState) rather than given −1 (seed 145034).
func (rc *rowCounts) readOver(at int64) {
	if rc == nil {
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.rowAt == at && !rc.rowLost && (rc.row > 1 || rc.row < -1) {
		rc.rowReadOver = true
	}
}

// rowCountReadOver reports whether ROW_COUNT() after the statement at offset prev was
// overwritten by dumpscope's read of its user variables (readOver).
func (rc *rowCounts) rowCountReadOver(prev int64) bool {
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.rowAt == prev && rc.rowReadOver
}
