package importer

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
	"time"

	"github.com/go-sql-driver/mysql"
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
	// earlier attempt committed (see Checkpointer).
	Checkpoint *Checkpointer
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
//   - INSERT/REPLACE statements are grouped per table into batches of about BatchBytes and
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
		<-wctx.Done()
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

// referencedTables returns the (database, table) of each REFERENCES clause of a DDL
// statement; ok is false when one does not name a table it can read.
func referencedTables(q []byte) (tables [][2]string, ok bool) {
	l := lexer{b: q}
	for t := l.next(); t.kind != tEOF; t = l.next() {
		if !t.is("REFERENCES") {
			continue
		}
		db, table := l.name(l.next())
		if table == "" {
			return nil, false
		}
		tables = append(tables, [2]string{db, table})
	}
	return tables, true
}

// waitFor blocks until no batch of the given tables (of any table when global) is in
// flight, or the replay failed or was cancelled.
func (p *ParallelReplayer) waitFor(ctx context.Context, keys []string, global bool) error {
	p.busyMu.Lock()
	defer p.busyMu.Unlock()
	return p.waitLocked(ctx, p.err, func() bool {
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
	return fmt.Errorf("%s: offset %d, line %d: %s `%s`: %w", p.opt.Name, st.Offset, st.Line, st.Kind, st.Table, err)
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

// holdBackIndexes takes the plain secondary indexes out of a CREATE TABLE under
// --defer-indexes (rewriting st.SQL) and returns them, for the caller to remember in
// p.deferred (addDeferredIndexes) once the table exists.
func (p *ParallelReplayer) holdBackIndexes(st *Statement) *deferredIndexes {
	if !p.opt.DeferIndexes || st.Kind != KindDDL || st.Verb != "CREATE TABLE" || st.Table == "" {
		return nil
	}
	stripped, add := deferredKeys(st.SQL)
	if add == nil {
		return nil
	}
	st.SQL = stripped
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	return &deferredIndexes{key: p.tableKey(st), db: db, table: st.Table, add: add}
}

// noOpKeysToggle reports whether st is mysqldump's `ALTER TABLE t DISABLE KEYS` or
// `ENABLE KEYS` on a transactional (InnoDB) table, where it does nothing, and whose table
// has no held-back indexes waiting for it. MyISAM/Aria tables keep them: there they
// postpone and rebuild the non-unique indexes.
func (p *ParallelReplayer) noOpKeysToggle(ctx context.Context, st *Statement) bool {
	if st.Verb != "ALTER TABLE" || st.Table == "" {
		return false
	}
	w := ddlWords(st.SQL, 6)
	if len(w) != 5 || !strings.EqualFold(w[4], "KEYS") || !(strings.EqualFold(w[3], "DISABLE") || strings.EqualFold(w[3], "ENABLE")) {
		return false
	}
	key := p.tableKey(st)
	for _, d := range p.deferred {
		if d.key == key {
			return false
		}
	}
	if p.barrierPending(key) {
		return false // an ALTER in flight may change the engine: queue it behind that
	}
	info, known := p.tables[key]
	if !known {
		var err error
		if info, err = p.lookupTable(ctx, st, key); err != nil {
			return false // let the statement run as a barrier and report what is wrong
		}
	}
	return info.transactional
}

// disablesKeysOfDeferred reports whether st is mysqldump's `ALTER TABLE t DISABLE KEYS`
// before the rows of a table whose indexes are held back: not yet the time to add them.
func (p *ParallelReplayer) disablesKeysOfDeferred(st *Statement) bool {
	if st.Verb != "ALTER TABLE" || !bytes.Contains(bytes.ToUpper(st.SQL), []byte("DISABLE KEYS")) {
		return false
	}
	key := p.tableKey(st)
	for _, d := range p.deferred {
		if d.key == key {
			return true
		}
	}
	return false
}

// addDeferredIndexes adds, on the control connection, the held-back indexes of the tables
// in scope (their batches have committed): at mysqldump's ENABLE KEYS, at the next
// statement that touches the table, or at the end.
func (p *ParallelReplayer) addDeferredIndexes(ctx context.Context, keys []string, global bool) error {
	return p.addIndexes(ctx, p.control, p.takeDeferred(keys, global))
}

// takeDeferred removes and returns the held-back indexes of the tables in scope.
func (p *ParallelReplayer) takeDeferred(keys []string, global bool) []deferredIndexes {
	var taken []deferredIndexes
	kept := p.deferred[:0]
	for _, d := range p.deferred {
		if inScope(d.key, keys, global) {
			taken = append(taken, d)
		} else {
			kept = append(kept, d)
		}
	}
	p.deferred = kept
	return taken
}

// addIndexesAfterAll adds, after a run that cannot be resumed ended early, the held-back
// indexes of the tables it created. A table whose CREATE failed is not there (1146).
func (p *ParallelReplayer) addIndexesAfterAll(ctx context.Context, ds []deferredIndexes) error {
	var errs []error
	for _, d := range ds {
		if err := p.addIndexes(ctx, p.control, []deferredIndexes{d}); err != nil {
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1146 {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// hasDeferred reports whether any of the tables has indexes held back.
func (p *ParallelReplayer) hasDeferred(keys []string) bool {
	for _, d := range p.deferred {
		if inScope(d.key, keys, false) {
			return true
		}
	}
	return false
}

// addIndexes adds held-back indexes on c, one ALTER TABLE per table. A "duplicate key
// name" error means a resumed run's earlier attempt added them already.
func (p *ParallelReplayer) addIndexes(ctx context.Context, c Conn, ds []deferredIndexes) error {
	for _, d := range ds {
		q := "ALTER TABLE " + quoteName(d.db) + "." + quoteName(d.table) + " " + strings.Join(d.add, ", ")
		if _, err := c.ExecContext(ctx, q); err != nil {
			var me *mysql.MySQLError
			if !errors.As(err, &me) || !alreadyApplied(me.Number) {
				return fmt.Errorf("%s: --defer-indexes: %s: %w", p.opt.Name, q, err)
			}
		}
	}
	return nil
}

// barrier runs one statement that is not a batched INSERT on the control connection, the
// batches of the tables it touches having committed.
func (p *ParallelReplayer) barrier(ctx context.Context, st *Statement, end int64) error {
	q, err := p.serial.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	return p.runBarrier(ctx, p.control, st, q, end)
}

// runBarrier runs q, prepared from st, on c. With progress rows, DML runs in a transaction
// with its progress row; DDL commits on its own, so its progress row follows it, and on
// resume an unrecorded DDL's "already exists" errors may mean it had run
// (Checkpointer.mayHaveRun).
func (p *ParallelReplayer) runBarrier(ctx context.Context, c Conn, st *Statement, q []byte, end int64) error {
	r, cp := p.serial, p.opt.Checkpoint
	record := cp != nil && st.Kind != KindSession && st.Kind != KindClient
	if !record {
		return r.exec(ctx, c, st, q)
	}
	ddl := st.Kind == KindDDL || st.Kind == KindRoutine
	if !ddl {
		if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
			return r.sqlError(st, st.SQL, err)
		}
	}
	err := r.exec(ctx, c, st, q)
	var se *StatementError
	switch {
	case err != nil && ddl && errors.As(err, &se) && alreadyApplied(se.Code) && cp.mayHaveRun(st.Offset):
		err = nil // it ran before the crash; its progress row did not
	case err == nil && ddl && c == p.control && !mayRunOnWorker(st):
		// Only a statement that runs on the control connection in every attempt: an ALTER
		// may have waited on a worker in the interrupted run while later DDL ran.
		cp.ranAfresh(st.Offset)
	}
	if err != nil {
		if !ddl {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
		}
		return err
	}
	if _, err := c.ExecContext(ctx, cp.recordSQL(st.Offset, end, 1, 0)); err != nil {
		return r.sqlError(st, st.SQL, err)
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		return r.sqlError(st, st.SQL, err)
	}
	return nil
}

// learn records which tables keep stream order because a trigger writes them or is on
// them (schema-first dumps create triggers before the rows).
func (p *ParallelReplayer) learn(st *Statement) {
	if st.Kind != KindRoutine || !strings.Contains(strings.ToUpper(st.Verb), "TRIGGER") {
		return
	}
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	p.orderTriggerTables(st.SQL, db)
}

// orderTriggerTables marks the tables a trigger body touches (its own, those it writes and
// those it reads) to keep stream order, or every table when it calls a routine, and
// returns the tables it names.
func (p *ParallelReplayer) orderTriggerTables(body []byte, db string) []string {
	tables, known := triggerTables(body, db)
	if !known {
		p.allOrdered = true
	}
	for _, t := range tables {
		p.ordered[t] = true
	}
	return tables
}

// callsFunction reports whether a trigger body calls one of the stored functions of db
// (a name of one followed by a parenthesis, in any case).
func callsFunction(ctx context.Context, c Conn, db, body string) (bool, error) {
	rows, err := c.QueryContext(ctx, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA=? AND ROUTINE_TYPE='FUNCTION'", db)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	upper := strings.ToUpper(strings.ReplaceAll(body, "`", ""))
	found := false
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return false, err
		}
		for rest, fn := upper, strings.ToUpper(name); !found; {
			i := strings.Index(rest, fn)
			if i < 0 {
				break
			}
			before, after := i-1, strings.TrimLeft(rest[i+len(fn):], " \t\r\n")
			if (before < 0 || !isWordByte(rest[before])) && strings.HasPrefix(after, "(") {
				found = true
			}
			rest = rest[i+len(fn):]
		}
	}
	return found, rows.Err()
}

// triggerTables returns the tables (db.table, db being the trigger's for unqualified
// names) that a CREATE TRIGGER, or a trigger body, names: the table it is on and the tables
// its body inserts into, updates, deletes from or reads (a BEFORE INSERT trigger that looks
// up a table loaded later sees its rows only in stream order). known is false when the
// body CALLs a procedure, whose tables it cannot see.
func triggerTables(q []byte, db string) (tables []string, known bool) {
	qualify := func(name string) string {
		if i := strings.LastIndexAny(name, "\x01."); i >= 0 {
			return name[:i] + "." + name[i+1:]
		}
		return db + "." + name
	}
	known = true
	w := ddlWords(q, 64)
	for i := 0; i+1 < len(w); i++ {
		if u := strings.ToUpper(w[i]); (u == "ON" && i > 0) || u == "INTO" || u == "UPDATE" || u == "FROM" || u == "JOIN" {
			tables = append(tables, qualify(w[i+1]))
		}
	}
	// ddlWords stops at the first '(' — scan the body for the remaining words too.
	body := strings.Fields(strings.NewReplacer("(", " ", ")", " ", ";", " ", ",", " ", "`", "").Replace(string(q)))
	for i := 0; i+1 < len(body); i++ {
		switch u := strings.ToUpper(body[i]); {
		case u == "CALL":
			known = false
		case (u == "ON" && i > 0) || u == "INTO" || u == "UPDATE" || u == "FROM" || u == "JOIN":
			tables = append(tables, qualify(body[i+1]))
		}
	}
	return tables, known
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
		if err := p.err(); err != nil {
			return err
		}
		p.busyCV.Wait()
	}
	p.queuedBytes += n
	return nil
}

// tableKey names a table by database and name, so same-named tables of two databases in
// one dump are told apart.
func (p *ParallelReplayer) tableKey(st *Statement) string {
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	return db + "." + st.Table
}

// lookupTable reads from the server whether a table has a primary key, whether its engine
// is transactional, whether it has triggers (and which tables those triggers write), and,
// with foreign key checks on, waits for its parent tables' batches.
// Called at a barrier, before the table's first rows in this run. With progress rows, a
// table that cannot resume row-exactly has its load recorded first.
func (p *ParallelReplayer) lookupTable(ctx context.Context, st *Statement, key string) (tableInfo, error) {
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	c := p.control
	var info tableInfo
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND INDEX_NAME='PRIMARY'", db, st.Table).Scan(&n); err != nil {
		return info, fmt.Errorf("look up the primary key of %s: %w", key, err)
	}
	info.primaryKey = n > 0
	var engine sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT MAX(ENGINE) FROM information_schema.TABLES WHERE TABLE_SCHEMA=? AND TABLE_NAME=?", db, st.Table).Scan(&engine); err != nil {
		return info, fmt.Errorf("look up the engine of %s: %w", key, err)
	}
	info.transactional = strings.EqualFold(engine.String, "InnoDB")
	var autoInc sql.NullString
	var autoIncAt sql.NullInt64
	if err := c.QueryRowContext(ctx, "SELECT MAX(COLUMN_NAME), MAX(ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND EXTRA LIKE '%auto_increment%'", db, st.Table).Scan(&autoInc, &autoIncAt); err != nil {
		return info, fmt.Errorf("look up the AUTO_INCREMENT column of %s: %w", key, err)
	}
	info.autoIncrement, info.autoIncrementAt = autoInc.String, int(autoIncAt.Int64)-1
	var body sql.NullString
	err := c.QueryRowContext(ctx, "SELECT GROUP_CONCAT(ACTION_STATEMENT SEPARATOR ';') FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA=? AND EVENT_OBJECT_TABLE=?", db, st.Table).Scan(&body)
	if err != nil {
		return info, fmt.Errorf("look up the triggers of %s: %w", key, err)
	}
	if body.Valid {
		p.ordered[key] = true
		info.touches = p.orderTriggerTables([]byte(body.String), db)
		// A stored function the body calls may read or write any table, like a CALL.
		calls, err := callsFunction(ctx, c, db, body.String)
		if err != nil {
			return info, fmt.Errorf("look up the functions the triggers of %s call: %w", key, err)
		}
		if calls {
			p.allOrdered = true
		}
		// The rows of the tables its triggers touch that are in flight on other
		// connections commit first: from here on those tables keep stream order on
		// worker 0, as the client's replay would have them.
		if err := p.waitFor(ctx, info.touches, p.allOrdered); err != nil {
			return info, err
		}
	}
	// With foreign key checks on in the session, a child row may only be sent once the
	// parent rows it references have committed; they come earlier in the stream, so
	// waiting for the parent tables' batches in flight at the child's first rows is enough.
	var fkChecks int
	if err := c.QueryRowContext(ctx, "SELECT @@foreign_key_checks").Scan(&fkChecks); err != nil {
		return info, err
	}
	if fkChecks == 1 {
		rows, err := c.QueryContext(ctx, "SELECT DISTINCT REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND REFERENCED_TABLE_NAME IS NOT NULL", db, st.Table)
		if err != nil {
			return info, fmt.Errorf("look up the foreign keys of %s: %w", key, err)
		}
		var parents []string
		for rows.Next() {
			var pdb, pt string
			if err := rows.Scan(&pdb, &pt); err != nil {
				rows.Close()
				return info, err
			}
			parents = append(parents, pdb+"."+pt)
			if pdb+"."+pt == key {
				// A row may reference one earlier in its own table: stream order.
				p.ordered[key] = true
			}
		}
		rows.Close()
		if err := p.waitFor(ctx, parents, false); err != nil {
			return info, err
		}
	}
	info.db, info.name = db, st.Table
	p.tables[key] = info
	return info, nil
}

// startLoad records, at a barrier, that rows of a table that cannot resume row-exactly
// are about to be sent (see Checkpointer.RecordLoad).
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

// sendBarrier queues st as a barrier item (see batch): pinned to worker 0 when one of its
// tables keeps its rows there, so that it follows them without waiting. The held-back
// indexes and the loads under way of its tables go with it.
func (p *ParallelReplayer) sendBarrier(ctx context.Context, st *Statement, keys []string, end int64) error {
	q, err := p.serial.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	p.learn(st)
	// The splitter reuses its buffers at the next statement: the item keeps copies.
	own := *st
	own.SQL, own.Raw = bytes.Clone(st.SQL), nil
	b := &batch{stmt: &own, q: bytes.Clone(q), endByte: end, session: p.session}
	for _, k := range keys {
		if !slices.Contains(b.keys, k) {
			b.keys = append(b.keys, k)
		}
	}
	if p.opt.DeferIndexes && !p.disablesKeysOfDeferred(st) {
		b.indexes = p.takeDeferred(b.keys, false)
	}
	if p.opt.Checkpoint != nil {
		b.loads = p.takeLoads(b.keys, false)
	}
	pinned := false
	for _, k := range b.keys {
		if info, ok := p.tables[k]; ok && p.keepsOrder(k, info) {
			pinned = true
		}
	}
	if changesLookup(st) {
		for _, k := range b.keys {
			delete(p.tables, k)
		}
	}
	return p.send(ctx, b, pinned)
}

// changesLookup reports whether st may change what lookupTable read about the tables it
// touches: a DROP, ALTER or RENAME (engine, keys), a trigger (which tables its table's
// rows write, and whether they keep stream order).
func changesLookup(st *Statement) bool {
	return (st.Kind == KindDDL && !strings.HasPrefix(st.Verb, "CREATE")) || strings.Contains(st.Verb, "TRIGGER")
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
	return p.runBarrier(ctx, c, b.stmt, b.q, b.endByte)
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
	return p.waitLocked(ctx, p.err, func() bool { return p.barriers == 0 })
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

func (p *ParallelReplayer) runBatch(ctx context.Context, c Conn, b *batch) error {
	for attempt := 0; ; attempt++ {
		err, retry := p.tryBatch(ctx, c, b)
		if err == nil {
			p.rows.Add(b.rows)
			p.commits.Add(1)
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
		return fmt.Errorf("%s: offset %d, line %d: batch of %s: %w", p.opt.Name, b.stmts[0].offset, b.stmts[0].line, b.table, err), false
	}
	var tolerated []*StatementError
	loaded := false
	if p.ld != nil {
		var err error
		if loaded, err = p.ld.load(ctx, c, b.stmts); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: offset %d, line %d: LOAD DATA of a batch of %s: %w", p.opt.Name, b.stmts[0].offset, b.stmts[0].line, b.table, err), false
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
			if errors.As(err, &me) && (me.Number == 1213 || me.Number == 1205) {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return err, true
			}
			se := &StatementError{Name: p.opt.Name, Offset: s.offset, Line: s.line, Kind: KindInsert, Table: b.table, Head: head([]byte(s.sql)), Err: err}
			if errors.As(err, &me) {
				se.Code, se.SQLState, se.Message = me.Number, string(me.SQLState[:]), me.Message
			} else {
				se.Message = err.Error()
			}
			if !p.opt.Force || me == nil || isConnectionFatal(me.Number) {
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
		if _, err := c.ExecContext(ctx, cp.recordSQL(b.stmts[0].offset, b.endByte, len(b.stmts), b.rows)); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: offset %d, line %d: progress row of a batch of %s: %w", p.opt.Name, b.stmts[0].offset, b.stmts[0].line, b.table, err), false
		}
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		var me *mysql.MySQLError
		return fmt.Errorf("%s: offset %d, line %d: commit of a batch of %s: %w", p.opt.Name, b.stmts[0].offset, b.stmts[0].line, b.table, err), errors.As(err, &me) && (me.Number == 1213 || me.Number == 1205)
	}
	if len(tolerated) > 0 {
		for _, se := range tolerated {
			p.serial.tolerate(se)
		}
	}
	return nil, false
}
