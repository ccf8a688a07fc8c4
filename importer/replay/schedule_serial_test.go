package replay

import "testing"

// TestClaimPassesSerialTable: under --load-data (serialTables), a free worker whose next
// entry is a batch of a table the other worker is loading goes on to the next table's
// batch even while the reader is still in the first table (main claimed d.a's second
// batch, which waited for the first: the sysbench dump's first table ran on one worker
// at a time while the second idled, and its last table's last batch ran alone at the
// end); with nothing else there yet it waits; the table's own worker takes the rest in
// order; and with batches that may overlap (serialTables false) the old rule holds.
func TestClaimPassesSerialTable(t *testing.T) {
	build := func(serial bool) (*scheduler, []*rowBatch) {
		s := newScheduler(2, ParallelOptions{}, func() error { return nil })
		if serial {
			s.serialTables = func() bool { return true }
		}
		s.streaming = "d.a" // the reader is still in d.a: passOverLocked keeps both on it
		bs := []*rowBatch{rows("d.a", 4), rows("d.a", 4), rows("d.b", 4)}
		for _, b := range bs {
			s.send(b, false)
		}
		return s, bs
	}
	s, bs := build(true)
	if e, _, _ := claim(s, 0); e != bs[0] {
		t.Fatalf("worker 0's first claim: %v, want d.a's first batch", e)
	}
	if e, table, _ := claim(s, 1); e != bs[2] {
		t.Fatalf("worker 1 claimed %v (%s), want d.b's batch: d.a's second would only wait for the first", e, table)
	}
	if e, _, _ := claim(s, 0); e != bs[1] {
		t.Fatalf("worker 0 after its batch: claimed %v, want d.a's second batch", e)
	}

	// Nothing of another table yet: worker 1 waits, then takes it once it comes.
	s = newScheduler(2, ParallelOptions{}, func() error { return nil })
	s.serialTables = func() bool { return true }
	a1, a2 := rows("d.a", 4), rows("d.a", 4)
	s.send(a1, false)
	s.send(a2, false)
	claim(s, 0)
	if e, _, _ := claim(s, 1); e != nil {
		t.Fatalf("worker 1 with only d.a's batches there: claimed %v, want to wait", e)
	}
	s.mu.Lock()
	starved := func() bool {
		s.waiting[1] = true
		defer func() { s.waiting[1] = false }()
		return s.budget().starvedLocked()
	}()
	s.mu.Unlock()
	if !starved {
		t.Fatalf("worker 1 waiting is not starved: the reader would not read on to the next table")
	}
	b1 := rows("d.b", 4)
	s.send(b1, false)
	if e, _, _ := claim(s, 1); e != b1 {
		t.Fatalf("worker 1 once d.b's batch came: claimed %v, want it", e)
	}
	// d.a's first batch done, nothing of it runs: the next claims d.a's second batch.
	s.done(a1)
	if e, _, _ := claim(s, 0); e != a2 {
		t.Fatalf("worker 0 after d.a's first batch: claimed %v, want d.a's second", e)
	}

	// A batch of the table that runs elsewhere only after it (the other worker passed
	// the earlier one over and claimed a later one): claimed, never waited for — the
	// later batch waits for it.
	s = newScheduler(2, ParallelOptions{}, func() error { return nil })
	s.serialTables = func() bool { return true }
	a1, a2 = rows("d.a", 4), rows("d.a", 4)
	s.send(a1, false)
	s.send(a2, false)
	s.mu.Lock()
	s.backlog = s.backlog[:1] // worker 0 claimed a2 (seq 2), a1 left for worker 1
	s.pos[0], s.running["d.a"], s.runner[a2.seq] = a2.seq, 1, 0
	a2.claimed = true
	s.mu.Unlock()
	if e, _, _ := claim(s, 1); e != a1 {
		t.Fatalf("worker 1 with d.a's later batch running elsewhere: claimed %v, want d.a's first", e)
	}

	// Batches that may overlap: as before, both workers on d.a while the reader is in it.
	s, bs = build(false)
	claim(s, 0)
	if e, _, _ := claim(s, 1); e != bs[1] {
		t.Fatalf("without serialTables worker 1 claimed %v, want d.a's second batch", e)
	}
}

// TestBehindBulkBatch: a table's first batch, which may run on InnoDB's bulk path and lock
// the whole table (rowBatch.startedEmpty), keeps the table's later batches from starting
// until it is done (turn.go: the sysbench dump's second worker ran four statements of
// sbtest1 beside it and rolled them back for it); other tables' batches, and the table's
// batches once it is done, start at once.
func TestBehindBulkBatch(t *testing.T) {
	s := newScheduler(2, ParallelOptions{}, func() error { return nil })
	a1, a2, b1 := rows("d.a", 4), rows("d.a", 4), rows("d.b", 4)
	a1.startedEmpty = true
	for _, b := range []*rowBatch{a1, a2, b1} {
		s.send(b, false)
	}
	claim(s, 0)
	claim(s, 1)
	if s.behindBulk(a1) {
		t.Fatalf("the bulk batch itself waits for itself")
	}
	if !s.behindBulk(a2) {
		t.Fatalf("d.a's second batch starts beside its first, bulk-path batch")
	}
	if s.behindBulk(b1) {
		t.Fatalf("d.b's batch waits for d.a's first batch")
	}
	s.done(a1)
	if s.behindBulk(a2) {
		t.Fatalf("d.a's second batch still waits once its first batch is done")
	}
}
