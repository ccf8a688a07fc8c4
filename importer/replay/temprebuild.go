package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// temporaryRebuildRefusal refuses a resume that would rebuild a temporary table other
// than the client made it. A resume sends every write of a temporary table again (its
// new connection has none: Plan.Volatile), and skips what an earlier attempt committed.
// Two rebuilds differ:
//   - a fill from a real table (CREATE TEMPORARY TABLE tt SELECT * FROM k, INSERT INTO tt
//     SELECT …) reads k as the interrupted run left it, with the rows committed after it
//     (TestReviewX14TemporaryRefilledOnResume);
//   - the temporary table's rows of a transaction the dump rolled back are sent again
//     without the transaction, and the skipped ROLLBACK leaves them
//     (TestReviewX14TemporaryRollbackOnResume).
//
// Neither can be made exact from the dump alone, so past either (the statement is before
// where the earlier attempt got) the resume stops, in one line that names it.
func temporaryRebuildRefusal(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	cp := p.opt.Checkpoint
	if cp == nil || (pl.RebuildReads == "" && pl.UndoesTemporary == "") {
		return nil
	}
	if !cp.Skip(st.Offset) && st.Offset >= cp.Furthest() {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil { // what came before commits, as at a planned refusal
		return err
	}
	if pl.RebuildReads != "" {
		return p.serial.refuse(st, "--resume cannot rebuild this temporary table: it is filled from `"+pl.RebuildReads+"`, whose rows committed after it the interrupted run may have changed; import the dump again into an empty target")
	}
	return p.serial.refuse(st, "--resume cannot rebuild temporary table `"+pl.UndoesTemporary+"`: this ROLLBACK undid rows of it that the resume would send again outside the transaction; import the dump again into an empty target")
}
