package replay

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// skipState follows, in a resumed parallel replay, what the control connection's session
// lost to the statements the resume skips (an earlier attempt committed them, so they do
// not run on this connection): the statement before a reader of ROW_COUNT()/FOUND_ROWS(),
// the INSERT that set LAST_INSERT_ID(), the SET insert_id that belonged to a skipped
// INSERT. It gives back what the journal recorded and refuses a reader of what it did not
// (lostState). It is the controller's; p is for the control connection and the counts.
type skipState struct {
	p *ParallelReplayer
	// insertIDPending: the control connection ran SET insert_id = n and no INSERT since.
	insertIDPending bool
	// insertID follows LAST_INSERT_ID() across what a resume skips (noteSkipped).
	insertID struct {
		giveBack, atSkip uint64
		pending          bool
	}
	// prevSkipped, idSkipped: a resumed run skipped the control connection's last
	// statement, or its last INSERT (see lostState).
	prevSkipped, idSkipped bool
	// countsGiven: the control connection's last statement was given back in its place
	// (restoreUserVars: the SET of its journaled values), which rowCounts noted the
	// counts of (rowCounts.gaveBack): a ROW_COUNT() or FOUND_ROWS() reader after it is
	// rowCounts's to give or refuse, whatever was skipped before it.
	countsGiven bool
	// noDatabase: the client's session had no current database here, or another than
	// this one's, since this statement (resumelost.go): a DROP DATABASE of the current
	// one, or a USE of one the interrupted run dropped later, that the resume skipped.
	noDatabase *split.Statement
	// dbFree: whether a table's rows are stored alike whatever the current database
	// (databaseFreeRows), by db.table, read while noDatabase is set.
	dbFree map[sqlscan.TableKey]bool
	// packages: the packages the dump created and those a skipped statement named
	// (packagestate.go).
	packages packageStates
}

// noteSkipped and noteRan follow what the control connection last did, for lostState: a
// statement a resumed run skips (an earlier attempt committed it) did not run on this
// connection. LAST_INSERT_ID() is given back where the skipped stretch recorded it
// (checkpoint.Run.InsertIDAt): before the next statement this run sends on the control
// connection (giveBackInsertID), so that one, and any later one that reads it without an
// id generated in between, reads the client's value. A skipped INSERT whose stretch did
// not record it (an older dumpscope's row, or one a resume recorded for a settled
// intent) leaves it unknown: lostState then refuses a reader unless a statement run since
// changed it on this connection (the value read here differs from the one then).
func (sk *skipState) noteSkipped(ctx context.Context, st *split.Statement) error {
	p := sk.p
	sk.prevSkipped, sk.countsGiven = true, false
	if st.Kind == split.KindOther {
		sk.noteInsertID(st) // a wrapped SET insert_id or a CALL, given back or not: its INSERT may be skipped next
	}
	forgetSkippedLookups(p, st)
	p.serial.counts.skipped(st)
	if st.Kind == split.KindInsert {
		// The summary's dump rows count what the dump carried, sent now or committed by
		// an earlier attempt, as addRows counts the batched rows it skips
		// (TestReviewXResumeRowCountsSummary).
		p.serial.countTable(st)
		p.serial.rows.Add(st.Rows)
	}
	if id, known := p.opt.Checkpoint.InsertIDAt(st.Offset); known {
		sk.idSkipped = false
		sk.insertID.giveBack, sk.insertID.pending = id, true
		return nil
	}
	if st.Kind != split.KindInsert || sk.idSkipped {
		return nil
	}
	sk.idSkipped, sk.insertID.pending = true, false
	if err := p.control.QueryRowContext(ctx, "SELECT LAST_INSERT_ID()").Scan(&sk.insertID.atSkip); err != nil {
		return p.at(st, err)
	}
	return nil
}

func (sk *skipState) noteRan(st *split.Statement) {
	if st.Kind == split.KindSession || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return
	}
	sk.countsGiven = false
	if sk.prevSkipped && (plan.KeepsDiagnostics(st) || keepsAreaCounted(st)) {
		// SHOW WARNINGS keeps the area a reader after it reads: still the skipped
		// statement's (GET DIAGNOSTICS after INSERT IGNORE, skipped, and SHOW WARNINGS read
		// 0 where the client's read 1: TestDiagVarsKilledOrStopped). COMMIT, PREPARE of
		// no table, DO 1 and SELECT 0 too: after a COMMIT the reader went unrefused and
		// read 0 (TestXDiag2KeepersResumed).
		return
	}
	sk.prevSkipped = false
	if st.Kind == split.KindInsert {
		sk.insertIDPending = false
	}
}

// giveBackInsertID sends, before st runs on the control connection, the LAST_INSERT_ID()
// of the last stretch a resume skipped (noteSkipped), once.
func (sk *skipState) giveBackInsertID(ctx context.Context, st *split.Statement) error {
	p := sk.p
	if !sk.insertID.pending || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return nil
	}
	sk.insertID.pending = false
	if _, err := p.control.ExecContext(ctx, fmt.Sprintf("DO LAST_INSERT_ID(%d)", sk.insertID.giveBack)); err != nil {
		return p.at(st, fmt.Errorf("give back LAST_INSERT_ID() of the interrupted run: %w", err))
	}
	return nil
}

// lostState refuses, on --resume, a statement that reads what the interrupted run's
// connection did and this one did not (the statement before it committed in an earlier
// attempt and was skipped): LAST_INSERT_ID() after a skipped INSERT that did not record
// it, unless a statement run since set it here; ROW_COUNT() or FOUND_ROWS() after any
// skipped statement, FOUND_ROWS() after a skipped SELECT. Guessing would give another
// value silently.
func (sk *skipState) lostState(ctx context.Context, st *split.Statement) error {
	p := sk.p
	what := ""
	switch {
	case sk.idSkipped && sqlscan.ContainsFoldASCII(st.SQL, "LAST_INSERT_ID"):
		// The look-up is a SELECT: not before a statement that reads what it changes.
		reads := sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT") || readsFoundRows(st.SQL)
		var now uint64
		if !reads {
			if err := p.control.QueryRowContext(ctx, "SELECT LAST_INSERT_ID()").Scan(&now); err != nil {
				return p.at(st, err)
			}
		}
		if !reads && now != sk.insertID.atSkip {
			sk.idSkipped = false // set by a statement run since: this connection's is the client's
			return nil
		}
		what = "LAST_INSERT_ID()"
	case sk.prevSkipped && sk.p.disp.planner.ReadsDiagnostics(st):
		what = "the diagnostics area (warnings, errors, row count)" // diagtail.go
	case sk.prevSkipped && !sk.countsGiven && (sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT") || readsFoundRows(st.SQL)):
		what = "ROW_COUNT() or FOUND_ROWS()"
	case sk.p.serial.counts.rowCountLost(sk.p.disp.prevSent) && sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT"):
		what = "ROW_COUNT()" // the statement before it was found already applied (rowcount.go)
	case sk.p.serial.counts.rowCountReadOver(sk.p.disp.prevSent) && sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT"):
		// recordUserVarsInTxn read the user variables of the statement before it (a
		// trigger or the statement set them) on this connection (rowcount.go readOver).
		se := p.serial.refuse(st, "it reads the row count of the statement before it, which set user variables that --checkpoint journals by reading them on the same connection inside the dump's transaction (the read leaves ROW_COUNT() −1); import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
		se.Err = ErrSerialOnly
		return se
	case sk.p.serial.counts.foundRowsSkipped() && readsFoundRows(st.SQL):
		what = "FOUND_ROWS()" // the SELECT that set it was skipped (rowcount.go)
	case sk.p.serial.counts.foundRowsLost() && readsFoundRows(st.SQL):
		// giveFound held back before a CALL or EXECUTE, or an INSERT … SELECT on the
		// control connection left a count the read-back would change (rowcount.go).
		// The planner's advice (a resume would meet the same refusal: ErrSerialOnly), which
		// difffuzz counts as a refusal ("--parallel 1" alone left --checkpoint: seed 73108).
		se := p.serial.refuse(st, "it reads FOUND_ROWS() after a statement whose FOUND_ROWS() a parallel replay cannot follow without changing what the dump may read next (a CALL or EXECUTE: the warnings a procedure may read; an INSERT or CREATE TABLE … SELECT: its row count); import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
		se.Err = ErrSerialOnly
		return se
	default:
		return nil
	}
	return p.serial.refuse(st, "--resume cannot recreate "+what+" of the interrupted run's connection: the statement before it committed in an earlier attempt. "+
		"Check the rows this statement and the ones after it write, then finish the rest of the dump by hand or import it again into an empty target")
}

// readsFoundRows reports whether q may read FOUND_ROWS(): it names FOUND_ROWS other than
// as SQL_CALC_FOUND_ROWS, which sets it. A SELECT SQL_CALC_FOUND_ROWS … was refused on
// resume as a reader of what the interrupted run's connection left, where it reads
// nothing of it and the reader after it gets its own count (difffuzz seed 50198,
// TestReviewX13CalcFoundRowsRefusedOnResume).
func readsFoundRows(q []byte) bool {
	if !sqlscan.ContainsFoldASCII(q, "FOUND_ROWS") {
		return false
	}
	up := bytes.ToUpper(q)
	return bytes.Count(up, []byte("FOUND_ROWS")) > bytes.Count(up, []byte("SQL_CALC_FOUND_ROWS"))
}

// noteInsertID follows SET insert_id = n: it applies to the next INSERT that takes an id.
// The SET may come through any number of wrappers (EXECUTE IMMEDIATE, a prepared
// EXECUTE, SET STATEMENT … FOR: wrappedLayers), or from a procedure's body: a statement
// that may CALL one whose body sets it (procVars holds @@insert_id; withProcedureVars
// journals it there and a resume gives it back). Read in the SET's text alone, a resume
// that skipped the INSERT that took the id let the next INSERT, into another table, take
// it (x-review16 #2, TestReviewX16InsertIDOutlivesSkippedInsert). Marked pending where it
// may not be (the procedure did not set it, or its INSERT took it), dropInsertID sends
// SET insert_id = 0 at a skipped INSERT: what the variable holds once an INSERT took it.
// st ran on the control connection, or a resume skipped it (noteSkipped).
func (sk *skipState) noteInsertID(st *split.Statement) {
	if st.Kind != split.KindSession && st.Kind != split.KindOther {
		return
	}
	for _, s := range wrappedLayers(sk.p, st) {
		for _, a := range plan.ParseSet(s.SQL, s.Syntax()) {
			if a.Name == "insert_id" {
				sk.insertIDPending = true
			}
		}
	}
	if cr := sk.p.ctl; cr != nil && slices.Contains(cr.procVars, "@@insert_id") && len(withProcedureVars(cr, st, nil)) > 0 {
		sk.insertIDPending = true
	}
}

// dropInsertID, when a resumed run skips an INSERT an earlier attempt committed, cancels
// a SET insert_id replayed before it (session statements always run again): it belonged
// to that INSERT, and would give the next one its id (a duplicate key). Not at an INSERT
// that surely generated no id (plan.TakesIDs: a table without AUTO_INCREMENT and without
// triggers that name tables, or rows that give every id): the server keeps insert_id
// until an INSERT generates an id (MariaDB 10.11: SET insert_id = 100; an INSERT into a
// table without AUTO_INCREMENT; the next table's generated id is 100), so the client's
// next INSERT that generates one takes it; cancelled, the resumed run's took 1
// (TestXFix35InsertIDPastTableWithoutAutoIncrement).
func (sk *skipState) dropInsertID(ctx context.Context, st *split.Statement) error {
	p := sk.p
	if !sk.insertIDPending || st.Kind != split.KindInsert {
		return nil
	}
	if st.Table != "" {
		db := st.Database
		if db == "" {
			db = p.serial.database
		}
		f, err := p.cat.idFactsOf(ctx, db, st.Table) // exact.go
		if err != nil {
			return p.at(st, err)
		}
		if !f.sequence && plan.TakesIDs(st, p.disp.planner.Syntax, plan.KeyOf(db, st.Table), f.TableFacts, f.triggers) == "" {
			return nil // it took no id: insert_id waits for the next INSERT that does
		}
	}
	sk.insertIDPending = false
	if _, err := p.control.ExecContext(ctx, "SET insert_id = 0"); err != nil {
		return p.at(st, err)
	}
	return nil
}

// forgetSkippedLookups drops what the catalog looked up of the tables a skipped DROP,
// ALTER, RENAME or trigger statement changes, as running it does (dispatcher.barrier,
// sendBarrier). A resume plans the statements it skips too, and their lookups read the
// server as the interrupted run left it, past them: an INSERT before a committed DROP
// TABLE looked up a table that no longer existed, and kept that (no AUTO_INCREMENT
// column) for the table the dump creates again under the name after the DROP. That
// table's INSERT with NULL ids then went to a worker as plain rows, not to the control
// connection, and SET @v = LAST_INSERT_ID() after it read 0 where the client read the
// first id (difffuzz seed 38741, TestDifffuzzFound38741SkippedDropLookup).
func forgetSkippedLookups(p *ParallelReplayer, st *split.Statement) {
	if !changesLookup(st) {
		return
	}
	keys, global := plan.BarrierScope(st, p.serial.database)
	if global {
		clear(p.cat.tables)
		return
	}
	for _, k := range keys {
		delete(p.cat.tables, k)
	}
}
