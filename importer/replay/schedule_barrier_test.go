package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestClaimPassesBarrier: a free worker whose next entry is a barrier item of a table
// whose last batch runs on the other worker goes on to the next table's batch instead of
// waiting; the other worker claims the item when its batch is done. Without another
// entry to go on to yet it waits; once nothing of the item's tables runs elsewhere, it
// claims the item.
func TestClaimPassesBarrier(t *testing.T) {
	s := newScheduler(2, ParallelOptions{}, func() error { return nil })
	a1, a2, b1 := rows("d.a", 4), rows("d.a", 4), rows("d.b", 4)
	item := &barrierItem{stmt: &split.Statement{Offset: 99}, keys: []string{"d.a"}}
	for _, e := range []entry{a1, a2, item, b1} {
		s.send(e, false)
	}
	if e0, _, _ := claim(s, 0); e0 != a1 {
		t.Fatalf("worker 0's first claim: %v, want d.a's first batch", e0)
	}
	if e1, _, _ := claim(s, 1); e1 != a2 {
		t.Fatalf("worker 1's first claim: %v, want d.a's second batch", e1)
	}
	s.done(a1)
	if e, table, _ := claim(s, 0); e != b1 {
		t.Fatalf("worker 0 after its batch: claimed %v (%s), want d.b's batch while d.a's runs on worker 1", e, table)
	}
	s.done(a2)
	if e, _, _ := claim(s, 1); e != item {
		t.Fatalf("worker 1 after its batch: claimed %v, want the item it has not got past", e)
	}

	// Nothing after the item yet: worker 0 waits (for new entries or the end of worker
	// 1's batch) and takes the next table's batch once it comes; with worker 1's batch
	// done instead, it claims the item.
	s, a2, item = itemBehindOtherWorker()
	b1 = rows("d.b", 4)
	if e, _, _ := claim(s, 0); e != nil {
		t.Fatalf("worker 0 with nothing after the item: claimed %v, want to wait", e)
	}
	s.send(b1, false)
	if e, _, _ := claim(s, 0); e != b1 {
		t.Fatalf("worker 0 once d.b's batch came: claimed %v, want it", e)
	}
	s, a2, item = itemBehindOtherWorker()
	s.done(a2)
	if e, _, _ := claim(s, 0); e != item {
		t.Fatalf("worker 0 with nothing of d.a running: claimed %v, want the item", e)
	}
}

// itemBehindOtherWorker is a scheduler of two workers after d.a's two batches and a barrier
// item of d.a: worker 0 has done its batch, worker 1 still runs a2.
func itemBehindOtherWorker() (s *scheduler, a2 *rowBatch, item *barrierItem) {
	s = newScheduler(2, ParallelOptions{}, func() error { return nil })
	a1 := rows("d.a", 4)
	a2 = rows("d.a", 4)
	item = &barrierItem{stmt: &split.Statement{Offset: 99}, keys: []string{"d.a"}}
	for _, e := range []entry{a1, a2, item} {
		s.send(e, false)
	}
	claim(s, 0)
	claim(s, 1)
	s.done(a1)
	return s, a2, item
}
