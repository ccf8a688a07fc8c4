package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
)

// markRan marks st, a statement outside the dump's transaction that left an intent
// (checkpoint.Run.BeginIntent) and returned without error, as run (checkpoint.Run.Ran),
// on c inside the transaction its progress row is to commit in: only when it changed a
// table its intent covers (checkpoint.Run.Changed). The marker is written at once, in a
// non-transactional table, and a resume that finds it counts the statement as run and
// skips it. That is right for what stays when the transaction does not commit, and wrong
// for what its rollback undoes: an INSERT into an InnoDB table with triggers (which may
// write any table, so its intent covers every MyISAM and Aria table) was marked whatever
// it changed; killed between the marker and the COMMIT, its rows were rolled back and the
// resume skipped it (difffuzz seed 41040: 80 rows missing, no word;
// TestDifffuzzFound41040MarkerBeforeCommit). Unmarked with unchanged checksums, the
// statement runs again on resume, which gives what it gave: it changed no such table.
func markRan(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement) error {
	cp := p.opt.Checkpoint
	changed, err := cp.Changed(ctx, c, st.Offset)
	if err == nil && changed {
		err = cp.Ran(ctx, c, st.Offset)
	}
	if err == nil && p.opt.AfterMark != nil {
		err = p.opt.AfterMark(st)
	}
	return err
}
