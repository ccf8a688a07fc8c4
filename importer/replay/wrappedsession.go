package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// chainState.skipped keeps, on resume, the control connection's transaction over the skipped
// statements as the client's was. A skipped COMMIT or ROLLBACK under completion_type =
// CHAIN (or AND CHAIN) opened the next transaction in the earlier attempt, and the
// statements after it belong to it: it is opened again (run on a new connection without
// it they committed one by one, so the dump's later ROLLBACK took nothing back: difffuzz
// seed 45110, stopped after the chained COMMIT). A later skipped statement after which
// the planner knows no transaction is open (a DDL, whose implicit commit does not chain)
// ended it in the earlier attempt, and ends it here: left open, the dump's XA START
// failed with ERROR 1400 XAER_OUTSIDE where the client went on (seed 90020). It ends by
// COMMIT AND NO CHAIN: under completion_type = 1 a plain COMMIT opens the next one, and
// nothing was written in it (every statement since was skipped, or a volatile read).
// chainState is the control connection's transaction that a resume opened again at a
// skipped chaining COMMIT (reopened), until a skipped statement ends it.
type chainState struct{ reopened bool }

func (c *chainState) skipped(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	if c.reopened && !pl.OpenAfter {
		c.reopened = false
		if _, err := p.control.ExecContext(ctx, "COMMIT AND NO CHAIN"); err != nil {
			return p.at(st, fmt.Errorf("end the chained transaction it ended: %w", err))
		}
	}
	if st.Kind != split.KindTxn || !pl.OpenAfter || !(strings.HasPrefix(st.Verb, "COMMIT") || plan.IsRollback(st)) {
		return nil
	}
	if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return p.at(st, fmt.Errorf("open again the transaction it chained: %w", err))
	}
	c.reopened = true
	return nil
}
