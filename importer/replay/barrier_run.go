package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The dispatcher's control-connection statements: a statement that is not a batched
// INSERT runs here (or on a worker as a barrier item) once what it waits for has
// committed, with its progress row, intent and resume bookkeeping. dispatch.go decides
// where a statement goes; this file runs it.

// barrier runs one statement that is not a batched INSERT on the control connection, the
// batches of the tables it touches having committed.
func (dp *dispatcher) barrier(ctx context.Context, st *split.Statement, end int64, scope []string) error {
	p := dp.p
	q, err := p.serial.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	return dp.runBarrier(ctx, p.control, st, q, end, p.opt.Checkpoint.DigestAt(end), scope, runsOutside(dp, st))
}

// runBarrier runs q, prepared from st, on c. With progress rows, DML runs in a transaction
// with its progress row; DDL commits on its own, so its progress row follows it, and on
// resume an unrecorded DDL's "already exists" errors may mean it had run
// (checkpoint.Run.MayHaveRun), when an earlier attempt marked it as about to be sent
// (markSent: ddlmark.go). DML that may write a non-transactional table (scope: the
// tables it touches with those their triggers write, nil for any) leaves an intent first, so that a resume never applies
// it twice (checkpoint.Run.BeginIntent). outside: st is code that runs in autocommit,
// not in a transaction with its progress row (runsOutside, outside.go).
func (dp *dispatcher) runBarrier(ctx context.Context, c Conn, st *split.Statement, q []byte, end int64, digest string, scope []string, outside bool) error {
	p := dp.p
	r, cp := p.serial, p.opt.Checkpoint
	record := cp != nil && st.Kind != split.KindClient && (st.Kind != split.KindSession || p.ctl.calls.owns(st)) // ownsCall
	if !record {
		if setsCharsetFromDatabase(st) {
			return p.ctl.runCharsetFromDatabase(ctx, c, st, q)
		}
		return execSetGlobal(ctx, p, c, st, func() error { return r.exec(ctx, c, st, q) }) // a resume skips a SET GLOBAL that ran (setglobal.go)
	}
	ddl := isDDL(dp.planner, st)      // lockregion.go: a wrapper of DDL too
	own := ddl || accountRanAgain(st) // commits on its own, before its progress row can
	outside = outside && !ddl
	var intent bool
	var err error
	if outside {
		intent, err = beginOutsideIntent(ctx, p, c, st, end, digest)
	} else {
		intent, err = p.ctl.beginIntent(ctx, keeperConn(p, c, st), st, end, digest, scope, false)
	}
	if err != nil {
		return err
	}
	creates, err := dp.createsTable(ctx, c, st)
	if err != nil {
		return p.at(st, err)
	}
	ddlIntent := false
	if ddl && st.Verb == "ALTER TABLE" && st.Table != "" {
		if ddlIntent, err = cp.BeginDDLIntent(ctx, c, checkpoint.Intent{Start: st.Offset, End: end, Statement: split.Describe(p.opt.Name, st), Digest: digest}, dp.statementDB(st), st.Table); err != nil {
			return p.at(st, fmt.Errorf("record the intent of an ALTER TABLE: %w", err))
		}
	}
	if own { // an ALTER TABLE's too: its intent goes with its progress row
		if err := dp.markSent(ctx, c, st); err != nil { // ddlmark.go
			return err
		}
	}
	if !ddl && !outside {
		if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
			return r.sqlError(st, st.SQL, err)
		}
	}
	r.warn.hold = c == p.control && dp.planner.Serial() // its progress row may wait (diagtail.go)
	// A wrapped SET GLOBAL is journaled and marked as a plain one (setglobal.go).
	err = execSetGlobal(ctx, p, c, st, func() error { return r.exec(resumedDDL(ctx, cp, ddl), c, st, q) })
	r.warn.hold = false
	if staleTables(p, st) { // diagprime.go
		cp.SchemaChanged()
	}
	var se *StatementError
	switch {
	case err != nil && own && errors.As(err, &se) && (checkpoint.AlreadyApplied(se.Code) || p.ctl.renamedAlready(ctx, c, st, se.Code)) && !dp.ownAlreadyExists(st, se.Code) && cp.MayHaveRun(st.Offset, marksSent(dp.planner, st)):
		// It ran before the crash; its progress row did not. What it left in ROW_COUNT()
		// is not known.
		err = nil
		r.counts.lost(st.Offset)
	case err != nil && r.opt.Force && errors.As(err, &se) && mayBeAppliedDDL(ddl, st, se.Code):
		err = r.forgive(st, q, se) // it had not run: the dump's error, as the client's
	case err == nil && own && checkpoint.Passed(cp, st.Offset) != nil:
		err = p.at(st, errors.New("could not clear the checkpoint's failed statement"))
	case err == nil && own && c == p.control && !mayRunOnWorker(st):
		// Only one on the control connection in every attempt (an ALTER may have waited on a worker).
		cp.RanAfresh(st.Offset)
	}
	t := barrierTail{c: c, st: st, end: end, digest: digest, db: dp.statementDB(st), ddl: ddl, intent: intent, ddlIntent: ddlIntent, creates: creates, outside: outside, mixed: outside || intent && scopeMayWriteTransactional(ctx, cp, c, scope)}
	if err == nil && c == p.control && dp.planner.Serial() {
		return p.ctl.diag.oweBarrier(dp, t) // until the next statement is known (diagtail.go)
	}
	return t.run(ctx, dp, err)
}

// createsTable reports whether st, about to run on c, makes a new, empty table, or
// empties one: the only tables a resume may truncate to reload (checkpoint.Run.RecordLoad),
// since they then hold nothing the dump did not put there. A CREATE TABLE, or the dump's
// own TRUNCATE (which a reload's TRUNCATE repeats, AUTO_INCREMENT included). Not CREATE
// TABLE IF NOT EXISTS of a table already there (the user's, with its rows), nor CREATE
// TABLE … SELECT (its rows come from the query, not from rows a reload replays). CREATE
// OR REPLACE TABLE is: what it replaces is gone.
func (dp *dispatcher) createsTable(ctx context.Context, c Conn, st *split.Statement) (bool, error) {
	p := dp.p
	if strings.HasPrefix(st.Verb, "TRUNCATE") {
		return st.Table != "", nil
	}
	if st.Verb != "CREATE TABLE" || st.Table == "" {
		return false, nil
	}
	l := st.Tokens() // with its character set: a COMMENT '…' may end in a 0x5C trail byte
	ifNotExists := false
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if t.Is("SELECT") {
			return false, nil
		}
		if t.Is("EXISTS") && prev.Is("NOT") {
			ifNotExists = true
		}
	}
	if !ifNotExists {
		return true, nil // it fails if the table is there
	}
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", dp.statementDB(st), st.Table).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look up whether %s exists: %w", p.cat.tableKey(st), err)
	}
	return n == 0, nil
}

// statementDB is the database of st's table: the one it names, else the current one.
func (dp *dispatcher) statementDB(st *split.Statement) string {
	p := dp.p
	if st.Database != "" {
		return st.Database
	}
	return p.serial.database
}

// accountRanAgain reports whether st creates, drops or renames an account or a role
// (CREATE/DROP/RENAME USER, CREATE/DROP ROLE). Like DDL it commits on its own, before its
// progress row can; sent again by a resume after a kill between the two, it fails with
// ERROR 1396 where its effect is already there, which the client's run never meets
// (difffuzz seeds 113818, 113819; TestDiffFuzzFoundS46CreateUserResumed). Within the
// journal's allowance (MayHaveRun) that error is taken for "it had run", as a table's
// "already exists"; a 1396 of the dump's own (the account was there before) ends the run
// and is recorded as its failed statement (import.go), so a resume meets it again.
//
// CREATE OR REPLACE and IF [NOT] EXISTS forms never fail so, and succeed whether or not
// the interrupted run had sent them: they stay as they were (not taken for a statement that
// shows how far that run got: checkpoint's RanAfresh).
func accountRanAgain(st *split.Statement) bool {
	w := sqlscan.DDLWords(st.SQL, 3, st.Syntax())
	if len(w) < 2 || (len(w) == 3 && strings.EqualFold(w[2], "IF")) {
		return false
	}
	switch strings.ToUpper(w[0]) + " " + strings.ToUpper(w[1]) {
	case "CREATE USER", "DROP USER", "RENAME USER", "CREATE ROLE", "DROP ROLE":
		return true
	}
	return false
}
