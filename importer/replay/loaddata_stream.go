package replay

import "io"

// loadStream is the LOAD DATA stream of a batch, converted as the driver reads it: the
// driver sends the file in packets of 16 KiB, so the converter writes each row into a
// buffer of about that size, still in cache when the driver copies it out, instead of
// the whole batch into a buffer of the batch's size first. With 16 MiB batches that
// buffer cost a worker 16 MiB of memory and most of the converter's CPU: its pages were
// faulted in and its lines missed the cache on every write (the converter ran at
// 1.1 GB/s in BenchmarkLoadConvert, a fifth of that inside a whole import).
//
// Converting at plan time instead, from the splitter's buffer into a TSV buffer the batch
// carries (with the planner's row read dropped), gained nothing for the same reason: the
// writes into a batch-sized buffer cost what the passes it saves cost. On the generated
// 200 MiB dump, alternating runs (stop 33): client CPU medians 1.6 → 1.75 s and maxRSS
// 136 → 230 MiB with the TSV beside the SQL (which the INSERT fallback needs); 1.65 →
// 1.6 s and 136 → 175 MiB with the TSV instead of the SQL for the sbtest tables (which
// would need an exact INSERT rebuilt from the TSV). The planner's whole read is worth
// ≈0.1 s of ≈1.5 s there.
//
// The copy of the converted bytes into the driver's packet buffer (Read) costs nothing
// measurable: in the generated dump's profile (stop 46, 1.23 s of samples) it had none,
// the buffer staying in cache. Converting straight into the driver's buffer would need
// the row that overflows a packet spilled elsewhere and copied anyway; it was not built.
//
// A row the converter does not accept is found only when the stream reaches it: the
// stream then ends at the row before it (failed), the LOAD loads the rows before it,
// and the caller rolls the transaction back and runs the batch as INSERTs, as after a
// LOAD that was not clean. A table where that happened has its next batches converted
// whole before their LOAD (loadData.convertFirst), so that a table whose values the
// converter refuses costs at most one LOAD rolled back.
type loadStream struct {
	lc    *loadConverter // lc.data: converted bytes not read yet, from off on
	off   int
	stmts []batchStmt
	k     int          // the next statement to begin
	p     insertParser // the statement being read, while inStmt
	// inStmt: p has rows left; first: its first row is still to read.
	inStmt, first bool
	// end: nothing more will be converted; failed: because a row was not accepted.
	end, failed bool
}

// streamChunkBytes is how much converted data a Read gathers before it copies: the
// driver's packet (go-sql-driver/mysql's defaultPacketSize).
const streamChunkBytes = 16 << 10

// maxChunkBytes bounds a stream's buffer kept for the next: a row of megabytes grows it
// to hold the whole row.
const maxChunkBytes = 1 << 20

// newLoadStream streams stmts through lc, whose head (lc.begin) of stmts[0] has been
// read into p.
func newLoadStream(lc *loadConverter, stmts []batchStmt, p insertParser) *loadStream {
	return &loadStream{lc: lc, stmts: stmts, k: 1, p: p, inStmt: true, first: true}
}

func (s *loadStream) Read(b []byte) (int, error) {
	lc := s.lc
	if s.off > 0 { // keep the unread tail at the front: the buffer stays small
		lc.data = lc.data[:copy(lc.data, lc.data[s.off:])]
		s.off = 0
	}
	for len(lc.data) < len(b) && !s.end {
		s.convertRows(len(b))
	}
	n := copy(b, lc.data[s.off:])
	s.off += n
	if s.end && s.off == len(lc.data) {
		return n, io.EOF
	}
	return n, nil
}

// convertRows appends the next rows, up to limit bytes or the statement's end (beginning
// the next statement when one ends), or ends the stream.
func (s *loadStream) convertRows(limit int) {
	lc := s.lc
	if !s.inStmt {
		if s.k == len(s.stmts) {
			s.end = true
			return
		}
		p, ok := lc.begin(stringBytes(s.stmts[s.k].sql))
		s.k++
		if !ok {
			s.end, s.failed = true, true
			return
		}
		s.p, s.inStmt, s.first = p, true, true
	}
	more, ok := lc.convertRows(&s.p, s.first, limit)
	s.first = false
	if !ok {
		s.end, s.failed = true, true
		return
	}
	s.inStmt = more
}
