package importer

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// ParallelOptions control a parallel replay (dumpscope import --parallel N).
type ParallelOptions struct {
	ReplayOptions
	// BatchBytes is the SQL a worker commits in one transaction (default 4 MiB).
	BatchBytes int64
	// QueueBytes bounds the SQL read ahead of the workers (default 2 × workers × BatchBytes),
	// so memory does not grow with the dump.
	QueueBytes int64
	// MaxRetries bounds how often a batch is retried after a deadlock (1213) or lock-wait
	// timeout (1205); default 5.
	MaxRetries int
	// DeferIndexes creates plain secondary indexes after a table's rows instead of in its
	// CREATE TABLE (see deferredKeys); the final schema is the same.
	DeferIndexes bool
	// Checkpoint, when set, records each committed stretch of the dump in the target's
	// progress schema inside the stretch's own transaction, and on resume skips what an
	// earlier attempt committed (see checkpoint.Run).
	Checkpoint *checkpoint.Run
	// Resumable says a journal lets --resume finish an interrupted run. When it does not,
	// a run that fails or stops still adds the indexes DeferIndexes held back from the
	// tables it created, so that they are not left without them.
	Resumable bool
	// SpoolBytes lets the dispatcher read this much SQL beyond QueueBytes ahead of the
	// workers, kept in an unlinked temporary file in SpoolDir (default: the system's), so
	// that workers can load the next tables while one finishes (see schedule.go). 0: none.
	SpoolBytes int64
	SpoolDir   string
	// Notice receives the one line that says from which statement, and why, the replay
	// continues on one connection (see Planner); nil: standard error.
	Notice func(line string)
	// LoadData sends each batch of plain row inserts as one LOAD DATA LOCAL stream where
	// that is provably exact (loaddata.go), and as INSERTs otherwise.
	LoadData bool
}

// deferredIndexes are the ADD KEY clauses held back from one CREATE TABLE.
type deferredIndexes struct {
	key, db, table string
	add            []string
}

// tableInfo is what the replay needs to know of a table before its first rows.
type tableInfo struct {
	db, name      string
	primaryKey    bool // rows without a primary key keep stream order (InnoDB stores them in insertion order)
	transactional bool // InnoDB: a batch and its progress row commit together
	// touches are the tables (db.table) the table's triggers name (write or read): its
	// rows wait for a barrier item on those too (a trigger being created on one of them,
	// say).
	touches []string
	// autoIncrement is the AUTO_INCREMENT column ("" if none) and autoIncrementAt its
	// 0-based position: an INSERT that leaves ids to the server runs on the control
	// connection in its table's order (see Plan.IDs).
	autoIncrement   string
	autoIncrementAt int
}

// keepsOrder reports whether rows of the table key (described by info) stay on worker 0 in
// stream order: triggers or an order-sensitive statement made it so, a trigger calls a
// routine, or the table cannot resume row-exactly.
func (p *ParallelReplayer) keepsOrder(key string, info tableInfo) bool {
	return p.ordered[key] || p.allOrdered || !info.resumable()
}

// resumable reports whether a crash can be resumed row-exactly from the progress rows;
// otherwise the table is reloaded from its first row.
func (t tableInfo) resumable() bool { return t.primaryKey && t.transactional }

// batch is a run of INSERTs into one table, committed as one transaction by one worker,
// or (stmt set) one barrier statement that a worker runs once the rows it follows commit.
type batch struct {
	table   string
	session []string // the session statements to have run on the worker's connection first
	stmts   []batchStmt
	bytes   int64
	rows    int64
	pinned  bool  // must run on worker 0, in stream order with the other pinned batches
	endByte int64 // stream offset after the batch's last statement
	seq     int64 // dispatch order
	claimed bool  // a worker took it from the backlog
	// spooled: its statements wait in the spool (spoolLen bytes at spoolAt), not in memory.
	spooled                       bool
	spoolAt, spoolLen, spoolFirst int64 // spoolFirst: the stream offset of its first statement

	// digest, with progress rows, is SHA-256 of the stream up to endByte
	// (checkpoint.Run.DigestAt), recorded with the batch's progress row.
	digest string

	// A barrier item runs stmt (prepared as q) on a worker instead of the control
	// connection, so that the statements after it need not wait: mysqldump's ENABLE KEYS
	// of a MyISAM table, a trigger after its table's rows, --defer-indexes' ADD KEYs. The
	// worker first waits until every batch of keys dispatched before it has committed
	// (nothing of keys is dispatched after it until it is done), then adds the indexes held
	// back for those tables, records their loads complete, and runs stmt.
	stmt    *Statement
	q       []byte
	keys    []string
	indexes []deferredIndexes
	loads   []tableInfo
	// writes are the tables stmt may write, with those their triggers write, for the
	// intent of a non-transactional write (checkpoint.Run.BeginIntent).
	writes []string
}

type batchStmt struct {
	sql    string
	offset int64
	line   int64
	rows   int64
}

// ParallelReplayer replays one dump stream on N worker connections plus one control
// connection. One goroutine (Run's caller) splits and dispatches; N workers execute
// batches and barrier items; the control connection runs everything else. What it does
// differently from the client:
//   - The planner (plan.go) decides where each statement runs; only plain row inserts
//     leave stream order, and constructs that depend on one connection's state, or
//     transactions that hold rows, run on the control connection (plan_run.go). Files:
//     plan_dispatch.go (the dispatcher), schedule.go (claims, workers, spool),
//     plan_catalog.go (table facts), plan_indexes.go (--defer-indexes).
//   - Plain row inserts are grouped per table into batches of about BatchBytes and
//     each batch runs as START TRANSACTION … COMMIT on one worker; batches of one table run
//     on several workers at once, and batches of the next table start while the last ones
//     of the previous table still commit.
//   - Every other statement is a barrier for the tables it touches: a table's DDL,
//     triggers on it, ALTERs of it wait until its batches in flight have committed; a
//     statement whose tables are not known (DML, CREATE … SELECT, DROP DATABASE) waits for
//     all of them. It then runs on the control connection — unless it is one of the
//     statements that follow a table's rows (ALTER TABLE, CREATE/DROP INDEX or TRIGGER):
//     then it is a barrier item (see batch), run by a worker once those rows are in, and
//     the stream goes on meanwhile.
//   - Session statements (SET, USE, sql_mode, user variables) run on the control connection
//     at once and on each worker, in stream order, before the worker's next batch: each
//     worker claims batches in stream order only (see schedule.go).
//   - LOCK TABLES / UNLOCK TABLES are not sent: a table lock held by one connection would
//     block the other workers (it only speeds up MyISAM key writes in the client's replay).
//   - Rows of tables without a PRIMARY KEY, of non-transactional tables (MyISAM, Aria),
//     and of tables that carry triggers (plus the tables those triggers write or read;
//     every table once a trigger calls a routine), stay on worker 0 in stream order:
//     InnoDB keeps rows without a primary key in insertion order, MyISAM/Aria keep every
//     table so (a re-dump shows it), and triggers see earlier rows.
//   - Deadlocks and lock-wait timeouts roll the batch back and retry it.
type ParallelReplayer struct {
	control Conn   // DDL, session statements, lookups, progress bookkeeping
	workers []Conn // batches
	split   *Splitter
	opt     ParallelOptions

	serial *Replayer // runs barrier statements on the control connection with the serial semantics
	ld     *loadData // --load-data; nil without it
	// loadedTable is the table of the batch committed last: what the progress line names
	// (the reader's table runs ahead of what loads).
	loadedTable atomic.Pointer[string]

	inflight sync.WaitGroup
	firstErr atomic.Pointer[error]
	failedAt atomic.Int64 // stream offset of the earliest failed batch or item; -1: none
	failErr  error        // that batch's or item's error (under busyMu)

	// busy counts batches in flight per table; barriers wait on it. queuedBytes is the SQL
	// read ahead of the workers (dispatched or being batched, not yet committed), bounded
	// by QueueBytes. busyCV is signalled whenever either shrinks.
	busyMu      sync.Mutex
	busyCV      *sync.Cond
	busy        map[string]int
	queuedBytes int64
	// backlog holds the dispatched entries no worker has claimed, in stream order; pos is
	// per worker the seq of the last it claimed; running counts per table the batches
	// being run; streaming is the table whose rows the dispatcher is reading (how much of
	// it is left is not known yet). See schedule.go.
	backlog   []*batch
	seq       int64
	pos       []int64
	running   map[string]int
	streaming string
	spool     *spool
	spoolOff  bool           // the spool failed (a full disk, say): the memory budget alone holds
	barrierOn map[string]int // tables with a barrier item in flight (never more than one)
	barriers  int            // barrier items in flight
	// unexecuted is the lowest stream offset of a batch or item that failed or was
	// skipped after a failure (-1: none): the summary's "everything up to" stops there.
	unexecuted int64
	// orphaned are the held-back indexes that barrier items which did not run carried.
	orphaned []deferredIndexes

	// session is every session statement so far, in stream order; a batch carries the
	// prefix its worker must have run before it. Elements are never modified.
	session []string

	rows, statements, commits atomic.Int64

	tables  map[string]tableInfo // db.table → what the server says, looked up at its first rows
	loading map[string]tableInfo // non-resumable tables with rows sent since their last barrier
	// deferred are the indexes --defer-indexes holds back, per table, in CREATE order.
	deferred []deferredIndexes
	ordered  map[string]bool // tables whose rows must stay in stream order (triggers)
	// allOrdered: a trigger calls a routine, which may touch any table, so every table's
	// rows keep stream order from then on.
	allOrdered bool

	// planner decides where each statement runs (plan.go); pendingFrom is the stream
	// offset from which statements ran on the control connection inside a transaction or
	// under table locks without a progress row yet (-1: none).
	planner     *Planner
	pendingFrom int64
	// cur is the batch the dispatcher is filling (only the dispatcher touches it).
	cur *batch
	// prevSkipped, idSkipped: a resumed run skipped the control connection's last
	// statement, or its last INSERT (see lostState).
	prevSkipped, idSkipped bool
}

// NewParallelReplayer prepares a replay of split: conns[0] is the control connection,
// conns[1:] (at least one) the workers.
func NewParallelReplayer(ctx context.Context, conns []Conn, split *Splitter, opt ParallelOptions) (*ParallelReplayer, error) {
	if len(conns) < 2 {
		return nil, errors.New("parallel replay needs a control connection and at least one worker")
	}
	if opt.BatchBytes <= 0 {
		opt.BatchBytes = 4 << 20
	}
	workers := conns[1:]
	if opt.QueueBytes <= 0 {
		// With a spool, what the memory queue does not hold waits there instead.
		opt.QueueBytes = 2 * int64(len(workers)) * opt.BatchBytes
		if opt.SpoolBytes > 0 {
			opt.QueueBytes /= 2
		}
	}
	if opt.MaxRetries <= 0 {
		opt.MaxRetries = 5
	}
	serial, err := NewReplayer(ctx, conns[0], split, opt.ReplayOptions)
	if err != nil {
		return nil, err
	}
	observeSkipped(opt.Transform, opt.Checkpoint)
	p := &ParallelReplayer{
		control: conns[0], workers: workers, split: split, opt: opt, serial: serial,
		busy: map[string]int{}, barrierOn: map[string]int{}, pos: make([]int64, len(workers)), running: map[string]int{}, unexecuted: -1,
		tables: map[string]tableInfo{}, ordered: map[string]bool{}, loading: map[string]tableInfo{},
		planner: NewPlanner(), pendingFrom: -1,
	}
	if p.opt.Notice == nil {
		p.opt.Notice = func(line string) { fmt.Fprintln(os.Stderr, line) }
	}
	p.busyCV = sync.NewCond(&p.busyMu)
	p.failedAt.Store(-1)
	if opt.LoadData {
		p.ld = &loadData{}
	}
	return p, nil
}

// Progress returns the replay's counters; safe for concurrent use.
func (p *ParallelReplayer) Progress() Progress {
	sp := p.serial.Progress()
	sp.Rows += p.rows.Load()
	sp.Statements += p.statements.Load()
	sp.Commits += p.commits.Load()
	p.busyMu.Lock()
	sp.PendingBytes = p.queuedBytes
	p.busyMu.Unlock()
	if p.spool != nil {
		p.spool.mu.Lock()
		sp.PendingBytes += p.spool.outstanding
		p.spool.mu.Unlock()
	}
	sp.PendingBytes = min(max(sp.PendingBytes, 0), sp.Bytes)
	if t := p.loadedTable.Load(); t != nil {
		sp.Table = *t
	}
	return sp
}

func (p *ParallelReplayer) fail(err error) {
	p.firstErr.CompareAndSwap(nil, &err)
	p.busyMu.Lock()
	p.busyCV.Broadcast() // wake barriers: they give up on an error
	p.busyMu.Unlock()
}

// failAt is fail for a batch or item that began at stream offset start: what comes before
// it still runs, so that everything up to the failure is done, as in a serial replay.
// The error reported is the one earliest in the stream, where the summary's "everything up
// to" stops, not the first to happen.
func (p *ParallelReplayer) failAt(start int64, err error) {
	p.busyMu.Lock()
	if at := p.failedAt.Load(); at < 0 || start < at {
		p.failedAt.Store(start)
		p.failErr = err
	}
	p.busyMu.Unlock()
	p.fail(err)
}

// shouldRun reports whether b is to run: nothing failed, or only what comes after it.
func (p *ParallelReplayer) shouldRun(b *batch) bool {
	if p.err() == nil {
		return true
	}
	at := p.failedAt.Load()
	return at >= 0 && b.start() < at
}

// start is the stream offset of b's first statement.
func (b *batch) start() int64 {
	switch {
	case b.stmt != nil:
		return b.stmt.Offset
	case len(b.stmts) > 0:
		return b.stmts[0].offset
	case b.spooled:
		return b.spoolFirst
	}
	return b.endByte
}

// errOrStopped is err, or ErrStopped once a graceful stop is asked for. The dispatcher's
// waits (for a table's batches, for queue or spool room) use it, so that a stop takes the
// time of the batches in flight, not of the whole backlog behind them (which
// dropBacklog leaves for --resume).
func (p *ParallelReplayer) errOrStopped() error {
	if err := p.err(); err != nil {
		return err
	}
	select {
	case <-p.opt.Stop:
		return ErrStopped
	default:
		return nil
	}
}

func (p *ParallelReplayer) err() error {
	if e := p.firstErr.Load(); e != nil {
		return *e
	}
	return nil
}

// Run replays the whole stream and returns as the serial Run does.
func (p *ParallelReplayer) Run(ctx context.Context) (*ReplayResult, error) {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for i, c := range p.workers {
		wg.Add(1)
		go func(i int, c Conn) {
			defer wg.Done()
			p.worker(wctx, i, c)
		}(i, c)
	}
	go func() {
		select {
		case <-wctx.Done():
		case <-p.opt.Stop: // the dispatcher's waits end on a stop (errOrStopped)
			p.busyMu.Lock()
			p.busyCV.Broadcast()
			p.busyMu.Unlock()
			<-wctx.Done()
		}
		p.busyMu.Lock()
		p.busyCV.Broadcast()
		p.busyMu.Unlock()
	}()
	err := p.dispatch(wctx)
	if errors.Is(err, ErrStopped) {
		// A graceful stop finishes what runs; what no worker took yet (the spool may hold
		// a lot) is left for --resume, like the rest of the dump.
		p.dropBacklog()
	}
	if ctx.Err() == nil {
		// Batches already dispatched come before the statement that stopped the dispatch
		// (a graceful stop, an error) in stream order: let them commit.
		p.inflight.Wait()
	}
	cancel()
	wg.Wait()
	p.dropBacklog() // what no worker took (an abort) never ran
	p.spool.close()
	// A worker's failure (the earliest in the stream) is the one to report when the
	// dispatcher merely stopped or gave up because of a worker's failure, and is reported
	// with the dispatcher's own failure otherwise.
	p.busyMu.Lock()
	werr := p.failErr
	p.busyMu.Unlock()
	switch first := p.err(); {
	case werr == nil:
	case err == nil, errors.Is(err, ErrStopped), errors.Is(err, context.Canceled), errors.Is(err, first):
		err = werr
	default:
		err = errors.Join(werr, err) // in stream order: the worker's batch came first
	}
	p.busyMu.Lock()
	low, orphaned := p.unexecuted, p.orphaned
	p.busyMu.Unlock()
	if err != nil && p.opt.DeferIndexes && !p.opt.Resumable && ctx.Err() == nil {
		if ierr := p.addIndexesAfterAll(ctx, append(p.deferred, orphaned...)); ierr != nil {
			err = errors.Join(err, ierr)
		}
	}
	res := &p.serial.result
	res.Progress = p.Progress()
	if p.ld != nil {
		res.LoadData = p.ld.stats()
	}
	if low >= 0 && low < res.Bytes {
		// A batch or barrier item failed, or was skipped after a failure, behind the
		// dispatcher: statements after it were sent on other connections and may have
		// committed.
		res.SentBytes, res.Bytes = res.Bytes, low
	}
	// Workers tolerate errors (--force) in the order they meet them.
	slices.SortStableFunc(res.ErrorList, func(a, b *StatementError) int { return cmp.Compare(a.Offset, b.Offset) })
	slices.SortStableFunc(res.WarningList, func(a, b ServerWarning) int { return cmp.Compare(a.Offset, b.Offset) })
	return res, err
}

// waitFor blocks until no batch of the given tables (of any table when global) is in
// flight, or the replay failed or was cancelled.
func (p *ParallelReplayer) waitFor(ctx context.Context, keys []string, global bool) error {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	return p.waitLocked(ctx, p.errOrStopped, func() bool {
		if global {
			return len(p.busy) == 0
		}
		return !anyOver(p.busy, keys, 0)
	})
}

// waitLocked waits on busyCV until ready holds, or gives up with stop's error (the replay
// failed) or ctx's. The caller holds busyMu.
func (p *ParallelReplayer) waitLocked(ctx context.Context, stop func() error, ready func() bool) error {
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
		p.busyCV.Wait()
	}
}

// anyOver reports whether any of keys counts more than n in m (busy, barrierOn). The
// caller holds busyMu.
func anyOver(m map[string]int, keys []string, n int) bool {
	for _, k := range keys {
		if m[k] > n {
			return true
		}
	}
	return false
}

// at gives an error of the dispatcher's own bookkeeping the dump's name and the position of
// the statement it was doing it for, unless it names a position already.
func (p *ParallelReplayer) at(st *Statement, err error) error {
	var se *StatementError
	if errors.As(err, &se) {
		return err
	}
	return fmt.Errorf("%s: %w", At(p.opt.Name, st).Statement(st.Kind, st.Table), err)
}

// inScope reports whether key is among keys, or global.
func inScope(key string, keys []string, global bool) bool {
	if global {
		return true
	}
	for _, k := range keys {
		if k == key {
			return true
		}
	}
	return false
}

// tryAcquire takes queue budget for n bytes if it is free now. A statement larger than
// the whole budget goes through when nothing else is queued.
func (p *ParallelReplayer) tryAcquire(n int64) bool {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	if p.queuedBytes > 0 && p.queuedBytes+n > p.opt.QueueBytes {
		return false
	}
	p.queuedBytes += n
	return true
}

// acquire takes queue budget for n bytes, blocking while the workers are behind.
func (p *ParallelReplayer) acquire(ctx context.Context, n int64) error {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	for p.queuedBytes > 0 && p.queuedBytes+n > p.opt.QueueBytes {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := p.errOrStopped(); err != nil {
			return err
		}
		p.busyCV.Wait()
	}
	p.queuedBytes += n
	return nil
}

// startLoad records, at a barrier, that rows of a table that cannot resume row-exactly
// are about to be sent (see checkpoint.Run.RecordLoad).
func (p *ParallelReplayer) startLoad(ctx context.Context, key string, info tableInfo, offset int64) error {
	c := p.control
	if err := p.opt.Checkpoint.RecordLoad(ctx, c, info.db, info.name, offset); err != nil {
		return fmt.Errorf("record the load of %s: %w", key, err)
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	p.loading[key] = info
	return nil
}

// completeLoads marks the loads under way of the tables in scope complete, on the control
// connection: the barrier that called it has seen all their batches commit.
func (p *ParallelReplayer) completeLoads(ctx context.Context, keys []string, global bool) error {
	return p.markLoaded(ctx, p.control, p.takeLoads(keys, global))
}

// takeLoads removes and returns the loads under way of the tables in scope.
func (p *ParallelReplayer) takeLoads(keys []string, global bool) []tableInfo {
	var taken []tableInfo
	for key, info := range p.loading {
		if inScope(key, keys, global) {
			taken = append(taken, info)
			delete(p.loading, key)
		}
	}
	return taken
}

// markLoaded records the loads of tables complete, on c.
func (p *ParallelReplayer) markLoaded(ctx context.Context, c Conn, loads []tableInfo) error {
	if len(loads) == 0 {
		return nil
	}
	for _, info := range loads {
		if err := p.opt.Checkpoint.CompleteLoad(ctx, c, info.db, info.name); err != nil {
			return fmt.Errorf("record the load of %s.%s complete: %w", info.db, info.name, err)
		}
	}
	_, err := c.ExecContext(ctx, "COMMIT")
	return err
}

// noteUnexecuted records that b did not run (or failed), for the summary's offset.
func (p *ParallelReplayer) noteUnexecuted(b *batch) {
	start := b.start()
	p.busyMu.Lock()
	if p.unexecuted < 0 || start < p.unexecuted {
		p.unexecuted = start
	}
	p.orphaned = append(p.orphaned, b.indexes...)
	p.busyMu.Unlock()
}

// send appends b to the backlog, where a worker claims it (pinned entries: worker 0).
func (p *ParallelReplayer) send(ctx context.Context, b *batch, pinned bool) error {
	p.inflight.Add(1)
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	p.seq++
	b.seq, b.pinned = p.seq, pinned
	if b.stmt == nil {
		p.busy[b.table]++
	} else {
		for _, k := range b.keys {
			p.busy[k]++
			p.barrierOn[k]++
		}
		p.barriers++
	}
	p.backlog = append(p.backlog, b)
	p.busyCV.Broadcast()
	return nil
}

// done releases a batch's queue budget and marks it no longer in flight.
func (p *ParallelReplayer) done(b *batch) {
	p.busyMu.Lock()
	if b.spooled {
		p.spool.release(b)
	} else {
		p.queuedBytes -= b.bytes
	}
	if b.stmt == nil && b.claimed {
		if p.running[b.table]--; p.running[b.table] <= 0 {
			delete(p.running, b.table)
		}
	}
	release := func(k string) {
		if p.busy[k]--; p.busy[k] <= 0 {
			delete(p.busy, k)
		}
	}
	if b.stmt == nil {
		release(b.table)
	} else {
		for _, k := range b.keys {
			release(k)
			if p.barrierOn[k]--; p.barrierOn[k] <= 0 {
				delete(p.barrierOn, k)
			}
		}
		p.barriers--
	}
	p.busyCV.Broadcast()
	p.busyMu.Unlock()
	p.inflight.Done()
}

// barrierPending reports whether a barrier item of any of the tables is in flight.
func (p *ParallelReplayer) barrierPending(keys ...string) bool {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	return anyOver(p.barrierOn, keys, 0)
}

// isBusy reports whether any of the tables has batches in flight.
func (p *ParallelReplayer) isBusy(keys []string) bool {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	return anyOver(p.busy, keys, 0)
}

// waitBarriers blocks until no barrier item is in flight.
func (p *ParallelReplayer) waitBarriers(ctx context.Context) error {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	return p.waitLocked(ctx, p.errOrStopped, func() bool { return p.barriers == 0 })
}

// mayRunOnWorker reports whether st is one of the statements that, following rows of its
// tables still in flight, run as barrier items on a worker; CREATE and DROP TABLE and
// VIEW always run on the control connection.
func mayRunOnWorker(st *Statement) bool {
	switch st.Verb {
	case "CREATE TABLE", "DROP TABLE", "CREATE VIEW", "DROP VIEW":
		return false
	}
	return localDDL(st)
}

// localDDL reports whether a DDL statement acts only on the tables its scope names, so
// that statements of other tables may run before or while it does: CREATE/DROP/ALTER
// TABLE, CREATE/DROP INDEX, CREATE/DROP TRIGGER, DROP VIEW, and a CREATE VIEW that reads
// no table (mysqldump's stand-in, created where the view sorts among the tables and
// replaced at the end: without it the stream waited for the previous table's rows, and
// one worker idled). Other views, routines and events may name any table, CREATE TABLE
// … LIKE reads another one, and ALTER TABLE … RENAME makes a new name.
func localDDL(st *Statement) bool {
	switch st.Verb {
	case "CREATE TABLE", "ALTER TABLE":
		for _, w := range ddlWords(st.SQL, 16) {
			if strings.EqualFold(w, "LIKE") || strings.EqualFold(w, "RENAME") {
				return false
			}
		}
		return st.Verb == "CREATE TABLE" || !bytes.Contains(bytes.ToUpper(st.SQL), []byte("RENAME"))
	case "DROP TABLE", "DROP VIEW":
		return !bytes.Contains(st.SQL, []byte(","))
	case "CREATE INDEX", "DROP INDEX", "CREATE TRIGGER", "DROP TRIGGER":
		return true
	case "CREATE VIEW":
		return readsNoTable(st.SQL)
	}
	return false
}

// readsNoTable reports whether a CREATE VIEW's query names no table: it has no FROM, no
// TABLE statement and no parentheses (no call, subquery or column list), like the
// stand-ins mysqldump writes before the real definitions (MariaDB: SELECT NULL AS `a`,
// MySQL: SELECT 1 AS `a`).
func readsNoTable(q []byte) bool {
	l := lexer{b: q}
	for t := l.next(); t.kind != tEOF; t = l.next() {
		if t.is("FROM") || t.is("TABLE") || (t.kind == tPunct && t.text == "(") {
			return false
		}
	}
	return true
}
