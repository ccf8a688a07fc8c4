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
