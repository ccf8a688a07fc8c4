package importer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
}

// batch is a run of INSERTs into one table, committed as one transaction by one worker.
type batch struct {
	table   string
	stmts   []batchStmt
	bytes   int64
	rows    int64
	pinned  bool  // must run on worker 0, in stream order with the other pinned batches
	endByte int64 // stream offset after the batch's last statement
}

type batchStmt struct {
	sql    string
	offset int64
	line   int64
	rows   int64
}

// ParallelReplayer replays one dump stream on N connections. One goroutine (Run's caller)
// splits and dispatches; N workers execute. What it does differently from the client:
//   - INSERT/REPLACE statements are grouped per table into batches of about BatchBytes and
//     each batch runs as START TRANSACTION … COMMIT on one worker; batches of one table run
//     on several workers at once.
//   - Every other statement is a barrier: the dispatcher waits until all batches in flight
//     have committed, then runs it. Session statements (SET, USE, sql_mode, user variables)
//     run on every connection in stream order; DDL and the rest run on worker 0.
//   - LOCK TABLES / UNLOCK TABLES are not sent: a table lock held by one connection would
//     block the other workers (it only speeds up MyISAM key writes in the client's replay).
//   - Rows of tables without a PRIMARY KEY, and of tables that carry triggers (plus the
//     tables those triggers write), stay on worker 0 in stream order: InnoDB keeps rows
//     without a primary key in insertion order and triggers see earlier rows.
//   - Deadlocks and lock-wait timeouts roll the batch back and retry it.
type ParallelReplayer struct {
	conns []Conn
	split *Splitter
	opt   ParallelOptions

	serial *Replayer // runs barrier statements on conns[0] with the serial semantics

	work     chan *batch   // unpinned batches, any worker
	pinned   chan *batch   // pinned batches, worker 0 only
	budget   chan struct{} // one token per MiB of queued SQL
	inflight sync.WaitGroup
	firstErr atomic.Pointer[error]

	rows, statements, errs, commits atomic.Int64

	pk      map[string]bool // table → has a primary key (from its CREATE TABLE)
	ordered map[string]bool // tables whose rows must stay in stream order
	errMu   sync.Mutex
}

// NewParallelReplayer prepares a replay of split on conns (at least 2).
func NewParallelReplayer(ctx context.Context, conns []Conn, split *Splitter, opt ParallelOptions) (*ParallelReplayer, error) {
	if len(conns) < 2 {
		return nil, errors.New("parallel replay needs at least 2 connections")
	}
	if opt.BatchBytes <= 0 {
		opt.BatchBytes = 4 << 20
	}
	if opt.QueueBytes <= 0 {
		opt.QueueBytes = 2 * int64(len(conns)) * opt.BatchBytes
	}
	if opt.MaxRetries <= 0 {
		opt.MaxRetries = 5
	}
	serial, err := NewReplayer(ctx, conns[0], split, opt.ReplayOptions)
	if err != nil {
		return nil, err
	}
	tokens := opt.QueueBytes >> 20
	if tokens < 1 {
		tokens = 1
	}
	p := &ParallelReplayer{
		conns: conns, split: split, opt: opt, serial: serial,
		work: make(chan *batch), pinned: make(chan *batch, 1024), budget: make(chan struct{}, tokens),
		pk: map[string]bool{}, ordered: map[string]bool{},
	}
	return p, nil
}

// Progress returns the replay's counters; safe for concurrent use.
func (p *ParallelReplayer) Progress() Progress {
	sp := p.serial.Progress()
	sp.Rows += p.rows.Load()
	sp.Statements += p.statements.Load()
	sp.Errors += p.errs.Load()
	sp.Commits += p.commits.Load()
	return sp
}

func (p *ParallelReplayer) fail(err error) {
	p.firstErr.CompareAndSwap(nil, &err)
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
	for i, c := range p.conns {
		wg.Add(1)
		go func(i int, c Conn) {
			defer wg.Done()
			p.worker(wctx, i, c)
		}(i, c)
	}
	err := p.dispatch(ctx)
	p.inflight.Wait()
	cancel()
	wg.Wait()
	if err == nil {
		err = p.err()
	}
	res := &p.serial.result
	res.Progress = p.Progress()
	return res, err
}

func (p *ParallelReplayer) dispatch(ctx context.Context) error {
	r := p.serial
	var cur *batch
	flush := func() {
		if cur == nil {
			return
		}
		b := cur
		cur = nil
		p.inflight.Add(1)
		if b.pinned {
			p.pinned <- b
		} else {
			p.work <- b
		}
	}
	for r.split.Next() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := p.err(); err != nil {
			return err
		}
		select {
		case <-p.opt.Stop:
			flush()
			return ErrStopped
		default:
		}
		stv := r.split.Statement()
		st := &stv
		end := st.Offset + int64(len(st.Raw))
		switch {
		case st.Kind == KindInsert && st.Table != "" && len(st.SQL) > 0:
			key := p.tableKey(st)
			n := int64(len(st.SQL))
			if cur != nil && (cur.table != key || cur.bytes+n > p.opt.BatchBytes) {
				flush()
			}
			if _, known := p.pk[key]; !known {
				// A data-only dump (schema loaded earlier): ask the server once.
				flush()
				p.inflight.Wait()
				if err := p.lookupTable(ctx, st, key); err != nil {
					return err
				}
			}
			if !p.tryAcquire(n) {
				flush() // let the workers drain what is queued before waiting for budget
				p.acquire(n)
			}
			if cur == nil {
				cur = &batch{table: key, pinned: p.ordered[key] || !p.pk[key]}
			}
			cur.stmts = append(cur.stmts, batchStmt{sql: string(st.SQL), offset: st.Offset, line: st.Line, rows: st.Rows})
			cur.bytes += int64(len(st.SQL))
			cur.rows += st.Rows
			cur.endByte = end
			r.countTable(st)
			if t := st.Table; t != "" {
				r.table.Store(&t)
			}
			continue
		case st.Kind == KindLock:
			r.bytes.Store(end)
			continue
		}
		// A barrier: everything before it commits first.
		flush()
		p.inflight.Wait()
		if err := p.err(); err != nil {
			return err
		}
		p.learn(st)
		if st.Kind == KindSession && len(st.SQL) > 0 {
			for _, c := range p.conns[1:] {
				if _, err := c.ExecContext(ctx, string(st.SQL)); err != nil {
					if se := r.sqlError(st, st.SQL, err); se != nil {
						return se
					}
				}
			}
		}
		if err := r.one(ctx, st); err != nil {
			if err == errQuit {
				r.bytes.Store(end)
				flush()
				return nil
			}
			return err
		}
		r.bytes.Store(end)
	}
	flush()
	return r.splitErr()
}

// learn records what later batches need to know: which tables have a primary key (from
// CREATE TABLE) and which keep stream order because of triggers.
func (p *ParallelReplayer) learn(st *Statement) {
	upper := strings.ToUpper(string(st.SQL))
	switch {
	case st.Kind == KindDDL && strings.Contains(upper, "CREATE TABLE") && st.Table != "":
		p.pk[p.tableKey(st)] = strings.Contains(upper, "PRIMARY KEY")
	case strings.Contains(upper, "TRIGGER"):
		db := p.serial.database
		for _, t := range triggerTables(st.SQL) {
			p.ordered[db+"."+t] = true
		}
	}
}

// triggerTables returns the table a CREATE TRIGGER is on and the tables its body inserts
// into, updates or deletes from.
func triggerTables(q []byte) []string {
	w := ddlWords(q, 64)
	var out []string
	for i := 0; i+1 < len(w); i++ {
		u := strings.ToUpper(w[i])
		switch {
		case u == "ON" && i > 0:
			out = append(out, unqualify(w[i+1]))
		case u == "INTO" || u == "UPDATE" || (u == "FROM" && i > 0 && strings.EqualFold(w[i-1], "DELETE")):
			out = append(out, unqualify(w[i+1]))
		}
	}
	// ddlWords stops at the first '(' — scan the body for the remaining verbs too.
	body := strings.Fields(strings.NewReplacer("(", " ", ")", " ", ";", " ", "`", "").Replace(string(q)))
	for i := 0; i+1 < len(body); i++ {
		u := strings.ToUpper(body[i])
		if u == "INTO" || u == "UPDATE" || (u == "FROM" && i > 0 && strings.EqualFold(body[i-1], "DELETE")) || (u == "ON" && i > 0) {
			out = append(out, unqualify(body[i+1]))
		}
	}
	return out
}

func unqualify(s string) string {
	if i := strings.LastIndexAny(s, "\x01."); i >= 0 {
		return s[i+1:]
	}
	return s
}

// tokens is the queue budget n bytes take: whole MiB, at most the whole budget (a single
// statement larger than the queue still goes through, alone).
func (p *ParallelReplayer) tokens(n int64) int {
	return min(int((n+1<<20-1)>>20), cap(p.budget))
}

// tryAcquire takes budget for n bytes if it is free now.
func (p *ParallelReplayer) tryAcquire(n int64) bool {
	k := p.tokens(n)
	for i := 0; i < k; i++ {
		select {
		case p.budget <- struct{}{}:
		default:
			for ; i > 0; i-- {
				<-p.budget
			}
			return false
		}
	}
	return true
}

// acquire takes queue budget for n bytes, blocking while the workers are behind.
func (p *ParallelReplayer) acquire(n int64) {
	for k := p.tokens(n); k > 0; k-- {
		p.budget <- struct{}{}
	}
}

func (p *ParallelReplayer) release(n int64) {
	for k := p.tokens(n); k > 0; k-- {
		<-p.budget
	}
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

// lookupTable reads from the server whether a table the dump did not create has a primary
// key and triggers (and which tables those triggers write). Called at a barrier.
func (p *ParallelReplayer) lookupTable(ctx context.Context, st *Statement, key string) error {
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	c := p.conns[0]
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND INDEX_NAME='PRIMARY'", db, st.Table).Scan(&n); err != nil {
		return fmt.Errorf("look up the primary key of %s: %w", key, err)
	}
	p.pk[key] = n > 0
	var body sql.NullString
	err := c.QueryRowContext(ctx, "SELECT GROUP_CONCAT(ACTION_STATEMENT SEPARATOR ';') FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA=? AND EVENT_OBJECT_TABLE=?", db, st.Table).Scan(&body)
	if err != nil {
		return fmt.Errorf("look up the triggers of %s: %w", key, err)
	}
	if body.Valid {
		p.ordered[key] = true
		for _, t := range triggerTables([]byte(body.String)) {
			p.ordered[db+"."+t] = true
		}
	}
	return nil
}

func (p *ParallelReplayer) worker(ctx context.Context, id int, c Conn) {
	pinned := p.pinned
	if id != 0 {
		pinned = nil // only worker 0 runs pinned batches, so they keep stream order
	}
	for {
		var b *batch
		select {
		case <-ctx.Done():
			return
		case b = <-pinned:
		case b = <-p.work:
		}
		if p.err() == nil {
			if err := p.runBatch(ctx, c, b); err != nil {
				p.fail(err)
			}
		}
		for _, s := range b.stmts {
			p.release(int64(len(s.sql)))
		}
		p.inflight.Done()
	}
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
		return err, false
	}
	var tolerated []*StatementError
	for _, s := range b.stmts {
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
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		var me *mysql.MySQLError
		return fmt.Errorf("%s: offset %d, line %d: commit of a batch of %s: %w", p.opt.Name, b.stmts[0].offset, b.stmts[0].line, b.table, err), errors.As(err, &me) && (me.Number == 1213 || me.Number == 1205)
	}
	if len(tolerated) > 0 {
		p.errMu.Lock()
		p.errs.Add(int64(len(tolerated)))
		for _, se := range tolerated {
			if len(p.serial.result.ErrorList) < p.serial.opt.MaxErrorsListed {
				p.serial.result.ErrorList = append(p.serial.result.ErrorList, se)
			}
		}
		p.errMu.Unlock()
	}
	return nil, false
}
