package replay

import "github.com/dumpscope/dumpscope/importer/plan"

// newPlanner is the parallel replay's planner, told whether the run adds transactions
// of its own to the client's: progress rows (a checkpoint) and deferred keys do; without
// them a wrapper the planner cannot follow turns the run serial instead of being refused
// (plan/wrapserial.go).
func newPlanner(opt ParallelOptions) *plan.Planner {
	p := plan.NewPlanner()
	p.NoOwnTransactions = opt.Checkpoint == nil && !opt.DeferIndexes
	return p
}
