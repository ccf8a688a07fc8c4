package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/crash"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// workerPool is the workers: each claims entries from the scheduler in stream order and
// runs them on its connection (a batch in one transaction with its progress row, retried
// after a deadlock; a barrier item), waiting its turn behind a table's earlier batches
// (turn.go).
type workerPool struct {
	p *ParallelReplayer
	// workerIDs are the workers' server thread ids; noLockView: INNODB_TRX could not be
	// read (turn.go).
	workerIDs  []int64
	noLockView atomic.Bool
	// raw is each worker connection's way to send row statements without the driver's
	// copy (rawquery.go); a connection without one uses the driver. Read-only once the
	// replay runs.
	raw map[Conn]*rawQuery
	// countCtx is the replay's caller's context, which the early row counts run under
	// (earlycount.go): the workers' own is cancelled once nothing is in flight, and a count
	// still running then finishes rather than break its connection.
	countCtx context.Context
	// binaryBatches counts the row batches run under binary names (binarynames.go);
	// names keeps what they read of each table.
	binaryBatches atomic.Int64
	names         namesCache
	// sessions holds each worker connection's session values while they are known
	// (workersession.go): Conn → *workerSession.
	sessions sync.Map
}

// Workers: each claims entries from the scheduler's backlog and runs them on its own
// connection; a row batch that meets a deadlock or lock-wait timeout is retried.

// worker claims entries from the backlog and runs them on one connection, in stream order
// (see schedule.go). Before each it runs the session statements the entry's position in
// the stream says this connection has not run yet.
//
// A panic is recovered: one while an entry runs fails that entry, as an SQL error would,
// so that what is in flight is accounted for and the import ends with the clean-up
// (--relax-durability's restore) that a crash of the process skipped; one elsewhere
// fails the replay.
func (wp *workerPool) worker(ctx context.Context, id int, c Conn) {
	p := wp.p
	defer crash.Recover(p.fail)
	applied := 0
	for {
		idleBegin(c) // pinged while it waits for work (keepalive.go)
		e, count := p.sched.next(ctx, id)
		idleEnd(c)
		if count != nil {
			wp.countEarly(wp.countCtx, id, c, *count)
			wp.sessionOf(c).forget()
			continue
		}
		if e == nil {
			return
		}
		if p.shouldRun(e) {
			err := wp.runEntry(ctx, c, e, &applied)
			switch {
			case err != nil && ctx.Err() != nil:
				p.noteUnexecuted(e) // aborted, not failed
			case err != nil:
				p.noteUnexecuted(e)
				p.failAt(e.start(), explainLost(err))
			}
		} else {
			p.noteUnexecuted(e)
		}
		p.finish(e)
	}
}

// runEntry runs e on c, after the session statements c has not run yet (applied counts
// them). A panic is returned as a *crash.PanicError.
func (wp *workerPool) runEntry(ctx context.Context, c Conn, e entry, applied *int) (err error) {
	p := wp.p
	defer crash.Recover(func(perr error) { err = perr })
	if p.opt.InWorker != nil {
		p.opt.InWorker()
	}
	p.serial.warn.setWarningsEmpty(c, false) // session statements, LOAD DATA, tolerated errors: not counted
	session := e.state().session
	if _, batch := e.(*rowBatch); !batch || *applied < len(session) {
		wp.sessionOf(c).forget() // a barrier item, or session statements: workersession.go
	}
	for ; *applied < len(session); *applied++ {
		// It ran without error on the control connection; an error here
		// (a privilege, say) would have been reported there.
		_, _ = c.ExecContext(ctx, session[*applied])
	}
	switch b := e.(type) {
	case *barrierItem:
		err = wp.runBarrierItem(ctx, c, b)
	case *rowBatch:
		if b.spooled {
			err = p.sched.spool.get(b, p.sched.arenas)
		}
		if err == nil {
			err = wp.runBatch(ctx, c, b)
		}
	}
	return err
}

// runBarrierItem waits until the batches of b's tables dispatched before it have
// committed, then adds their held-back indexes, marks their loads complete and runs b's
// statement, all on c.
func (wp *workerPool) runBarrierItem(ctx context.Context, c Conn, b *barrierItem) error {
	p := wp.p
	s := p.sched
	idleBegin(c)
	err := s.wait(ctx, wp.stopBefore(b), func() bool { return !anyOver(s.busy, b.keys, 1) }) // 1: the item itself
	idleEnd(c)
	if err != nil {
		return err
	}
	if err := p.held.addIndexes(ctx, c, b.indexes); err != nil {
		return err
	}
	if err := p.cat.markLoaded(ctx, c, b.loads); err != nil {
		return err
	}
	return p.disp.runBarrier(ctx, c, b.stmt, b.q, b.endByte, b.digest, b.writes, b.outside)
}

func (wp *workerPool) runBatch(ctx context.Context, c Conn, b *rowBatch) error {
	p := wp.p
	var failed map[int]*StatementError // under Force: statements the batch runs without (see tryBatch)
	for attempt := 0; ; attempt++ {
		err, retry := wp.tryBatch(ctx, c, b, &failed)
		if errors.Is(err, errRerun) {
			attempt-- // not an attempt that failed: the batch runs again without the statement
			continue
		}
		if err == nil {
			p.rows.Add(b.rows)
			p.commits.Add(1)
			p.loadedTable.Store(&b.table)
			return nil
		}
		if errors.Is(err, errYield) {
			// Run again once the earlier batches of the table are done (turn.go); not an
			// attempt that failed.
			if err := wp.waitPredecessors(ctx, c, b); err != nil {
				return err
			}
			attempt--
			continue
		}
		if !retry || attempt >= p.opt.MaxRetries {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 50 * time.Millisecond)
	}
}

// errRerun: under Force, a statement's error rolled back the batch's whole transaction;
// the batch runs again without it (tryBatch).
var errRerun = errors.New("the batch runs again without a failed statement")

// tryBatch runs one batch as a transaction. retry is true for deadlocks and lock-wait
// timeouts, after which the transaction has been rolled back.
//
// Under Force a failed statement is skipped and the batch goes on, as the client goes on
// after it with the statement's changes undone. But an error can undo the whole
// transaction: InnoDB's bulk insert into an empty table (MariaDB ≥ 10.6, under the
// dump's unique_checks=0 and foreign_key_checks=0) rolls back every row the transaction
// inserted when one fails (a duplicate key), where the client had committed the earlier
// statements one by one; the transaction stays open, and a COMMIT would keep only the
// rows after the error (MariaDB 10.11). So after a tolerated error that follows rows,
// tryBatch looks whether they are gone (rowsUndone); if so, it rolls back, records the
// statement in *failed and returns errRerun: the batch runs again without the statements
// in *failed, whose errors count when it commits (TestImportBulkInsertDuplicate).
func (wp *workerPool) tryBatch(ctx context.Context, c Conn, b *rowBatch, failed *map[int]*StatementError) (err error, retry bool) {
	p := wp.p
	if p.ld != nil && !p.ld.off.Load() {
		// A LOAD DATA LOCAL stream must not meet a lock wait that ends in a yield: the
		// server drops the connection when a LOAD it had to abort is still streaming
		// (a bulk insert into an empty table locks the whole table, and its rollback
		// aborts the LOAD waiting for it). So under --load-data a table's batches run one
		// after the other, in stream order; other tables' batches still run beside them.
		if err := wp.waitPredecessors(ctx, c, b); err != nil {
			return err, false
		}
	} else if p.sched.behindBulk(b) {
		// A table's first batch may lock the whole table: start after it (turn.go).
		if err := wp.waitPredecessors(ctx, c, b); err != nil {
			return err, false
		}
	}
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return fmt.Errorf("%s: batch of %s: %w", b.position(p.opt.Name), b.table, err), false
	}
	var tolerated []*StatementError
	// warnings and tolerated errors count once the batch commits: a batch rolled back
	// and run again (a deadlock, a yield) would count them twice.
	var warnings []ServerWarning
	var warned int64
	loaded := false
	var inserted int64 // rows the batch's statements so far inserted (or replaced)
	sess := wp.sessionOf(c)
	if p.ld != nil && !b.asInserts {
		var err error
		if loaded, err = p.ld.load(ctx, c, wp.raw[c].watch(), sess, b.stmts); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: LOAD DATA of a batch of %s: %w", b.position(p.opt.Name), b.table, err), false
		}
		if loaded {
			p.statements.Add(int64(len(b.stmts)))
		}
	}
	var bn *binaryNames
	if !loaded {
		var err error
		if bn, err = wp.tryBinaryNames(ctx, c, sess, b); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK")
			return fmt.Errorf("%s: batch of %s: %w", b.position(p.opt.Name), b.table, err), false
		}
		// The dump's own statements may change the session (a function in a value);
		// one under binary names whose undo failed left it switched.
		defer func() {
			if bn == nil || bn.restore != "" {
				sess.forget()
			}
		}()
	}
	for i, s := range b.stmts {
		if loaded {
			break
		}
		if se, ok := (*failed)[i]; ok {
			tolerated = append(tolerated, se)
			continue
		}
		res, counted, known, err := wp.raw[c].exec(ctx, c, s.sql)
		p.statements.Add(1)
		if bn != nil && (err != nil || !known || counted > 0) {
			// Not clean under binary names: the batch runs again under the session's
			// own (binarynames.go), its statements counted once. Where the undo fails
			// (the connection is gone: a server restart), the statement's own error
			// is reported below, with its place, as under the session's names.
			uerr := wp.undoBinaryNames(ctx, c, b, bn)
			switch {
			case errors.Is(uerr, errRerun):
				p.statements.Add(-int64(i + 1))
				return uerr, false
			case err == nil:
				return fmt.Errorf("%s: batch of %s: undo it under binary names: %w", b.position(p.opt.Name), b.table, uerr), false
			}
		}
		if err == nil {
			n, _ := res.RowsAffected() // ROW_COUNT() of an INSERT IGNORE or REPLACE (rowcount.go)
			p.serial.counts.noteRow(s.offset, n)
			inserted += n
		}
		if err != nil {
			var me *mysql.MySQLError
			if errors.As(err, &me) && mysqlerr.Retryable(me.Number) {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return err, true
			}
			what := split.What(&split.Statement{Kind: split.KindInsert, SQL: stringBytes(s.sql)}) // INSERT or REPLACE, as the serial replay names it
			_, table := sqlscan.TableKey(b.table).Names()                                         // the table as the serial replay names it (st.Table), not the scheduler's key "db.t"
			se := &StatementError{Name: p.opt.Name, Offset: s.offset, Line: s.line, Kind: split.KindInsert, What: what, Table: table, Head: split.Head([]byte(s.sql)), Err: err}
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
			// The client's ROW_COUNT() after a failed statement is -1; the dispatcher
			// noted its rows, "every row goes in, or the import stops", which --force
			// breaks (TestReviewX3ForceRowCountAfterFailedInsert). A reader runs once
			// nothing is in flight, so it sees this.
			p.serial.counts.noteRow(s.offset, -1)
			if inserted > 0 && rowsUndone(ctx, c, s) {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				if *failed == nil {
					*failed = map[int]*StatementError{}
				}
				(*failed)[i] = se
				return errRerun, false
			}
			tolerated = append(tolerated, se)
			continue
		}
		if !p.opt.SkipWarningCount {
			st := &split.Statement{Kind: split.KindInsert, Table: b.table, Offset: s.offset, Line: s.line}
			var ws []ServerWarning
			var n int64
			if known {
				ws, n, err = p.serial.warn.warningsCounted(ctx, c, st, int64(counted))
			} else {
				ws, n, err = p.serial.warn.readWarnings(ctx, c, st)
			}
			if err != nil {
				_, _ = c.ExecContext(ctx, "ROLLBACK")
				return err, false
			}
			warnings, warned = append(warnings, ws...), warned+n
		} else {
			p.serial.warn.countRowConditions(counted, known) // diagcount.go
		}
	}
	if err := bn.end(ctx); err != nil {
		_, _ = c.ExecContext(ctx, "ROLLBACK")
		return fmt.Errorf("%s: batch of %s: set the session's character set back: %w", b.position(p.opt.Name), b.table, err), false
	}
	// The table's earlier batches commit first (turn.go).
	if err := wp.waitTurn(ctx, c, b); err != nil {
		_, _ = c.ExecContext(ctx, "ROLLBACK")
		return err, false
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
	for _, se := range tolerated {
		p.serial.tolerate(se)
	}
	p.serial.warn.recordWarnings(warnings, warned)
	if p.ld != nil && !loaded {
		p.ld.asInserts.Add(1)
	}
	return nil, false
}

// rowsUndone reports whether the rows a batch inserted before its statement s failed are
// gone: whether s's table, which held them, looks empty to the batch's transaction. InnoDB
// takes its bulk path only for a table that was empty when the transaction's first insert
// into it began, so the table held nothing else; outside the bulk path the rows stay.
// Where it cannot tell (INSERT IGNORE or REPLACE, whose table it does not read off; an
// account without SELECT on the table), it says yes: running the batch again without s
// is exact either way, only slower.
func rowsUndone(ctx context.Context, c Conn, s batchStmt) bool {
	ip := insertParser{q: stringBytes(s.sql)}
	db, table, ok := ip.target()
	if !ok {
		return true
	}
	name := "`" + strings.ReplaceAll(table, "`", "``") + "`"
	if db != "" {
		name = "`" + strings.ReplaceAll(db, "`", "``") + "`." + name
	}
	var rows int
	if err := c.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM "+name+")").Scan(&rows); err != nil {
		return true
	}
	return rows == 0
}

// finish ends e on the worker that ran it: a batch's buffers go back to the arenas (its
// statements, which point into them, are dropped) before done releases its budget, so that
// the dispatcher, which may be waiting for that budget, fills its next batch with them
// rather than with a new piece (a piece touched for the first time costs 2.3–2.5 ms of CPU
// per MiB on a cold host: arenas.go).
func (p *ParallelReplayer) finish(e entry) {
	if b, ok := e.(*rowBatch); ok {
		b.release(p.sched.arenas)
	}
	p.done(e)
}
