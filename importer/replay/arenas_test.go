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
