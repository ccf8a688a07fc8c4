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

// passSerialLocked returns the backlog index of the entry worker w should claim instead
// of the row batch at first, or -1 (w claims what is at first); wait: w has nothing else
// to take yet and waits for new entries or the end of the other worker's batch rather
// than claim the batch and wait only for the latter. Only when the scheduler's tables
// load one batch at a time (serialTables).
func (s *scheduler) passSerialLocked(w, first int) (alt int, wait bool) {
	if s.serialTables == nil || !s.serialTables() {
		return -1, false
	}
	f, ok := s.backlog[first].(*rowBatch)
	if !ok || f.pinned {
		return -1, false // a pinned batch is worker 0's, which never passes one over
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
		case s.running[b.table] > 0:
			return -1, false // another table loading elsewhere: w would wait there too
		}
		return i, false
	}
	return -1, true
}

// runsElsewhereLocked reports whether another worker is running a batch of table that
// comes before the entry seq in stream order (the one it claimed last): that worker has
// not got past seq, so it will claim it.
func (s *scheduler) runsElsewhereLocked(w int, table string, seq int64) bool {
	for _, q := range s.order[table] {
		if q >= seq {
			break
		}
		if v, ok := s.runner[q]; ok && v != w && s.pos[v] == q {
			return true
		}
	}
	return false
}
