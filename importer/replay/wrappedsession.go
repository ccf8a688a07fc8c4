package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// reopenChained, on resume, opens on the control connection the transaction that st, a
// skipped COMMIT or ROLLBACK under completion_type = CHAIN (or AND CHAIN), opened in the
// earlier attempt: the statements after it belong to that transaction, and run on a new
// connection without it they committed one by one, so the dump's later ROLLBACK took
// nothing back (difffuzz seed 45110, stopped after the chained COMMIT).
func reopenChained(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	if st.Kind != split.KindTxn || !pl.OpenAfter || !(strings.HasPrefix(st.Verb, "COMMIT") || plan.IsRollback(st)) {
		return nil
	}
	if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return p.at(st, fmt.Errorf("open again the transaction it chained: %w", err))
	}
	return nil
}
