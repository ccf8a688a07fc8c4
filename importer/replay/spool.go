package replay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/split"
)

// spool holds batches the dispatcher read beyond the memory budget in an unlinked temporary
// file, so that it can read on to the next tables while the workers are still on this one
// without memory growing with the dump. Each batch is written once, read once by the
// worker that claims it, and its pages punched out when it is done; the file is
// truncated whenever it holds nothing.
type spool struct {
	f *os.File
	// end is where the next batch is written; outstanding the bytes of spooled batches
	// not yet done (bounded by ParallelOptions.SpoolBytes).
	mu               sync.Mutex
	end, outstanding int64
}

func newSpool(dir string) (*spool, error) {
	f, err := os.CreateTemp(dir, "dumpscope-spool-*")
	if err != nil {
		return nil, err
	}
	// Unlinked at once: nothing is left behind, whatever ends the process.
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return &spool{f: f}, nil
}

// put writes b's statements to the spool and drops them from memory. Only the dispatcher
// calls it, before b is sent. The batch's pieces are already in the spool's record format
// (rowBatch.add), so they are written as they are, after a head that gives their lengths
// (a little-endian uint32 count, then one uint32 length per piece), so that get reads
// them back into pieces of the same sizes, no statement split between two.
func (s *spool) put(b *rowBatch) error {
	pieces := b.filled()
	head := binary.LittleEndian.AppendUint32(nil, uint32(len(pieces)))
	total := 0
	for _, p := range pieces {
		head = binary.LittleEndian.AppendUint32(head, uint32(len(p)))
		total += len(p)
	}
	if total < len(b.stmts)*recordHeader {
		return fmt.Errorf("spool: a batch of %s not built by rowBatch.add", b.table) // the replay goes on without the spool
	}
	n := int64(len(head) + total)
	s.mu.Lock()
	off := s.end
	s.end += n
	s.outstanding += b.bytes
	s.mu.Unlock()
	at := off
	for _, p := range append([][]byte{head}, pieces...) {
		if _, err := s.f.WriteAt(p, at); err != nil {
			s.mu.Lock()
			s.outstanding -= b.bytes
			s.mu.Unlock()
			return err
		}
		at += int64(len(p))
	}
	b.spooled, b.spoolAt, b.spoolLen, b.spoolFirst, b.stmts = true, off, n, b.stmts[0].offset, nil
	return nil
}

// recordHeader is the length of a statement's header in a batch's buffer and in the
// spool: its offset, line and rows (uint64 each) and its SQL's length (uint32).
const recordHeader = 28

// add appends st to b: one record of the spool's format (header, then the SQL) in b's
// buffer, and the statement, whose sql points into that record. This is the one copy of a
// row insert's bytes out of the splitter's buffer: the spool writes the buffer as it is,
// the workers send (or convert) the strings that point into it, and the buffer goes back
// to arenas when the batch is done (release). A record that does not fit the rest of the
// buffer starts a new one (a piece, pieceBytes): the full one joins b.pieces, and its
// statements stay in it.
func (b *rowBatch) add(st *split.Statement, arenas *arenas) {
	need := recordHeader + len(st.SQL)
	if b.buf != nil && len(b.buf) > 0 && len(b.buf)+need > cap(b.buf) {
		b.pieces = append(b.pieces, b.buf)
		b.buf = nil
	}
	if b.buf == nil {
		b.buf = arenas.get(need)
	}
	buf := binary.LittleEndian.AppendUint64(b.buf, uint64(st.Offset))
	buf = binary.LittleEndian.AppendUint64(buf, uint64(st.Line))
	buf = binary.LittleEndian.AppendUint64(buf, uint64(st.Rows))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(st.SQL)))
	at := len(buf)
	buf = append(buf, st.SQL...)
	b.buf = buf
	var q string
	if len(st.SQL) > 0 {
		q = unsafe.String(&buf[at], len(st.SQL))
	}
	b.stmts = append(b.stmts, batchStmt{sql: q, offset: st.Offset, line: st.Line, rows: st.Rows})
}

// filled is b's buffers in the order their records were added: the full pieces, then buf.
func (b *rowBatch) filled() [][]byte {
	if len(b.buf) == 0 {
		return b.pieces
	}
	return append(b.pieces[:len(b.pieces):len(b.pieces)], b.buf)
}

// shrink moves the records of a batch that fills little of its last buffer to one of
// their size and gives the buffer back, so that many small batches queued (small tables, a
// table's last rows) do not each hold a piece they barely fill.
func (b *rowBatch) shrink(arenas *arenas) {
	if len(b.buf) == 0 || cap(b.buf) < 1<<20 || len(b.buf) > cap(b.buf)/4 {
		return
	}
	small := arenas.small.get(len(b.buf))
	copy(small, b.buf)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b.buf)))
	for i, st := range b.stmts {
		p := uintptr(unsafe.Pointer(unsafe.StringData(st.sql)))
		if st.sql == "" || p < base || p >= base+uintptr(len(b.buf)) {
			continue // in an array the buffer outgrew: it stays there
		}
		b.stmts[i].sql = unsafe.String(&small[p-base], len(st.sql))
	}
	arenas.put(b.buf)
	b.buf = small
}

// release gives a done batch's buffer back; its statements, which point into it, are
// dropped with it.
func (b *rowBatch) release(arenas *arenas) {
	b.putBuffers(arenas)
	b.stmts = nil
}

// putBuffers gives b's buffers back to arenas (the statements that point into them must
// not be used after it).
func (b *rowBatch) putBuffers(arenas *arenas) {
	for i, p := range b.pieces {
		arenas.put(p)
		b.pieces[i] = nil
	}
	arenas.put(b.buf)
	b.buf, b.pieces = nil, b.pieces[:0]
}

// room reports whether n more bytes fit under limit (a batch always fits an empty spool).
func (s *spool) room(n, limit int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.outstanding == 0 || s.outstanding+n <= limit
}

// get reads back the statements of a spooled batch into buffers from arenas, pieces of the
// sizes put wrote, which become the batch's (b.pieces, b.buf) as if they had never left
// memory: their SQL strings share them rather than each being copied out (a batch is
// megabytes, and the copies cost as much CPU as the spool saves the server), and
// rowBatch.release gives them back when the batch is done. A buffer per worker,
// reallocated whenever a batch came back a little larger than the last, had half the
// import's page faults (each costs microseconds).
func (s *spool) get(b *rowBatch, arenas *arenas) error {
	var cnt [4]byte
	if _, err := s.f.ReadAt(cnt[:], b.spoolAt); err != nil {
		return fmt.Errorf("read back a batch of %s from the spool: %w", b.table, err)
	}
	k := int64(binary.LittleEndian.Uint32(cnt[:]))
	if 4+4*k > b.spoolLen {
		return errors.New("spool: truncated record")
	}
	lens := make([]byte, 4*k)
	if _, err := s.f.ReadAt(lens, b.spoolAt+4); err != nil {
		return fmt.Errorf("read back a batch of %s from the spool: %w", b.table, err)
	}
	at, left := b.spoolAt+4+4*k, b.spoolLen-4-4*k
	for i := int64(0); i < k; i++ {
		n := int64(binary.LittleEndian.Uint32(lens[4*i:]))
		if n > left {
			return errors.New("spool: truncated record")
		}
		buf := arenas.get(int(n))[:n]
		if b.buf != nil {
			b.pieces = append(b.pieces, b.buf)
		}
		b.buf = buf
		if _, err := s.f.ReadAt(buf, at); err != nil {
			return fmt.Errorf("read back a batch of %s from the spool: %w", b.table, err)
		}
		at, left = at+n, left-n
		if err := b.readRecords(buf); err != nil {
			return err
		}
	}
	if left != 0 {
		return errors.New("spool: truncated record")
	}
	return nil
}

// readRecords appends the statements of the records in buf (rowBatch.add's format) to
// b.stmts, their SQL pointing into buf.
func (b *rowBatch) readRecords(buf []byte) error {
	all := unsafe.String(unsafe.SliceData(buf), len(buf))
	for len(all) > 0 {
		if len(all) < recordHeader {
			return errors.New("spool: truncated record")
		}
		h := buf[len(buf)-len(all):]
		st := batchStmt{
			offset: int64(binary.LittleEndian.Uint64(h)),
			line:   int64(binary.LittleEndian.Uint64(h[8:])),
			rows:   int64(binary.LittleEndian.Uint64(h[16:])),
		}
		n := int(binary.LittleEndian.Uint32(h[24:]))
		all = all[recordHeader:]
		if len(all) < n {
			return errors.New("spool: truncated record")
		}
		st.sql, all = all[:n], all[n:]
		b.stmts = append(b.stmts, st)
	}
	return nil
}

// release gives a done batch's bytes back: its pages are punched out (so the file does not
// grow with the dump where the file system can), and the file is emptied when nothing in
// it is outstanding.
func (s *spool) release(b *rowBatch) {
	s.mu.Lock()
	defer s.mu.Unlock()
	punchHole(s.f, b.spoolAt, b.spoolLen)
	s.outstanding -= b.bytes
	if s.outstanding == 0 {
		_ = s.f.Truncate(0)
		s.end = 0
	}
}

func (s *spool) close() {
	if s != nil {
		s.f.Close()
	}
}
