package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// The COMMIT of the dump's own transaction, in a run gone serial.
//
// Inside the dump's transaction the statements run alone on the control connection, and
// the transaction's progress row is written inside it, right before its COMMIT
// (runSerial). That INSERT emptied the diagnostics area the COMMIT keeps: after `START
// TRANSACTION; INSERT IGNORE … (a duplicate); PREPARE s FROM 'DO 1'; COMMIT;` the
// client's SHOW WARNINGS; SET @w = @@warning_count stored 1, dumpscope's 0
// (TestXDiag2CommitOfTransactionKeeps). So a plain COMMIT of that transaction, with no
// table locks and no transaction after it, is taken into diagTail as absorbCommit takes
// one outside it: not sent; the transaction's progress row and the COMMIT are what the
// tail owes (finish), and a reader of the area that follows runs first, inside the
// transaction, with the COMMIT's ROW_COUNT 0 given back (rowCounts.giveRow). A reader that may
// run code (CALL, EXECUTE) or that opens or ends a transaction is not run inside it: the
// tail settles before it (regionHeldBack). A kill before the tail settles leaves the
// whole transaction to run again, as a kill before its COMMIT always did; abort rolls it
// back.

// oweRegionCommit takes st, the dump's COMMIT of its transaction (commit: runSerial's
// txn && EndsRegion && !Rollback) into cr.diag when it may (see above), and reports
// whether it did; then st is handled as runSerial would after running it (afterSerial).
// A function: the controller is at its limit of methods.
func oweRegionCommit(ctx context.Context, cr *controller, st *split.Statement, end int64, pl plan.Plan, commit bool) (bool, error) {
	p := cr.p
	r, cp := p.serial, p.opt.Checkpoint
	d := &cr.diag
	if !commit || cp == nil || !plan.PlainCommit(st) || pl.OpenAfter || pl.Locked || d.locked || cr.reloadTxn ||
		!pl.InRegion || d.owes() || cp.Skip(st.Offset) || cr.pendingFrom < 0 || end <= cr.pendingFrom {
		return false, nil
	}
	held := heldStatement(st, false)
	s := checkpoint.Stretch{Start: cr.pendingFrom, End: end, Digest: cp.DigestAt(end), InsertID: true}
	intents := cr.regionIntents
	cr.pendingFrom, cr.regionIntents, cr.txnOpenedAt = -1, nil, -1
	finish := func(ctx context.Context) error {
		if err := cp.Record(ctx, p.control, s); err != nil {
			return p.at(held, err)
		}
		for _, start := range intents {
			if err := cp.EndIntent(ctx, p.control, start); err != nil {
				return p.at(held, err)
			}
		}
		if _, err := p.control.ExecContext(ctx, ownCommit); err != nil {
			return p.at(held, err)
		}
		return nil
	}
	abort := func(ctx context.Context) error { _, err := p.control.ExecContext(ctx, ownRollback); return err }
	d.owe(finish, abort)
	d.absorbed, d.region = true, true
	r.counts.noteRow(st.Offset, 0) // the client's COMMIT leaves ROW_COUNT() 0
	r.statements.Add(1)
	r.commits.Add(1)
	return true, afterSerial(ctx, cr, st)
}

// regionHeldBack reports whether st, a reader of the diagnostics area after the dump's
// COMMIT taken in (oweRegionCommit), may not run inside the dump's transaction: it may
// run code (a CALL or EXECUTE, whose ROLLBACK would undo the dump's rows), it is or opens
// a transaction, or it runs under table locks. The tail settles first.
func (d *diagTail) regionHeldBack(st *split.Statement, pl plan.Plan) bool {
	return d.region && (mayRunCode(st) || pl.Txn || pl.InRegion || pl.OpenAfter || pl.Locked)
}

// Warnings counted late inside the dump's transaction.
//
// A statement's warnings are counted after it with SELECT @@warning_count, which keeps
// the diagnostics area but leaves ROW_COUNT() −1: inside the dump's transaction, after
// `INSERT INTO t VALUES (7),(8)` or `PREPARE s FROM 'SELECT id FROM t'`, the client's GET
// DIAGNOSTICS @w = ROW_COUNT read 2 (0), dumpscope's −1 (TestXDiag2CommitOfTransactionKeeps,
// TestXFix24RowCountInTransaction). There the statement runs alone (no progress row after
// it), so its warnings wait (late) until the next statement is known: a GET DIAGNOSTICS of
// statement items, which changes neither the area nor ROW_COUNT(), runs first and they are
// counted before the statement after it; anything else has them counted before it is
// planned (countLate). A statement that left −1 has them counted at once.

// holdLate ends runSerial's warning hold for st, run inside the dump's transaction (or,
// ownTxn, under its table locks alone, whose commit settles what is held: diagtail.go):
// the warnings held wait in cr.diag.late where st left a ROW_COUNT() other than −1, and
// are counted now otherwise. err is st's outcome, returned unless it is nil and the count
// fails.
func holdLate(ctx context.Context, cr *controller, st *split.Statement, q []byte, ownTxn bool, err error) error {
	r := cr.p.serial
	r.warn.hold = false
	held := r.warn.held
	if ownTxn || held == nil {
		return err
	}
	r.warn.held = nil
	if rc := r.counts; rc != nil {
		rc.mu.Lock()
		left := rc.rowAt == st.Offset && rc.row != -1
		rc.mu.Unlock()
		if left {
			cr.diag.late = held
			return err
		}
	}
	if cerr := r.warn.countWarnings(ctx, cr.p.control, held); cerr != nil && err == nil {
		return r.sqlError(st, q, cerr)
	}
	return err
}

// countLate counts the warnings held late (holdLate) before next is planned, unless next
// is a GET DIAGNOSTICS of statement items in a run gone serial (it runs first; nil: the
// dump ended).
func countLate(ctx context.Context, p *ParallelReplayer, next *split.Statement) error {
	d := &p.ctl.diag
	held := d.late
	if held == nil || (next != nil && statementItems(next) && p.disp.planner.Serial()) {
		return nil
	}
	d.late = nil
	if err := p.serial.warn.countWarnings(ctx, p.control, held); err != nil {
		return p.at(held, err)
	}
	return nil
}

// refuseHeldBack refuses st, a CALL or EXECUTE whose code may read the diagnostics area,
// right after the dump's COMMIT taken in (regionHeldBack): run inside the dump's
// transaction its code could undo the dump's rows, and after the transaction's progress
// row it would read an emptied area. The transaction is committed first, as the client's
// COMMIT did.
func (d *diagTail) refuseHeldBack(ctx context.Context, p *ParallelReplayer, st *split.Statement) error {
	if err := d.settle(ctx, p); err != nil {
		return err
	}
	se := p.serial.refuse(st, "its code may read the diagnostics area the dump's transaction left before the COMMIT just before it, which dumpscope's progress row of that transaction empties; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
	se.Err = ErrSerialOnly
	return se
}

// keepsForReader reports whether st keeps the diagnostics area (keepsAreaCounted: SET
// and SELECT of no table, COMMIT, PREPARE of a text that names no table; SHOW WARNINGS):
// runSerial adds no held-back index and marks no load complete before it (an ALTER
// TABLE, an UPDATE of dumpscope's loads table), which would empty the area a reader
// after it reads: after `SET @dw = CAST('5y' AS SIGNED)` in a run still parallel, the
// PREPARE that turned it serial came after the loads' UPDATE, and `EXECUTE` of a
// prepared `SET @w = @@warning_count` stored 0 where the client stores 1 (difffuzz
// seed 73970, --parallel 3). The next statement that is no keeper, or the end of the
// dump, does both.
func keepsForReader(st *split.Statement) bool {
	return keepsAreaCounted(st) || plan.KeepsDiagnostics(st)
}

// A keeper's own progress row, in a run gone serial.
//
// A plain COMMIT outside any transaction, or UNLOCK TABLES without table locks, keeps the
// diagnostics area (the table in diagkeep.go), but runSerial wrote its progress row at
// once, in a transaction of its own: that INSERT emptied the area. With nothing owed
// before it (the statement before committed on its own, or has no progress row: SET
// @dw1 = CAST('6y' AS SIGNED)), `COMMIT; SET @w = @@warning_count` stored 0 where the
// client stores 1 (difffuzz seed 70158, --load-data), and `UNLOCK TABLES; SELECT
// @@warning_count INTO @w` likewise (x-review15 #9, seed 75072, --parallel 3 and
// checkpointed). With something owed, diagTail.before already waits past them
// (absorbsCommit, keepsArea). So its progress row waits in the tail as a reader's would
// (oweKeeperRow): a reader after it runs first, in a transaction the tail opens for it
// (START TRANSACTION keeps the area), and both progress rows commit together; anything
// else has the row written before it. A kill or a stop before that leaves the keeper to
// run again on resume, where it does what it did (nothing to commit, no lock to release).

// oweKeeperRow takes the progress row runSerial would write after st (recordPending in a
// transaction of its own: pendingFrom up to end) into cr.diag, when st is such a keeper
// run in stream order outside the dump's transaction and locks with nothing owed, and
// reports whether it did.
func oweKeeperRow(cr *controller, st *split.Statement, end int64, pl plan.Plan, ownTxn bool) bool {
	p := cr.p
	cp := p.opt.Checkpoint
	d := &cr.diag
	if cp == nil || !(plan.PlainCommit(st) || isUnlockTables(st)) || !p.disp.planner.Serial() || ownTxn ||
		pl.InRegion || pl.OpenAfter || pl.EndsRegion || pl.Locked || cr.reloadTxn || d.owes() ||
		len(cr.regionIntents) > 0 || cr.pendingFrom < 0 || end <= cr.pendingFrom {
		return false
	}
	d.readers = append(d.readers, checkpoint.Stretch{Start: cr.pendingFrom, End: end, Digest: cp.DigestAt(end), InsertID: true})
	cr.pendingFrom, cr.txnOpenedAt = -1, -1
	return true
}

// areaMarks are the replay's counts of conditions (Replayer.conditions) when the last statement
// planned plan.AreaBase was dispatched (from) and once every statement before the first
// one planned serially after it had finished (to; open until then).
type areaMarks struct {
	from, to int64
	open     bool
}

// lostArea follows the warnings counted from a statement planned plan.AreaBase (planned
// while the run was parallel, it may leave conditions the control connection will not
// hold) to the first statement planned serially after it, and refuses a reader planned
// plan.AreaLost (it reads the area such a statement left, kept since) unless there were
// none: then those statements raised none, and the client's area holds only what the
// keepers run serially after them raised, on the control connection as on the client's.
// `REPLACE INTO t4 VALUES (0, …)` (a barrier: ids generated) with three warnings,
// `SELECT 14 INTO @v` (serial from here), `GET DIAGNOSTICS @n = NUMBER` stored 0 where
// the client stores 3 (difffuzz seed 70145). Rows of other statements in flight at the
// first mark may add to the count: a refusal, never a silent difference. Notes count
// (Replayer.conditions): a DDL's IF [NOT] EXISTS note is one (plan's mayRaise). With
// warnings not counted (--skip-warning-count) the conditions of the window are counted
// all the same (diagcount.go).
func lostArea(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	r := p.serial
	switch {
	case pl.AreaBase:
		cr.area = areaMarks{from: r.conditions.Load(), open: true}
		r.warn.areaOpen.Store(true) // diagcount.go
	case cr.area.open && pl.Kind == plan.Serial:
		// As runSerial does before it: every batch finished, its warnings counted.
		if err := p.disp.flush(ctx); err != nil {
			return err
		}
		if err := p.waitFor(ctx, nil, true); err != nil {
			return err
		}
		cr.area.to, cr.area.open = r.conditions.Load(), false
		r.warn.areaOpen.Store(false)
	}
	if err := countKept(ctx, cr, st, pl); err != nil { // diagcount.go
		return p.at(st, err)
	}
	if !pl.AreaLost || (!cr.area.open && cr.area.to == cr.area.from) {
		return nil
	}
	se := r.refuse(st, plan.AreaLostRefusal)
	se.Err = ErrSerialOnly
	return se
}
