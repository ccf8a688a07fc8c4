package replay

import (
	"context"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/split"
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

// TestFinishGivesBuffersBackBeforeBudget: a worker done with a batch gives its pieces back
// before it releases the batch's budget (ParallelReplayer.finish). The dispatcher waits for
// that budget (scheduler.budget) and fills its next batch as soon as it has it: were the
// pieces given back after, it could find none free and allocate a new one, memory touched
// for the first time. Here the scheduler's lock is held, as by a dispatcher about to take
// budget: the pieces must be free while the budget is still taken.
func TestFinishGivesBuffersBackBeforeBudget(t *testing.T) {
	s := newScheduler(1, ParallelOptions{QueueBytes: 8 << 20, BatchBytes: 4 << 20}, func() error { return nil })
	p := &ParallelReplayer{sched: s}
	st := &split.Statement{SQL: []byte("INSERT INTO t VALUES " + strings.Repeat("(1,'x'),", 1<<17) + "(1,'x')")}
	b := &rowBatch{table: "d.t"}
	for range 6 { // 6 MiB: two pieces
		b.add(st, s.arenas)
	}
	b.bytes = 6 << 20
	if !s.budget().tryAcquire(b.bytes) {
		t.Fatal("no budget")
	}
	p.send(b, false)
	if e, _ := s.next(context.Background(), 0); e != b {
		t.Fatal("the batch was not claimed")
	}
	s.mu.Lock()
	finished := make(chan struct{})
	go func() { p.finish(b); close(finished) }()
	free := func() int {
		s.arenas.mu.Lock()
		defer s.arenas.mu.Unlock()
		return len(s.arenas.free)
	}
	deadline := time.Now().Add(5 * time.Second)
	for free() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	got, queued := free(), s.queuedBytes
	s.mu.Unlock()
	<-finished
	if got < 2 || queued != b.bytes {
		t.Errorf("before the budget was released (%d bytes still taken, want %d): %d pieces free, want 2", queued, int64(6<<20), got)
	}
	if s.queuedBytes != 0 || free() != 2 {
		t.Errorf("after finish: %d bytes queued, %d pieces free; want 0 and 2", s.queuedBytes, free())
	}
}
