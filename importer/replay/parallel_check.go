package replay

import (
	"sync/atomic"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// parallelCheck follows a serial replay's statements with the planner's rules, so that
// the advisor can tell whether the same dump under --parallel would run in parallel
// exactly: a hint to use the idle cores of a serial run must not be given for a dump
// that the parallel replay would run on one connection anyway (a user variable, a
// temporary table, a transaction that holds rows; the planner's serial reasons). It
// costs the planner's read of each row insert (BenchmarkParseRowInsertGen: ≈1.5 GB/s of
// one core's time on the generated dump's inserts), only while the advisor samples, and
// stops at the first reason.
type parallelCheck struct {
	planner *plan.Planner
	done    atomic.Bool
	reason  atomic.Pointer[string]
}

// noFacts is the catalog of a check that talks to no server: what a table's facts
// decide (a barrier for AUTO_INCREMENT ids or a view) keeps a statement in stream order
// but never makes the run serial.
type noFacts struct{}

func (noFacts) Table(string) (plan.TableFacts, error) { return plan.TableFacts{}, nil }

func newParallelCheck() *parallelCheck { return &parallelCheck{planner: plan.NewPlanner()} }

// observe plans st as the parallel replay would (db: the connection's database before
// st); once a plan gives a reason to run serially, it keeps the first and stops.
func (c *parallelCheck) observe(st *split.Statement, db string) {
	if c == nil || c.done.Load() {
		return
	}
	c.planner.Syntax = st.Syntax() // how its strings are quoted, as it was split
	pl, err := c.planner.Next(st, db, noFacts{})
	if err != nil || pl.Reason == "" {
		return
	}
	r := pl.Reason
	c.reason.Store(&r)
	c.done.Store(true)
}

// state is what Progress reports: whether the check runs, and the planner's first reason
// to run serially ("" while the statements so far could run in parallel exactly).
func (c *parallelCheck) state() (checked bool, reason string) {
	if c == nil {
		return false, ""
	}
	if r := c.reason.Load(); r != nil {
		return true, *r
	}
	return true, ""
}
