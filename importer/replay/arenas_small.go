package replay

import "sync"

// smallBuffers are the buffers rowBatch.shrink moved small batches into, kept once their
// batch is done for the next shrink. A fresh buffer for every shrink cost more page faults
// than anything else in a --parallel import (its memory is new to the process and faults
// in 4 KiB at a time, microseconds each in a VM): 44 % of a 200 MiB --parallel 2 run's
// faults and 34 % of a --load-data one's came from the shrinks' copies. Capacities are
// powers of two from smallBufferMinBytes, so that a buffer given back fits later batches
// of up to its size, and at most one full arena's worth of them waits (max), so that what
// shrink saves in memory is not held idle instead.
type smallBuffers struct {
	mu   sync.Mutex
	free [][]byte
	// kept is the total capacity of free; max its bound.
	kept, max int
}

// smallBufferMinBytes is the smallest capacity a shrink allocates.
const smallBufferMinBytes = 64 << 10

// get returns a buffer of length n: the smallest kept one that holds n bytes, or a new
// one of the next power of two.
func (s *smallBuffers) get(n int) []byte {
	s.mu.Lock()
	best := -1
	for i, b := range s.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(s.free[best])) {
			best = i
		}
	}
	if best >= 0 {
		b := s.free[best]
		s.free[best] = s.free[len(s.free)-1]
		s.free = s.free[:len(s.free)-1]
		s.kept -= cap(b)
		s.mu.Unlock()
		return b[:n]
	}
	s.mu.Unlock()
	c := smallBufferMinBytes
	for c < n {
		c *= 2
	}
	return newArena(c)[:n]
}

// put keeps b for a later get while what is kept stays within max.
func (s *smallBuffers) put(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kept+cap(b) <= s.max {
		s.free = append(s.free, b[:0])
		s.kept += cap(b)
	}
}
