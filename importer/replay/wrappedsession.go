package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// sessionOnly reports whether st changes only its connection's session: a SET of session
// variables (split.KindSession), or a wrapper that runs one (EXECUTE IMMEDIATE 'SET
// completion_type = 1'). A resume sends such a statement again even where an earlier
// attempt committed past it, since the new connection has not got that session state:
// skipped, the wrapped SET completion_type = CHAIN was lost, the dump's COMMITs no
// longer chained, and rows its ROLLBACK took back stayed (difffuzz seed 45110).
//
// A wrapper whose SET sets a GLOBAL variable is not one: the server keeps what the
// earlier attempt set, and sent again it set it twice (EXECUTE IMMEDIATE 'SET
// @@global.max_connect_errors = @@global.max_connect_errors + 1000' stored 2100 where
// the client's stored 1100), or set back what a later SET GLOBAL, skipped as run, had
// changed (difffuzz seed 46026: GLOBAL autocommit = 0 again after the dump's SET GLOBAL
// autocommit = 1; TestResumeWrappedSetGlobalNotSentAgain). A plain SET GLOBAL is
// setglobal.go's, which knows whether it ran; the wrapped one is skipped as committed,
// as before seed 45110's fix, with the session part of a wrapped SET of both kinds.
func sessionOnly(st *split.Statement) bool {
	if st.Kind == split.KindSession {
		return true
	}
	in, _, _ := transform.Wrapped(st)
	if in == nil || in.Kind != split.KindSession {
		return false
	}
	for _, a := range plan.ParseSet(in.SQL, in.Syntax()) {
		if a.Global {
			return false
		}
	}
	return true
}

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
