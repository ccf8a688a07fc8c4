package replay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"unsafe"
)

// spool holds batches the dispatcher read beyond the memory budget in an unlinked temporary
// file, so that it can read on to the next tables while the workers are still on this one
// without memory growing with the dump. Each batch is written once, read once by the
// worker that claims it, and its pages punched out when it is done; the file is
// truncated whenever it holds nothing.
type spool struct {
	f    *os.File
	wbuf []byte // encode's buffer, reused; only the dispatcher writes
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
// calls it, before b is sent.
func (s *spool) put(b *rowBatch) error {
	buf := s.encode(b)
	s.mu.Lock()
	off := s.end
	s.end += int64(len(buf))
	s.outstanding += b.bytes
	s.mu.Unlock()
	if _, err := s.f.WriteAt(buf, off); err != nil {
		s.mu.Lock()
		s.outstanding -= b.bytes
		s.mu.Unlock()
		return err
	}
	b.spooled, b.spoolAt, b.spoolLen, b.spoolFirst, b.stmts = true, off, int64(len(buf)), b.stmts[0].offset, nil
	return nil
}

// room reports whether n more bytes fit under limit (a batch always fits an empty spool).
func (s *spool) room(n, limit int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.outstanding == 0 || s.outstanding+n <= limit
}

// encode serialises b's statements into the spool's write buffer.
func (s *spool) encode(b *rowBatch) []byte {
	buf := s.wbuf[:0]
	for _, st := range b.stmts {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(st.offset))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(st.line))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(st.rows))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(st.sql)))
		buf = append(buf, st.sql...)
	}
	s.wbuf = buf
	return buf
}

// get reads back the statements of a spooled batch into buf (reallocated when too small)
// and returns it. Their SQL strings share the buffer rather than each being copied out of
// it (a batch is megabytes, and the copies cost as much CPU as the spool saves the
// server), so the caller may reuse buf only once the batch is done and its statements
// dropped; reusing it keeps memory flat.
func (s *spool) get(b *rowBatch, buf []byte) ([]byte, error) {
	if int64(cap(buf)) < b.spoolLen {
		buf = make([]byte, b.spoolLen)
	}
	buf = buf[:b.spoolLen]
	if _, err := s.f.ReadAt(buf, b.spoolAt); err != nil {
		return buf, fmt.Errorf("read back a batch of %s from the spool: %w", b.table, err)
	}
	all := unsafe.String(unsafe.SliceData(buf), len(buf))
	for len(all) > 0 {
		if len(all) < 28 {
			return buf, errors.New("spool: truncated record")
		}
		h := buf[len(buf)-len(all):]
		st := batchStmt{
			offset: int64(binary.LittleEndian.Uint64(h)),
			line:   int64(binary.LittleEndian.Uint64(h[8:])),
			rows:   int64(binary.LittleEndian.Uint64(h[16:])),
		}
		n := int(binary.LittleEndian.Uint32(h[24:]))
		all = all[28:]
		if len(all) < n {
			return buf, errors.New("spool: truncated record")
		}
		st.sql, all = all[:n], all[n:]
		b.stmts = append(b.stmts, st)
	}
	return buf, nil
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
