package replay

import (
	"bytes"
	"context"
	"errors"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// The diagnostics area of the dump's statements on the control connection.
//
// The client's connection runs nothing between two of the dump's statements, so GET
// DIAGNOSTICS (or SET @w = @@warning_count) reads what the statement before it left. A
// serial run with progress rows used to send its own statements there: the statement's
// progress row, an INSERT, emptied the conditions (GET DIAGNOSTICS @w = NUMBER read 0
// where the client's read 1: TestReviewX6LockedDiagnostics, under the dump's LOCK TABLES
// and outside them alike), and SET autocommit=1 or COMMIT set ROW_COUNT to 0. So in a run
// gone serial, what follows a statement that commits with its progress row (lockState's
// commit under the dump's table locks, runBarrier's tail outside them) waits until the
// next statement is known (diagTail): a statement that reads the diagnostics area
// (plan.ReadsDiagnostics) runs first, inside the same transaction, its own progress row
// added to it; any other statement, the end of the dump or a stop commits it before
// anything else is sent. A kill in between has the resume run the statement again, as a
// kill before its progress row always did (its intent, when it wrote a non-transactional
// table, tells whether it ran).

// diagTail is what the control connection owes the statement that ran last: its progress
// row and the commit that ends its transaction.
type diagTail struct {
	// finish commits it with its progress row (nil: nothing is owed); abort rolls it
	// back (the run failed before it was known whether a reader follows).
	finish, abort func(ctx context.Context) error
	// readers are the progress rows of the readers that ran inside it, written before
	// finish.
	readers []checkpoint.Stretch
}

// owe makes finish and abort what is owed.
func (d *diagTail) owe(finish, abort func(ctx context.Context) error) {
	d.finish, d.abort, d.readers = finish, abort, nil
}

// settle commits what is owed, with the progress rows of the readers that ran inside it.
func (d *diagTail) settle(ctx context.Context, p *ParallelReplayer) error {
	finish, abort, readers := d.finish, d.abort, d.readers
	d.finish, d.abort, d.readers = nil, nil, nil
	held := p.serial.warn.held
	p.serial.warn.held = nil
	if finish == nil {
		return nil
	}
	if held != nil {
		// The statement's warnings: readers of them run before, and leave the list.
		if err := p.serial.warn.countWarnings(ctx, p.control, held); err != nil {
			_ = abort(ctx)
			return err
		}
	}
	for _, s := range readers {
		if err := p.opt.Checkpoint.Record(ctx, p.control, s); err != nil {
			_ = abort(ctx)
			return err
		}
	}
	return finish(ctx)
}

// end settles what is owed when the dispatch ends (err: how), or rolls it back when the
// run was cancelled.
func (d *diagTail) end(ctx context.Context, p *ParallelReplayer, err error) error {
	if d.finish == nil {
		return err
	}
	if ctx.Err() != nil {
		d.finish, d.readers, p.serial.warn.held = nil, nil, nil
		_ = d.abort(context.WithoutCancel(ctx))
		return err
	}
	if serr := d.settle(ctx, p); serr != nil {
		return errors.Join(err, serr)
	}
	return err
}

// before runs ahead of everything else for st (controller.runPlanned): it commits what is
// owed, unless st reads the diagnostics area and runs here; then st runs at once, inside
// that transaction (done).
func (d *diagTail) before(ctx context.Context, p *ParallelReplayer, st *split.Statement, end int64, pl plan.Plan) (done bool, err error) {
	if d.finish == nil {
		p.serial.warn.held = nil // its commit did not wait (an error): not counted
		return false, nil
	}
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	cp := p.opt.Checkpoint
	reads := p.disp.planner.ReadsDiagnostics(st) || plan.KeepsDiagnostics(st) // SHOW WARNINGS: as a reader, the tail waits on
	if !reads || pl.Kind != plan.Serial || cp.Skip(st.Offset) {
		return false, d.settle(ctx, p)
	}
	r := p.serial
	q, err := r.prepare(ctx, st)
	if err == nil && q != nil {
		err = r.exec(ctx, p.control, st, r.counts.give(st, q, p.disp.prevSent))
	}
	if err == nil && q != nil {
		err = p.ctl.recordUserVars(ctx, p.control, p.control, st)
	}
	if err != nil {
		// The transaction it ran in is rolled back: the statement before it runs again
		// on resume, with it.
		d.finish, d.readers = nil, nil
		_ = d.abort(ctx)
		return true, err
	}
	if st.Kind != split.KindSession && !(pl.Volatile && !pl.InRegion && !pl.OpenAfter) {
		// As runSerial records it (a volatile statement outside a transaction runs again
		// on resume).
		d.readers = append(d.readers, checkpoint.Stretch{Start: st.Offset, End: end, Statements: 1, Digest: cp.DigestAt(end), InsertID: true})
	}
	return true, afterSerial(ctx, p.ctl, st)
}

// heldStatement is st as a deferred commit keeps it: Raw dropped and SQL copied (they
// alias the splitter's buffer, which the next statement reuses), SQL clipped to its head
// for the error messages unless full (the user-variable journal hashes the whole text:
// clipped, a resume found the values not journaled, TestResumeFoundTriggerVariable).
func heldStatement(st *split.Statement, full bool) *split.Statement {
	c := *st
	c.Raw = nil
	if full {
		c.SQL = bytes.Clone(st.SQL)
	} else {
		c.SQL = []byte(split.Head(st.SQL))
	}
	return &c
}

// barrierTail is what runBarrier does after its statement ran: the marker of its intent,
// its user variables, its progress row and the commit.
type barrierTail struct {
	c      Conn
	st     *split.Statement
	end    int64
	digest string
	// db is the database of st's table when it ran (a USE may come before the tail).
	db                              string
	ddl, intent, ddlIntent, creates bool
	mixed                           bool // it may have written a transactional table (intentmark.go)
}

// oweBarrier defers t (a statement run on the control connection in a serial run) until
// the next statement. DML ran inside the START TRANSACTION runBarrier sent, which the
// abort rolls back. DDL committed on its own: what waits is its progress row (CREATE
// TABLE IF NOT EXISTS and DROP TABLE IF EXISTS leave a note a reader reads:
// TestReviewX9aDiagnosticsAfterDDL), and the abort leaves it unrecorded, as a kill right
// after it would (a resume runs it again: runBarrier's "already exists").
func (d *diagTail) oweBarrier(dp *dispatcher, t barrierTail) error {
	t.st = heldStatement(t.st, t.ddl || len(dp.p.ctl.userVarsOf(t.st)) > 0) // journaled in run; AfterDDL reads a DDL whole
	abort := func(ctx context.Context) error { _, err := t.c.ExecContext(ctx, ownRollback); return err }
	if t.ddl {
		abort = func(context.Context) error { return nil }
	}
	d.owe(func(ctx context.Context) error { return t.run(ctx, dp, nil) }, abort)
	return nil
}

// run ends the statement's barrier: err is what it and runBarrier's steps after it
// returned.
func (t barrierTail) run(ctx context.Context, dp *dispatcher, err error) error {
	p := dp.p
	r, cp := p.serial, p.opt.Checkpoint
	c, st := t.c, t.st
	if err == nil && p.opt.AfterDDL != nil {
		err = p.opt.AfterDDL(st)
	}
	if err == nil && t.intent {
		err = markRan(ctx, p, c, st, t.mixed) // intentmark.go
	}
	if err == nil && c == p.control {
		// In the statement's transaction, with its progress row: a resume that skips it
		// still gets the user variables it set (@n := @n + 1).
		err = p.ctl.recordUserVars(ctx, c, c, st)
	}
	if err != nil {
		if !t.ddl {
			_, _ = c.ExecContext(ctx, ownRollback)
		}
		return err
	}
	if t.ddlIntent {
		// Its progress row and the intent's removal commit together.
		if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
			return r.sqlError(st, st.SQL, err)
		}
	}
	if t.creates && !st.Tolerated {
		// With the DDL's progress row: killed before it, the CREATE runs again on
		// resume, meets "already exists" as applied (runBarrier), and records it then.
		if err := cp.RecordCreated(ctx, c, t.db, st.Table); err != nil {
			return r.sqlError(st, st.SQL, err)
		}
	}
	if err := cp.Record(ctx, c, checkpoint.Stretch{Start: st.Offset, End: t.end, Statements: 1, Digest: t.digest, InsertID: c == p.control}); err != nil {
		return r.sqlError(st, st.SQL, err)
	}
	if t.intent || t.ddlIntent {
		if err := cp.EndIntent(ctx, c, st.Offset); err != nil {
			return r.sqlError(st, st.SQL, err)
		}
	}
	if _, err := c.ExecContext(ctx, ownCommit); err != nil {
		return r.sqlError(st, st.SQL, err)
	}
	return nil
}

// afterSerial is what the replay learns from st once it ran on the control connection in
// stream order (runSerial, and a reader diagTail ran).
func afterSerial(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	cr.skipped.noteRan(st)
	cr.xa.ran(st)
	p.cat.learn(st)
	switch st.Kind {
	case split.KindSession:
		entry, err := cr.sessionEntry(ctx, st)
		if err != nil {
			return err
		}
		p.disp.session = append(p.disp.session, p.workerSession(st, entry)...)
		cr.skipped.noteInsertID(st)
	case split.KindDDL, split.KindRoutine, split.KindOther:
		clear(p.cat.tables) // what was looked up may have changed
	}
	return nil
}
