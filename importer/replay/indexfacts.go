package replay

import (
	"sync"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/indexfacts"
)

// IndexFacts is what the dump's CREATE TABLEs say about secondary indexes, for the advisor
// (advisor.IndexFacts is the same type): whether --defer-indexes has anything to defer, and
// how much of the rows go into tables that would gain from it. SecondaryIndexes counts the
// keys --defer-indexes would hold back (deferredKeys).
type IndexFacts = indexfacts.Facts

// indexFacts keeps IndexFacts as the statements are read: the serial replay's loop and
// the parallel replay's dispatcher call observe for each statement, in stream order; the
// progress sampler reads facts from another goroutine. The cost on a row insert is one map
// look-up per statement, no scan of its text.
type indexFacts struct {
	mu    sync.Mutex
	facts IndexFacts
	// keys is, per table made by a CREATE TABLE read (plan.StatementTableKey, the
	// catalog's and --defer-indexes' key: names exact, as lower_case_table_names=0
	// compares them, and `d.x`.`y` apart from `d`.`x.y`), the keys --defer-indexes would
	// hold back; a table made again counts its last CREATE's.
	keys map[string]int
}

func (x *indexFacts) observe(st *split.Statement, database string) {
	switch {
	case st.Kind == split.KindInsert && st.Table != "":
		key := plan.StatementTableKey(st, database)
		n := int64(len(st.SQL))
		x.mu.Lock()
		x.facts.RowBytes += n
		if x.keys[key] > 0 {
			x.facts.IndexedRowBytes += n
		}
		x.mu.Unlock()
	case st.Kind == split.KindDDL && st.Verb == "CREATE TABLE" && st.Table != "":
		_, add := deferredKeys(st.SQL, st.Syntax(), nil)
		key := plan.StatementTableKey(st, database)
		x.mu.Lock()
		defer x.mu.Unlock()
		if x.keys == nil {
			x.keys = map[string]int{}
		}
		if old := x.keys[key]; old > 0 {
			x.facts.IndexedTables--
			x.facts.SecondaryIndexes -= old
		}
		x.keys[key] = len(add)
		x.facts.Tables = len(x.keys)
		if len(add) > 0 {
			x.facts.IndexedTables++
			x.facts.SecondaryIndexes += len(add)
		}
	}
}

// snapshot is the facts so far; nil before the first CREATE TABLE (unknown: a dump of
// rows only, or one that has not reached its tables yet).
func (x *indexFacts) snapshot() *IndexFacts {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.facts.Tables == 0 {
		return nil
	}
	f := x.facts
	return &f
}

// observeRead follows a statement r reads, in stream order, before it runs: the serial
// replay's planner check (ReplayOptions.CheckParallel; nil in a parallel replay) and the
// index facts. The serial loop and the parallel dispatcher both call it.
func observeRead(r *Replayer, st *split.Statement) {
	r.check.observe(st, r.database)
	r.tables.indexes.observe(st, r.database)
}
