package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// tempRebuilds are the temporary tables a resume rebuilt otherwise than the client made
// them, while it passed statements an earlier attempt committed. A resume sends every
// write of a temporary table again (its new connection has none: Plan.Volatile), and
// skips what that attempt committed. Two rebuilds differ:
//   - a fill from a real table (CREATE TEMPORARY TABLE tt SELECT * FROM k, INSERT INTO tt
//     SELECT …) reads k as the interrupted run left it, with the rows committed after it
//     (TestReviewX14TemporaryRefilledOnResume);
//   - the temporary table's rows of a transaction the dump rolled back are sent again
//     without the transaction, and the skipped ROLLBACK leaves them
//     (TestReviewX14TemporaryRollbackOnResume).
//
// Neither can be made exact from the dump alone. One the dump drops again before the
// resume point does no harm (what read it was committed); one still there where the
// resume goes on stops it, in one line that names the statement that made it differ.
type tempRebuilds map[string]inexactRebuild

// inexactRebuild is the statement that made a temporary table differ, and why.
type inexactRebuild struct {
	st  split.Statement
	why string
}

// refusal notes st (planned as pl), and returns the refusal at the first statement the
// earlier attempt did not commit while a temporary table rebuilt otherwise is still
// there.
func (tr *tempRebuilds) refusal(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	cp := p.opt.Checkpoint
	if cp == nil {
		return nil
	}
	if cp.Skip(st.Offset) || st.Offset < cp.Furthest() {
		switch {
		case pl.Temporary == "":
		case pl.DropsTemporary:
			delete((*tr), pl.Temporary)
		case pl.TemporaryInexact != "":
			if *tr == nil {
				*tr = tempRebuilds{}
			}
			if _, ok := (*tr)[pl.Temporary]; !ok {
				c := *st
				c.SQL, c.Raw = append([]byte(nil), st.SQL...), nil
				(*tr)[pl.Temporary] = inexactRebuild{st: c, why: pl.TemporaryInexact}
			}
		}
		return nil
	}
	for table, r := range *tr {
		if err := p.disp.flush(ctx); err != nil { // what came before commits, as at a planned refusal
			return err
		}
		return p.serial.refuse(&r.st, "--resume cannot rebuild temporary table "+table+" as the dump made it: "+r.why+"; import the dump again into an empty target")
	}
	return nil
}
