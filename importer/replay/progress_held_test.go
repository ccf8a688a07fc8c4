package replay

import "testing"

// TestTablesDoneWaitsForHeldBatch: a table whose last batch the dispatcher still holds
// (filled, not yet sent: waiting for the queue's budget or the spool) is not done though
// the stream has gone on to the next table's rows; it is once the batch is sent and has
// committed. Counted done before, it went back to not done when the batch reached the
// scheduler, and the progress's tables done went down.
func TestTablesDoneWaitsForHeldBatch(t *testing.T) {
	var tp tableProgress
	busy := map[string]int{}
	inFlight := func(k string) bool { return busy[k] > 0 }
	tp.rowsOf("d.a")
	tp.hold("d.a")
	tp.rowsOf("d.b") // the stream reads b's rows; a's batch not yet sent
	if n := tp.done(inFlight); n != 0 {
		t.Fatalf("a's batch held by the dispatcher: %d tables done, want 0", n)
	}
	busy["d.a"]++ // sent: the scheduler's now
	tp.release("d.a")
	if n := tp.done(inFlight); n != 0 {
		t.Fatalf("a's batch running: %d tables done, want 0", n)
	}
	delete(busy, "d.a") // committed
	if n := tp.done(inFlight); n != 1 {
		t.Fatalf("a's batches committed: %d tables done, want 1", n)
	}
}

// TestTablesDoneIgnoresBarriers: a barrier item in flight that names a complete table (a
// child's CREATE TABLE … REFERENCES it) leaves it done; a batch of its rows does not.
func TestTablesDoneIgnoresBarriers(t *testing.T) {
	p := &ParallelReplayer{sched: newScheduler(2, ParallelOptions{}, func() error { return nil }), serial: &Replayer{}}
	p.serial.tables.rowsOf("d.parent")
	p.serial.tables.rowsOf("d.other")
	child := &barrierItem{keys: []string{"d.child", "d.parent"}}
	p.sched.send(child, false)
	if n, _ := p.tablesProgress(PhaseLoading); n != 1 {
		t.Fatalf("a CREATE TABLE naming parent in flight: %d tables done, want 1 (parent)", n)
	}
	p.sched.done(child)
	p.sched.send(&rowBatch{table: "d.parent"}, false)
	if n, _ := p.tablesProgress(PhaseLoading); n != 0 {
		t.Fatalf("a batch of parent's rows in flight: %d tables done, want 0", n)
	}
}

// TestAppliedBytesNeverGoBack: a statement read (Bytes moves on) before its batch takes
// budget for it (PendingBytes grows) counts as applied until then; the next sample must
// not take it back.
func TestAppliedBytesNeverGoBack(t *testing.T) {
	p := &ParallelReplayer{sched: newScheduler(2, ParallelOptions{QueueBytes: 64 << 20}, func() error { return nil }), serial: &Replayer{}}
	applied := func() int64 { pr := p.Progress(); return pr.Bytes - pr.PendingBytes }
	p.serial.bytes.Store(10 << 20)
	if a := applied(); a != 10<<20 {
		t.Fatalf("applied %d, want 10 MiB", a)
	}
	p.serial.bytes.Store(11 << 20) // a 1 MiB INSERT read, its budget not yet taken
	if a := applied(); a != 11<<20 {
		t.Fatalf("applied %d, want 11 MiB", a)
	}
	p.sched.budget().tryAcquire(1 << 20) // now it is pending
	if a := applied(); a != 11<<20 {
		t.Fatalf("after the statement took its budget: applied %d, want it to stay at 11 MiB", a)
	}
	p.sched.mu.Lock()
	p.sched.queuedBytes -= 1 << 20 // its batch committed
	p.sched.mu.Unlock()
	p.serial.bytes.Store(12 << 20)
	if a := applied(); a != 12<<20 {
		t.Fatalf("applied %d, want 12 MiB", a)
	}
}
