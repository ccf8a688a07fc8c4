package importer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// Scheduling: the dispatcher appends batches and barrier items to one backlog in stream
// order; each worker claims from it when it is free. Three rules keep the replay exact:
//   - A worker claims in stream order: its next entry always comes after its last one, so
//     the session statements it runs before each (the entry's prefix of the stream's) only
//     ever grow, as in the client. It may pass entries over, leaving them to a worker that
//     has not got that far.
//   - Pinned entries (rows that keep stream order, and the items that follow them) are
//     worker 0's, which never passes one over.
//   - A barrier item is claimed only once every entry before it that touches its tables
//     has been claimed: it then waits only for batches that are running.
//
// An entry is passed over only when another worker that may take it has not got past it,
// so none is stranded. Why pass over at all: two workers inserting into one table contend
// for its index pages (on a 2-core machine the server needed 5–15% more CPU for the same
// rows in our benchmarks), and rows that keep stream order (no primary key, MyISAM) run on one worker while
// the others would idle. So a free worker whose next entries belong to a table another
// worker is loading goes on to the next table instead, when the rest of that table is no
// more than what follows it (so that the two finish about together) and the dispatcher
// has read to its end. A dump of one big table still has all workers on it.

// claim takes the entry worker w runs next out of the backlog, or returns nil when it has
// none it may run now. The caller holds busyMu.
func (p *ParallelReplayer) claim(w int) *batch {
	first := -1
	for i, b := range p.backlog {
		if b.seq > p.pos[w] && (!b.pinned || w == 0) {
			first = i
			break
		}
	}
	if first < 0 {
		return nil
	}
	pick := first
	if alt := p.passOver(w, first); alt >= 0 {
		pick = alt
	}
	b := p.backlog[pick]
	if b.stmt != nil && p.keysPendingBefore(b, pick) {
		return nil
	}
	p.backlog = slices.Delete(p.backlog, pick, pick+1)
	p.pos[w] = b.seq
	b.claimed = true
	if b.stmt == nil {
		p.running[b.table]++
	}
	return b
}

// keysPendingBefore reports whether an unclaimed entry before the item at backlog index i
// touches one of its tables.
func (p *ParallelReplayer) keysPendingBefore(item *batch, i int) bool {
	for _, b := range p.backlog[:i] {
		if b.stmt == nil && slices.Contains(item.keys, b.table) {
			return true
		}
		for _, k := range b.keys {
			if slices.Contains(item.keys, k) {
				return true
			}
		}
	}
	return false
}

// passOver returns the backlog index of the entry worker w should claim instead of the one
// at first (the next it may take), or -1: see the scheduling rules above.
func (p *ParallelReplayer) passOver(w, first int) int {
	f := p.backlog[first]
	if f.stmt != nil || f.table == p.streaming || p.running[f.table] == 0 {
		return -1
	}
	var rest, after int64 // unclaimed bytes of f's table, and of what w may take after them
	last := first
	for i := first; i < len(p.backlog); i++ {
		if b := p.backlog[i]; b.stmt == nil && b.table == f.table {
			rest += b.bytes
			last = i
		}
	}
	next := -1
	for i := last + 1; i < len(p.backlog); i++ {
		if b := p.backlog[i]; !b.pinned || w == 0 {
			after += b.bytes
			if next < 0 {
				next = i
			}
		}
	}
	if next < 0 || after < rest || p.backlog[next].stmt != nil {
		return -1
	}
	// Who takes what w passes over: another worker that has not got that far (worker 0
	// for pinned entries, which it never passes over, so w == 0 may not).
	others := false
	for v, pos := range p.pos {
		if v != w && pos < f.seq {
			others = true
		}
	}
	if !others {
		return -1
	}
	for _, b := range p.backlog[first:next] {
		if b.pinned && w == 0 {
			return -1
		}
	}
	return next
}

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
func (s *spool) put(b *batch) error {
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
func (s *spool) encode(b *batch) []byte {
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
func (s *spool) get(b *batch, buf []byte) ([]byte, error) {
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
func (s *spool) release(b *batch) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = unix.Fallocate(int(s.f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, b.spoolAt, b.spoolLen)
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

// setStreaming notes the table whose rows the dispatcher is batching ("" between tables).
func (p *ParallelReplayer) setStreaming(key string) {
	p.busyMu.Lock()
	p.streaming = key
	p.busyMu.Unlock()
}

// spooling reports whether batches beyond the memory budget may go to the spool. The
// caller holds busyMu.
func (p *ParallelReplayer) spooling() bool {
	return p.opt.SpoolBytes > 0 && !p.spoolOff
}

// overdraw takes memory budget for n bytes beyond QueueBytes when the batch they join can
// go to the spool instead of waiting (spill puts it there).
func (p *ParallelReplayer) overdraw(n int64) bool {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	if !p.spooling() {
		return false
	}
	p.queuedBytes += n
	return true
}

// maxBacklog bounds the entries waiting in the backlog while the spool is in use.
const maxBacklog = 4096

// spill moves a batch that leaves the memory budget exceeded to the spool, waiting while
// the spool is full and the memory budget too. If the spool cannot be written, the
// replay goes on with the memory budget alone.
func (p *ParallelReplayer) spill(ctx context.Context, b *batch) error {
	p.busyMu.Lock()
	over := func() bool { return p.spooling() && p.queuedBytes > p.opt.QueueBytes }
	err := p.waitLocked(ctx, p.errOrStopped, func() bool {
		if !over() || p.spool == nil {
			return true
		}
		// Claiming scans the backlog: bound its length too, for tiny --batch-bytes.
		return len(p.backlog) < maxBacklog && p.spool.room(b.bytes, p.opt.SpoolBytes)
	})
	if err != nil || !over() {
		p.busyMu.Unlock()
		return err
	}
	if p.spool == nil {
		sp, err := newSpool(p.opt.SpoolDir)
		if err != nil {
			p.spoolOff = true
			p.busyMu.Unlock()
			return nil
		}
		p.spool = sp
	}
	sp := p.spool
	p.busyMu.Unlock()
	err = sp.put(b)
	p.busyMu.Lock()
	if err != nil {
		p.spoolOff = true
	} else {
		p.queuedBytes -= b.bytes
	}
	p.busyMu.Unlock()
	return nil
}

// dropBacklog takes every entry no worker has claimed out of the backlog, as not run.
func (p *ParallelReplayer) dropBacklog() {
	p.busyMu.Lock()
	left := p.backlog
	p.backlog = nil
	p.busyMu.Unlock()
	for _, b := range left {
		p.noteUnexecuted(b)
		p.done(b)
	}
}

// Workers: each claims entries from the backlog and runs them on its connection.

// worker claims entries from the backlog and runs them on one connection, in stream order
// (see schedule.go). Before each it runs the session statements the entry's position in
// the stream says this connection has not run yet.
func (p *ParallelReplayer) worker(ctx context.Context, id int, c Conn) {
	applied := 0
	var spoolBuf []byte // reused for each spooled batch this worker reads back
	for {
		p.busyMu.Lock()
		var b *batch
		for b == nil {
			if ctx.Err() != nil {
				p.busyMu.Unlock()
				return
			}
			if b = p.claim(id); b == nil {
				p.busyCV.Wait()
			}
		}
		p.busyMu.Unlock()
		if p.shouldRun(b) {
			for ; applied < len(b.session); applied++ {
				// It ran without error on the control connection; an error here
				// (a privilege, say) would have been reported there.
				_, _ = c.ExecContext(ctx, b.session[applied])
			}
			var err error
			switch {
			case b.stmt != nil:
				err = p.runBarrierItem(ctx, c, b)
			case b.spooled:
				if spoolBuf, err = p.spool.get(b, spoolBuf); err == nil {
					err = p.runBatch(ctx, c, b)
				}
				if int64(cap(spoolBuf)) > 2*p.opt.BatchBytes {
					spoolBuf = nil // a batch of one oversize statement: do not keep its buffer
				}
			default:
				err = p.runBatch(ctx, c, b)
			}
			switch {
			case err != nil && ctx.Err() != nil:
				p.noteUnexecuted(b) // aborted, not failed
			case err != nil:
				p.noteUnexecuted(b)
				p.failAt(b.start(), err)
			}
		} else {
			p.noteUnexecuted(b)
		}
		p.done(b)
		if b.spooled {
			b.stmts = nil // they point into spoolBuf
		}
	}
}

// runBarrierItem waits until the batches of b's tables dispatched before it have
// committed, then adds their held-back indexes, marks their loads complete and runs b's
// statement, all on c.
func (p *ParallelReplayer) runBarrierItem(ctx context.Context, c Conn, b *batch) error {
	p.busyMu.Lock()
	err := p.waitLocked(ctx, func() error {
		if !p.shouldRun(b) {
			return p.err()
		}
		return nil
	}, func() bool { return !anyOver(p.busy, b.keys, 1) }) // 1: the item itself
	p.busyMu.Unlock()
	if err != nil {
		return err
	}
	if err := p.addIndexes(ctx, c, b.indexes); err != nil {
		return err
	}
	if err := p.markLoaded(ctx, c, b.loads); err != nil {
		return err
	}
	return p.runBarrier(ctx, c, b.stmt, b.q, b.endByte, b.digest, b.writes)
}

func (p *ParallelReplayer) runBatch(ctx context.Context, c Conn, b *batch) error {
	for attempt := 0; ; attempt++ {
		err, retry := p.tryBatch(ctx, c, b)
		if err == nil {
			p.rows.Add(b.rows)
			p.commits.Add(1)
			p.loadedTable.Store(&b.table)
			return nil
		}
		if !retry || attempt >= p.opt.MaxRetries {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 50 * time.Millisecond)
	}
}

// tryBatch runs one batch as a transaction. retry is true for deadlocks and lock-wait
// timeouts, after which the transaction has been rolled back.
func (p *ParallelReplayer) tryBatch(ctx context.Context, c Conn, b *batch) (err error, retry bool) {
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return fmt.Errorf("%s: batch of %s: %w", b.position(p.opt.Name), b.table, err), false
	}
	var tolerated []*StatementError
	loaded := false
	if p.ld != nil {
		var err error
		if loaded, err = p.ld.load(ctx, c, b.stmts); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: LOAD DATA of a batch of %s: %w", b.position(p.opt.Name), b.table, err), false
		}
		if loaded {
			p.statements.Add(int64(len(b.stmts)))
		}
	}
	for _, s := range b.stmts {
		if loaded {
			break
		}
		_, err := c.ExecContext(ctx, s.sql)
		p.statements.Add(1)
		if err != nil {
			var me *mysql.MySQLError
			if errors.As(err, &me) && mysqlerr.Retryable(me.Number) {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return err, true
			}
			se := &StatementError{Name: p.opt.Name, Offset: s.offset, Line: s.line, Kind: KindInsert, Table: b.table, Head: head([]byte(s.sql)), Err: err}
			if errors.As(err, &me) {
				se.Code, se.SQLState, se.Message = me.Number, string(me.SQLState[:]), me.Message
			} else {
				se.Message = err.Error()
			}
			if !p.opt.Force || me == nil || mysqlerr.ConnectionFatal(me.Number) {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return se, false
			}
			se.Err = nil
			tolerated = append(tolerated, se)
			continue
		}
		if !p.opt.SkipWarningCount {
			st := &Statement{Kind: KindInsert, Table: b.table, Offset: s.offset, Line: s.line}
			if err := p.serial.countWarnings(ctx, c, st); err != nil {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return err, false
			}
		}
	}
	if cp := p.opt.Checkpoint; cp != nil {
		if err := cp.Record(ctx, c, checkpoint.Stretch{Start: b.stmts[0].offset, End: b.endByte, Statements: len(b.stmts), Rows: b.rows, Digest: b.digest}); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: progress row of a batch of %s: %w", b.position(p.opt.Name), b.table, err), false
		}
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		var me *mysql.MySQLError
		return fmt.Errorf("%s: commit of a batch of %s: %w", b.position(p.opt.Name), b.table, err), errors.As(err, &me) && mysqlerr.Retryable(me.Number)
	}
	if len(tolerated) > 0 {
		for _, se := range tolerated {
			p.serial.tolerate(se)
		}
	}
	return nil, false
}
