package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The dump's table locks in the part of a run with progress rows that went serial.
//
// There the control connection holds the dump's LOCK TABLES as the client's did, and every
// statement in its region that is not inside a transaction of the dump commits on its
// own. Its progress row used to wait for UNLOCK TABLES: the server refuses, under LOCK
// TABLES, every table not locked (ERROR 1100), the progress table too, and START
// TRANSACTION would release the locks. A kill between a committed INSERT and the UNLOCK
// left the stretch unrecorded, and the resume sent the INSERT again: ERROR 1062, or a
// keyless table's rows twice (difffuzz seed 30341). So the LOCK TABLES dumpscope sends
// locks the progress table too (checkpoint.RecordLock), and each such statement runs
// with autocommit off and its progress row after it, committed together by SET
// autocommit=1. COMMIT and SET autocommit=1 keep table locks (START TRANSACTION and BEGIN
// release them), and under autocommit=0 a failing statement still rolls back only itself,
// as under the client's autocommit: ROW_COUNT() and FOUND_ROWS() are the replay's own
// bookkeeping (rowCounts), LAST_INSERT_ID() is left alone by both SETs and the progress
// row, and the warnings are read right after the statement. A non-transactional table's
// rows still commit before the progress row does, as anywhere under LOCK TABLES (no
// intent is written there), but the window is one statement where it was the region.

// lockState follows the dump's table locks on the control connection.
type lockState struct {
	p *ParallelReplayer
	// owed is the LOCK TABLES the client's connection holds at this point of a resumed
	// run and the control connection does not: the statement that sent it (the dump's
	// LOCK TABLES, or the one the run turned serial at, with Relock) committed in an
	// earlier attempt and was skipped. It is sent before the first statement that runs.
	owed string
}

// lockSQL is q, a LOCK TABLES the control connection is to send, with the progress table
// added to its list when the run has progress rows (withRecordLock); q as it is otherwise.
func (ls *lockState) lockSQL(q []byte, syn sqlscan.Syntax) []byte {
	if ls.p.opt.Checkpoint == nil {
		return q
	}
	return withRecordLock(q, syn)
}

// withRecordLock adds checkpoint.RecordLock to the list of q, LOCK TABLE[S] …: after the
// last table's lock type, before MariaDB's WAIT n or NOWAIT (WAIT alone may also be a
// table's name), inside an executable comment that holds the statement. Any other
// statement (LOCK INSTANCE never gets here) is returned as it is.
func withRecordLock(q []byte, syn sqlscan.Syntax) []byte {
	l := sqlscan.New(q, syn)
	if !l.Next().Is("LOCK") {
		return q
	}
	if t := l.Next(); !t.Is("TABLES") && !t.Is("TABLE") {
		return q
	}
	at := -1
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if (t.Is("WAIT") || t.Is("NOWAIT")) && (prev.Is("READ") || prev.Is("WRITE") || prev.Is("LOCAL") || prev.Is("CONCURRENT")) {
			break
		}
		at = t.End
	}
	if at < 0 {
		return q
	}
	out := make([]byte, 0, len(q)+len(checkpoint.RecordLock)+2)
	out = append(append(append(out, q[:at]...), ", "+checkpoint.RecordLock...), q[at:]...)
	return out
}

// isLockTables reports whether st is the dump's LOCK TABLES (not UNLOCK TABLES).
func isLockTables(st *split.Statement) bool {
	return st.Kind == split.KindLock && st.Verb == "LOCK TABLES"
}

// skipped notes st, which a resume skips as committed: a LOCK TABLES (or the Relock the
// run turned serial with) that the client's connection still holds after it becomes
// owed; locks the client no longer holds are not.
func (ls *lockState) skipped(st *split.Statement, pl plan.Plan) {
	switch {
	case !pl.Locked:
		ls.owed = ""
	case isLockTables(st):
		ls.owed = string(ls.lockSQL(st.SQL, st.Syntax()))
	case pl.Relock != "":
		ls.owed = string(ls.lockSQL([]byte(pl.Relock), st.Syntax()))
	}
}

// acquire sends, before st runs on the control connection, the table locks the client's
// connection holds there and it does not: the dump's LOCK TABLES that was not sent while
// the run was parallel (pl.Relock), or the one a resume skipped (owed). From then on one
// connection holds them, as the client's did: a statement on a table not locked fails
// as the client's does.
func (ls *lockState) acquire(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	p := ls.p
	q := ls.owed
	ls.owed = ""
	if pl.Relock != "" {
		q = string(ls.lockSQL([]byte(pl.Relock), st.Syntax()))
	}
	if q == "" {
		return nil
	}
	if _, err := p.control.ExecContext(ctx, q); err != nil {
		return p.serial.sqlError(st, []byte(q), err)
	}
	return nil
}

// ownTransaction reports whether st, about to run on the control connection with progress
// rows, runs under the dump's table locks outside any transaction of the dump: it commits
// on its own there, and gets its progress row in a transaction with it (begin, commit).
// Not a LOCK or UNLOCK TABLES, nor a transaction statement (COMMIT, START TRANSACTION,
// which releases the locks), nor anything inside the dump's own transaction, whose
// progress row commits with it.
func (ls *lockState) ownTransaction(st *split.Statement, pl plan.Plan) bool {
	p := ls.p
	return p.opt.Checkpoint != nil && pl.Locked && pl.OpenAfter && st.Kind != split.KindLock && st.Kind != split.KindTxn &&
		!p.disp.planner.InTransaction()
}

// begin turns autocommit off on the control connection before st (ownTransaction): st
// and its progress row then commit together.
func (ls *lockState) begin(ctx context.Context, st *split.Statement) error {
	p := ls.p
	if _, err := p.control.ExecContext(ctx, "SET autocommit=0"); err != nil {
		return p.at(st, fmt.Errorf("turn autocommit off to commit the statement with its progress row: %w", err))
	}
	return nil
}

// commit ends what begin started: after st ran without error (err, what it and what
// followed it returned), st's progress row, up to end, is written and SET autocommit=1
// commits both. After an error, what st did is rolled back (the resume runs it again;
// a failing statement has already rolled back itself), and autocommit is on again.
func (ls *lockState) commit(ctx context.Context, st *split.Statement, end int64, err error) error {
	p := ls.p
	if err == nil {
		if err = p.ctl.recordPending(ctx, end, false); err != nil {
			err = p.at(st, fmt.Errorf("record its progress row: %w", err))
		}
	}
	if err != nil {
		_, _ = p.control.ExecContext(ctx, "ROLLBACK") // the locks stay; the connection may be gone
	}
	if _, cerr := p.control.ExecContext(ctx, "SET autocommit=1"); cerr != nil && err == nil {
		err = p.at(st, fmt.Errorf("commit it with its progress row: %w", cerr))
	}
	return err
}
