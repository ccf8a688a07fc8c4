package replay

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// ParallelOptions control a parallel replay (dumpscope import --parallel N).
type ParallelOptions struct {
	ReplayOptions
	// BatchBytes is the SQL a worker commits in one transaction (default 4 MiB).
	BatchBytes int64
	// QueueBytes bounds the SQL read ahead of the workers (default: defaultQueueBytes), so
	// memory does not grow with the dump.
	QueueBytes int64
	// MaxRetries bounds how often a batch is retried after a deadlock or lock-wait
	// timeout (mysqlerr.Retryable); default 5.
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
	// StreamBytes returns the stream's length in bytes, or its estimate, 0 while unknown
	// (dumpfile.Input.UncompressedSize); nil: unknown. The read-ahead weighs what is left
	// of the stream before it spools a table's rest to part two workers (schedule.go).
	StreamBytes func() int64
	// Notice receives the one line that says from which statement, and why, the replay
	// continues on one connection (see Planner); nil: standard error.
	Notice func(line string)
	// LoadData sends each batch of plain row inserts as one LOAD DATA LOCAL stream where
	// that is provably exact (loaddata.go), and as INSERTs otherwise.
	LoadData bool
	// Wires, when set, watches the workers' connections (WatchWire): a worker whose
	// connection it reads sends its row statements itself (rawquery.go).
	Wires *WireWatch
	// EarlyRowCounts: the import counts rows at the end; free workers count the tables
	// done before it (earlycount.go; ReplayResult.ServerRows).
	EarlyRowCounts bool
}

// deferredIndexes are the ADD KEY clauses held back from one CREATE TABLE.
type deferredIndexes struct {
	key, db, table string
	add            []string
	// from is where the CREATE TABLE that held them back is: an error adding them (a key
	// the server refuses) names it, the statement the user would fix.
	from split.Position
	// session is what the CREATE TABLE read add under (deferindex_session.go).
	session keySession
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
	// parents are the tables its foreign keys reference, when foreign_key_checks was on
	// at the lookup: its rows wait for their rows in flight.
	parents []string
	// notPlain: rows into it may write other tables (a view, a MERGE table).
	notPlain string
	// referenced: with foreign_key_checks on, other tables' foreign keys reference it.
	referenced bool
	// uniqueKey: a UNIQUE key other than the primary key, whose duplicates InnoDB's bulk
	// insert into an empty table finds only as it builds the key (bulkpath.go).
	uniqueKey bool
	// autoIncrement is the AUTO_INCREMENT column ("" if none) and autoIncrementAt its
	// 0-based position in a row without a column list (plan.TableFacts): an INSERT that leaves ids to the server runs on the control
	// connection in its table's order (see Plan.IDs).
	autoIncrement   string
	autoIncrementAt int
	// autoIncrementSigned: the column is not UNSIGNED (plan.TableFacts).
	autoIncrementSigned bool
}

// keepsOrder reports whether rows of the table key (described by info) stay on worker 0 in
// stream order: triggers or an order-sensitive statement made it so, a trigger calls a
// routine, or the table cannot resume row-exactly.
func (cg *catalog) keepsOrder(key string, info tableInfo) bool {
	return cg.ordered[key] || cg.allOrdered || !info.resumable()
}

// resumable reports whether a crash can be resumed row-exactly from the progress rows;
// otherwise the table is reloaded from its first row.
func (t tableInfo) resumable() bool { return t.primaryKey && t.transactional }

// ParallelReplayer replays one dump stream on N worker connections plus one control
// connection. One goroutine (Run's caller) splits and dispatches; N workers execute
// batches and barrier items; the control connection runs everything else. What it does
// differently from the client:
//   - The planner (importer/plan) decides where each statement runs; only plain row
//     inserts leave stream order, and constructs that depend on one connection's state,
//     or transactions that hold rows, run on the control connection. Its parts, each a
//     type with its own state: the dispatcher (dispatch.go), the scheduler (schedule.go:
//     backlog, claims, budget, under its own lock), the workerPool (worker.go, turn.go:
//     run, retry), the controller (control.go, checkpoint.go, exact.go: the control
//     connection), the catalog (catalog.go: table facts), heldIndexes (indexes.go:
//     --defer-indexes); spool.go keeps read-ahead on disk.
//   - Plain row inserts are grouped per table into batches of about BatchBytes and
//     each batch runs as START TRANSACTION … COMMIT on one worker; batches of one table run
//     on several workers at once, and batches of the next table start while the last ones
//     of the previous table still commit.
//   - Every other statement is a barrier for the tables it touches: a table's DDL,
//     triggers on it, ALTERs of it wait until its batches in flight have committed; a
//     statement whose tables are not known (DML, CREATE … SELECT, DROP DATABASE) waits for
//     all of them. It then runs on the control connection — unless it is one of the
//     statements that follow a table's rows (ALTER TABLE, CREATE/DROP INDEX or TRIGGER):
//     then it is a barrier item (see barrierItem), run by a worker once those rows are in, and
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
	split   *split.Splitter
	opt     ParallelOptions

	serial *Replayer // runs barrier statements on the control connection with the serial semantics
	ld     *loadData // --load-data; nil without it
	// loadedTable is the table of the batch committed last: what the progress line names
	// (the reader's table runs ahead of what loads).
	loadedTable atomic.Pointer[string]
	// appliedMax is the most SQL Progress has reported applied (Bytes − PendingBytes).
	appliedMax atomic.Int64
	// dumpAutocommitOff: the dump's connection had autocommit off after the session
	// statement workerSession saw last, as the planner tells (plan.AutocommitOn; the
	// dispatcher's and the controller's goroutine, one at a time).
	dumpAutocommitOff bool

	inflight sync.WaitGroup
	firstErr atomic.Pointer[error]
	failedAt atomic.Int64 // stream offset of the earliest failed batch or item; -1: none

	// sched holds the backlog, what is in flight per table and the read-ahead budget
	// (schedule.go): the state the dispatcher and the workers share, under its own lock.
	sched *scheduler

	// outcome is what went wrong, under its own lock: failErr is the error of the batch or
	// item earliest in the stream that failed; unexecuted is the lowest stream offset of a
	// batch or item that failed or was skipped after a failure (-1: none): the summary's
	// "everything up to" stops there; orphaned are the held-back indexes that barrier
	// items which did not run carried.
	outcome struct {
		sync.Mutex
		failErr    error
		unexecuted int64
		orphaned   []deferredIndexes
	}

	rows, statements, commits atomic.Int64

	// The parts, each owning its state (they reach the connections, the options and the
	// outcome through p): the dispatcher reads and plans the stream, the scheduler
	// (sched) queues what it sends, the pool's workers run it, the controller runs the
	// rest on the control connection, the catalog knows the tables, held the indexes
	// --defer-indexes holds back.
	disp *dispatcher
	pool *workerPool
	ctl  *controller
	cat  *catalog
	held *heldIndexes
}

// NewParallelReplayer prepares a replay of split: conns[0] is the control connection,
// conns[1:] (at least one) the workers.
func NewParallelReplayer(ctx context.Context, conns []Conn, split *split.Splitter, opt ParallelOptions) (*ParallelReplayer, error) {
	if len(conns) < 2 {
		return nil, errors.New("parallel replay needs a control connection and at least one worker")
	}
	if opt.BatchBytes <= 0 {
		opt.BatchBytes = 4 << 20
	}
	workers := conns[1:]
	if opt.QueueBytes <= 0 {
		opt.QueueBytes = defaultQueueBytes(len(workers), opt.BatchBytes)
	}
	if opt.MaxRetries <= 0 {
		opt.MaxRetries = 5
	}
	serial, err := NewReplayer(ctx, conns[0], split, opt.ReplayOptions)
	if err != nil {
		return nil, err
	}
	p := &ParallelReplayer{
		control: conns[0], workers: workers, split: split, opt: opt, serial: serial,
	}
	p.disp = &dispatcher{p: p, planner: newPlanner(p), lastSent: -1, prevSent: -1}
	var increment, offset int64
	if err := conns[0].QueryRowContext(ctx, "SELECT @@session.auto_increment_increment, @@session.auto_increment_offset").Scan(&increment, &offset); err != nil {
		return nil, fmt.Errorf("read the session's auto_increment_increment: %w", err)
	}
	p.disp.planner.SessionStep(increment, offset)
	serial.counts = newRowCounts()
	p.pool = &workerPool{p: p}
	p.ctl = newController(p)
	p.cat = &catalog{p: p, tables: map[string]tableInfo{}, ordered: map[string]bool{}, loading: map[string]tableInfo{}}
	p.held = &heldIndexes{p: p}
	if p.opt.Notice == nil {
		p.opt.Notice = func(line string) { fmt.Fprintln(os.Stderr, line) }
	}
	p.sched = newScheduler(len(workers), p.opt, p.errOrStopped)
	p.sched.dispatcher = p.control // pinged while the dispatcher waits (keepalive.go)
	p.sched.readBytes = serial.bytes.Load
	if p.pool.workerIDs, err = workerConnectionIDs(ctx, workers); err != nil {
		return nil, err
	}
	if err := resetWorkers(ctx, workers); err != nil { // worker_session.go
		return nil, err
	}
	serial.warn.keepWire = keeperWire(ctx, conns[0], opt.Wires) // diagcount.go
	p.pool.raw = map[Conn]*rawQuery{}
	for i, c := range workers {
		if rq := newRawQuery(c, opt.Wires.watchOf(ctx, c, uint32(p.pool.workerIDs[i])), serial.maxPacketBytes); rq != nil {
			p.pool.raw[c] = rq
		}
	}
	p.outcome.unexecuted = -1
	p.failedAt.Store(-1)
	if opt.LoadData {
		p.ld = &loadData{force: opt.Force, maxPacketBytes: serial.maxPacketBytes}
		serial.schemaChanged = p.ld.schemaChanged
		p.sched.serialTables = func() bool { return !p.ld.off.Load() }
	}
	return p, nil
}

// Progress returns the replay's counters; safe for concurrent use.
func (p *ParallelReplayer) Progress() Progress {
	sp := p.serial.Progress()
	sp.Rows += p.rows.Load()
	sp.Statements += p.statements.Load()
	sp.Commits += p.commits.Load()
	sp.PendingBytes = p.sched.budget().pendingBytes()
	sp.PendingBytes = min(max(sp.PendingBytes, 0), sp.Bytes)
	// What was applied only grows. Bytes moves on as a statement is read, and the statement
	// joins PendingBytes only once its batch takes budget for it: in between it counted as
	// applied, and the next sample took it back (a 1 MiB INSERT: "15.2 MiB SQL", then
	// "14.2 MiB SQL, -5.0 MiB/s"). The most applied so far stands until it is passed.
	for applied := sp.Bytes - sp.PendingBytes; ; {
		most := p.appliedMax.Load()
		if applied <= most {
			sp.PendingBytes = sp.Bytes - most
			break
		}
		if p.appliedMax.CompareAndSwap(most, applied) {
			break
		}
	}
	sp.SpooledBytes = p.sched.budget().spooled()
	sp.TablesDone, sp.Phase = p.tablesProgress(sp.Phase)
	if t := p.loadedTable.Load(); t != nil {
		sp.Table = *t
	}
	return sp
}

func (p *ParallelReplayer) fail(err error) {
	p.firstErr.CompareAndSwap(nil, &err)
	p.sched.broadcast() // wake barriers: they give up on an error
}

// failAt is fail for a batch or item that began at stream offset start: what comes before
// it still runs, so that everything up to the failure is done, as in a serial replay.
// The error reported is the one earliest in the stream, where the summary's "everything up
// to" stops, not the first to happen.
func (p *ParallelReplayer) failAt(start int64, err error) {
	p.outcome.Lock()
	if at := p.failedAt.Load(); at < 0 || start < at {
		p.failedAt.Store(start)
		p.outcome.failErr = err
	}
	p.outcome.Unlock()
	p.fail(err)
}

// shouldRun reports whether b is to run: nothing failed, or only what comes after it.
func (p *ParallelReplayer) shouldRun(e entry) bool {
	if p.err() == nil {
		return true
	}
	at := p.failedAt.Load()
	return at >= 0 && e.start() < at
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
	p.pool.countCtx = ctx
	exited := make([]chan struct{}, len(p.workers))
	for i, c := range p.workers {
		exited[i] = make(chan struct{})
		go func(i int, c Conn) {
			defer close(exited[i])
			p.pool.worker(wctx, i, c)
		}(i, c)
	}
	go func() {
		defer crash.Recover(p.fail)
		select {
		case <-wctx.Done():
		case <-p.opt.Stop: // the dispatcher's waits end on a stop (errOrStopped)
			p.sched.broadcast()
			<-wctx.Done()
		}
		p.sched.broadcast()
	}()
	err := p.disp.dispatch(wctx)
	err = p.ctl.diag.end(wctx, p, err) // a stop or failure after a statement whose commit waited (diagtail.go)
	p.serial.tables.sent.Store(true)
	if errors.Is(err, ErrStopped) {
		// A graceful stop finishes what runs; what no worker took yet (the spool may hold
		// a lot) is left for --resume, like the rest of the dump.
		p.dropBacklog()
	}
	if ctx.Err() == nil {
		// Batches already dispatched come before the statement that stopped the dispatch
		// (a graceful stop, an error) in stream order: let them commit.
		idleBegin(p.control) // pinged while the workers finish (keepalive.go)
		p.inflight.Wait()
		idleEnd(p.control)
	}
	cancel()
	early := p.sched.earlyCounts().end()
	for i, ch := range exited {
		if early == nil || !early.Busy[i] {
			<-ch // a worker still counting is waited for by EarlyCounts.Wait
		}
	}
	p.dropBacklog() // what no worker took (an abort) never ran
	p.sched.budget().closeSpool()
	// A worker's failure (the earliest in the stream) is the one to report when the
	// dispatcher merely stopped or gave up because of a worker's failure, and is reported
	// with the dispatcher's own failure otherwise.
	p.outcome.Lock()
	werr := p.outcome.failErr
	p.outcome.Unlock()
	switch first := p.err(); {
	case werr == nil:
	case err == nil, errors.Is(err, ErrStopped), errors.Is(err, context.Canceled), errors.Is(err, first):
		err = werr
	default:
		err = errors.Join(werr, err) // in stream order: the worker's batch came first
	}
	p.outcome.Lock()
	low, orphaned := p.outcome.unexecuted, p.outcome.orphaned
	p.outcome.Unlock()
	if err != nil && p.opt.DeferIndexes && !p.opt.Resumable && ctx.Err() == nil {
		if ierr := p.held.addIndexesAfterAll(ctx, append(p.held.deferred, orphaned...)); ierr != nil {
			err = errors.Join(err, ierr)
		}
	}
	res := &p.serial.result
	if err == nil {
		p.serial.tables.end()
	}
	res.Progress = p.Progress()
	res.DispatchedThrough = p.disp.lastSent
	res.Early, res.BinaryNames = early, p.pool.binaryBatches.Load()
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
	return p.sched.waitFor(ctx, keys, global)
}

// startLoad records, at a barrier, that rows of a table that cannot resume row-exactly
// are about to be sent (see checkpoint.Run.RecordLoad), and whether a resume may empty it
// to reload it: only when a CREATE TABLE of this run made it and it is still empty, so
// that TRUNCATE takes nothing but the dump's rows.
func (cg *catalog) startLoad(ctx context.Context, key string, info tableInfo, offset int64) error {
	p := cg.p
	c, cp := p.control, p.opt.Checkpoint
	fresh, err := cp.Created(ctx, c, info.db, info.name)
	if err != nil {
		return fmt.Errorf("look up whether this import created %s: %w", key, err)
	}
	if fresh {
		var one int
		var me *mysql.MySQLError
		switch err := c.QueryRowContext(ctx, "SELECT 1 FROM "+sqlscan.QuoteIdent(info.db)+"."+sqlscan.QuoteIdent(info.name)+" LIMIT 1").Scan(&one); {
		case err == nil:
			fresh = false // a statement of the dump wrote it before its rows
		case errors.As(err, &me):
			fresh = false // an account without SELECT on it: not known empty, never truncated
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("look up whether %s is empty: %w", key, err)
		}
	}
	var autoInc sql.NullString
	if fresh && info.autoIncrement != "" {
		// What a reload gives back after its TRUNCATE (planReload).
		if err := c.QueryRowContext(ctx, "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", info.db, info.name).Scan(&autoInc); err != nil {
			return fmt.Errorf("look up the AUTO_INCREMENT of %s: %w", key, err)
		}
	}
	if err := cp.RecordLoad(ctx, c, info.db, info.name, offset, fresh, autoInc); err != nil {
		return fmt.Errorf("record the load of %s: %w", key, err)
	}
	if _, err := c.ExecContext(ctx, ownCommit); err != nil {
		return err
	}
	cg.loading[key] = info
	return nil
}

// completeLoads marks the loads under way of the tables in scope complete, on the control
// connection: the barrier that called it has seen all their batches commit.
func (cg *catalog) completeLoads(ctx context.Context, keys []string, global bool) error {
	p := cg.p
	return cg.markLoaded(ctx, p.control, cg.takeLoads(keys, global))
}

// takeLoads removes and returns the loads under way of the tables in scope.
func (cg *catalog) takeLoads(keys []string, global bool) []tableInfo {
	var taken []tableInfo
	for key, info := range cg.loading {
		if inScope(key, keys, global) {
			taken = append(taken, info)
			delete(cg.loading, key)
		}
	}
	return taken
}

// markLoaded records the loads of tables complete, on c.
func (cg *catalog) markLoaded(ctx context.Context, c Conn, loads []tableInfo) error {
	p := cg.p
	if len(loads) == 0 {
		return nil
	}
	for _, info := range loads {
		if err := p.opt.Checkpoint.CompleteLoad(ctx, c, info.db, info.name); err != nil {
			return fmt.Errorf("record the load of %s.%s complete: %w", info.db, info.name, err)
		}
	}
	_, err := c.ExecContext(ctx, ownCommit)
	return err
}

// noteUnexecuted records that e did not run (or failed), for the summary's offset.
func (p *ParallelReplayer) noteUnexecuted(e entry) {
	start := e.start()
	p.outcome.Lock()
	defer p.outcome.Unlock()
	if p.outcome.unexecuted < 0 || start < p.outcome.unexecuted {
		p.outcome.unexecuted = start
	}
	if item, ok := e.(*barrierItem); ok {
		p.outcome.orphaned = append(p.outcome.orphaned, item.indexes...)
	}
}

// send hands e to the scheduler, where a worker claims it (pinned entries: worker 0).
func (p *ParallelReplayer) send(e entry, pinned bool) {
	p.inflight.Add(1)
	p.sched.send(e, pinned)
}

// done releases e's budget and marks it no longer in flight.
func (p *ParallelReplayer) done(e entry) {
	p.sched.done(e)
	p.inflight.Done()
}

// dropBacklog takes every entry no worker has claimed out of the backlog, as not run.
func (p *ParallelReplayer) dropBacklog() {
	for _, e := range p.sched.takeBacklog() {
		p.noteUnexecuted(e)
		p.done(e)
	}
}

// mayRunOnWorker reports whether st is one of the statements that, following rows of its
// tables still in flight, run as barrier items on a worker; CREATE and DROP TABLE and
// VIEW always run on the control connection.
func mayRunOnWorker(st *split.Statement) bool {
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
func localDDL(st *split.Statement) bool {
	switch st.Verb {
	case "CREATE TABLE", "ALTER TABLE":
		for _, w := range sqlscan.DDLWords(st.SQL, 16, st.Syntax()) {
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
		return plan.ReadsNoTable(st.SQL, st.Syntax())
	}
	return false
}
