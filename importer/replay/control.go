package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// controller runs on the control connection what does not leave stream order (DDL,
// session statements, transactions, what the planner made serial), with the progress
// rows, intents and user-variable records that make it resumable, and follows what a
// resume skips (LAST_INSERT_ID, insert_id, the open transaction's stretch).
type controller struct {
	p *ParallelReplayer
	// resumePassed: a resumed run has met its first statement not committed before that
	// runs on the control connection (see lostCounter, and the tables' facts it read).
	resumePassed     bool
	chain            chainState // a skipped chaining COMMIT's transaction opened again (wrappedsession.go)
	lostCounterFacts map[string]idFacts
	// resumePointSessions: the session values journaled before the SET GLOBALs from the
	// first statement not skipped on were given back there (setglobal_resume.go).
	resumePointSessions bool
	// beforeResume: what the dump's session set before that statement (setglobal_resume.go).
	beforeResume sessionBeforeResume
	// procGlobals: a procedure the dump created sets a GLOBAL (refuseRoutineGlobalsLost).
	procGlobals bool
	// routineVars are the user variables named in the bodies of the triggers and stored
	// functions the dump created so far, and of the procedures they CALL (userVarsOf).
	routineVars []string
	called      plan.CalledVars
	// procVars: what bodies of the procedures made so far may leave set (noteProcedureVars);
	// blockVars, by offset, compound statements' (noteBlockVars); sessionVars, the server's.
	procVars    []string
	blockVars   map[int64][]string
	sessionVars sessionVarNames
	// pendingFrom: the offset from which statements ran on the control connection in a
	// transaction or under table locks without a progress row yet (-1: none).
	pendingFrom int64
	// txnOpenedAt: the offset of the START TRANSACTION or BEGIN that opened the dump's
	// transaction while the run was still parallel (-1: none): its stretch starts there
	// once it turns serial, so that a resume skips it with the COMMIT (TestResumeAtXAStart).
	txnOpenedAt int64
	// regionIntents: starts of that stretch's statements with intents (regionIntent).
	regionIntents []int64
	calls         callState // what callintent.go keeps of the stored functions a statement may call
	// tempRebuilds: temporary tables a resume rebuilt otherwise than the client
	// (temprebuild.go).
	tempRebuilds tempRebuilds
	// wrappedVars are wrappedOwnVars' answers by offset: read while st is the statement
	// planned last, asked again later (the journal waits for the next statement, which
	// may DEALLOCATE what st ran).
	wrappedVars map[int64][]string
	// skipped follows what the control connection's session lost to a resume's skips.
	skipped skipState
	// xa follows the dump's XA transaction, for its marker (xa.go).
	xa xaState
	// reloadTxn: a resume sent rows of a reload, or temporary tables' writes, of a skipped
	// transaction of the dump inside one of its own, ending as the dump's (reload.go, tempTxn).
	reloadTxn bool
	ownTxn    ownTxnState // what else is kept of it
	// lock follows the dump's table locks on the control connection (lockregion.go).
	lock lockState
	// diag is what the control connection owes the statement that ran last, for a
	// reader of its diagnostics area that may follow (diagtail.go).
	diag diagTail
	// diagCode: the dump made code that may read the caller's diagnostics area (diagprime.go).
	diagCode bool
	// area counts the warnings from the last statement planned AreaBase to the turn to
	// serial (lostArea).
	area areaMarks
}

// newController returns p's controller, before any statement: nothing pending, no
// transaction opened, nothing skipped.
func newController(p *ParallelReplayer) *controller {
	return &controller{p: p, pendingFrom: -1, txnOpenedAt: -1, skipped: skipState{p: p}, xa: xaState{start: -1}, lock: lockState{p: p, intentAt: -1}}
}

// ownCommit and ownRollback end dumpscope's own transactions on the control connection
// (progress rows, the dump's transaction an implicit commit ends): whatever completion_type
// the dump set there, they neither open the next transaction (CHAIN) nor end the session
// (RELEASE) (plan's completion.go).
const (
	ownCommit   = "COMMIT AND NO CHAIN NO RELEASE"
	ownRollback = "ROLLBACK AND NO CHAIN NO RELEASE"
)

// ErrSerialOnly is what a refusal of the parallel replay wraps (plan.Refuse: ROW_COUNT()
// read by code the dump created, a ROLLBACK of rows committed on other connections): the
// serial replay without --parallel, --checkpoint, --load-data and --defer-indexes runs
// that statement exactly, but a --resume of this run would meet the same refusal, so the
// summary must not offer one (a dead end found at 2 a.m.).
var ErrSerialOnly = errors.New("only a serial import (without --parallel, --checkpoint, --load-data and --defer-indexes) gives this statement the client's result")

// This file runs the planner's serial decisions in the parallel replay: statements planned
// Serial run on the control connection, in stream order, after everything in flight,
// exactly as the serial Replayer would send them.

// runPlanned does what the plan says for the statements that do not join a batch or run
// as a barrier (refusals, serial runs, the dump's COMMIT/ROLLBACK, skipped table locks),
// and ends the dump's open transaction before a statement that commits it implicitly.
// done: the statement is handled (errQuit: the client's `quit`).
func (cr *controller) runPlanned(ctx context.Context, st *split.Statement, end int64, pl plan.Plan) (done bool, err error) {
	p, r := cr.p, cr.p.serial
	r.warn.inOrder.Store(p.disp.planner.Serial()) // warnings.go: mayKeep
	// Its code may read ROW_COUNT: given back before it runs (rowcount.go).
	r.counts.codeReads(st, pl.CodeReadsRowCount, p.disp.prevSent)
	r.counts.planned(st.Offset, p.disp.prevSent, pl.Literal) // a reader's count: rowCounts.giveRow
	if err := lostArea(ctx, cr, st, pl); err != nil {        // diagregion.go: before a reader runs, and the look-ups
		return true, err
	}
	if err := primeLookups(ctx, cr, st, pl); err != nil { // diagprime.go
		return true, err
	}
	if err := refuseOwnVarsRead(p, st, pl); err != nil { // ownvars.go
		return true, err
	}
	if done, err := cr.diag.before(ctx, p, st, end, pl); done || err != nil { // first: see diagtail.go
		return true, err
	}
	if err := cr.endReloadTxn(ctx, st, pl); err != nil { // every statement passes here
		return true, err
	}
	if done, err := resumeSetGlobal(ctx, cr, st); done || err != nil { // setglobal.go
		return true, err
	}
	if err := cr.tempRebuilds.refusal(ctx, p, st, pl); err != nil { // temprebuild.go
		return true, err
	}
	if done, err := refuseResumeLost(ctx, cr, st, pl); done || err != nil { // resumelost.go, memoryrisk.go
		return true, err
	}
	if se := readOnlyRefusal(p, st); se != nil { // readonly.go
		return true, se
	}
	switch pl.Kind {
	case plan.Refuse:
		if err := p.disp.flush(ctx); err != nil {
			return true, err
		}
		se := r.refuse(st, pl.Reason)
		se.Err = ErrSerialOnly
		return true, se
	case plan.Serial:
		if err := p.disp.flush(ctx); err != nil {
			return true, err
		}
		if pl.Reason != "" {
			p.opt.Notice(p.opt.Name + ": " + pl.Reason)
		}
		return true, likeResentFailed(cr, st, pl, cr.runSerial(ctx, st, end, pl)) // likeresent.go
	case plan.Control:
		// COMMIT, ROLLBACK, START TRANSACTION outside a transaction that runs here: they
		// end or open the control connection's own, which holds no rows.
		if err := cr.endRegion(ctx, st, pl); err != nil {
			return true, err
		}
		cr.txnOpenedAt = -1
		if st.Kind == split.KindTxn && !plan.IsRollback(st) && !strings.HasPrefix(st.Verb, "COMMIT") {
			cr.txnOpenedAt = st.Offset
			if p.opt.Checkpoint.Skip(st.Offset) {
				// A resume: the transaction it opened turned serial and committed with
				// its stretch, which the earlier attempt recorded from here. Sent again,
				// it would stay open where the client's had ended (the COMMIT is skipped
				// too), and the next XA START failed with ERROR 1400.
				return true, cr.skipped.noteSkipped(ctx, st)
			}
			if err := p.held.beforeRegion(ctx, st); err != nil {
				return true, err
			}
		}
		q, err := r.prepare(ctx, st)
		if err != nil || q == nil {
			return true, err
		}
		return true, r.exec(ctx, p.control, st, q)
	case plan.Skip:
		// Table locks would block the other connections; a LOCK or UNLOCK that ends a
		// transaction commits it, as the server would have.
		r.counts.noteRow(st.Offset, 0) // the client's LOCK TABLES leaves ROW_COUNT() 0
		if err := cr.endRegion(ctx, st, pl); err != nil {
			return true, err
		}
		return true, p.held.beforeRegion(ctx, st)
	case plan.Barrier:
		return false, cr.endRegion(ctx, st, pl)
	case plan.Session:
		if pl.EndsRegion {
			// SET autocommit=1 commits the region, with its progress row.
			if err := cr.recordPending(ctx, st.Offset, false); err != nil {
				return true, p.at(st, err)
			}
		}
	}
	return false, nil
}

// tableFacts returns what the replay knows of a table, looking it up (after a barrier item
// of it in flight, which may change it) at its first rows.
func (cg *catalog) tableFacts(ctx context.Context, st *split.Statement, key string) (tableInfo, error) {
	p := cg.p
	if info, ok := cg.tables[key]; ok {
		return info, nil
	}
	// The lookup waits for the batches in flight of the tables this one's rows depend on
	// (foreign key parents, what its triggers touch): the batch being filled goes first.
	if err := p.disp.flush(ctx); err != nil {
		return tableInfo{}, err
	}
	if p.sched.barrierPending(key) {
		if err := p.waitFor(ctx, []string{key}, false); err != nil {
			return tableInfo{}, err
		}
	}
	return cg.lookupTable(ctx, st, key)
}

// owedBy takes the held-back indexes that st, DDL inside the dump's transaction (or
// under its table locks), owes: those of the tables it names (runSerial).
func (hi *heldIndexes) owedBy(st *split.Statement, pl plan.Plan) []deferredIndexes {
	p := hi.p
	if !pl.InRegion || !p.opt.DeferIndexes || (st.Kind != split.KindDDL && st.Kind != split.KindRoutine) || pl.Volatile || len(p.held.deferred) == 0 || len(st.SQL) == 0 {
		return nil
	}
	keys, global := plan.BarrierScope(st, p.serial.database)
	if global && pl.Locked { // under LOCK TABLES only tables it names, which it holds
		return nil
	}
	return p.held.takeDeferred(keys, global)
}

// runSerial runs st on the control connection once nothing else is in flight. Inside a
// transaction or under table locks (pl.InRegion, pl.OpenAfter) it sends st alone, as the
// client does, and the stretch gets its progress row when the transaction commits (inside
// it) or ends otherwise; outside, it runs as any barrier statement does.
func (cr *controller) runSerial(ctx context.Context, st *split.Statement, end int64, pl plan.Plan) error {
	p := cr.p
	r, cp := p.serial, p.opt.Checkpoint
	if err := p.waitFor(ctx, nil, true); err != nil {
		return err
	}
	if err := p.sched.waitBarriers(ctx); err != nil {
		return err
	}
	data := !pl.Session && st.Kind != split.KindClient && len(st.SQL) > 0
	// past: an earlier attempt ran st, and what went before it: a later statement of it
	// committed (runSerial runs in stream order, after everything before). skip: st
	// itself committed, and is not evaluated again (a volatile one, SELECT … INTO @v, is).
	past := data && (cp.Skip(st.Offset) || (cp != nil && st.Offset < cp.Furthest()))
	skip := data && cp.Skip(st.Offset) && !pl.Volatile
	if data && !pl.InRegion && !keepsForReader(st) { // diagregion.go
		if err := settleLoadsBefore(ctx, p, st, past); err != nil { // callintent.go
			return p.at(st, err)
		}
	}
	done, after, err := restoreSetVars(ctx, cr, st, pl) // setglobal_mixed.go
	if done || err != nil {
		return err
	}
	if done, err := cr.xaStatement(ctx, st, end); done || err != nil {
		return err
	}
	if past {
		p.held.owedBy(st, pl) // added by the attempt that committed it, as above
	}
	if skip {
		cr.lock.skipped(st, pl)
		if done, err := cr.replayReloaded(ctx, st, pl); done || err != nil {
			return err
		}
		if err := cr.chain.skipped(ctx, p, st, pl); err != nil {
			return err
		}
		if err := cr.skipped.noteSkipped(ctx, st); err != nil {
			return err
		}
		return cr.skipped.dropInsertID(ctx, st) // committed by an earlier attempt
	}
	if err := cr.skipped.giveBackInsertID(ctx, st); err != nil {
		return err
	}
	if err := cr.skipped.lostState(ctx, st); err != nil {
		return err
	}
	if err := cr.lock.acquire(ctx, st, pl); err != nil {
		return err
	}
	q, err := r.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	q = r.counts.give(st, q, p.disp.prevSent)
	if isLockTables(st) {
		var intents bool
		q, intents = cr.lock.lockSQL(q, st.Syntax()) // with the progress tables (lockregion.go)
		cr.lock.sent(intents)
	}
	// Inside the dump's transaction (or under its table locks) the held-back indexes are
	// not added above: their ALTER would commit it early. A DDL statement commits it
	// anyway, so the indexes of the tables it names are added just before it (after the
	// stretch before it is recorded): a RENAME, ALTER, DROP or CREATE … LIKE then acts on
	// the table the client's would have, keys included. Left to the end, they went to a
	// name the RENAME had taken away (fuzzer seed 1276).
	owed := p.held.owedBy(st, pl)
	addOwed := func() error {
		if len(owed) == 0 {
			return nil
		}
		ds := owed
		owed = nil
		if err := p.held.addIndexes(ctx, p.control, ds); err != nil {
			return p.at(st, err)
		}
		return nil
	}
	txn := pl.Txn // a wrapped one too: EXECUTE IMMEDIATE 'ROLLBACK'
	commit := txn && pl.EndsRegion && !pl.Rollback && !pl.Reopens
	// DDL commits what is open before it and itself on its own, so it runs as a barrier
	// (its own progress row after it, "already exists" on resume counted as "it had run")
	// even where a transaction follows it: under autocommit=0 every statement opens one.
	// Sent as part of the next stretch instead, a kill after it left a DDL the server ran
	// at the furthest recorded offset, which a resume sent again and stopped at (ERROR 1359
	// of CREATE TRIGGER, 1060 of ALTER TABLE … ADD COLUMN: difffuzz seeds 209 and 1161).
	// Not under LOCK TABLES: the barrier's intents and START TRANSACTION would meet ERROR
	// 1100 or release the locks. There a DDL outside the dump's transaction gets its
	// progress row with it (lockState.ownTransaction); inside it, at the dump's next
	// commit.
	ownDDL := (st.Kind == split.KindDDL || st.Kind == split.KindRoutine) && pl.EndsRegion && !pl.Locked
	ownCall := ownsCall(ctx, cr, st, pl) // callintent.go: runBarrier records it
	switch {
	case cp == nil || ((!data || (pl.Volatile && !pl.InRegion && !pl.OpenAfter)) && !ownCall):
		// Volatile statements outside a transaction get no progress row: a resumed run
		// (a new connection) runs them again, with the user variables they set from the
		// data journaled (restoreUserVars).
		if cp != nil && pl.EndsRegion {
			// SET autocommit=1 commits the dump's transaction: the stretch's progress row
			// commits with it, as with a COMMIT. Without it the stretch's rows were in
			// and a resume sent them again (difffuzz seed 24, TestResumeFoundAutocommitOn).
			// Under LOCK TABLES too: they lock the progress table (lockregion.go).
			if err := cr.recordPending(ctx, st.Offset, false); err != nil {
				return r.sqlError(st, q, err)
			}
		}
		if err := addOwed(); err != nil {
			return err
		}
		intent := false
		if cp != nil && pl.Session && pl.InRegion && !pl.Locked {
			// SET @x = g(5), g writing a MyISAM table: a stop's rollback keeps g's row.
			if intent, err = cr.regionIntent(ctx, st, end); err != nil {
				return err
			}
		}
		// Its warnings wait where a reader of its count may follow (diagunread.go).
		r.warn.hold = holdsWarnings(cr, st, after) || holdsCount(cr, after)
		switch err = execSetGlobal(ctx, p, p.control, st, func() error { return r.exec(ctx, p.control, st, q) }); { // setglobal.go
		case err == nil && after != "":
			err = cr.giveBack(ctx, st, after)
		case err == nil:
			// Read now, written at the next statement: after it, if it reads the
			// diagnostics area, which the journal's INSERT would empty (diagtail.go).
			err = cr.diag.holdVars(ctx, p, st)
			cr.diag.holdCount(p, st)
		}
		err = countUnheld(ctx, cr, st, q, err)
		if err == nil {
			err = journalMixedSet(ctx, cr, st, pl)
		}
		if err == nil && intent {
			err = settleRegionIntent(ctx, cr, st) // callintent.go
		}
	case txn || st.Kind == split.KindLock || (!ownDDL && (pl.OpenAfter || (pl.InRegion && !pl.EndsRegion))):
		if cr.pendingFrom < 0 {
			cr.pendingFrom = st.Offset
			if pl.InRegion && cr.txnOpenedAt >= 0 {
				// The transaction's START ran before it turned serial: its stretch
				// starts there (txnOpenedAt).
				cr.pendingFrom = cr.txnOpenedAt
			}
		}
		cr.txnOpenedAt = -1
		if pl.EndsRegion && (!txn || pl.Reopens) {
			// An implicit commit (a BEGIN's too: Plan.Reopens): the stretch before st commits with what it did.
			if err := cr.recordPending(ctx, st.Offset, false); err != nil {
				return r.sqlError(st, q, err)
			}
			cr.pendingFrom = st.Offset
		}
		if done, err := oweRegionCommit(ctx, cr, st, end, pl, commit); done || err != nil { // diagregion.go
			return err
		}
		if commit { // the progress row commits with the transaction (under LOCK TABLES too: lockregion.go)
			if err := cr.recordPending(ctx, end, false); err != nil {
				return r.sqlError(st, q, err)
			}
		}
		if err := addOwed(); err != nil {
			return err
		}
		intent := false
		if !txn && st.Kind != split.KindLock && !pl.Locked {
			// Not under LOCK TABLES: the worker would wait for the control connection's
			// locks, and the control connection for the worker.
			if intent, err = cr.regionIntent(ctx, st, end); err != nil {
				return err
			}
		}
		// Under the dump's table locks alone st commits on its own: with its progress row.
		ownTxn := cr.lock.ownTransaction(st, pl)
		if ownTxn {
			if err := cr.lock.begin(ctx, st, pl, end); err != nil {
				return err
			}
		}
		r.warn.hold = (ownTxn || pl.InRegion) && p.disp.planner.Serial() // its commit may wait (diagtail.go), a reader follow (diagregion.go)
		err = execSetGlobal(ctx, p, p.control, st, func() error {
			return r.exec(resumedDDL(ctx, cp, ownTxn && isDDL(p.disp.planner, st)), p.control, st, q)
		})
		if ownTxn {
			err = cr.lock.ddlResult(ctx, st, q, err)
		}
		switch {
		case err == nil && after != "":
			err = cr.giveBack(ctx, st, after)
		case err == nil:
			err = cr.recordUserVarsInTxn(ctx, st, pl.Locked)
		}
		if err == nil {
			err = journalMixedSet(ctx, cr, st, pl)
		}
		err = holdLate(ctx, cr, st, q, ownTxn, err) // diagregion.go; ends the hold
		if ownTxn {
			err = cr.lock.commit(ctx, st, end, err)
		}
		if err == nil && intent {
			err = settleRegionIntent(ctx, cr, st) // callintent.go
		}
		if err == nil && !pl.OpenAfter && !oweKeeperRow(cr, st, end, pl, ownTxn) { // diagregion.go
			err = recordAfter(ctx, cr, st, end) // xa.go
		}
	default:
		if pl.EndsRegion {
			if err := cr.recordPending(ctx, st.Offset, false); err != nil {
				return r.sqlError(st, q, err)
			}
		}
		if err := addOwed(); err != nil {
			return err
		}
		err = p.disp.runBarrier(ctx, p.control, st, q, end, p.opt.Checkpoint.DigestAt(end), cr.serialWriteScope(ctx, st, pl), runsOutside(p.disp, st))
		if err == nil && after != "" {
			// Journaled but not committed (killed between the two): a DDL that ran
			// may now meet "already exists" as applied, and set nothing.
			err = cr.giveBack(ctx, st, after)
		}
	}
	if staleTables(p, st) { // diagprime.go
		cp.SchemaChanged()
	}
	if err != nil {
		return cr.leftPreparedXA(st, err)
	}
	return afterSerial(ctx, cr, st)
}

// regionIntent records, before a statement runs inside the dump's transaction on the
// control connection, the intent of its writes to
// non-transactional tables (checkpoint.Run.BeginIntent), and reports whether it did.
// Those writes stay when the transaction does not commit: killed before its COMMIT, a
// resume replayed the whole transaction and applied them twice (rows into a MyISAM table
// inside START TRANSACTION … COMMIT came back twice). The intent cannot be committed on
// the control connection, inside the transaction, so it is written on an idle worker
// (runSerial has waited for every batch); the statement's marker follows it at once
// (the markers' table is not transactional, so the worker writes it too) when it did
// change such a table (checkpoint.Run.Changed: a SAVEPOINT or an XA statement never does,
// and must run again with the rest of its transaction), and recordPending deletes the
// intents with the transaction's progress row. A resume then counts a marked statement as
// run and replays the rest of the transaction without it.
func (cr *controller) regionIntent(ctx context.Context, st *split.Statement, end int64) (bool, error) {
	p := cr.p
	if len(p.workers) == 0 {
		return false, nil
	}
	var scope []string // nil: any table
	if (st.Kind != split.KindInsert && st.Kind != split.KindOther) || readOnly(st) || wrapsVariablesOnly(p, st) || preparesOnly(st) {
		// A SELECT, DO or SET that calls a stored function writing a MyISAM table: the
		// rollback of a stopped run does not undo that write (callsWriter).
		if calls, err := callsWriter(ctx, p, p.workers[0], st); err != nil || !calls {
			if err != nil {
				err = p.at(st, err)
			}
			return false, err
		}
	} else {
		var err error
		if scope, err = regionScope(ctx, p, st); err != nil {
			return false, p.at(st, err)
		}
	}
	return cr.beginIntent(ctx, p.workers[0], st, end, p.opt.Checkpoint.DigestAt(end), scope, false)
}

// endRegion, at a statement planned to run in parallel that ends the dump's open
// transaction (pl.EndsRegion), gives the stretch run inside it its progress row and
// commits it on the control connection, as the statement's implicit commit would (a DDL
// may run on a worker, and a skipped LOCK TABLES does not run at all).
func (cr *controller) endRegion(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	if !pl.EndsRegion {
		return nil
	}
	if err := cr.recordPending(ctx, st.Offset, false); err != nil {
		return p.at(st, err)
	}
	if st.Kind == split.KindTxn {
		return nil // START TRANSACTION commits it itself
	}
	if _, err := p.control.ExecContext(ctx, ownCommit); err != nil {
		return p.at(st, fmt.Errorf("commit the transaction the statement ends: %w", err))
	}
	return nil
}

// recordPending writes the progress row of the stretch run on the control connection
// since p.ctl.pendingFrom, up to offset upto: inside the open transaction, or in its own.
func (cr *controller) recordPending(ctx context.Context, upto int64, own bool) error {
	return recordPendingDigest(ctx, cr, upto, cr.p.opt.Checkpoint.DigestAt(upto), own)
}

// recordPendingDigest is recordPending with the stream's digest at upto read before: a
// progress row that waits in diagTail past more than the next statement is written when
// the stream is further on than DigestAt can go back to (it had no digest, and the
// resume refused it: TestDiagnosticsAfterStatementKilledOrStopped with SET sql_mode
// waited past). A function, not a method: controller is at its limit of methods.
func recordPendingDigest(ctx context.Context, cr *controller, upto int64, digest string, own bool) error {
	p := cr.p
	cp := p.opt.Checkpoint
	from := cr.pendingFrom
	cr.txnOpenedAt = -1
	if cp == nil || from < 0 {
		return nil
	}
	cr.pendingFrom = -1
	if upto <= from {
		return nil
	}
	if own {
		if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
			return err
		}
	}
	if err := cp.Record(ctx, p.control, checkpoint.Stretch{Start: from, End: upto, Digest: digest, InsertID: true}); err != nil {
		return err
	}
	for _, start := range cr.regionIntents {
		// With the stretch's progress row (regionIntent).
		if err := cp.EndIntent(ctx, p.control, start); err != nil {
			return err
		}
	}
	cr.regionIntents = nil
	if own {
		_, err := p.control.ExecContext(ctx, ownCommit)
		return err
	}
	return nil
}

// endOpenRegion, at the end of the dump (or at a client `quit`), rolls back a transaction
// the dump left open on the control connection with rows in it: the client's connection
// closes there, and the server rolls it back.
func (cr *controller) endOpenRegion(ctx context.Context) error {
	p := cr.p
	if err := cr.diag.settle(ctx, p); err != nil {
		return fmt.Errorf("%s: %w", p.opt.Name, err)
	}
	if p.disp.planner.LostAtEnd() {
		return fmt.Errorf("%s: %s", p.opt.Name, plan.ErrOpenAtEnd)
	}
	if done, err := cr.xa.end(ctx, p.control); done || err != nil {
		cr.pendingFrom = -1
		if err != nil {
			return fmt.Errorf("%s: %w", p.opt.Name, err)
		}
		return nil
	}
	if !p.disp.planner.HoldsRows() {
		return nil
	}
	cr.pendingFrom = -1
	if _, err := p.control.ExecContext(ctx, ownRollback); err != nil {
		return fmt.Errorf("%s: roll back the transaction the dump left open: %w", p.opt.Name, err)
	}
	return nil
}
