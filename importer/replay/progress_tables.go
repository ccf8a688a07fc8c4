package replay

import (
	"sync"
	"sync/atomic"

	"github.com/dumpscope/dumpscope/internal/phase"
)

// Phases an import reports in its progress (Progress.Phase), in the order they come;
// package phase names them for every surface.
const (
	PhaseLoading   = phase.Loading
	PhaseIndexes   = phase.Indexes
	PhaseVerifying = phase.Verifying
)

// tableProgress counts the tables whose rows are complete, for the progress line and the
// dashboard ("tables 12/40"). A table's rows are complete once the stream has gone on to
// another table's rows (or ended) and none of its batches is still queued or running; a
// table whose rows come back later in the stream is counted again only when they end.
type tableProgress struct {
	mu      sync.Mutex
	seen    map[string]bool // db.table of every table whose rows the stream carried
	current string          // the table whose rows the stream carries now ("": none)
	// held counts the batches of each table the dispatcher fills or is sending, not yet
	// in the scheduler's busy count (dispatcher.newBatch).
	held map[string]int
	// total is the tables with rows in the whole dump when a preflight scan read it (0:
	// unknown).
	total int
	// indexes counts the secondary indexes of the CREATE TABLEs read (indexfacts.go).
	indexes indexFacts
	// ended: the whole stream was replayed, so no table is current.
	ended atomic.Bool
	// sent: a parallel dispatcher has read the whole stream; indexBuilds counts the
	// held-back index builds running. Both together are PhaseIndexes.
	sent        atomic.Bool
	indexBuilds atomic.Int64
}

// rowsOf records that the stream carries rows of key (db.table) now.
func (t *tableProgress) rowsOf(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seen == nil {
		t.seen = map[string]bool{}
	}
	t.seen[key] = true
	t.current = key
}

// hold records a batch of key's rows that is not yet the scheduler's; release, that it is.
func (t *tableProgress) hold(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held == nil {
		t.held = map[string]int{}
	}
	t.held[key]++
}

func (t *tableProgress) release(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held[key]--; t.held[key] <= 0 {
		delete(t.held, key)
	}
}

// end records that the stream was replayed to its end.
func (t *tableProgress) end() {
	t.mu.Lock()
	t.current = ""
	t.mu.Unlock()
	t.ended.Store(true)
}

// done counts the complete tables; inFlight (nil: nothing is) reports whether a table
// still has batches queued or running. The caller may hold busyMu: t.mu never waits for it.
func (t *tableProgress) done(inFlight func(key string) bool) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for k := range t.seen {
		if k != t.current && t.held[k] == 0 && (inFlight == nil || !inFlight(k)) {
			n++
		}
	}
	return n
}

// tablesProgress is the parallel replay's tables done (a table's batches all committed)
// and its phase: PhaseIndexes once the stream is read and held-back indexes are being
// built, phase otherwise.
func (p *ParallelReplayer) tablesProgress(phase string) (int, string) {
	s := p.sched
	s.mu.Lock()
	// Row batches only (s.order): a barrier item in flight that names a table (a child's
	// CREATE TABLE names its parent, a view its tables) does not make the table's rows
	// incomplete. Counted by s.busy, the parent went back to not done, and the tables done
	// went down (4, 2, 6 on the generated dump).
	done := p.serial.tables.done(func(k string) bool { return len(s.order[k]) > 0 })
	s.mu.Unlock()
	if p.serial.tables.sent.Load() && p.serial.tables.indexBuilds.Load() > 0 {
		phase = PhaseIndexes
	}
	return done, phase
}
