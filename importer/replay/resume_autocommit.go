package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// A resume sends the session statements before its resume point again (plan.Plan.Session)
// to rebuild the dump's session on a new connection. `SET autocommit = DEFAULT` then reads
// the GLOBAL as it is now, which a later SET GLOBAL autocommit of the dump, run by the
// interrupted attempt, has changed: the client's session took 0, the resumed one 1. A
// skipped ROLLBACK after it, which under autocommit = 0 leaves the next statements in a
// transaction, is opened again as one (chainState.skipped), and the dump's `SET autocommit = 1`
// that ends it in the client (a change from 0 commits) changed nothing: the transaction
// stayed open and the dump's XA START failed with ERROR 1400 XAER_OUTSIDE (difffuzz seeds
// 59232 and 50604; wrapped in EXECUTE IMMEDIATE or plain, TestResumeFound59232…). So a
// statement sent again before the resume point that assigns autocommit is followed by
// the value the planner knows it gave the client's connection (plan.AutocommitSetTo:
// DEFAULT as the dump's SET GLOBAL left it). Past the resume point the GLOBAL is the
// client's again (the dump's own SET GLOBALs from there on run), and nothing is added.

// keepAutocommit sets the control connection's autocommit to the client's after st, a
// session statement a resume sent again before the furthest offset the interrupted run
// committed (session statements have no progress rows of their own: Skip does not know
// them); nothing for other statements, nor without a resume (furthest is 0).
func keepAutocommit(ctx context.Context, p *ParallelReplayer, st *split.Statement) error {
	cp := p.opt.Checkpoint
	if cp == nil || st.Kind != split.KindSession {
		return nil
	}
	if _, furthest := cp.Committed(); st.Offset >= furthest {
		return nil
	}
	on, set := plan.AutocommitSetTo(p.disp.planner)
	if !set {
		return nil
	}
	q := "SET autocommit = 0"
	if on {
		q = "SET autocommit = 1"
	}
	if _, err := p.control.ExecContext(ctx, q); err != nil {
		return p.at(st, fmt.Errorf("give the session the autocommit the client's had: %w", err))
	}
	return nil
}
