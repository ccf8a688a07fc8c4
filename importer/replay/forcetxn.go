package replay

import (
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// Under --force the client goes on past a failed statement, its session as the failure
// left it. A failed XA statement (XA END of another xid, XA ROLLBACK of an ACTIVE one)
// leaves the XA transaction where the planner, which planned the statement as run, does
// not put it: a run that adds transactions of its own (progress
// rows, deferred keys) then stopped at its own next statement with a bare "ERROR 1399
// XAER_RMFAIL" and no place (TestFixX10cForceFailedXA), or committed what the client's
// session keeps open. So there it stops at the failed statement, with its place and the
// advice; without them (--load-data alone: the planner's NoOwnTransactions) the replay
// sends the client's statements as they are, and goes on as the client does. Other
// transaction statements that fail (ROLLBACK TO or RELEASE of a savepoint that does not
// exist) change nothing the planner follows, and pass (TestFixX10cForceBarrierKinds).

// forceStops returns why --force does not let st's error pass in r ("" when it does).
func forceStops(r *Replayer, st *split.Statement) string {
	if !r.ownTransactions || plan.XAVerb(st) == "" {
		return ""
	}
	return " (under --force the client goes on past it, with its transaction as the failure left it, which dumpscope's own transactions (progress rows, deferred keys) do not follow: stopped here; " +
		"import this dump without --parallel, --checkpoint and --defer-indexes to go on as the client does)"
}
