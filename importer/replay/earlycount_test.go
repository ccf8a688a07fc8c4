package replay

import "testing"

// TestBatchesShrinkNearStreamEnd: within the last workers × --batch-bytes of a stream of
// known length the dispatcher cuts batches at a quarter of --batch-bytes, before that at
// --batch-bytes; a stream of unknown length (a pipe) keeps --batch-bytes to its end.
func TestBatchesShrinkNearStreamEnd(t *testing.T) {
	const batch = 4 << 20
	var read, total int64
	opt := ParallelOptions{BatchBytes: batch, StreamBytes: func() int64 { return total }}
	p := &ParallelReplayer{workers: make([]Conn, 2), opt: opt, sched: newScheduler(2, opt, func() error { return nil })}
	p.sched.readBytes = func() int64 { return read }
	dp := &dispatcher{p: p}
	total = 100 << 20
	for _, c := range []struct{ read, want int64 }{
		{0, batch},
		{total - 2*batch - 1, batch},
		{total - 2*batch + 1, batch / 4},
		{total, batch / 4},
	} {
		read = c.read
		if got := dp.batchBytesNow(); got != c.want {
			t.Errorf("read %d of %d: batches of %d, want %d", c.read, total, got, c.want)
		}
	}
	total = 0 // unknown
	if got := dp.batchBytesNow(); got != batch {
		t.Errorf("length unknown, at its end: batches of %d, want %d", got, batch)
	}
}

// TestEarlyCountControlBesideBacklog: once everything is sent, the control connection
// counts a table that is done while batches of another table still wait in the backlog
// (main waited for an empty backlog: --load-data's last batches wait there for the one
// running before them, and a worker idled 0.38 s); a worker still does not (it would run
// the waiting batches after its count), nor does anyone count the table those batches
// load.
func TestEarlyCountControlBesideBacklog(t *testing.T) {
	s := newScheduler(2, ParallelOptions{}, func() error { return nil })
	b1, b2 := rows("d.b", 4), rows("d.b", 4)
	s.send(b1, false)
	s.send(b2, false)
	claim(s, 0) // b1 runs; b2 waits in the backlog
	s.earlyCounts().start([]TableCount{{Database: "d", Table: "a", Rows: 10}, {Database: "d", Table: "b", Rows: 20}})
	s.mu.Lock()
	defer s.mu.Unlock()
	if tc, ok := s.early.takeCountLocked(s, 1); ok {
		t.Fatalf("worker 1 counts %s.%s with a batch waiting in the backlog", tc.Database, tc.Table)
	}
	tc, ok := s.early.takeCountLocked(s, -1)
	if !ok || tc.Table != "a" {
		t.Fatalf("control connection: count %v (%v), want d.a", tc, ok)
	}
	if tc, ok := s.early.takeCountLocked(s, -1); ok {
		t.Fatalf("control connection counts %s.%s, whose batches are in flight", tc.Database, tc.Table)
	}
}
