package replay

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// dispatcher reads the stream on Run's goroutine, asks the planner where each statement
// runs, fills the batch of a table's rows and sends batches and barrier items to the
// scheduler; what runs on the control connection it hands to the controller.
type dispatcher struct {
	p *ParallelReplayer
	// planner decides where each statement runs (importer/plan).
	planner *plan.Planner
	// session is every session statement so far, in stream order; a batch carries the
	// prefix its worker must have run before it. Elements are never modified.
	session []string

	// cur is the batch the dispatcher is filling (only the dispatcher touches it).
	cur *rowBatch

	// lastSent is the offset of the last dump statement dispatched that the server sees,
	// prevSent of the one before it: what a ROW_COUNT() reader's count is of (rowcount.go).
	lastSent, prevSent int64
	// seenTables are the tables whose first row statement has gone (bulkpath.go).
	seenTables map[string]bool
	// namesGen counts the statements dispatched that were not a row insert joining a
	// batch: a batch carries it (rowBatch.namesGen), and binary names keep what they read
	// of a table for the batches sent with the same count (namesCache).
	namesGen int64
	// made: the tables the dump made, on resume, for its own "already exists" (madebefore.go).
	made madeTables
	// checks are the dump's unique_checks and foreign_key_checks as far as known (outside.go).
	checks sessionChecks
}

func (dp *dispatcher) dispatch(ctx context.Context) error {
	p := dp.p
	r := p.serial
	defer func() {
		if dp.cur != nil { // batched but never sent: the summary's offset must not pass it
			p.noteUnexecuted(dp.cur)
		}
	}()
	for nextIdle(r.split, p.control) {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := p.err(); err != nil {
			return err
		}
		if err := dp.stopAsked(ctx); err != nil {
			return err
		}
		stv := r.split.Statement()
		st := &stv
		asSent(st)
		observeRead(r, st)
		if err := observeCheckpoint(p.opt.Checkpoint, st); err != nil {
			return p.at(st, err)
		}
		end := st.Offset + int64(len(st.Raw))
		switch err := dp.dispatchOne(ctx, st, end); {
		case err == errQuit:
			r.bytes.Store(end)
			return p.ctl.endOpenRegion(ctx)
		case err != nil:
			return err
		}
		r.bytes.Store(end)
	}
	if err := dp.flush(ctx); err != nil {
		return err
	}
	if err := r.splitErr(); err != nil {
		return err
	}
	// The stream is read: from here the progress is the held-back index builds (the
	// "indexes" phase), not loading.
	r.tables.sent.Store(true)
	if p.opt.EarlyRowCounts && !dp.planner.InTransaction() && !p.ctl.diag.owes() {
		// Nothing more runs on the control connection that may write a table's rows: no
		// transaction of the dump's is left to roll back, no commit waits (earlycount.go).
		p.sched.earlyCounts().start(r.result.Tables)
		if err := p.countOnControl(ctx); err != nil {
			return err
		}
	}
	if err := p.waitFor(ctx, nil, true); err != nil {
		return err
	}
	if err := p.ctl.endOpenRegion(ctx); err != nil {
		return err
	}
	if err := p.held.addDeferredIndexes(ctx, nil, true); err != nil {
		return err
	}
	if p.opt.Checkpoint != nil {
		return p.cat.completeLoads(ctx, nil, true)
	}
	return nil
}

// awaitBudget takes memory budget for a statement of n bytes when there is none free now:
// the batch being filled waits with it (scheduler.holdForBudget) unless a worker needs it
// now; then it is sent, and acquire waits for budget or overdraws it into the spool.
func (dp *dispatcher) awaitBudget(ctx context.Context, n int64) error {
	p := dp.p
	if dp.cur != nil {
		if held, err := p.sched.budget().holdForBudget(ctx, n); held || err != nil {
			return err
		}
	}
	if err := dp.flush(ctx); err != nil { // let the workers drain what is queued before waiting for budget
		return err
	}
	return p.sched.budget().acquire(ctx, n)
}

// flush sends the batch being filled.
// stopAsked, once a graceful stop was asked (Stop closed), flushes what is queued and
// returns ErrStopped (or the flush's error); nil otherwise. Checked between statements,
// and between the parts of a text the server runs as several (multistmt.go).
func (dp *dispatcher) stopAsked(ctx context.Context) error {
	select {
	case <-dp.p.opt.Stop:
		if err := dp.flush(ctx); err != nil {
			return err
		}
		return ErrStopped
	default:
		return nil
	}
}

func (dp *dispatcher) flush(ctx context.Context) error {
	p := dp.p
	if dp.cur == nil {
		return nil
	}
	b := dp.cur
	dp.cur = nil
	defer p.serial.tables.release(b.table) // in the scheduler's busy count once sent (newBatch)
	b.session = dp.session
	b.namesGen = dp.namesGen
	if err := p.sched.budget().spill(ctx, b); err != nil {
		p.noteUnexecuted(b) // never sent (a stop while the spool was full)
		return err
	}
	if !b.spooled {
		b.shrink(p.sched.arenas)
	}
	p.send(b, b.pinned)
	return nil
}

// dispatchOne plans st and sends it where the plan says.
func (dp *dispatcher) dispatchOne(ctx context.Context, st *split.Statement, end int64) (err error) {
	p := dp.p
	rows := false
	defer func() {
		if !rows {
			dp.namesGen++ // what binary names read of a table is read again after it (namesCache)
		}
	}()
	r, cp := p.serial, p.opt.Checkpoint
	if parts := split.ServerParts(st); parts != nil {
		return dp.dispatchParts(ctx, st, end, parts) // multistmt.go
	}
	if cp != nil && cp.Resumed() {
		dp.made.note(st, r.database)
	}
	if st.Kind != split.KindClient && len(st.SQL) > 0 {
		dp.prevSent, dp.lastSent = dp.lastSent, st.Offset
		if b := dp.cur; b != nil && b.lastOrdered && b.lastAt == dp.prevSent && sqlscan.ContainsFoldASCII(st.SQL, "ROW_COUNT") {
			b.asInserts = true // the reader gets this INSERT IGNORE's or REPLACE's own count
		}
	}
	if err := countLate(ctx, p, st); err != nil { // diagregion.go: before the planner's look-ups
		return err
	}
	dp.checks.noteChecks(st)
	dp.planner.Syntax = p.split.Syntax() // the splitter under any --tables/--rename transform
	pl, err := dp.planner.Next(st, r.database, routineCatalog{ctx: ctx, p: p, catalogFunc: func(key string) (plan.TableFacts, error) {
		info, err := p.cat.tableFacts(ctx, st, key)
		return plan.TableFacts{AutoIncrement: info.autoIncrement, AutoIncrementAt: info.autoIncrementAt, AutoIncrementSigned: info.autoIncrementSigned, NotPlain: info.notPlain, Referenced: info.referenced}, err
	}})
	if err != nil {
		return p.at(st, err)
	}
	pl.Session = pl.Session || resentAfterRestart(p, st) // setglobal.go
	p.ctl.procGlobals = p.ctl.procGlobals || plan.ProcedureSetsGlobal(st)
	if err := r.unresumableQuoting(st); err != nil { // quoting.go
		return err
	}
	resumedQuoting(r, cp, st, cp.Skip(st.Offset) && !pl.Session && !pl.Volatile)
	r.quoteJournal, r.quoteRerun = cp, pl.Session || pl.Volatile
	r.quoting = statusQuoting{} // what st's reply says, where it runs on the control connection
	defer func() {
		if err == nil {
			if err = journalQuoting(cp, st, r.noteUnresumableQuoting(st, pl.Session || pl.Volatile)); err != nil {
				err = p.at(st, err)
				return
			}
			err = keepAutocommit(ctx, p, st) // resume_autocommit.go
		}
	}()
	p.ctl.noteRoutineVars(st, r.database)
	p.cat.functions.note(wrappedLayers(p, st)) // wrappedset.go
	if err := noteProcedureVars(ctx, p.ctl, st); err != nil {
		return err
	}
	if err := noteBlockVars(ctx, p.ctl, st); err != nil { // procvars.go
		return err
	}
	if err := p.ctl.lostCounter(ctx, st, pl); err != nil {
		return err
	}
	if err := p.ctl.lostStep(st, pl); err != nil {
		return err
	}
	if done, err := p.ctl.runPlanned(ctx, st, end, pl); done || err != nil {
		return err
	}
	switch {
	case pl.Kind == plan.Rows:
		rows = true
		return dp.addRows(ctx, st, end, pl)
	case p.held.noOpKeysToggle(ctx, st):
		// ALTER TABLE … DISABLE/ENABLE KEYS does nothing on InnoDB; as a barrier it
		// would hold the next table's rows until this table's last batch commits.
		return nil
	case cp.Skip(st.Offset) && !pl.Session && st.Kind != split.KindClient:
		// Committed by an earlier attempt.
		if err := p.held.onSkipped(ctx, st, pl); err != nil {
			return err
		}
		if err := p.ctl.skipped.noteSkipped(ctx, st); err != nil {
			return err
		}
		return p.ctl.skipped.dropInsertID(ctx, st)
	}
	return dp.runStatement(ctx, st, end, pl)
}

// addRows adds a plain row insert to the batch of its table, sending the batch when the
// table changes or it is full, after what the rows must wait for.
func (dp *dispatcher) addRows(ctx context.Context, st *split.Statement, end int64, pl plan.Plan) error {
	p := dp.p
	r, cp := p.serial, p.opt.Checkpoint
	// The streaming preflight sees rows too (an INSERT INTO mysql.user).
	if err := r.judged.before(ctx, &r.opt, st); err != nil {
		return err
	}
	key := p.cat.tableKey(st)
	r.countTable(st)
	if !pl.Ordered {
		// Every row goes in, or the import stops: its ROW_COUNT() is known now, and a
		// LOAD DATA of its batch gives none per statement (rowcount.go).
		r.counts.noteRow(st.Offset, st.Rows)
	}
	if cp.Skip(st.Offset) && !cp.Reloads(reloadKey(st, r.database), st.Offset) {
		r.rows.Add(st.Rows) // committed by an earlier attempt
		return nil
	}
	if p.sched.barrierPending(key) {
		// Rows after a barrier item of their table (rare: mysqldump puts its
		// ALTERs and triggers after the rows) wait for it.
		if err := dp.flush(ctx); err != nil {
			return err
		}
		if err := p.waitFor(ctx, []string{key}, false); err != nil {
			return err
		}
	}
	n := int64(len(st.SQL))
	if dp.cur != nil && (dp.cur.table != key || dp.cur.bytes+n > dp.batchBytesNow()) {
		if err := dp.flush(ctx); err != nil {
			return err
		}
	}
	info, known := p.cat.tables[key]
	if !known {
		var err error
		if info, err = p.cat.lookupTable(ctx, st, key); err != nil {
			return p.at(st, err)
		}
	}
	if len(info.touches) > 0 && p.sched.barrierPending(info.touches...) {
		if err := dp.flush(ctx); err != nil {
			return err
		}
		if err := p.waitFor(ctx, info.touches, false); err != nil {
			return err
		}
	}
	if len(info.parents) > 0 && p.sched.isBusy(info.parents) {
		// foreign_key_checks is on: child rows wait for the parent rows before them in
		// the stream, at every stretch, not only at the table's first rows.
		if err := dp.flush(ctx); err != nil {
			return err
		}
		if err := p.waitFor(ctx, info.parents, false); err != nil {
			return err
		}
	}
	if !p.cat.ordered[key] && pl.Ordered {
		// From here on the table's rows keep stream order, after those in flight.
		if err := dp.flush(ctx); err != nil {
			return err
		}
		if err := p.waitFor(ctx, []string{key}, false); err != nil {
			return err
		}
		p.cat.ordered[key] = true
	}
	if _, loading := p.cat.loading[key]; cp != nil && !info.resumable() && !loading {
		if err := p.cat.startLoad(ctx, key, info, st.Offset); err != nil {
			return p.at(st, err)
		}
	}
	if !p.sched.budget().tryAcquire(n) && !p.sched.budget().overdraw(n) {
		if err := dp.awaitBudget(ctx, n); err != nil {
			return err
		}
	}
	if dp.bulkOrdered(key, pl.Ordered) {
		if err := dp.flush(ctx); err != nil {
			return err
		}
	}
	if dp.cur == nil {
		dp.newBatch(key, info)
	}
	dp.cur.add(st, p.sched.arenas)
	dp.cur.lastAt, dp.cur.lastOrdered = st.Offset, pl.Ordered
	dp.cur.writesOthers = dp.cur.writesOthers || pl.Ordered || writesOthers(info)
	// One reading of the strings per batch (readNBE): a SET sql_mode between its rows would
	// have sent the batch first, but what literal says must not rest on that.
	dp.cur.literal = dp.cur.literal && pl.Literal && dp.planner.Syntax.NoBackslashEscapes == dp.cur.readNBE
	dp.cur.bytes += n
	dp.cur.rows += st.Rows
	dp.cur.endByte = end
	dp.cur.digest = p.opt.Checkpoint.DigestAt(end)
	if t := key; st.Table != "" {
		r.table.Store(&t) // qualified, as the batches' names (loadedTable)
	}
	if dp.endsFirstBatch(key, pl.Ordered, info.uniqueKey) {
		return dp.flush(ctx) // a batch of its own (bulkpath.go)
	}
	return nil
}

// runStatement runs a statement that is not a plain row insert in stream order, once what
// is in flight of the tables it touches has committed: on the control connection, or as a
// barrier item on a worker when it follows its table's rows.
func (dp *dispatcher) runStatement(ctx context.Context, st *split.Statement, end int64, pl plan.Plan) error {
	p := dp.p
	cp := p.opt.Checkpoint
	// A barrier for the tables it touches.
	if err := dp.flush(ctx); err != nil {
		return err
	}
	p.sched.setStreaming("")
	keys, global := pl.Tables, pl.Global
	if pl.IDs || pl.StepAt > 0 {
		// Rows whose ids the server generates: after the rows in flight of the
		// table and of what its triggers touch, and, foreign_key_checks being on, of
		// its parent tables, as addRows has plain rows wait for them: these rows are
		// checked against the parent rows before them in the stream (seed 1229 of the
		// differential fuzzer: a REPLACE with NULL ids into a child ran before its
		// parent's batches had committed, ERROR 1452).
		info := p.cat.tables[p.cat.tableKey(st)]
		keys = append(keys, info.touches...)
		keys = append(keys, info.parents...)
		global = global || p.cat.allOrdered
	}
	if narrowed, ok := viewScope(p, st, pl); ok {
		keys, global = narrowed, false // a view's final CREATE (viewscope.go)
	}
	keys, global, local := barrierScope(ctx, p, st, keys, global)
	dp.forgetFirst(st, keys, global)
	if !global && mayRunOnWorker(st) && !p.sched.barrierPending(keys...) &&
		(p.sched.isBusy(keys) || (p.held.hasDeferred(keys) && !p.held.disablesKeysOfDeferred(st))) {
		// It follows rows or owes held-back indexes, and the statements after it
		// need not wait for that: a worker runs it when they are in.
		return dp.sendBarrier(ctx, st, keys, end)
	}
	if err := p.waitFor(ctx, keys, global); err != nil {
		return err
	}
	if !local && st.Kind != split.KindSession && st.Kind != split.KindClient {
		// A view, routine or event may name any table; a barrier item may still
		// be changing one.
		if err := p.sched.waitBarriers(ctx); err != nil {
			return err
		}
	}
	p.cat.learn(st)
	if len(st.SQL) > 0 && st.Kind != split.KindSession && st.Kind != split.KindClient {
		if p.opt.DeferIndexes && !p.held.disablesKeysOfDeferred(st) {
			if err := p.held.addDeferredIndexes(ctx, keys, global); err != nil {
				return p.at(st, err)
			}
		}
		if cp != nil {
			if err := p.cat.completeLoads(ctx, keys, global); err != nil {
				return p.at(st, err)
			}
		}
	}
	held := p.held.holdBackIndexes(st)
	if held != nil && createsIfNotExists(st.SQL, st.Syntax()) {
		// The client's CREATE TABLE IF NOT EXISTS leaves a table that exists as it is: the
		// keys it held back are not this table's to add. The batches of the table have
		// committed (waitFor above), so what exists now is what the CREATE will find.
		exists, err := p.cat.tableExists(ctx, held.db, held.table)
		if err != nil {
			return p.at(st, err)
		}
		if exists {
			held = nil
		}
	}
	if err := p.ctl.skipped.giveBackInsertID(ctx, st); err != nil {
		return err
	}
	if err := dp.barrier(ctx, st, end, p.ctl.writeScope(ctx, st, keys, global)); err != nil {
		return err // errQuit too: the client's quit
	}
	p.ctl.skipped.noteRan(st)
	p.ctl.skipped.noteInsertID(st) // a plain, wrapped or CALLed SET insert_id (skipped.go)
	if err := p.held.hold(ctx, st, held); err != nil {
		return p.at(st, err)
	}
	if st.Kind == split.KindSession && len(st.SQL) > 0 {
		entry, err := p.ctl.sessionEntry(ctx, st)
		if err != nil {
			return err
		}
		dp.session = append(dp.session, p.workerSession(st, entry)...)
		if plan.SetsForeignKeyChecks(st) {
			clear(p.cat.tables) // which parents child rows wait for was looked up under the old value
		}
	}
	if changesLookup(st) {
		// A DROP, ALTER or RENAME may change what was looked up (engine, keys), a
		// trigger which tables its table's rows write.
		for _, k := range keys {
			delete(p.cat.tables, k)
		}
		if global {
			clear(p.cat.tables)
		}
	}
	return nil
}

// sendBarrier queues st as a barrier item (see barrierItem): pinned to worker 0 when one of its
// tables keeps its rows there, so that it follows them without waiting. The held-back
// indexes and the loads under way of its tables go with it.
func (dp *dispatcher) sendBarrier(ctx context.Context, st *split.Statement, keys []string, end int64) error {
	p := dp.p
	q, err := p.serial.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	p.cat.learn(st)
	// The splitter reuses its buffers at the next statement: the item keeps copies.
	own := *st
	own.SQL, own.Raw = bytes.Clone(st.SQL), nil
	b := &barrierItem{stmt: &own, q: bytes.Clone(q), outside: runsOutside(dp, st), entryState: entryState{endByte: end, session: dp.session, digest: p.opt.Checkpoint.DigestAt(end)}}
	for _, k := range keys {
		if !slices.Contains(b.keys, k) {
			b.keys = append(b.keys, k)
		}
	}
	if p.opt.DeferIndexes && !p.held.disablesKeysOfDeferred(st) {
		b.indexes = p.held.takeDeferred(b.keys, false)
	}
	if p.opt.Checkpoint != nil {
		b.loads = p.cat.takeLoads(b.keys, false)
		b.writes = p.ctl.writeScope(ctx, st, b.keys, false)
	}
	pinned := false
	for _, k := range b.keys {
		if info, ok := p.cat.tables[k]; ok && p.cat.keepsOrder(k, info) {
			pinned = true
		}
	}
	if changesLookup(st) {
		for _, k := range b.keys {
			delete(p.cat.tables, k)
		}
	}
	p.send(b, pinned)
	return nil
}

// changesLookup reports whether st may change what lookupTable read about the tables it
// touches: a DROP, ALTER or RENAME (engine, keys), a trigger (which tables its table's
// rows write, and whether they keep stream order).
func changesLookup(st *split.Statement) bool {
	return (st.Kind == split.KindDDL && !strings.HasPrefix(st.Verb, "CREATE")) || strings.Contains(st.Verb, "TRIGGER")
}
