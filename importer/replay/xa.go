package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// xaState follows the dump's XA transaction on the control connection, for its marker
// (checkpoint.Run.MarkXA): an XA transaction commits after its XA END, where no progress
// row can join it, so a kill between its XA COMMIT and the progress row that follows left
// a resume that ran it again (ERROR 1062 on its rows, the kill -9 corpus run's xa).
type xaState struct {
	// start is the offset of the XA START of the open XA transaction this attempt runs or
	// skips (-1: none).
	start int64
	// skipping: a resume is skipping the statements of an XA transaction an earlier
	// attempt committed, up to the XA COMMIT that ended it.
	skipping bool
}

// xaStatement handles st where an XA transaction needs more than the plain serial run,
// before runSerial's own skip; done says st was dealt with here (skipped). At XA START
// it notes where the transaction starts; on resume it skips the whole transaction when
// its marker says it committed although its stretch has no progress row, and writes that
// row after its last statement. At XA END it writes the marker inside the transaction,
// which commits with it or not at all.
func (cr *controller) xaStatement(ctx context.Context, st *split.Statement, end int64) (done bool, err error) {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || st.Kind == split.KindSession || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	verb := plan.XAVerb(st)
	switch {
	case cr.xa.skipping:
		if err := cr.skipped.noteSkipped(ctx, st); err != nil {
			return true, err
		}
		if verb == "COMMIT" || verb == "ROLLBACK" {
			cr.xa.skipping = false
			cr.pendingFrom, cr.xa.start = cr.xa.start, -1
			if err := cr.recordPending(ctx, end, true); err != nil {
				return true, p.at(st, err)
			}
		}
		return true, nil
	case cp.Skip(st.Offset):
		return false, nil // its stretch is recorded: runSerial skips it
	case verb == "START" || verb == "BEGIN":
		cr.xa.start = st.Offset
		if !cp.XACommitted(st.Offset) {
			return false, nil
		}
		p.opt.Notice(p.opt.Name + ": resume: the XA transaction that starts here had committed when the interrupted run ended; it is not run again")
		cr.xa.skipping = true
		return true, cr.skipped.noteSkipped(ctx, st)
	case verb == "END" && cr.xa.start >= 0:
		if err := cp.MarkXA(ctx, p.control, cr.xa.start); err != nil {
			return true, p.at(st, err)
		}
	case verb == "COMMIT" || verb == "ROLLBACK":
		cr.xa.start = -1
	}
	return false, nil
}
