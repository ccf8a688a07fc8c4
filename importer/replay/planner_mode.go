package replay

import "github.com/dumpscope/dumpscope/importer/plan"

// newPlanner is the parallel replay's planner, told whether the run adds transactions
// of its own to the client's: progress rows (a checkpoint) and deferred keys do; without
// them a wrapper the planner cannot follow turns the run serial instead of being refused
// (plan/wrapserial.go).
// The serial replay it runs statements through learns the same (forcetxn.go).
func newPlanner(pr *ParallelReplayer) *plan.Planner {
	p := plan.NewPlanner()
	p.NoOwnTransactions = pr.opt.Checkpoint == nil && !pr.opt.DeferIndexes
	pr.serial.ownTransactions = !p.NoOwnTransactions
	return p
}
