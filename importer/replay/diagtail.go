package replay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
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
//
// The user-variable journal's rows (controller.recordUserVars) are INSERTs too: after
// SELECT CAST('7x' AS SIGNED) INTO @d, which has no progress row (volatile, outside a
// transaction), its row emptied the warning before GET DIAGNOSTICS read it, and after
// SHOW WARNINGS, which journals the variables the dump's trigger bodies name, likewise
// (TestDiffFuzzFound2SelectIntoDiagnostics, …ShowWarningsAfterTriggerVars). What keeps the
// area, checked on MariaDB 10.11 between SELECT CAST('7x' AS SIGNED) INTO @d and GET
// DIAGNOSTICS @w = NUMBER: a SELECT or DO that opens no table (SELECT @d, CHARSET(@d);
// SELECT @@warning_count; SELECT ROW_COUNT()), SET @z = 1, SHOW WARNINGS, START
// TRANSACTION, COMMIT, PREPARE; what empties it: any statement that opens a table (an
// INSERT into the journal, SELECT … FROM information_schema.TABLES, CHECKSUM TABLE).
// Each of the keepers sets ROW_COUNT anew (a SELECT −1, DO, SET, START TRANSACTION 0).
// So the journal's values are read at once, and its row is held (holdVars) with what the
// tail owes, or as all it owes: written when the next statement is known, after it when it
// reads the area. Owed alone, the rows and the progress rows of the readers that ran
// commit in one transaction, opened before the first reader (before), so that a kill
// leaves the statement and its readers to run again together, and a reader that reads
// ROW_COUNT gets the statement's count back first (rowCounts.giveRow, in exec). A statement run on its
// own as a barrier (runBarrier's tail) still reads and writes its values in run: read at
// once, the SELECT would leave −1 to a GET DIAGNOSTICS @r = ROW_COUNT after an INSERT of
// two rows, which no statement that keeps the conditions can give back.

// diagTail is what the control connection owes the statement that ran last: its progress
// row and the commit that ends its transaction, and the journal rows of user variables.
type diagTail struct {
	// finish commits it with its progress row (nil: no progress row is owed); abort
	// rolls it back (the run failed before it was known whether a reader follows).
	finish, abort func(ctx context.Context) error
	// readers are the progress rows of the readers that ran inside it, written before
	// finish.
	readers []checkpoint.Stretch
	// vars are the user-variable journal rows read and not written yet (holdVars), in
	// stream order: written first when it settles. With finish nil they are all that is
	// owed (a statement that has no progress row: SELECT … INTO @v outside a
	// transaction, SET @v = (SELECT …)).
	vars []checkpoint.HeldVars
	// own: with finish nil, a reader ran inside a transaction the tail opened for it
	// (before), which settle commits.
	own bool
	// locked: the dump held table locks after the statement before (plan.Plan.Locked):
	// an UNLOCK TABLES then commits, and is not waited past.
	locked bool
	// toggle is the ALTER TABLE … DISABLE/ENABLE KEYS that set the diagnostics area a
	// reader would read, only keepers after it (nil: none). Its area cannot wait in a
	// tail: the toggle commits on its own, and the parallel dispatcher may not send it
	// at all (heldIndexes.noOpKeysToggle). The toggle changes nothing when sent again
	// (the keys are as it left them), so before a reader it is sent again, after
	// dumpscope's rows, and leaves the client's area: Note 1031 on InnoDB for ENABLE,
	// nothing otherwise (TestDiffFuzzSeed21003KeptDiagnostics). Its ROW_COUNT() is the
	// toggle's 0, where after a SELECT between them the client's GET DIAGNOSTICS @r =
	// ROW_COUNT reads −1: the reader then runs as after journal rows owed alone (toggled),
	// the count of the statement before it given back (TestXDiagkeepToggleSelectRowCount;
	// before, runBarrier's START TRANSACTION came between too).
	toggle *split.Statement
	// unread: a statement's user variables owed a journal row, not read yet
	// (diagunread.go).
	unread *unreadVars
	// absorbed: the dump's COMMIT was taken in (absorbCommit): the connection's
	// ROW_COUNT() is the statement's before it, the client's the COMMIT's 0
	// (rowCounts.giveRow gives it back before a reader).
	absorbed bool
	// region: what is owed is the dump's own transaction, whose COMMIT was taken in
	// (diagregion.go).
	region bool
	// late: a statement inside the dump's transaction whose warnings are not counted yet
	// (diagregion.go).
	late *split.Statement
	// toggled: areaOfToggle sent the toggle again before the reader about to run, which
	// runs as after journal rows owed alone: in a transaction of the tail's own, with
	// the row count of the statement before it given back (TestXDiagkeepToggleSelectRowCount).
	toggled bool
	// warned: the warnings of the statement before, held (p.serial.warn.held), wait
	// for the tail to settle (holdCount, diagunread.go).
	warned bool
}

// owe makes finish and abort what is owed (the journal rows held are kept: they come
// first).
func (d *diagTail) owe(finish, abort func(ctx context.Context) error) {
	d.finish, d.abort, d.readers = finish, abort, nil
}

// owes reports whether anything is owed.
func (d *diagTail) owes() bool {
	return d.finish != nil || len(d.vars) > 0 || d.unread != nil || d.toggled || len(d.readers) > 0 || d.warned
}

// take empties d and returns what it owed; abort is never nil (a tail of journal rows
// alone rolls back the transaction it opened for a reader, if it did).
func (d *diagTail) take(p *ParallelReplayer) (finish, abort func(ctx context.Context) error, readers []checkpoint.Stretch, vars []checkpoint.HeldVars) {
	finish, abort, readers, vars, own := d.finish, d.abort, d.readers, d.vars, d.own
	*d = diagTail{locked: d.locked, toggle: d.toggle, late: d.late}
	if finish != nil || (!own && len(vars) == 0) {
		if abort == nil {
			abort = func(context.Context) error { return nil }
		}
		return finish, abort, readers, vars
	}
	end := func(q string) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			if !own {
				return nil
			}
			_, err := p.control.ExecContext(ctx, q)
			return err
		}
	}
	return end(ownCommit), end(ownRollback), readers, vars
}

// holdVars reads at once the values st, just run on the control connection, gave the
// user variables a resume must get back (controller.recordUserVars), and holds their
// journal row until the next statement is known (see above). Nothing without progress
// rows.
func (d *diagTail) holdVars(ctx context.Context, p *ParallelReplayer, st *split.Statement) error {
	cp := p.opt.Checkpoint
	names := p.ctl.userVarsOf(st)
	if cp == nil || len(names) == 0 || sqlscan.ContainsFoldASCII(st.SQL, "SQL_CALC_FOUND_ROWS") || mixedSet(st) {
		return nil // as recordUserVars
	}
	if d.unread == nil && d.finish == nil && len(d.vars) == 0 && defersVars(p, st) {
		d.unread = &unreadVars{st: heldStatement(st, true), names: names} // diagunread.go
		return nil
	}
	if err := d.readUnread(ctx, p); err != nil {
		return err
	}
	v, err := readUserVars(ctx, p, p.control, st, names) // with the counts (checkpoint.go)
	if err != nil {
		return err
	}
	d.vars = append(d.vars, v)
	return nil
}

// settle commits what is owed: the journal rows held, then the progress rows of the
// readers that ran inside it, then finish. Journal rows alone, with readers, commit in the
// transaction before opened for the readers: a kill between a statement's journal row and
// its reader's progress row would have the resume give the statement's values back with
// a SET, which leaves no warning, and skip the reader or run it again reading none.
func (d *diagTail) settle(ctx context.Context, p *ParallelReplayer) error {
	if err := countLate(ctx, p, nil); err != nil {
		return err
	}
	held := p.serial.warn.held
	p.serial.warn.held = nil
	if !d.owes() {
		return nil
	}
	if err := d.readUnread(ctx, p); err != nil {
		_, abort, _, _ := d.take(p)
		_ = abort(ctx)
		return err
	}
	finish, abort, readers, vars := d.take(p)
	if held != nil {
		// The statement's warnings: readers of them run before, and leave the list.
		if err := p.serial.warn.countWarnings(ctx, p.control, held); err != nil {
			_ = abort(ctx)
			return err
		}
	}
	for _, v := range vars {
		if err := checkpoint.WriteVars(ctx, p.opt.Checkpoint, p.control, v); err != nil {
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
	if finish == nil {
		return nil
	}
	return finish(ctx)
}

// end settles what is owed when the dispatch ends (err: how), or rolls it back when the
// run was cancelled. On a graceful stop journal rows owed alone are dropped too, with the
// readers that ran after them: the resume runs the statement again (nothing after it
// committed), and its reader reads what it left. Settled, the resume would give its
// values back with a SET, and refuse the reader after it.
func (d *diagTail) end(ctx context.Context, p *ParallelReplayer, err error) error {
	if !d.owes() {
		return err
	}
	if ctx.Err() != nil || (errors.Is(err, ErrStopped) && d.finish == nil) {
		_, abort, _, _ := d.take(p)
		p.serial.warn.held = nil
		_ = abort(context.WithoutCancel(ctx))
		return err
	}
	if serr := d.settle(ctx, p); serr != nil {
		return errors.Join(err, serr)
	}
	return err
}

// before runs ahead of everything else for st (controller.runPlanned): it commits what is
// owed, unless st reads the diagnostics area and runs here; then st runs at once, inside
// that transaction (done). Owed journal rows alone, the transaction is opened here (START
// TRANSACTION keeps the conditions), so that a reader that writes (a CALL) commits with
// its progress row, and the row count the statement before left is given back
// (rowCounts.giveRow, in exec).
func (d *diagTail) before(ctx context.Context, p *ParallelReplayer, st *split.Statement, end int64, pl plan.Plan) (done bool, err error) {
	wasLocked := d.locked
	d.locked = pl.Locked
	if err := d.areaOfToggle(ctx, p, st, pl); err != nil {
		return true, err
	}
	if !d.owes() {
		p.serial.warn.held = nil // its commit did not wait (an error): not counted
		return false, nil
	}
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	cp := p.opt.Checkpoint
	if d.absorbsCommit(p, st, pl, wasLocked) {
		return true, d.absorbCommit(ctx, p, st, end)
	}
	// SHOW WARNINGS and SET @v = 1 (keepsArea): as a reader, the tail waits on past them.
	// UNLOCK TABLES (keepsArea) only where it commits nothing: no table locks before it.
	// A PREPARE of a text that names no table keeps the area too (preparesTableFree), and
	// DEALLOCATE or DROP PREPARE (deallocates).
	reads := p.disp.planner.ReadsDiagnostics(st) || plan.KeepsDiagnostics(st) || (keepsArea(st) && !(wasLocked && isUnlockTables(st))) || preparesTableFree(st) || deallocates(st)
	// Journal rows owed alone: a reader that opens the dump's transaction (or runs in
	// it) does not run in the one opened here.
	varsOnly := d.finish == nil
	if reads && pl.Kind == plan.Serial && d.regionHeldBack(st, pl) && p.disp.planner.ReadsDiagnostics(st) {
		return true, d.refuseHeldBack(ctx, p, st) // diagregion.go
	}
	// Without progress rows only a statement's warnings are owed (holdCount): the
	// reader runs here inside the dump's transaction too, as no transaction is opened.
	if !reads || pl.Kind != plan.Serial || cp.Skip(st.Offset) || (varsOnly && cp != nil && (pl.InRegion || pl.OpenAfter)) || d.regionHeldBack(st, pl) {
		return false, d.settle(ctx, p)
	}
	r := p.serial
	if varsOnly && !d.own && d.unread != nil && statementItems(st) {
		// The count the statement left is still the connection's (diagunread.go).
		if err := d.runBeforeUnread(ctx, p, st); err != nil {
			_, abort, _, _ := d.take(p)
			_ = abort(ctx)
			return true, err
		}
		if err := d.holdVars(ctx, p, st); err != nil {
			_, abort, _, _ := d.take(p)
			_ = abort(ctx)
			return true, err
		}
		if cp != nil && st.Kind != split.KindSession && !(pl.Volatile && !pl.InRegion && !pl.OpenAfter) {
			d.readers = append(d.readers, checkpoint.Stretch{Start: st.Offset, End: end, Statements: 1, Digest: cp.DigestAt(end), InsertID: true})
		}
		return true, afterSerial(ctx, p.ctl, st)
	}
	if err := d.readUnread(ctx, p); err != nil {
		_, abort, _, _ := d.take(p)
		_ = abort(ctx)
		return true, err
	}
	// Dumpscope's own statements ran since the statement before: the count a reader of
	// ROW_COUNT reads is given back (rowCounts.giveRow), or it is refused (sentBetween).
	sent := d.own || len(d.vars) > 0 || len(d.readers) > 0 || (varsOnly && cp != nil)
	if varsOnly && !d.own && cp != nil {
		if _, err = p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
			return true, p.at(st, fmt.Errorf("open the transaction of the journal rows before it: %w", err))
		}
		d.own = true
	}
	// On resume the statement before may have been skipped (a SHOW WARNINGS, which
	// journals trigger variables, after a skipped INSERT IGNORE): as runSerial does.
	err = p.ctl.skipped.lostState(ctx, st)
	var q []byte
	if err == nil && sent {
		err = sentBetween(p, st)
	}
	if err == nil {
		q, err = r.prepare(ctx, st)
	}
	if err == nil && q != nil {
		err = r.exec(ctx, p.control, st, r.counts.give(st, q, p.disp.prevSent))
	}
	if err == nil && q != nil {
		err = d.holdVars(ctx, p, st) // the next reader reads what the statement before left
	}
	if err != nil {
		// The transaction it ran in is rolled back: the statement before it runs again
		// on resume, with it.
		_, abort, _, _ := d.take(p)
		_ = abort(ctx)
		return true, err
	}
	if cp != nil && st.Kind != split.KindSession && !(pl.Volatile && !pl.InRegion && !pl.OpenAfter) {
		// As runSerial records it (a volatile statement outside a transaction runs again
		// on resume).
		d.readers = append(d.readers, checkpoint.Stretch{Start: st.Offset, End: end, Statements: 1, Digest: cp.DigestAt(end), InsertID: true})
	}
	return true, afterSerial(ctx, p.ctl, st)
}

// sentBetween refuses st, a GET DIAGNOSTICS that reads ROW_COUNT, run by the tail after
// dumpscope's own statements (its transaction's START, the user variables it read), where
// the statement before left a count rowCounts.giveRow cannot give back: only −1, 0 and 1
// can be left without emptying the area. A second reader after such a statement
// (`INSERT … (7), (8), (9); GET DIAGNOSTICS @n = NUMBER; GET DIAGNOSTICS @r = ROW_COUNT`,
// serial --checkpoint) read −1 where the client's reads 3
// (TestXFix47TemporaryRowCountNeighbours).
func sentBetween(p *ParallelReplayer, st *split.Statement) error {
	rc := p.serial.counts
	if rc == nil || !isGetDiagnostics(st) || !sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT") {
		return nil
	}
	n, known := rc.rowBefore(st)
	if !known || (n >= -1 && n <= 1) {
		return nil
	}
	se := p.serial.refuse(st, fmt.Sprintf("it reads ROW_COUNT, which the client's connection has at %d from the statement before it, and dumpscope's own statements between the two (the progress row's transaction, the user variables it journals) leave another count that cannot be given back without emptying the diagnostics area; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements", n))
	se.Err = ErrSerialOnly
	return se
}

// absorbsCommit reports whether st, with a tail owed, is the dump's plain COMMIT
// (plan.PlainCommit) outside its transaction and table locks, run in stream order, which
// the tail may take in (absorbCommit): no region is open before or after it, no resume
// skips it, no reload transaction of a resume ends at it.
func (d *diagTail) absorbsCommit(p *ParallelReplayer, st *split.Statement, pl plan.Plan, wasLocked bool) bool {
	if !plan.PlainCommit(st) || (pl.Kind != plan.Control && pl.Kind != plan.Serial) {
		return false
	}
	if pl.InRegion || pl.OpenAfter || pl.EndsRegion || pl.Locked || wasLocked || p.ctl.reloadTxn {
		return false
	}
	cp := p.opt.Checkpoint
	return cp == nil || !cp.Skip(st.Offset)
}

// absorbCommit takes the dump's COMMIT st into the tail without sending it. The client's
// COMMIT there keeps the diagnostics area and leaves ROW_COUNT() 0 (the table in
// diagkeep.go); it commits only what the statement before it ran in, which is what the
// tail owes and commits with its progress row when it settles (no transaction of the
// dump is open: absorbsCommit). Sent at once, it had to come after that progress row's
// INSERT (or the journal's), which empties the area: the client's GET DIAGNOSTICS @w =
// NUMBER after `SELECT CAST('7x' AS SIGNED) INTO @d; COMMIT;` read 1, dumpscope's 0
// (difffuzz seed 51073, TestDiffFuzzFoundGen4KeepersCommitSelectPrepare). Its progress
// row goes with the tail's, as a reader's does; a kill before the tail settles leaves the
// statement before it, the COMMIT and what follows to run again, as before a reader.
func (d *diagTail) absorbCommit(ctx context.Context, p *ParallelReplayer, st *split.Statement, end int64) error {
	r, cp := p.serial, p.opt.Checkpoint
	// As a statement sent: the hooks see it (a stop, the streaming preflight).
	if _, err := r.prepare(ctx, st); err != nil {
		_, abort, _, _ := d.take(p)
		_ = abort(ctx)
		return err
	}
	r.counts.noteRow(st.Offset, 0) // the client's COMMIT leaves ROW_COUNT() 0
	d.absorbed = true
	r.statements.Add(1)
	r.commits.Add(1)
	p.ctl.txnOpenedAt = -1 // as runPlanned's plan.Control
	if cp != nil {
		d.readers = append(d.readers, checkpoint.Stretch{Start: st.Offset, End: end, Statements: 1, Digest: cp.DigestAt(end), InsertID: true})
	}
	return afterSerial(ctx, p.ctl, st)
}

// areaOfToggle keeps d.toggle (see diagTail) up to date with st, about to run, and
// before a reader of the diagnostics area that follows a keys toggle and keepers only it
// commits what is owed and sends the toggle again on the control connection, its
// table's batches committed first; the reader then runs as usual.
func (d *diagTail) areaOfToggle(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	reader := st.Kind != split.KindClient && len(st.SQL) > 0 && p.disp.planner.ReadsDiagnostics(st)
	switch {
	case st.Kind == split.KindClient || len(st.SQL) == 0:
		return nil // the client sends nothing
	case st.Verb == "ALTER TABLE" && sqlscan.IsKeysToggle(st.SQL, st.Syntax()):
		d.toggle = heldStatement(st, true)
		return nil
	case reader && d.toggle != nil:
	case !plan.KeepsDiagnostics(st) && !keepsArea(st) && !preparesTableFree(st) && !plan.PlainCommit(st):
		d.toggle = nil
		return nil
	default:
		return nil
	}
	if pl.Kind != plan.Serial {
		return nil // refused or turned serial by the planner
	}
	if pl.InRegion {
		// Inside the dump's transaction the statements run alone, as the client's
		// (runSerial): the toggle ran just before the keepers, and its area is the
		// reader's. Sent again, it would commit that transaction.
		return nil
	}
	if err := d.settle(ctx, p); err != nil {
		return err
	}
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	if _, err := p.control.ExecContext(ctx, string(d.toggle.SQL)); err != nil {
		return p.at(st, fmt.Errorf("send %s again for the diagnostics area it reads: %w", split.Head(d.toggle.SQL), err))
	}
	d.toggled = p.opt.Checkpoint != nil
	return nil
}

// mayRunCode reports whether st is a CALL or an EXECUTE (IMMEDIATE or not).
func mayRunCode(st *split.Statement) bool {
	w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
	return w == "CALL" || w == "EXECUTE"
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
	// outside: code that ran in autocommit (runsOutside): its tail opens the transaction
	// its progress row commits in.
	outside bool
}

// oweBarrier defers t (a statement run on the control connection in a serial run) until
// the next statement. DML ran inside the START TRANSACTION runBarrier sent, which the
// abort rolls back. DDL committed on its own: what waits is its progress row (CREATE
// TABLE IF NOT EXISTS and DROP TABLE IF EXISTS leave a note a reader reads:
// TestReviewX9aDiagnosticsAfterDDL), and the abort leaves it unrecorded, as a kill right
// after it would (a resume runs it again: runBarrier's "already exists").
//
// Its user variables are read and journaled by run, in the transaction: read at once,
// the SELECT of them would leave a ROW_COUNT of −1 to a GET DIAGNOSTICS @r = ROW_COUNT
// after a DML statement, where the client's reads the rows it changed.
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
	if err == nil && t.outside {
		_, err = c.ExecContext(ctx, "START TRANSACTION")
	}
	if err == nil && t.intent {
		err = markRan(ctx, p, c, st, t.mixed) // intentmark.go
	}
	if err == nil && c == p.control {
		// In the statement's transaction, with its progress row: a resume that skips it
		// still gets the user variables it set (@n := @n + 1).
		_, err = p.ctl.recordUserVars(ctx, c, c, st)
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
	cr.skipped.noteInsertID(st) // a plain, wrapped or CALLed SET insert_id (skipped.go)
	cr.xa.ran(st)
	p.cat.learn(st)
	switch st.Kind {
	case split.KindSession:
		entry, err := cr.sessionEntry(ctx, st)
		if err != nil {
			return err
		}
		p.disp.session = append(p.disp.session, p.workerSession(st, entry)...)
	case split.KindDDL, split.KindRoutine, split.KindOther:
		clear(p.cat.tables) // what was looked up may have changed
	}
	return nil
}
