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
// leaves the others at what the peak touched. On the 200 MiB generated dump it changed
// nothing while a buffer was a whole batch (maxRSS 142–143 MB either way under
// --load-data: its peak had all six full); TestArenasStayFewAfterPeak is the shape it is
// for. Buffers are pieces of a batch now (pieceBytes), and the same holds per piece.
//
// Why the first touch costs that much here, and why it varies from run to run (session 50,
// p-cpu), most likely: the guest hands free 2 MiB blocks back to the host (virtio_balloon
// free page reporting is on, page_reporting_order 9), and a page handed back faults on the
// host when it is touched again. 64 MiB of fresh MADV_HUGEPAGE pieces touched by a test program: 2.3–2.5
// ms/MiB on the first run of a sequence, 0.2–0.4 ms/MiB on the runs that followed it (2 s
// apart, each getting the pages the last one freed; without the advice 3.6–4.0 ms/MiB
// even then). In two perf recordings (2 kHz) of the same gen 200M --load-data
// import, the zeroing under dispatcher.addRows was 268 and 58 samples: 134 and 29 ms. So
// the peak of pieces (19 × 4 MiB under --load-data) is worth up to ≈0.15 s of client CPU
// on a cold host and ≈0.03 s on a warm one, and is much of the run-to-run spread of client
// CPU here; myloader (9 MiB maxRSS) pays neither.
type arenas struct {
	mu   sync.Mutex
	free [][]byte
	// limit bounds len(free); size is a new buffer's capacity (a piece of a batch:
	// pieceBytes, or a whole batch and its records' headers where that is smaller); max the
	// largest kept (the piece of one oversize statement is not).
	limit, size, max int
	// small are the buffers of shrunk batches (smallBuffers).
	small smallBuffers
}

// pieceBytes is the capacity of a batch buffer's piece: a batch is filled piece after
// piece (rowBatch.add), so that one that ends short — each small table's last batch, which
// waits in the queue until a worker commits it — holds the pieces it filled, not a buffer
// sized for a full batch, and the next table's batch takes the pieces left over instead
// of touching fresh memory. On the 200 MiB generated dump, six 17 MiB buffers were touched
// where four carry the full batches (stop 42's perf: 1.5 ms of CPU per MiB touched first).
// A statement does not straddle two pieces (its SQL is one string), so a piece ends where
// the next statement does not fit: with 1 MiB statements a 4 MiB piece wastes an eighth of
// its capacity on average, untouched.
const pieceBytes = 4 << 20

func newArenas(batchBytes int64, n int) *arenas {
	full := int(batchBytes + batchBytes/16 + recordHeader)
	size := min(full, pieceBytes)
	perBatch := (full + size - 1) / size
	return &arenas{limit: n * perBatch, size: size, max: 2 * size, small: smallBuffers{max: full}}
}

// get returns an empty buffer of at least need bytes: the one given back last, or a new
// one when there is none. A need larger than a piece (a statement larger than a piece)
// takes the last kept buffer that holds it, or a new one.
func (a *arenas) get(need int) []byte {
	a.mu.Lock()
	for i := len(a.free) - 1; i >= 0; i-- {
		if buf := a.free[i]; cap(buf) >= need {
			copy(a.free[i:], a.free[i+1:])
			a.free[len(a.free)-1] = nil
			a.free = a.free[:len(a.free)-1]
			a.mu.Unlock()
			return buf[:0]
		}
		if need <= a.size {
			break // every kept buffer holds a piece: the top one did not, none will
		}
	}
	a.mu.Unlock()
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
