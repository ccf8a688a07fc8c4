package replay

// Passing over a table whose batches run one after the other. Under --load-data a table's
// batches never overlap (tryBatch waits for its predecessors before START TRANSACTION:
// a LOAD must not meet a lock wait that ends in a yield), so a free worker that claims
// the next batch of a table another worker is loading only waits for it. Measured with
// the server's statement history (scripts/importtimeline -statements) on the four
// sysbench tables, --parallel 2 --load-data, load 7–8: the second worker claimed the
// first table's second batch and waited 1.1–1.3 s for the first to commit, and at the end
// the other worker idled 2.3 s while the first ran the last table's last batch alone —
// its other batches had gone to the worker that waited for them. So here a free worker
// goes on to the next table instead, and waits (starved: the dispatcher may read ahead
// into the spool to reach that table, budget.go) when none is there yet; the worker that
// runs the table takes its next batch as soon as it is done, and each table's batches
// stay on one worker, so that two tables end about together. With it (same dump, load
// 12, main and this A B B A): the second worker's first LOAD 0.2 s after the first, not
// once the first batch committed; one connection alone inside a statement during the
// rows 0.61 s of 6.3–9.5 s, against 1.25–1.71 s of 6.9–9.0 s.
//
// Safe as the other pass-overs: the worker running the table's earlier batch claimed it
// before the batches passed over, so it has not got past them and claims them in stream
// order; nothing waits for the passed-over batch but the table's later batches, which
// also wait for that worker. Where the batches may overlap (plain INSERTs, or --load-data
// turned off mid-run) passOverLocked's rules hold.

// Plain INSERTs have one such moment in every table: its first batch may run on InnoDB's
// bulk path and lock the whole table, so the table's later batches start only once it is
// done (turn.go behindBulk). A free worker that claimed the next of them sat blocked in
// tryBatch for the whole of that first batch, while the next tables' batches came:
// scripts/importtimeline -statements, 20 MiB generated dump, --parallel 2, load 18, the
// second worker waited 0.88 s for customers' first statement. With this rule (a trace of
// the claims, load 28) it waited unclaimed 1.0 s and took order_items' first batch while
// customers' first ran 2.3 s more (event_log and legacy_counters, between them, keep
// stream order: worker 0's). So a free worker goes on to another table's batch it would
// not wait for either, as under --load-data; with none there it waits unclaimed, free to
// take the next table's first batch once the reader sends it (the small tables of a
// dump: their CREATE TABLEs run on the control connection while the first batch runs),
// or the table's batch once its first is done. It does not count as starved then
// (waitsOnBulkLocked): the first batch ends without the reader, and a starved worker
// would have the reader send batches short and spool on for it.

// passSerialLocked returns the backlog index of the entry worker w should claim instead
// of the row batch at first, or -1 (w claims what is at first); wait: w has nothing else
// to take yet and waits for new entries or the end of the other worker's batch rather
// than claim the batch and wait only for the latter. When the scheduler's tables load one
// batch at a time (serialTables), or the batch at first waits for its table's first,
// bulk-path batch (behindBulkLocked), which another worker runs.
func (s *scheduler) passSerialLocked(w, first int) (alt int, wait bool) {
	serial := s.serialTables != nil && s.serialTables()
	f, ok := s.backlog[first].(*rowBatch)
	if !ok || f.pinned {
		return -1, false // a pinned batch is worker 0's, which never passes one over
	}
	if !serial && !behindBulkLocked(s, f) {
		return -1, false
	}
	if !s.runsElsewhereLocked(w, f.table, f.seq) {
		return -1, false
	}
	for i := first + 1; i < len(s.backlog); i++ {
		e := s.backlog[i]
		st := e.state()
		if st.pinned && w != 0 {
			continue
		}
		if st.pinned {
			return -1, false // worker 0 passes no pinned entry over
		}
		b, batch := e.(*rowBatch)
		switch {
		case !batch:
			return -1, false // a barrier item: as before, w claims f (passBarrierLocked is for items at first)
		case b.table == f.table:
			continue // the other worker's, after the batch it runs
		case serial && s.running[b.table] > 0, !serial && behindBulkLocked(s, b):
			return -1, false // another table loading elsewhere: w would wait there too
		}
		return i, false
	}
	return -1, true
}
