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
	// total is the tables with rows in the whole dump when a preflight scan read it (0:
	// unknown).
	total int
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
		if k != t.current && (inFlight == nil || !inFlight(k)) {
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
	done := p.serial.tables.done(func(k string) bool { return s.busy[k] > 0 })
	s.mu.Unlock()
	if p.serial.tables.sent.Load() && p.serial.tables.indexBuilds.Load() > 0 {
		phase = PhaseIndexes
	}
	return done, phase
}
