package replay

import "sync"

// arenas are the batch buffers done batches gave back, for the next batches: filling a
// recycled buffer costs no page faults and no zeroing, where a fresh one of megabytes
// costs both (a fresh string per statement made the copy out of the splitter's buffer a
// fifth of the dispatcher's CPU). At most limit buffers wait, each at most max bytes.
//
// The buffer given back last is handed out first (a stack, not a queue). In this VM the
// first touch of memory costs 0.9–2.4 ms of CPU per MiB even in huge pages (the kernel, and
// below it the host, zero it; a reused page costs 0.06), so what counts is how many
// distinct pages the batches ever touch. Arenas outnumber the batches in flight at the
// peak (a table's short last batch keeps its buffer while the next table's fill fresh
// ones), and a queue then rotates all of them through the full batches that follow,
// faulting each in to the end; a stack keeps reusing the few that steady state needs and
// leaves the others at what the peak touched. On the 200 MiB generated dump it changes
// nothing (maxRSS 142–143 MB either way under --load-data: its peak has all six full);
// TestArenasStayFewAfterPeak is the shape it is for.
type arenas struct {
	mu   sync.Mutex
	free [][]byte
	// limit bounds len(free); size is a new buffer's capacity (a full batch and its
	// records' headers); max the largest kept (a batch of one oversize statement is not).
	limit, size, max int
	// small are the buffers of shrunk batches (smallBuffers).
	small smallBuffers
}

func newArenas(batchBytes int64, n int) *arenas {
	size := int(batchBytes + batchBytes/16 + recordHeader)
	return &arenas{limit: n, size: size, max: 2 * size, small: smallBuffers{max: size}}
}

// get returns an empty buffer of at least need bytes: the one given back last, or a new
// one when there is none or it is too small (it is dropped: a statement larger than a
// batch is rare, and that buffer would not fit the next either).
func (a *arenas) get(need int) []byte {
	a.mu.Lock()
	if n := len(a.free); n > 0 {
		buf := a.free[n-1]
		a.free[n-1] = nil
		a.free = a.free[:n-1]
		a.mu.Unlock()
		if cap(buf) >= need {
			return buf[:0]
		}
	} else {
		a.mu.Unlock()
	}
	return newArena(max(need, a.size))
}

// put keeps buf for a later get, when there is room and it is full-size: not one shrink
// made (a batch filling it would grow it, copying; it goes to small), nor an oversize one.
func (a *arenas) put(buf []byte) {
	if cap(buf) < a.size {
		if cap(buf) > 0 {
			a.small.put(buf)
		}
		return
	}
	if cap(buf) > a.max {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.free) < a.limit {
		a.free = append(a.free, buf[:0])
	}
}
