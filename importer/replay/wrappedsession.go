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
// longer chained, and rows its ROLLBACK took back stayed (difffuzz seed 45110). A wrapped
// SET that assigns a GLOBAL is not one: the server keeps what it set, and sent again it
// put back a GLOBAL the dump's later SET GLOBAL, skipped as run (setglobal.go, which does
// not look inside a wrapper), had changed (TestReviewX13WrappedSetGlobalResentOnResume).
func sessionOnly(st *split.Statement) bool {
	if st.Kind == split.KindSession {
		return true
	}
	in, _, _ := transform.Wrapped(st)
	return in != nil && in.Kind == split.KindSession && !setsGlobal(in)
}

// setsGlobal reports whether st, a SET, assigns a GLOBAL (or PERSIST) server variable.
func setsGlobal(st *split.Statement) bool {
	for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
		if a.Global {
			return true
		}
	}
	return false
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
