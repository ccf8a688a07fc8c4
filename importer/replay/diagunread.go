package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// User variables read one statement late.
//
// holdVars reads a statement's user variables at once with a SELECT, which leaves
// ROW_COUNT() −1, and before() opens the tail's transaction before a reader (START
// TRANSACTION: 0); rowCounts.giveRow can give back −1, 0 and 1 only. A statement that changes
// more rows and has no progress row — DML of a TEMPORARY table, volatile — left its
// count to GET DIAGNOSTICS @r = ROW_COUNT after it: 3 under the client, 0 here
// (x-review13 #6, TestReviewX13RowCountAfterTemporaryTable). Such a statement's values
// are read when the next statement is known instead (unread): a GET DIAGNOSTICS of
// statement items (NUMBER, ROW_COUNT; it changes neither the area nor ROW_COUNT() and
// writes no table) then runs first, and the values after it; anything else has them read
// before it, as at once (nothing of the dump's ran between). The reader may assign a
// variable the statement set: both commit together (a resume never stands between them),
// and the reader's own row comes after.
//
// A statement with no user variables to journal, or a run without progress rows, had the
// same loss through the warning count: SELECT @@warning_count right after `INSERT INTO
// tmp VALUES (7), (8), (9)` (a TEMPORARY table: no progress row) left −1, and runBarrier's
// START TRANSACTION before the reader 0, where the client's GET DIAGNOSTICS @r =
// ROW_COUNT reads 3 (TestXFix47TemporaryRowCountNeighbours, every mode). So in a run gone
// serial such a statement's warnings wait too (holdCount: unread with no names), and the
// reader runs right after it; they are counted when the tail settles (GET DIAGNOSTICS,
// SELECT … INTO and START TRANSACTION keep the list, checked on MariaDB 10.11).

// unreadVars is a statement whose user variables are owed a journal row but not read.
type unreadVars struct {
	st    *split.Statement // heldStatement, whole (the journal hashes the text)
	names []string
}

// defersVars reports whether holdVars leaves st's values unread: its ROW_COUNT() is
// one rowCounts.giveRow cannot give back.
func defersVars(p *ParallelReplayer, st *split.Statement) bool {
	rc := p.serial.counts
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.rowAt == st.Offset && !rc.rowLost && (rc.row > 1 || rc.row < -1)
}

// holdsCount reports whether runSerial holds the warnings of st, about to run on the
// control connection with no progress row (after: restoreSetVars's SET, none: ""), until
// its count is known: in a run gone serial a reader of ROW_COUNT may follow (see above).
func holdsCount(cr *controller, after string) bool {
	return after == "" && cr.p.disp.planner.Serial()
}

// holdCount leaves st's warnings, held (holdsCount), uncounted until the next statement
// is known where its ROW_COUNT() is one rowCounts.giveRow cannot give back and nothing
// else is owed: unread with no names (see above).
func (d *diagTail) holdCount(p *ParallelReplayer, st *split.Statement) {
	if d.unread == nil && d.finish == nil && len(d.vars) == 0 && p.serial.warn.held != nil && defersVars(p, st) {
		d.unread = &unreadVars{st: heldStatement(st, false)}
		d.warned = true
	}
}

// readUnread reads the values owed unread, if any, into the journal rows held.
func (d *diagTail) readUnread(ctx context.Context, p *ParallelReplayer) error {
	u := d.unread
	if u == nil {
		return nil
	}
	d.unread = nil
	if len(u.names) == 0 {
		return nil // holdCount: only its warnings wait
	}
	v, err := checkpoint.ReadVars(ctx, p.control, u.st.Offset, u.st.SQL, u.names)
	if err != nil {
		return p.at(u.st, err)
	}
	d.vars = append(d.vars, v)
	return nil
}

// statementItems reports whether st is GET [CURRENT] DIAGNOSTICS of statement items
// only (NUMBER, ROW_COUNT): no CONDITION, not STACKED.
func statementItems(st *split.Statement) bool {
	if st.Kind == split.KindClient || !isGetDiagnostics(st) {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("CONDITION") || t.Is("STACKED") {
			return false
		}
	}
	return true
}

// runBeforeUnread runs st, a GET DIAGNOSTICS of statement items, right after the
// statement whose values are unread (nothing sent between), then reads them and opens
// the tail's transaction, in which settle writes their row and st's progress row.
func (d *diagTail) runBeforeUnread(ctx context.Context, p *ParallelReplayer, st *split.Statement) error {
	r := p.serial
	if err := p.ctl.skipped.lostState(ctx, st); err != nil {
		return err
	}
	q, err := r.prepare(ctx, st)
	if err == nil && q != nil {
		err = r.exec(ctx, p.control, st, q)
	}
	if err == nil {
		err = d.readUnread(ctx, p)
	}
	if err != nil || p.opt.Checkpoint == nil {
		return err // no progress rows: no transaction to open
	}
	if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return p.at(st, fmt.Errorf("open the transaction of the journal rows before it: %w", err))
	}
	d.own = true
	return nil
}

// holdsWarnings reports whether the warnings of st, a volatile statement about to run on
// the control connection, wait to be counted until its user variables are read: a
// SELECT of @@warning_count after it would leave ROW_COUNT() −1 (countUnheld counts them
// at once where they are read at once). after: restoreSetVars's SET (none: "").
func holdsWarnings(cr *controller, st *split.Statement, after string) bool {
	return cr.p.opt.Checkpoint != nil && after == "" && len(cr.userVarsOf(st)) > 0
}

// countUnheld ends holdsWarnings's hold after st ran (err: how): the warnings held are
// counted now unless st's values were left unread, which settle counts them with.
func countUnheld(ctx context.Context, cr *controller, st *split.Statement, q []byte, err error) error {
	r := cr.p.serial
	r.warn.hold = false
	held := r.warn.held
	if held == nil || cr.diag.unread != nil {
		return err
	}
	r.warn.held = nil
	if cerr := r.warn.countWarnings(ctx, cr.p.control, held); cerr != nil && err == nil {
		return r.sqlError(st, q, cerr)
	}
	return err
}
