package replay

import (
	"context"
	"slices"
	"sync"

	"github.com/dumpscope/dumpscope/importer/split"
)

// Scheduling: the dispatcher appends row batches and barrier items to one backlog in
// stream order; each worker claims from it when it is free. Three rules keep the replay
// exact:
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
// more than what follows it, read or not yet (so that the two finish about together), and
// the dispatcher has read to its end. A dump of one big table still has all workers on
// it — except under --load-data, where a table's batches run one after the other, so a
// free worker goes on to the next table at once, or waits for one (schedule_serial.go). The dispatcher reads beyond its memory budget (into the spool) only to get there:
// see budget.go.
//
// The index-page contention did not show again in stop 43 (plain INSERTs, --parallel 2,
// the four 250k-row sysbench tables, default server, load 21–40, server CPU from
// scripts/importtimeline and benchimport --perf):
// with this schedule 13–24 % of the rows span had both workers on one table; with pass-
// overs off (98 %) the server's CPU was the same (10.4, 11.0 s against 10.5, 11.2 s in
// A B C C B A), and with the --load-data rule for plain INSERTs too (0 %: a worker waits
// rather than share) perf put 5.97 s in ha_write_row against 6.03 s, 12.2/11.5 s of server
// CPU against 12.3/10.3 s. So a schedule that keeps tables apart harder is not worth its
// idle worker. Where the server's CPU above myloader's goes is not settled: one perf run
// each put 2.5 s in parsing (string literals under the dump's SET NAMES utf8mb4) against
// myloader's 2.1 s (mydumper sends SET NAMES binary), and 4.6 s in row writes against 4.9.
//
// Stop 49 (p-server2) measured the mechanism itself, with InnoDB's statistics task off
// (innodb_stats_auto_recalc=OFF) on the four sysbench tables, plain --parallel 2, load
// 15–25: B-tree page splits (INNODB_METRICS index_page_splits) were 14580 with this
// schedule, 14553 with the --load-data rule for plain INSERTs too (one table per worker,
// the other waiting), 14519 under myloader -t 2; row lock waits 0; buffer-pool page reads
// and writes the same for both schedules. Server CPU medians over 10 and 8 alternating
// runs: 10.65 s against 10.05 s (spreads 9.3–13.2 and 8.9–13.2 s), myloader 8.9 s. In each
// of twelve perf recordings (stops 48–49, statistics on and off) the row writes were 1.50–1.76 × the SQL layer's parse, literal and
// fill_record time, for dumpscope and myloader alike: where dumpscope's server took more
// CPU, its parsing of the same rows took more too, so the excess is not InnoDB's work per
// row, and keeping tables apart harder is still not worth its idle worker.

// entry is one unit of work in the backlog: a *rowBatch or a *barrierItem.
type entry interface {
	state() *entryState
	// start is the stream offset of the entry's first statement.
	start() int64
}

// entryState is what the scheduler keeps of every entry, whatever its kind.
type entryState struct {
	seq     int64    // dispatch order
	pinned  bool     // must run on worker 0, in stream order with the other pinned entries
	claimed bool     // a worker took it from the backlog
	session []string // the session statements to have run on the worker's connection first
	endByte int64    // stream offset after the entry's last statement
	// digest, with progress rows, is SHA-256 of the stream up to endByte
	// (checkpoint.Run.DigestAt), recorded with the entry's progress row.
	digest string
}

func (e *entryState) state() *entryState { return e }

// rowBatch is a run of plain row INSERTs into one table, committed as one transaction by
// one worker.
type rowBatch struct {
	entryState
	table string
	stmts []batchStmt
	// buf holds the statements' records (rowBatch.add): their sql points into it, or into
	// one of pieces, the buffers filled before it, in order.
	buf    []byte
	pieces [][]byte
	bytes  int64 // SQL bytes: what the batch holds of the read-ahead budget
	rows   int64
	// lastAt is the offset of its last statement, lastOrdered whether that one is an
	// INSERT IGNORE or REPLACE; asInserts: a ROW_COUNT() reader follows that statement,
	// so the batch runs as INSERTs, never as one LOAD DATA, which gives no count per
	// statement (rowcount.go; dispatcher.dispatchOne), or it may meet the table empty and
	// the table has a UNIQUE key besides its primary key, whose duplicates a LOAD on the
	// bulk path meets with a dropped connection where the INSERT fails with ERROR 1180
	// (bulkpath.go; TestReviewX4LoadDataBulkPathUniqueErrorOneStatement).
	lastAt                 int64
	lastOrdered, asInserts bool
	// startedEmpty: its first statement may have met the table empty, so that the batch
	// runs on InnoDB's bulk path (bulkpath.go).
	startedEmpty bool
	// writesOthers: its rows may change the rows of other tables (triggers, a view or
	// MERGE table, a REPLACE or INSERT IGNORE, a table other tables' foreign keys
	// reference): no table is counted early while it is in flight (earlycount.go).
	writesOthers bool
	// plainNames: a statement did not run cleanly under binary names; the batch runs
	// under the session's own (binarynames.go).
	plainNames bool
	// literal: the planner read every value of its statements as a string in single
	// quotes, a number or NULL (plan.Plan.Literal; binarynames.go).
	literal bool
	// readNBE: the planner read its statements under NO_BACKSLASH_ESCAPES (a backslash in
	// a string is a byte, not an escape), which literal is of: binary names hold only
	// where the worker's session reads them so too (binarynames.go).
	readNBE bool
	// namesGen is the dispatcher's namesGen when it sent the batch: batches of one table
	// with the same one have no statement between them that could change what binary
	// names read of the table (namesCache).
	namesGen int64
	// spooled: its statements wait in the spool (spoolLen bytes at spoolAt), not in memory.
	spooled                       bool
	spoolAt, spoolLen, spoolFirst int64 // spoolFirst: the stream offset of its first statement
}

func (b *rowBatch) start() int64 {
	switch {
	case len(b.stmts) > 0:
		return b.stmts[0].offset
	case b.spooled:
		return b.spoolFirst
	}
	return b.endByte
}

// barrierItem runs one statement (prepared as q) on a worker instead of the control
// connection, so that the statements after it need not wait: mysqldump's ENABLE KEYS of a
// MyISAM table, a trigger after its table's rows, --defer-indexes' ADD KEYs. The worker
// first waits until every batch of keys dispatched before it has committed (nothing of
// keys is dispatched after it until it is done), then adds the indexes held back for those
// tables, records their loads complete, and runs stmt.
type barrierItem struct {
	entryState
	stmt    *split.Statement
	q       []byte
	keys    []string
	indexes []deferredIndexes
	loads   []tableInfo
	// writes are the tables stmt may write, with those their triggers write, for the
	// intent of a non-transactional write (checkpoint.Run.BeginIntent).
	writes []string
	// outside: stmt is code that runs in autocommit (runsOutside), as the dispatcher found
	// when it sent it.
	outside bool
}

func (b *barrierItem) start() int64 { return b.stmt.Offset }

type batchStmt struct {
	sql    string
	offset int64
	line   int64
	rows   int64
}

// scheduler is the state the dispatcher and the workers share: the backlog, what is in
// flight per table, and the read-ahead budget (memory, then the spool). One mutex, mu,
// guards all of it; changed is broadcast whenever something a waiter may be waiting for
// changes (an entry sent, claimed or done, budget freed, a failure or a stop). Methods
// named …Locked must be called with mu held; every other method takes it.
type scheduler struct {
	mu      sync.Mutex
	changed *sync.Cond

	// stop is the replay's failure, or ErrStopped after a graceful stop: waits give up
	// with it (see ParallelReplayer.errOrStopped).
	stop func() error
	// queueBytes bounds the SQL read ahead in memory; spoolBytes what may wait in the
	// spool (in spoolDir) beyond that. See ParallelOptions.
	queueBytes, spoolBytes int64
	spoolDir               string

	// busy counts entries in flight per table (dispatched, not done); barriers wait on it.
	// queuedBytes is the SQL read ahead of the workers in memory (dispatched or being
	// batched, not yet committed), bounded by queueBytes.
	busy        map[string]int
	queuedBytes int64
	// backlog holds the dispatched entries no worker has claimed, in stream order; pos is
	// per worker the seq of the last it claimed; running counts per table the batches
	// being run; streaming is the table whose rows the dispatcher is reading (how much of
	// it is left is not known yet).
	backlog   []entry
	seq       int64
	pos       []int64
	running   map[string]int
	streaming string
	spool     *spool
	arenas    *arenas        // batch buffers for reuse (rowBatch.add)
	spoolOff  bool           // the spool failed (a full disk, say): the memory budget alone holds
	barrierOn map[string]int // tables with a barrier item in flight (never more than one)
	barriers  int            // barrier items in flight
	// order holds per table the seqs of its row batches in flight, in stream order, and
	// runner which worker claimed each: a table's batches commit in that order (turn.go).
	order  map[string][]int64
	runner map[int64]int
	// bulkSeqs marks the row batches in flight that may run on InnoDB's bulk path
	// (rowBatch.startedEmpty): the table's later batches start after them (turn.go).
	bulkSeqs map[int64]bool
	// waiting marks per worker that it is in next() (done with its last entry): one
	// with nothing there it may claim starves (mayOverdrawLocked).
	waiting []bool
	// spooledBytes counts the SQL ever written to the spool (Progress.SpooledBytes).
	spooledBytes int64
	// streamBytes is the stream's length or an estimate (0: unknown) and readBytes how far
	// the dispatcher has read it (nil in tests): the read-ahead's placement weighs what
	// is left unread (unreadLocked).
	streamBytes, readBytes func() int64
	// serialTables reports whether a table's batches run one after the other (--load-data:
	// tryBatch), so that a free worker passes over a table another worker loads
	// (schedule_serial.go); nil: they may overlap.
	serialTables func() bool
	// early is the end-of-run row counts a free worker takes once everything is sent
	// (earlycount.go).
	early earlyCounts
	// dispatcher is the connection of the goroutine that dispatches (nil in tests): the
	// waits it alone makes (waitFor, waitBarriers, acquire, spill) mark it idle so that
	// it is pinged meanwhile (keepalive.go).
	dispatcher Conn
}

func newScheduler(workers int, opt ParallelOptions, stop func() error) *scheduler {
	s := &scheduler{
		stop: stop, queueBytes: opt.QueueBytes, spoolBytes: opt.SpoolBytes, spoolDir: opt.SpoolDir, streamBytes: opt.StreamBytes,
		busy: map[string]int{}, barrierOn: map[string]int{}, pos: make([]int64, workers), waiting: make([]bool, workers), running: map[string]int{},
		order: map[string][]int64{}, runner: map[int64]int{}, bulkSeqs: map[int64]bool{},
		// A buffer for each batch queued in memory and each being run, and one being filled.
		arenas: newArenas(opt.BatchBytes, int(2*max(opt.QueueBytes/max(opt.BatchBytes, 1), 1))+workers+1),
	}
	s.changed = sync.NewCond(&s.mu)
	return s
}

// broadcast wakes every waiter, to look again at the replay's failure or stop.
func (s *scheduler) broadcast() {
	s.mu.Lock()
	s.changed.Broadcast()
	s.mu.Unlock()
}

// send appends e to the backlog, where a worker claims it (pinned entries: worker 0).
func (s *scheduler) send(e entry, pinned bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	st := e.state()
	st.seq, st.pinned = s.seq, pinned
	switch e := e.(type) {
	case *rowBatch:
		s.busy[e.table]++
		s.order[e.table] = append(s.order[e.table], st.seq)
		if e.startedEmpty {
			s.bulkSeqs[st.seq] = true
		}
		s.early.noteSentLocked(e)
	case *barrierItem:
		for _, k := range e.keys {
			s.busy[k]++
			s.barrierOn[k]++
		}
		s.barriers++
	}
	s.backlog = append(s.backlog, e)
	s.changed.Broadcast()
}

// next blocks until worker w may claim an entry and returns it, or a table to count
// (earlycount.go), or returns neither once ctx is done.
func (s *scheduler) next(ctx context.Context, w int) (entry, *TableCount) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() { s.waiting[w] = false }()
	for {
		if ctx.Err() != nil {
			return nil, nil
		}
		if e := s.claimLocked(w); e != nil {
			// Two workers on one table may let the dispatcher read on (sharedLocked).
			s.changed.Broadcast()
			return e, nil
		}
		if t, ok := s.early.takeCountLocked(s, w); ok {
			return nil, &t
		}
		if !s.waiting[w] {
			// Once: the dispatcher may be waiting for budget that only the spool would
			// give this worker work from (mayOverdrawLocked). Later wakes come from the
			// changes the dispatcher is woken by too.
			s.waiting[w] = true
			s.changed.Broadcast()
		}
		s.changed.Wait()
	}
}

// claimLocked takes the entry worker w runs next out of the backlog, or returns nil when
// it has none it may run now.
func (s *scheduler) claimLocked(w int) entry {
	pick := s.pickLocked(w)
	if pick < 0 {
		return nil
	}
	e := s.backlog[pick]
	s.backlog = slices.Delete(s.backlog, pick, pick+1)
	st := e.state()
	s.pos[w] = st.seq
	st.claimed = true
	if b, ok := e.(*rowBatch); ok {
		s.running[b.table]++
		s.runner[b.seq] = w
	}
	return e
}

// pickLocked returns the backlog index of the entry worker w would claim now, or -1 when
// it has none it may run now.
func (s *scheduler) pickLocked(w int) int {
	first := -1
	for i, e := range s.backlog {
		if st := e.state(); st.seq > s.pos[w] && (!st.pinned || w == 0) {
			first = i
			break
		}
	}
	if first < 0 {
		return -1
	}
	pick := first
	if alt, wait := s.passSerialLocked(w, first); wait {
		return -1 // schedule_serial.go
	} else if alt >= 0 {
		pick = alt
	} else if alt := s.passOverLocked(w, first); alt >= 0 {
		pick = alt
	} else if alt, wait := s.passBarrierLocked(w, first); wait {
		return -1 // schedule_barrier.go
	} else if alt >= 0 {
		pick = alt
	}
	if item, ok := s.backlog[pick].(*barrierItem); ok && s.keysPendingBeforeLocked(item, pick) {
		return -1
	}
	return pick
}

// keysPendingBeforeLocked reports whether an unclaimed entry before the item at backlog
// index i touches one of its tables.
func (s *scheduler) keysPendingBeforeLocked(item *barrierItem, i int) bool {
	for _, e := range s.backlog[:i] {
		switch e := e.(type) {
		case *rowBatch:
			if slices.Contains(item.keys, e.table) {
				return true
			}
		case *barrierItem:
			for _, k := range e.keys {
				if slices.Contains(item.keys, k) {
					return true
				}
			}
		}
	}
	return false
}

// passOverLocked returns the backlog index of the entry worker w should claim instead of
// the one at first (the next it may take), or -1: see the scheduling rules above.
func (s *scheduler) passOverLocked(w, first int) int {
	f, ok := s.backlog[first].(*rowBatch)
	if !ok || f.table == s.streaming || s.running[f.table] == 0 {
		return -1
	}
	var rest, after int64 // unclaimed bytes of f's table, and of what w may take after them
	last := first
	for i := first; i < len(s.backlog); i++ {
		if b, ok := s.backlog[i].(*rowBatch); ok && b.table == f.table {
			rest += b.bytes
			last = i
		}
	}
	next := -1
	for i := last + 1; i < len(s.backlog); i++ {
		if !s.backlog[i].state().pinned || w == 0 {
			if b, ok := s.backlog[i].(*rowBatch); ok {
				after += b.bytes
			}
			if next < 0 {
				next = i
			}
		}
	}
	// What the dispatcher has not read yet follows too: it reads on once w is there
	// (back-pressure holds it near the workers, mayOverdrawLocked).
	unread, _ := s.budget().unreadLocked()
	if next < 0 || after+unread < rest {
		return -1
	}
	if _, item := s.backlog[next].(*barrierItem); item {
		return -1
	}
	// Who takes what w passes over: another worker that has not got that far (worker 0
	// for pinned entries, which it never passes over, so w == 0 may not).
	others := false
	for v, pos := range s.pos {
		if v != w && pos < f.seq {
			others = true
		}
	}
	if !others {
		return -1
	}
	for _, e := range s.backlog[first:next] {
		if e.state().pinned && w == 0 {
			return -1
		}
	}
	return next
}

// done releases an entry's budget and marks it no longer in flight.
func (s *scheduler) done(e entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	release := func(k string) {
		if s.busy[k]--; s.busy[k] <= 0 {
			delete(s.busy, k)
		}
	}
	switch e := e.(type) {
	case *rowBatch:
		if e.spooled {
			s.spool.release(e)
		} else {
			s.queuedBytes -= e.bytes
		}
		if e.claimed {
			if s.running[e.table]--; s.running[e.table] <= 0 {
				delete(s.running, e.table)
			}
			delete(s.runner, e.seq)
		}
		s.early.noteDoneLocked(e)
		delete(s.bulkSeqs, e.seq)
		if q := slices.DeleteFunc(s.order[e.table], func(seq int64) bool { return seq == e.seq }); len(q) > 0 {
			s.order[e.table] = q
		} else {
			delete(s.order, e.table)
		}
		release(e.table)
	case *barrierItem:
		for _, k := range e.keys {
			release(k)
			if s.barrierOn[k]--; s.barrierOn[k] <= 0 {
				delete(s.barrierOn, k)
			}
		}
		s.barriers--
	}
	s.changed.Broadcast()
}

// takeBacklog takes every entry no worker has claimed out of the backlog.
func (s *scheduler) takeBacklog() []entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	left := s.backlog
	s.backlog = nil
	return left
}

// waitLocked waits on changed until ready holds, or gives up with stop's error (the replay
// failed) or ctx's.
func (s *scheduler) waitLocked(ctx context.Context, stop func() error, ready func() bool) error {
	for {
		if err := stop(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if ready() {
			return nil
		}
		s.changed.Wait()
	}
}

// wait is waitLocked for a caller that does not hold mu; ready runs with mu held.
func (s *scheduler) wait(ctx context.Context, stop func() error, ready func() bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waitLocked(ctx, stop, ready)
}

// waitFor blocks until no entry of the given tables (of any table when global) is in
// flight, or the replay failed, stopped or was cancelled.
func (s *scheduler) waitFor(ctx context.Context, keys []string, global bool) error {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	return s.wait(ctx, s.stop, func() bool {
		if global {
			return len(s.busy) == 0
		}
		return !anyOver(s.busy, keys, 0)
	})
}

// waitBarriers blocks until no barrier item is in flight.
func (s *scheduler) waitBarriers(ctx context.Context) error {
	idleBegin(s.dispatcher)
	defer idleEnd(s.dispatcher)
	return s.wait(ctx, s.stop, func() bool { return s.barriers == 0 })
}

// barrierPending reports whether a barrier item of any of the tables is in flight.
func (s *scheduler) barrierPending(keys ...string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return anyOver(s.barrierOn, keys, 0)
}

// busyKeys returns the tables with entries in flight (busy's keys).
func (s *scheduler) busyKeys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([]string, 0, len(s.busy))
	for k := range s.busy {
		keys = append(keys, k)
	}
	return keys
}

// isBusy reports whether any of the tables has entries in flight.
func (s *scheduler) isBusy(keys []string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return anyOver(s.busy, keys, 0)
}

// anyOver reports whether any of keys counts more than n in m (busy, barrierOn).
func anyOver(m map[string]int, keys []string, n int) bool {
	for _, k := range keys {
		if m[k] > n {
			return true
		}
	}
	return false
}

// setStreaming notes the table whose rows the dispatcher is batching ("" between tables).
func (s *scheduler) setStreaming(key string) {
	s.mu.Lock()
	s.streaming = key
	s.mu.Unlock()
}

// position is where a batch of rows starts: its first statement.
func (b *rowBatch) position(name string) split.Position {
	return split.Position{Name: name, Offset: b.stmts[0].offset, Line: b.stmts[0].line}
}
