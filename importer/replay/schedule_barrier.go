package replay

// Passing over a barrier item. A worker whose next entry is a barrier item (an ENABLE
// KEYS that adds --defer-indexes' held-back keys, a trigger after its table's rows) would
// claim it and wait until the item's tables' batches running on other workers commit:
// measured on the sysbench dump under --defer-indexes, 0.2–0.8 s of a worker's time idle
// per import, and as long again on the generated dump, while the next table's batches
// waited in the backlog. So while another worker runs a batch of the item's tables, the
// free worker goes on to the next entry it may take, and that other worker, which has not
// got past the item, claims it once its batch is done, and runs it without waiting. Safe
// as any pass-over: nothing after the item touches its tables until it is done (the
// dispatcher holds such statements back, dispatch.go), and the item keeps a worker that
// will claim it.

// passBarrierLocked returns the backlog index of the entry worker w should claim instead
// of the barrier item at first, or -1 (w claims what is at first); wait: w has nothing
// else to take yet, and waits for new entries or the end of the other worker's batch
// rather than claim the item and wait only for the latter.
func (s *scheduler) passBarrierLocked(w, first int) (alt int, wait bool) {
	item, ok := s.backlog[first].(*barrierItem)
	if !ok || item.pinned {
		return -1, false // a pinned item is worker 0's, which never passes one over
	}
	// Another worker runs a batch of the item's tables now (the entry it claimed last):
	// it claimed it before the item, so it has not got past the item.
	elsewhere := false
	for _, k := range item.keys {
		for _, seq := range s.order[k] {
			if v, ok := s.runner[seq]; ok && v != w && s.pos[v] == seq {
				elsewhere = true
			}
		}
	}
	if !elsewhere {
		return -1, false
	}
	for i := first + 1; i < len(s.backlog); i++ {
		e := s.backlog[i]
		if e.state().pinned && w != 0 {
			continue
		}
		if _, batch := e.(*rowBatch); batch {
			return i, false // worker 0 may take a pinned one: it passes no pinned entry over
		}
		return -1, false // another item
	}
	return -1, true
}
