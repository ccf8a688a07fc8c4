package replay

import (
	"testing"
	"unsafe"
)

// TestArenasStayFewAfterPeak: three batches in flight once (the peak: a table's short last
// batch and the next table's first ones), then two at a time. Steady state must keep
// reusing two buffers, so that the third stays at the little the peak wrote into it
// instead of being filled to the end, its pages faulting in, by a later full batch (a
// queue of free buffers handed the three out in turn).
func TestArenasStayFewAfterPeak(t *testing.T) {
	a := newArenas(1<<20, 8)
	peak := [][]byte{a.get(1), a.get(1), a.get(1)}
	for _, b := range peak {
		a.put(append(b, 'x'))
	}
	used := map[*byte]bool{}
	for range 10 {
		b1, b2 := a.get(1), a.get(1)
		used[unsafe.SliceData(b1)], used[unsafe.SliceData(b2)] = true, true
		a.put(b1[:cap(b1)]) // full batches
		a.put(b2[:cap(b2)])
	}
	if len(used) != 2 {
		t.Fatalf("steady state of two batches at a time used %d buffers, want 2", len(used))
	}
}

// TestDefaultQueueBytes: the read-ahead in memory defaultQueueBytes chose by the numbers in
// its comment: with --load-data one batch more than the workers run (2 × workers × batch
// faulted in a sixth buffer of 17 MiB and spooled no less), without a batch running and
// one ready a worker; both proportional to --batch-bytes, so that tiny batches still
// reach the spool.
func TestDefaultQueueBytes(t *testing.T) {
	for _, c := range []struct {
		workers  int
		batch    int64
		loadData bool
		want     int64
	}{
		{2, 16 << 20, true, 48 << 20},
		{4, 16 << 20, true, 80 << 20},
		{2, 512, true, 1536},
		{2, 4 << 20, false, 16 << 20},
		{3, 2 << 10, false, 12 << 10},
	} {
		if got := defaultQueueBytes(c.workers, c.batch, c.loadData); got != c.want {
			t.Errorf("defaultQueueBytes(%d, %d, load data %v) = %d, want %d", c.workers, c.batch, c.loadData, got, c.want)
		}
	}
}
