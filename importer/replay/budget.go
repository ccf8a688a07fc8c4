package replay

import "context"

// The read-ahead budget: what the dispatcher may read ahead of the workers, in memory
// (queueBytes) and then in the spool (spoolBytes). See scheduler.

// tryAcquire takes memory budget for n bytes if it is free now. A statement larger than
// the whole budget goes through when nothing else is queued.
func (s *scheduler) tryAcquire(n int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.queuedBytes > 0 && s.queuedBytes+n > s.queueBytes {
		return false
	}
	s.queuedBytes += n
	return true
}

// acquire takes memory budget for n bytes, blocking while the workers are behind.
func (s *scheduler) acquire(ctx context.Context, n int64) error {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.queuedBytes > 0 && s.queuedBytes+n > s.queueBytes {
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

// spoolingLocked reports whether batches beyond the memory budget may go to the spool.
func (s *scheduler) spoolingLocked() bool {
	return s.spoolBytes > 0 && !s.spoolOff
}

// overdraw takes memory budget for n bytes beyond queueBytes when the batch they join can
// go to the spool instead of waiting (spill puts it there).
func (s *scheduler) overdraw(n int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.spoolingLocked() {
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
func (s *scheduler) spill(ctx context.Context, b *rowBatch) error {
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
		s.queuedBytes -= b.bytes
		s.arenas.put(b.buf)
		b.buf = nil
	}
	s.mu.Unlock()
	return nil
}

// pendingBytes is the SQL read ahead of the workers, in memory and in the spool.
func (s *scheduler) pendingBytes() int64 {
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
func (s *scheduler) closeSpool() {
	s.mu.Lock()
	sp := s.spool
	s.mu.Unlock()
	sp.close()
}
