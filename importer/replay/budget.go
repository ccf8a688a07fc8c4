package replay

import "context"

// The read-ahead budget: what the dispatcher may read ahead of the workers, in memory
// (queueBytes) and then in the spool (spoolBytes). See scheduler.
//
// The spool is read beyond memory only where that places a worker (mayOverdrawLocked):
// one starves, or two load the table the dispatcher is reading, which it then reads to
// its end so that one of them can go on to the next table (passOverLocked). Otherwise
// the dispatcher waits for memory (back-pressure). Reading ahead whenever there was spool
// room wrote a 200 MiB dump nearly whole to disk and read it back: 0.78 s of the 6.6 s
// of client CPU per GiB under --load-data. Waiting for memory whatever the workers did
// (branch p-spool) spooled nothing but left both workers on one table: ≈35 % slower,
// the server's CPU going to two transactions filling the same index pages.

// defaultQueueBytes is ParallelOptions.QueueBytes' default, the read-ahead in memory: a
// batch running on each worker and one ready for each, 2 × workers × batchBytes. In this
// VM every MiB the process touches for the first time costs 0.9–2.4 ms of CPU (the kernel,
// and the host below it, zero the page; a reused one 0.06), and the batch buffers in
// flight are most of that memory (200 MiB generated dump, --parallel 2 --load-data: 6
// buffers, 102 MiB of maxRSS 142 MB); what the budget refuses goes through the spool
// instead, 0.5–0.8 ms a MiB for every MiB spooled, not once. Smaller budgets measured
// there, A B B A, load 27–50 (another session's tests):
//   - --load-data (16 MiB batches), (workers+1) × batch: 5 buffers, maxRSS 126–129 MB,
//     nothing spooled, but client CPU median 1.88 → 1.79 s in one round of 3 and 1.99 →
//     2.18 s in the next of 2, and wall 54 → 57 s and 67 → 98 s: with one batch ready
//     where there were two, a worker done waits for the reader, itself short of CPU on a
//     loaded machine. 17 MiB touched once is worth 15–40 ms, less than that noise.
//     2 × batch spooled 20–36 MiB, its third batch waiting half-filled for budget.
//   - without (4 MiB batches) the buffers are small (25 MiB) and the spool is the cost
//     (28–32 MiB: the reader goes beyond memory to give the two workers tables of their
//     own, budget.go); three batches a worker still spooled 12–28 MiB for 10 MB more
//     maxRSS and 500 more page faults, CPU no better; one and a half spooled 50–56 MiB.
//
// Where the peak is (session 51, p-mem: a scheduler trace every 250 ms of the same
// --load-data import, load ≈30): not in the first seconds, while the dispatcher reads the
// shop's small tables up to the budget as the workers start (26 MiB queued there), but in
// the sbtest phase, at the full budget: 63 MiB queued, two 16 MiB batches running and the
// rest ready (the running tables' next batches and the next table's first), 18 pieces of
// 4 MiB (arenas.go). A budget that fills as the workers start would leave that peak as it
// is; what would lower it is a smaller unit for what waits than for what commits (4 MiB
// units a worker joins into its 16 MiB transaction), left open: see
// /work/notes/s51/report-p-mem.md.
//
// It stays proportional to --batch-bytes, so that the fuzzer's tiny batches reach the
// spool (internal/difffuzz).
func defaultQueueBytes(workers int, batchBytes int64) int64 {
	return 2 * int64(workers) * batchBytes
}

// budget is the scheduler's read-ahead budget: its state is the scheduler's, under the
// scheduler's mu, and so are its methods' rules (…Locked with mu held).
type budget struct{ *scheduler }

// budget returns the read-ahead budget of s.
func (s *scheduler) budget() budget { return budget{s} }

// tryAcquire takes memory budget for n bytes if it is free now. A statement larger than
// the whole budget goes through when nothing else is queued.
func (s budget) tryAcquire(n int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.queuedBytes > 0 && s.queuedBytes+n > s.queueBytes {
		return false
	}
	s.queuedBytes += n
	return true
}

// acquire takes memory budget for n bytes, blocking while the workers are behind, or
// overdraws it as soon as that places a worker (mayOverdrawLocked): the batch the bytes
// join then goes to the spool (spill).
func (s budget) acquire(ctx context.Context, n int64) error {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.queuedBytes > 0 && s.queuedBytes+n > s.queueBytes && !s.mayOverdrawLocked() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.stop(); err != nil {
			return err
		}
		s.changed.Wait()
	}
	s.queuedBytes += n
	return nil
}

// holdForBudget waits for memory budget for n more bytes of the batch being filled,
// holding that batch back, and takes it (true) once they fit. It returns false, taking
// nothing, as soon as a worker starves (the batch must go out now, short) or the
// dispatcher may read on into the spool (mayOverdrawLocked). Sent short before every wait,
// the batches of a dump read under back-pressure committed a quarter more often (200M
// dump: 122 COMMITs against 96).
func (s budget) holdForBudget(ctx context.Context, n int64) (bool, error) {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	s.mu.Lock()
	defer s.mu.Unlock()
	fits := func() bool { return s.queuedBytes == 0 || s.queuedBytes+n <= s.queueBytes }
	err := s.waitLocked(ctx, s.stop, func() bool {
		return fits() || s.starvedLocked() || s.mayOverdrawLocked()
	})
	if err != nil || !fits() {
		return false, err
	}
	s.queuedBytes += n
	return true, nil
}

// spoolingLocked reports whether batches beyond the memory budget may go to the spool.
func (s budget) spoolingLocked() bool {
	return s.spoolBytes > 0 && !s.spoolOff
}

// mayOverdrawLocked reports whether the dispatcher may read beyond the memory budget,
// into the spool: while a worker starves (in next() with nothing there it may claim:
// worker 0's pinned rows, a barrier item held, memory full of one table's batches it
// may not take), or while two workers share a table that reading on would part
// (sharedLocked).
func (s budget) mayOverdrawLocked() bool {
	if !s.spoolingLocked() {
		return false
	}
	return s.starvedLocked() || s.sharedLocked()
}

// starvedLocked reports whether a worker waits in next() with nothing there it may claim.
func (s budget) starvedLocked() bool {
	for w, idle := range s.waiting {
		if idle && s.pickLocked(w) < 0 {
			return true
		}
	}
	return false
}

// sharedLocked reports whether two workers run batches of the table the dispatcher is
// reading, and reading that table to its end would let one of them go on to the next
// (passOverLocked): as long as what is left unread of the stream is at least the part of
// the table read and not claimed. Past that point the next table would be too small to
// pass over to, so the spool would only cost the writes (the last table of a dump: both
// stay on it).
func (s budget) sharedLocked() bool {
	t := s.streaming
	if t == "" || s.running[t] < 2 {
		return false
	}
	unread, known := s.unreadLocked()
	if !known {
		return true
	}
	var rest int64
	for _, e := range s.backlog {
		if b, ok := e.(*rowBatch); ok && b.table == t {
			rest += b.bytes
		}
	}
	return rest <= unread
}

// unread is unreadLocked for a caller that does not hold mu.
func (s budget) unread() (n int64, known bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unreadLocked()
}

// unreadLocked is the part of the stream the dispatcher has not read yet, by the stream's
// length or its estimate; known is false where there is none (a pipe).
func (s budget) unreadLocked() (n int64, known bool) {
	if s.streamBytes == nil || s.readBytes == nil {
		return 0, false
	}
	total := s.streamBytes()
	if total <= 0 {
		return 0, false
	}
	return max(total-s.readBytes(), 0), true
}

// overdraw takes memory budget for n bytes beyond queueBytes when the batch they join can
// go to the spool instead of waiting (spill puts it there): see mayOverdrawLocked.
func (s budget) overdraw(n int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.mayOverdrawLocked() {
		return false
	}
	s.queuedBytes += n
	return true
}

// maxBacklog bounds the entries waiting in the backlog while the spool is in use.
const maxBacklog = 4096

// spill moves a batch that leaves the memory budget exceeded to the spool, waiting while
// the spool is full and the memory budget too. If the spool cannot be written, the
// replay goes on with the memory budget alone.
func (s budget) spill(ctx context.Context, b *rowBatch) error {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	s.mu.Lock()
	over := func() bool { return s.spoolingLocked() && s.queuedBytes > s.queueBytes }
	err := s.waitLocked(ctx, s.stop, func() bool {
		if !over() || s.spool == nil {
			return true
		}
		// Claiming scans the backlog: bound its length too, for tiny --batch-bytes.
		return len(s.backlog) < maxBacklog && s.spool.room(b.bytes, s.spoolBytes)
	})
	if err != nil || !over() {
		s.mu.Unlock()
		return err
	}
	if s.spool == nil {
		sp, err := newSpool(s.spoolDir)
		if err != nil {
			s.spoolOff = true
			s.mu.Unlock()
			return nil
		}
		s.spool = sp
	}
	sp := s.spool
	s.mu.Unlock()
	err = sp.put(b)
	s.mu.Lock()
	if err != nil {
		s.spoolOff = true
	} else {
		s.spooledBytes += b.bytes
		s.queuedBytes -= b.bytes
		b.putBuffers(s.arenas)
	}
	s.mu.Unlock()
	return nil
}

// spooled is the SQL ever written to the spool.
func (s budget) spooled() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.spooledBytes
}

// pendingBytes is the SQL read ahead of the workers, in memory and in the spool.
func (s budget) pendingBytes() int64 {
	s.mu.Lock()
	n, sp := s.queuedBytes, s.spool
	s.mu.Unlock()
	if sp != nil {
		sp.mu.Lock()
		n += sp.outstanding
		sp.mu.Unlock()
	}
	return n
}

// closeSpool removes the spool once no worker reads from it.
func (s budget) closeSpool() {
	s.mu.Lock()
	sp := s.spool
	s.mu.Unlock()
	sp.close()
}
