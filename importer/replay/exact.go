package replay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// Cases a differential corpus of hand- and tool-written scripts found where a parallel
// replay differed from the client's (cmd/dumpscope/plan_corpus2_test.go): each helper here
// keeps one of them in stream order or on one connection.

// relateTriggerTables notes that the tables a trigger names (its own and those its body
// touches) form one group: a statement that waits for one of them waits for the others'
// rows in flight too, since a row of one may write another through the trigger (rows of
// t whose trigger inserts into log, then an INSERT into log that takes AUTO_INCREMENT ids
// after them).
func (cg *catalog) relateTriggerTables(tables []string) {
	cg.triggerKin = relate(cg.triggerKin, tables)
}

// withTriggerKin returns keys and every table a trigger relates to one of them.
func (cg *catalog) withTriggerKin(keys []string) []string {
	if len(cg.triggerKin) == 0 {
		return keys
	}
	out := keys
	for _, k := range keys {
		for _, u := range cg.triggerKin[k] {
			if !plan.ContainsKey(out, u) {
				if len(out) == len(keys) {
					out = append([]string(nil), keys...)
				}
				out = append(out, u)
			}
		}
	}
	return out
}

// lostCounter refuses, on --resume, a statement this attempt would run that the earlier
// one may have been inside when it was killed, when it takes AUTO_INCREMENT ids or
// sequence values: a rolled-back INSERT (or NEXTVAL) does not give back the ids it took,
// and running it again would number its rows after them, silently unlike the client.
// Such statements are the first one not committed, and, since batches of plain rows on
// the workers run beside the control connection, every one up to the first not committed
// that runs on the control connection (which runs one at a time, in stream order): a
// batch committed nothing of it, while the control connection may have been inside it
// (difffuzz seed 16: a table's AUTO_INCREMENT 418 where the client's was 255). Inside a
// transaction, every statement up to its end: the earlier attempt may have run them all
// before it was killed, and their rollback kept the ids they took (seed 2178: an id the
// client's INSERT got was taken, ERROR 1062 where the client went on). That statement,
// or the transaction's end, marks the resume point passed. So does a statement no
// earlier attempt sent (checkpoint.NeverSent: they all ended on their own before it).
func (cr *controller) lostCounter(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || cr.resumePassed || len(st.SQL) == 0 || pl.Kind == plan.Skip || pl.Kind == plan.Control {
		return nil
	}
	if pl.Volatile {
		return lostVolatile(ctx, p, st, pl) // what gets no progress row does not tell where the earlier attempt was
	}
	if st.Verb == "ALTER TABLE" && sqlscan.IsKeysToggle(st.SQL, st.Syntax()) {
		return nil // DISABLE/ENABLE KEYS: a no-op on InnoDB, without a progress row
	}
	if pl.Session {
		return nil // sent again on every resume, wrapped or not: not where the earlier attempt was
	}
	switch st.Kind {
	case split.KindTxn:
		// The COMMIT or ROLLBACK of a transaction a resume did not skip: the earlier
		// attempt was inside it at most until here.
		if committed, _ := cp.Committed(); committed > 0 && !pl.OpenAfter && !cp.Skip(st.Offset) {
			cr.resumePassed = true
		}
		return nil
	case split.KindLock:
		// UNLOCK TABLES run serially gets the progress row of what ran since the
		// region's last one, itself included (runSerial): not skipped, the earlier
		// attempt got no further than here (TestReviewX6ResumeBeforeUnlockRefuses).
		if committed, _ := cp.Committed(); committed > 0 && pl.Kind == plan.Serial && !pl.OpenAfter && !isLockTables(st) && !cp.Skip(st.Offset) {
			cr.resumePassed = true
		}
		return nil
	case split.KindSession, split.KindClient:
		return nil
	}
	if committed, _ := cp.Committed(); committed == 0 {
		cr.resumePassed = true // a first run, or nothing committed yet
		return nil
	}
	if cp.Skip(st.Offset) {
		return nil
	}
	if checkpoint.NeverSent(cp, st.Offset) {
		// The earlier attempts all ended on their own before this statement (a graceful
		// stop, an error): it, and every one after it, took nothing a rollback kept
		// (TestStopSweepAutoIncrementTransaction).
		cr.resumePassed = true
		return nil
	}
	// A statement that may have waited on a worker behind its table's rows is not where
	// the earlier attempt's control connection was: the dispatcher went on past it, so
	// batches after it may have taken ids and rolled back too
	// (TestReviewXResumeLostIDsAfterWorkerDDL). Under the dump's table locks alone each
	// statement commits with its progress row (lockState.ownTransaction), as outside them:
	// the earlier attempt got no further than this one.
	cr.resumePassed = pl.Kind != plan.Rows && (!pl.OpenAfter || cr.lock.ownTransaction(st, pl)) && !mayRunOnWorker(st)
	what := ""
	switch {
	case plan.TakesSequenceValues(st):
		what = "sequence values"
	case st.Kind == split.KindInsert && st.Table != "":
		db := st.Database
		if db == "" {
			db = p.serial.database
		}
		f, err := p.cat.idFactsOf(ctx, db, st.Table)
		if err != nil {
			return p.at(st, err)
		}
		if f.sequence {
			what = "sequence values"
			break
		}
		what = plan.TakesIDs(st, p.disp.planner.Syntax, plan.KeyOf(db, st.Table), f.TableFacts, f.triggers)
	}
	if what == "" {
		return nil
	}
	return p.serial.refuse(st, "--resume cannot recreate "+what+": the interrupted run may have been inside this statement, and ids it took are not given back when it rolls back. "+
		"Compare SHOW CREATE TABLE's AUTO_INCREMENT (or the sequence) with the dump's, set it (ALTER TABLE … AUTO_INCREMENT = n), then run the rest of the dump from this statement by hand, or import it again into an empty target")
}

// lostVolatile refuses, on --resume, a statement of a temporary table that a resume
// may not send again (plan.NotSentAgain: it takes sequence values, or renames it with
// real tables) when the earlier attempt may have run it: it gets no progress row of its
// own (runSerial: volatile statements are sent again by every resume), so one after the
// furthest committed offset and before the first statement not committed that runs on
// the control connection (lostCounter's window) may have run before the kill. Sent
// again, NEXTVAL took the sequence's value a second time (difffuzz seed 81641,
// resume-spool: killed between INSERT INTO tt2 VALUES (1000, NEXTVAL(s), …) and the next
// progress row, a summary of tt2 read 42 where the client's read 41;
// TestKillSweepTemporaryNextval). One the resume passes (a later statement committed) is
// refused where it is met (tempRebuilds.notSentAgain); one the earlier attempt cannot
// have reached runs. Like lostCounter's, the refusal cannot tell a kill just before it
// from one just after. A function: controller is at its limit of methods.
func lostVolatile(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	cp := p.opt.Checkpoint
	why, found := strings.CutPrefix(pl.TemporaryInexact, plan.NotSentAgain)
	if committed, _ := cp.Committed(); !found || committed == 0 || cp.Skip(st.Offset) || st.Offset < cp.Furthest() || checkpoint.NeverSent(cp, st.Offset) {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil { // what came before commits, as at a planned refusal
		return err
	}
	return p.serial.refuse(st, "--resume cannot tell whether the interrupted run sent this statement of temporary table "+pl.Temporary+
		" (such a statement gets no progress row, and none came after it), nor send it again: "+why+"; import the dump again into an empty target")
}

// lostStep refuses, on --resume, a row insert with explicit ids into a table whose ids
// were last generated under an auto_increment_increment or _offset other than 1 by a
// statement the earlier attempt committed (plan.Plan.StepAt): how far such an id moves the
// table's AUTO_INCREMENT counter is the step the server's open handle of the table last
// generated ids with (plan/autoincstep.go), which this attempt's connections did not set:
// a server restart, or a handle another connection opened, steps by 1 where the client's
// connection stepped by the dump's increment.
func (cr *controller) lostStep(st *split.Statement, pl plan.Plan) error {
	cp := cr.p.opt.Checkpoint
	if pl.StepAt == 0 || cp == nil || !cp.Skip(pl.StepAt-1) || cp.Skip(st.Offset) {
		return nil
	}
	return cr.p.serial.refuse(st, "--resume cannot recreate how this statement's explicit ids move the AUTO_INCREMENT counter of "+plan.StatementTableKey(st, cr.p.serial.database)+
		": the server steps it by the auto_increment_increment and _offset its table handle last generated ids with, which the interrupted run set (offset "+fmt.Sprint(pl.StepAt-1)+"). "+
		"Compare SHOW CREATE TABLE's AUTO_INCREMENT with the dump's after the import, or import it again into an empty target")
}

// idFacts are what lostCounter reads about a table: its AUTO_INCREMENT column, whether
// its triggers name tables, whether a column defaults to a sequence's next value.
type idFacts struct {
	plan.TableFacts
	triggers, sequence bool
}

// idFactsOf reads db.table's idFacts, once per table while lostCounter looks (until the
// resume point is passed: a statement that changes tables runs on the control connection
// and passes it), since every batch of rows up to there is checked.
func (cg *catalog) idFactsOf(ctx context.Context, db, table string) (idFacts, error) {
	p := cg.p
	key := plan.KeyOf(db, table)
	if f, ok := p.ctl.lostCounterFacts[key]; ok {
		return f, nil
	}
	var f idFacts
	col, at, signed, err := autoIncrementColumn(ctx, p.control, db, table)
	if err != nil {
		return f, err
	}
	f.TableFacts = plan.TableFacts{AutoIncrement: col, AutoIncrementAt: at, AutoIncrementSigned: signed}
	if f.triggers, err = cg.triggersNameTables(ctx, db, table); err != nil {
		return f, err
	}
	var seqDefaults int
	if err := p.control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND "+plan.SequenceDefault, db, table).Scan(&seqDefaults); err != nil {
		return f, err
	}
	f.sequence = seqDefaults > 0
	if p.ctl.lostCounterFacts == nil {
		p.ctl.lostCounterFacts = map[string]idFacts{}
	}
	p.ctl.lostCounterFacts[key] = f
	return f, nil
}

// triggersNameTables reports whether a trigger of db.table names a table (which it may
// write, taking ids) or calls a procedure that does (bodyNamesTables). One that only
// counts in a user variable (SET @trg = @trg + 1, difffuzz seed 809), itself or through
// a procedure, takes none.
func (cg *catalog) triggersNameTables(ctx context.Context, db, table string) (bool, error) {
	p := cg.p
	bodies, err := tableTriggers(ctx, p.control, db, table)
	if err != nil {
		return false, err
	}
	seen := map[string]bool{}
	for _, body := range bodies {
		if names, err := cg.bodyNamesTables(ctx, db, body.Text, seen); names || err != nil {
			return names, err
		}
	}
	return false, nil
}

// bodyNamesTables reports whether a trigger's or routine's body, of database db, names
// a table (after INTO, UPDATE, FROM, JOIN or ON: TriggerTables; after INSERT or REPLACE,
// whose INTO is optional: BodyInsertTables), or CALLs a procedure or calls a stored
// function whose body does, transitively (seen: the routines looked at, a cycle adds
// nothing). A routine not on the target, or a body that runs dynamic SQL, may write
// anything. A trigger that CALLs a procedure setting a user variable, and no table,
// takes no ids: its INSERT is not refused after a stop (TestCalledVarsTriggerFirstResume).
// Read with TriggerTables and CALLs only, a procedure writing `INSERT lg …`, `REPLACE lg
// …` or through a function was taken for one that names none, and a resume sent the
// trigger's INSERT again (TestReviewX15ProcedureWritesIDsUnseen).
func (cg *catalog) bodyNamesTables(ctx context.Context, db, body string, seen map[string]bool) (bool, error) {
	tables, _ := plan.TriggerTables([]byte(body), db)
	calls, dynamic := plan.BodyCalls([]byte(body))
	if len(tables) > 0 || len(plan.BodyInsertTables([]byte(body), db)) > 0 || dynamic || len(seen) > 16 {
		return true, nil
	}
	if names, err := cg.functionsNameTables(ctx, body, seen); names || err != nil {
		return names, err
	}
	for _, c := range calls {
		pdb, name := c[0], c[1]
		if pdb == "" {
			pdb = db
		}
		k := plan.KeyOf(pdb, strings.ToLower(name))
		if name == "" {
			return true, nil
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		var def sql.NullString
		err := cg.p.control.QueryRowContext(ctx, "SELECT ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = ? AND ROUTINE_TYPE = 'PROCEDURE'", pdb, name).Scan(&def)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !def.Valid) {
			return true, nil // not there (or not readable): it may write anything when it is
		}
		if err != nil {
			return false, err
		}
		if names, err := cg.bodyNamesTables(ctx, pdb, def.String, seen); names || err != nil {
			return names, err
		}
	}
	return false, nil
}

// functionsNameTables reports whether body calls a stored function (of any database: which
// one a name means is the server's to tell) whose body names a table, transitively
// (bodyNamesTables); one whose definition cannot be read may write anything. The
// functions are read only for a body with a parenthesis, where a call can be.
func (cg *catalog) functionsNameTables(ctx context.Context, body string, seen map[string]bool) (bool, error) {
	if !strings.Contains(body, "(") {
		return false, nil
	}
	rows, err := cg.p.control.QueryContext(ctx, "SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'")
	if err != nil {
		return false, err
	}
	type function struct {
		db, name string
		def      sql.NullString
	}
	var called []function
	upper := strings.ToUpper(strings.ReplaceAll(body, "`", ""))
	for rows.Next() {
		var f function
		if err := rows.Scan(&f.db, &f.name, &f.def); err != nil {
			rows.Close()
			return false, err
		}
		if namesCall([]string{strings.ToUpper(f.name)}, upper) {
			called = append(called, f)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	for _, f := range called {
		k := "function " + plan.KeyOf(f.db, strings.ToLower(f.name))
		if seen[k] {
			continue
		}
		seen[k] = true
		if !f.def.Valid {
			return true, nil // not readable: it may write anything
		}
		if names, err := cg.bodyNamesTables(ctx, f.db, f.def.String, seen); names || err != nil {
			return names, err
		}
	}
	return false, nil
}

// renamedAlready reports whether a RENAME TABLE that failed with 1146 (no such table)
// had run before a crash: every source is gone and every new name exists. (A resumed run
// sends unrecorded DDL again; for CREATE and DROP "already exists" says the same.)
func (cr *controller) renamedAlready(ctx context.Context, c Conn, st *split.Statement, code uint16) bool {
	p := cr.p
	if code != 1146 || st.Verb != "RENAME TABLE" {
		return false
	}
	keys, ok := st.NamedTables(p.serial.database)
	if !ok || len(keys)%2 != 0 {
		return false
	}
	for i, k := range keys {
		var n int
		q := "SELECT COUNT(*) FROM information_schema.TABLES WHERE CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) = ?"
		if c.QueryRowContext(ctx, q, k).Scan(&n) != nil || (i%2 == 0) != (n == 0) {
			return false
		}
	}
	return true
}

// reloadKey names st's table as the checkpoint package's reload list does (keyOf).
func reloadKey(st *split.Statement, db string) string { return plan.StatementTableKey(st, db) }

// errXADupID is the server's XAER_DUPID: an XA transaction with that xid exists.
const errXADupID = 1440

// leftPreparedXA turns, on --resume, the dump's XA START failing with XAER_DUPID into a
// refusal that says what to do. Killed between XA PREPARE and its XA COMMIT or ROLLBACK,
// the interrupted run left the XA transaction prepared: the server keeps it after the
// connection is gone, holding its row locks, and the resume sends the dump's XA START
// again (the XA statements' stretch is recorded after their end). Whether the prepared
// xid is the interrupted run's or another client's cannot be told here, so it is not
// ended for the user.
func (cr *controller) leftPreparedXA(st *split.Statement, err error) error {
	var se *StatementError
	cp := cr.p.opt.Checkpoint
	if cp == nil || !errors.As(err, &se) || se.Code != errXADupID {
		return err
	}
	l := st.Tokens()
	if t := l.Next(); !t.Is("XA") {
		return err
	}
	if t := l.Next(); !t.Is("START") && !t.Is("BEGIN") {
		return err
	}
	if committed, _ := cp.Committed(); committed == 0 {
		return err
	}
	return cr.p.serial.refuse(st, "--resume cannot start this XA transaction: one with its xid is prepared in the server, left by the interrupted run if it was killed between XA PREPARE and its XA COMMIT or XA ROLLBACK (XA RECOVER lists it). "+
		"If it is the import's, end it with XA ROLLBACK and the xid, then resume to run the dump's XA statements again")
}

// mayBeAppliedDDL reports whether code, the error on resume of st (DDL by isDDL: ddl),
// may say st ran before the interrupted run ended: a DDL's "already exists" or "does not
// exist" (checkpoint.AlreadyApplied), a RENAME TABLE's missing table (renamedAlready). runBarrier
// decides with the journal (MayHaveRun); --force forgives the error only if it did not
// run (TestReviewXForceResumeUnrecordedCreate: forgiven first, a resumed CREATE TABLE was
// counted as an error of the dump, and its held-back keys were dropped).
func mayBeAppliedDDL(ddl bool, st *split.Statement, code uint16) bool {
	return ddl && (checkpoint.AlreadyApplied(code) || (code == mysqlerr.NoSuchTable && st.Verb == "RENAME TABLE"))
}

// resumedDDL is the context runBarrier runs a DDL statement (ddl) in: on resume, marked
// with mayBeAppliedKey, so that --force does not forgive an error that may say it had run
// before runBarrier asks the journal.
func resumedDDL(ctx context.Context, cp *checkpoint.Run, ddl bool) context.Context {
	if !ddl || cp == nil || !cp.Resumed() {
		return ctx
	}
	return context.WithValue(ctx, mayBeAppliedKey{}, true)
}
