package plan

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The planner decides, statement by statement, where a statement may run in a parallel
// replay. It is a whitelist: a statement leaves stream order only when it is recognised
// completely as a plain row insert (planRows.go parses it); every other statement runs in
// stream order with the session state the client would have. Constructs whose meaning
// depends on one connection's state switch the rest of the run to one connection
// (the control connection, which has run every session statement in order), and
// transactions that hold rows are run there too, so that a ROLLBACK undoes what the
// client's would. The planner talks to no server: what it needs to know of a table comes
// through Catalog, which tests fake.

// Kind says how a statement runs.
type Kind uint8

const (
	// Rows: a plain row insert into Tables[0]; it may join a batch on a worker.
	Rows Kind = iota
	// Barrier: runs on the control connection once what is in flight on Tables (on
	// every table when Global) has committed.
	Barrier
	// Session: session state; runs on the control connection at once and on every
	// worker before its next batch.
	Session
	// Control: runs on the control connection only, at once, waiting for nothing
	// (COMMIT, ROLLBACK, START TRANSACTION of a transaction that holds no rows there).
	Control
	// Skip: not sent (LOCK TABLES / UNLOCK TABLES while the run is parallel: a table
	// lock held by one connection would block the others).
	Skip
	// Serial: runs on the control connection in stream order after everything in
	// flight, as the client would run it (Reason says why, when this statement is the one
	// that made the run serial).
	Serial
	// Refuse: the statement cannot be given the client's result any more (Reason).
	Refuse
)

var kindNames = [...]string{"rows", "barrier", "session", "control", "skip", "serial", "refuse"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Plan is the planner's decision for one statement.
type Plan struct {
	Kind Kind
	// Tables are the tables (db.table) the statement writes or reads, when known.
	Tables []string
	// Global: the statement may touch any table (its scope is everything).
	Global bool
	// Reason: for the statement that switches the run to serial, or a refusal, why.
	Reason string
	// InRegion: the statement runs inside a transaction (or an autocommit=0 region) that
	// the server holds open on the control connection: progress rows must not commit it.
	InRegion bool
	// EndsRegion: the statement ends the open region (COMMIT, ROLLBACK, or an implicit
	// commit); Rollback when it undoes it; Reopens when it commits it implicitly and opens
	// the next (START TRANSACTION, BEGIN): the next one's stretch starts at it (runSerial).
	EndsRegion, Rollback, Reopens bool
	// Txn: the statement is a transaction statement (START TRANSACTION, BEGIN, COMMIT,
	// ROLLBACK) or runs one (EXECUTE IMMEDIATE 'ROLLBACK', SET STATEMENT … FOR COMMIT, an
	// EXECUTE of a PREPAREd one: registry.inner). The replay gives it the plain one's
	// bookkeeping, never a transaction of its own around it: that one's START
	// TRANSACTION committed the dump's, which a wrapped ROLLBACK then found empty
	// (TestDiffFuzzFound2WrappedRollback).
	Txn bool
	// Relock: LOCK TABLES to send on the control connection before this statement (the
	// run turned serial while the dump holds table locks that were not sent).
	Relock string
	// IDs: a row insert that leaves AUTO_INCREMENT ids to the server (run on the control
	// connection in its table's order, so LAST_INSERT_ID() is the client's there).
	IDs bool
	// StepAt: a row insert with explicit ids into a table whose ids were last generated
	// under an auto_increment_increment or _offset other than 1 (autoincstep.go): it runs
	// on the control connection like IDs; 1 + the offset of that statement.
	StepAt int64
	// Ordered: REPLACE, INSERT IGNORE, whose rows' result depends on which came first. Literal: a row insert whose every value is a '…' string, a number or NULL (sqlscan.Rows.Literal), whatever the Kind: replay's binary names (Rows), and its checks for a name a statement reads (ROW_COUNT), which skip it unscanned.
	Ordered, Literal bool
	// OpenAfter: a transaction or table locks are still held after the statement; Locked:
	// table locks are.
	OpenAfter, Locked bool
	// Volatile: what the statement does lives only in the connection (a temporary table,
	// a SELECT … INTO @v): it gets no progress row and runs again on --resume.
	Volatile bool
	// Temporary: the temporary table (its name) the statement creates, writes or drops
	// (DropsTemporary: a DROP, the name is free again). TemporaryInexact: why a resume
	// that passes the statement rebuilds that table otherwise than the client made it (a
	// fill from a real table, a ROLLBACK of its rows), "" when it does not: the resume
	// refuses when the table is still there where it goes on (replay's temprebuild.go).
	Temporary, TemporaryInexact string
	DropsTemporary              bool
	// TemporaryAlso are further temporary tables TemporaryInexact holds for (a ROLLBACK of a transaction
	// that wrote several); TemporaryRenames, the old and new names of the temporary tables the statement
	// renames (Temporary is the last new one); TemporaryByCode, those the code it runs makes or drops.
	TemporaryAlso    []string
	TemporaryRenames [][2]string
	TemporaryByCode  CodeTemps
	// TemporaryFunctions are the stored functions (lower-cased) the dump created that the statement,
	// volatile for Temporary through code (routinetemp.go), calls: their bodies write temporary tables
	// only, so sending it again is exact as far as they go; TemporaryReads the tables they read (exactFill).
	TemporaryFunctions, TemporaryReads []string
	// Session: the statement changes only its connection's session, itself or through a
	// wrapper or prepared statement (registry.sessionOnly). A resume sends it again even
	// where an earlier attempt committed past it: the new connection has not got that
	// session state (difffuzz seed 45110, TestResumePreparedSessionSet).
	Session bool
	// CodeReadsRowCount: a CALL or EXECUTE whose code may read ROW_COUNT as the statement
	// before it left it (registry.codeReadsRowCount): the replay gives that count back
	// after its own statements, or refuses (rowcountcode.go).
	CodeReadsRowCount bool
	// AreaBase: the statement was planned while the run was parallel and may leave
	// conditions the control connection will not hold (diagnostics.go, regionArea.lost);
	// AreaLost: a reader of the diagnostics area, in a run gone serial, that reads the
	// area such a statement left, kept since by keepers. The replay refuses it unless it
	// counted no warning from the AreaBase statement on (replay's diagregion.go).
	AreaBase, AreaLost bool
}

// TableFacts is what the planner needs to know of a table.
type TableFacts struct {
	// AutoIncrement is the AUTO_INCREMENT column ("" if none) and AutoIncrementAt its
	// 0-based position among the values of a row without a column list, which fill the
	// visible columns only (-1: the column is INVISIBLE, so such a row generates an id).
	AutoIncrement   string
	AutoIncrementAt int
	// AutoIncrementSigned: the column is not UNSIGNED, so a negative value is stored as
	// it is and takes no generated id; an UNSIGNED one stores -1 as 0 where sql_mode is
	// not strict, and generates one (false, the zero value, is the safe answer).
	AutoIncrementSigned bool
	// NotPlain says why rows into the table may write other tables ("" when they
	// cannot): a view, a MERGE table (see notPlainTarget).
	NotPlain string
	// Referenced: foreign keys of other tables reference it and foreign_key_checks is on,
	// so a REPLACE into it deletes (or cascades into) their rows.
	Referenced bool
}

// Catalog answers questions about tables (information_schema in a replay, a map in
// tests). key is db.table.
type Catalog interface {
	Table(key string) (TableFacts, error)
}

// planMode is where the run stands: parallel, serial until the open transaction ends, or
// serial to the end.
type planMode uint8

const (
	modeParallel planMode = iota
	modeRegion
	modeSerial
)

// Planner holds what plans depend on besides the statement: the transaction state of the
// client's connection, table locks, and whether the run has turned serial.
type Planner struct {
	mode        planMode
	autocommit  bool
	txn         bool // START TRANSACTION / BEGIN open
	regionData  bool // a statement that changes data ran in the open region
	parallelIn  bool // rows of the open region went to workers (committed there)
	lock        string
	locked      []string        // tables LOCK TABLES holds (db.table)
	writable    []string        // of those, the ones locked WRITE under their own name
	xa          bool            // an XA transaction is open (XA START … XA COMMIT/ROLLBACK)
	trusted     bool            // the dump names a producer that writes no ROLLBACK (mysqldump, phpMyAdmin)
	temps       temporaryTables // the dump's temporary tables (temporary.go)
	bodies      routineBodies   // the procedures, functions and triggers the dump created (routinetemp.go)
	regionNoted bool            // the line about transactions running on one connection was given
	seen        int             // statements planned
	readers     laterReaders    // code the dump created that reads ROW_COUNT() or FOUND_ROWS() later
	triggers    triggerTables   // the tables the dump's triggers are on, for a DROP TRIGGER's scope (triggerscope.go)
	step        autoincStep     // auto_increment_increment/_offset and the tables ids were generated into under them
	flushLock   bool            // the locks were taken by FLUSH TABLES … WITH READ LOCK or FOR EXPORT (flushlock.go)
	completion  int             // the session's completion_type (completion.go): 0, or 1 (CHAIN)
	// completionGlobal is the GLOBAL completion_type after the dump's SET GLOBALs (0 at
	// first, the server default the planner assumes; -1: not known): what DEFAULT gives.
	completionGlobal int
	acVars           AutocommitVars  // user variables holding a known autocommit value
	bodyVars         bool            // a trigger or function whose body names user variables was created
	called           CalledVars      // the procedures trigger and function bodies CALL, and the user variables they set (calledvars.go)
	reg              registry        // procedures and prepared statements the dump created (registry.go)
	area             regionArea      // a reader right after the COMMIT of a transaction run serially (diagnostics.go)
	readVars         map[string]bool // server variables read (@@x, @@session.x) by session statements the workers replay (globalread.go)
	acOn, acSet      bool            // the autocommit the statement planned last gave, if it set it
	acKnown          bool            // acSet with a value the planner knows (AutocommitSetTo)
	// Syntax is how strings are quoted and escaped in the stream (the splitter's state).
	Syntax            sqlscan.Syntax
	NoOwnTransactions bool // the replay adds none to the client's statements (wrapserial.go)
}

// NewPlanner returns a planner for a connection in autocommit mode.
func NewPlanner() *Planner { return &Planner{autocommit: true} }

// Serial reports whether the run has turned serial to the end.
func (p *Planner) Serial() bool { return p.mode == modeSerial }

// HoldsRows reports whether the dump's open transaction holds changes on the control
// connection (it ran serially): the client's connection would roll them back if the dump
// ended here.
func (p *Planner) HoldsRows() bool {
	return p.region() && p.regionData && p.mode != modeParallel
}

// region reports whether the client's connection holds a transaction open.
func (p *Planner) region() bool { return p.txn || !p.autocommit || p.xa }

// InTransaction reports whether the client's connection holds a transaction open (START
// TRANSACTION, autocommit=0, XA) after the statement planned last, table locks aside: a
// statement under LOCK TABLES alone commits on its own, and the replay may give it its
// progress row in a transaction of its own (replay's lockState).
func (p *Planner) InTransaction() bool { return p.region() }

// LockedForWrite are the tables (db.table) the dump's LOCK TABLES holds WRITE under their
// own names after the statement planned last: those a statement under the locks may
// write, and the replay may checksum there by name (replay's lockState).
func (p *Planner) LockedForWrite() []string { return p.writable }

// open reports whether a progress row may not be committed on the control connection now:
// a transaction is open, or (serial runs send LOCK TABLES) tables are locked.
func (p *Planner) open() bool { return p.region() || len(p.locked) > 0 }

// producers are the dump headers whose tools never write ROLLBACK or SAVEPOINT: rows of
// their autocommit=0 regions (mysqldump --no-autocommit), of a START TRANSACTION at the
// top (phpMyAdmin) and of BEGIN … COMMIT per table (Navicat) keep parallel speed.
var producers = []string{"-- MySQL dump ", "-- MariaDB dump ", "-- phpMyAdmin SQL Dump",
	"Navicat Premium Data Transfer", "Navicat MySQL Data Transfer", // BEGIN; INSERT …; COMMIT; per table
	"-- Adminer ", "Sequel Pro SQL dump", "Sequel Ace SQL dump", "-- HeidiSQL Version"}

// Next plans st. db is the database unqualified names belong to (the control
// connection's, after the statements before st).
func (p *Planner) Next(st *split.Statement, db string, cat Catalog) (Plan, error) {
	if p.seen < 3 {
		head := st.Raw
		if len(head) > 1024 {
			head = head[:1024]
		}
		for _, h := range producers {
			if bytes.Contains(head, []byte(h)) {
				p.trusted = true
			}
		}
	}
	p.seen++
	// What a wrapper runs that changes the transaction is planned as that statement
	// (wrappers.go); its own plan stays the wrapper's (serial).
	p.reg.db = db
	in, why := p.reg.inner(st)
	session, rowCount := p.reg.sessionOnly(st), p.reg.codeReadsRowCount(st)
	if err := p.reg.lookUpNewProcedure(st, cat); err != nil {
		return Plan{}, err
	}
	p.reg.observe(st)
	if p.reg.movedDatabase {
		return Plan{Kind: Refuse, Reason: movedDatabaseRefusal}, nil
	}
	serialWhy, refuse := "", why != "" && len(p.locked) == 0
	if refuse {
		// Under the dump's LOCK TABLES the replay runs such a statement on its own
		// (replay's lockState.ownTransaction: TestReviewX6LockedCallOpensTransaction).
		if serialWhy, refuse = serialAtWrapper(p, st, why); refuse {
			return Plan{Kind: Refuse, Reason: why}, nil
		}
	}
	eff := st
	if in != nil {
		eff = in
	}
	pl, err := p.plan(st, eff, db, cat)
	p.triggers.observe(st, db)
	if err != nil || pl.Kind == Refuse {
		return pl, err
	}
	pl.Reason += serialWhy // "" but where st turned the run serial, whose plan here gives none
	pl.Txn = eff.Kind == split.KindTxn
	p.track(eff, db, &pl)
	pl.OpenAfter, pl.Locked = p.open(), len(p.locked) > 0
	pl.Volatile = p.volatile(st, db, pl.Literal)
	p.temps.note(&p.reg, st, eff, db, p.region(), &pl)
	pl.Session, pl.CodeReadsRowCount = session, rowCount
	p.area.next(st, &pl, p.reg.readsDiag(st))
	return pl, nil
}

// plan is Next without the transaction bookkeeping that follows the decision. eff is st,
// or the statement st wraps when that one changes the transaction (registry.inner).
func (p *Planner) plan(st, eff *split.Statement, db string, cat Catalog) (out Plan, err error) {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return Plan{Kind: Session}, nil
	}
	ri, plain := rowInsert{}, false
	if st.Kind == split.KindInsert {
		ri, plain = StatementRowInsert(st, p.Syntax)
	}
	defer func() { out.Literal = plain && ri.literal }() // whatever the Kind (Plan.Literal)
	if why := p.readers.refuses(st, plain); why != "" {
		return Plan{Kind: Refuse, Reason: laterRefusal(why)}, nil
	}
	if st.Kind == split.KindRoutine && p.called.bodySets(st, db) {
		p.bodyVars = true
	}
	if why := inTransactionRead(st, plain || p.open()); why != "" {
		return Plan{Kind: Refuse, Reason: why}, nil
	}
	if IsRollback(eff) && eff != st && p.parallelIn {
		return Plan{Kind: Refuse, Reason: "a ROLLBACK inside " + sqlscan.FirstWord(st.SQL, st.Syntax()) + " of a transaction whose rows were already committed on other connections; import it without --parallel"}, nil
	}
	p.acVars.forgetAssigned(st, p.bodyVars)
	if eff.Kind == split.KindSession {
		// Before the run may go serial at this very statement (SET @a=UUID(), …): the
		// step it sets holds from here on either way.
		p.step.noteSet(eff)
		on, known, set := p.acVars.Apply(eff, p.autocommit)
		p.acOn, p.acSet, p.acKnown = on, set, known
		if set && !known {
			return p.toSerial(st, errAutocommitUnknown), nil
		}
		if pl, ok := p.followCompletion(eff, st); ok {
			return pl, nil
		}
	}
	if keys, ok := flushLockedTables(st, db); ok && keys[0] == "*" {
		return Plan{Kind: Refuse, Reason: globalReadLockRefusal}, nil
	}
	if p.mode != modeSerial && p.reg.readsDiag(st) && p.area.afterCommit && ReadsDiagnostics(st) && !runsCode(st) {
		return p.toSerial(st, "it reads the diagnostics area the dump's transaction left, which ran on one connection"), nil
	} else if p.mode != modeSerial && p.reg.readsDiag(st) {
		return Plan{Kind: Refuse, Reason: p.reg.diagRefusal(st) + "; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"}, nil
	}
	if !plain {
		if why := p.bodies.connectionState(st, db); why != "" {
			pl := p.toSerial(st, why)
			if st.Kind == split.KindInsert {
				p.step.noteIDs(st, StatementTableKey(st, db), false) // INSERT … SELECT CONNECTION_ID()
			}
			return pl, nil
		}
	}
	if why, err := p.called.serialWhy(st, p.mode == modeSerial, cat); err != nil || why != "" {
		return serialOr(p, st, why, err)
	}
	if IsRollback(st) && p.parallelIn {
		return Plan{Kind: Refuse, Reason: "ROLLBACK of a transaction whose rows were already committed on other connections (the dump names mysqldump or phpMyAdmin as its producer, which write none, so its rows ran in parallel); import it without --parallel"}, nil
	}
	if p.mode == modeSerial {
		pl := Plan{Kind: Serial, InRegion: p.open()}
		if st.Kind == split.KindInsert {
			if err := p.step.serialInsert(st, db, ri, plain, cat, &pl); err != nil {
				return pl, err
			}
		}
		return pl, nil
	}
	switch st.Kind {
	case split.KindSession:
		if SetsGlobalOnly(st) {
			if why := p.globalAfterRead(st); why != "" {
				return p.toSerial(st, why), nil
			}
			// Once, on the control connection, after everything before it (a GLOBAL
			// value may change what a running statement does): not on the workers.
			return Plan{Kind: Barrier, Global: true}, nil
		}
		p.noteReads(st)
		return Plan{Kind: Session}, nil
	case split.KindLock:
		return Plan{Kind: Skip}, nil
	case split.KindTxn:
		if p.mode == modeRegion {
			return Plan{Kind: Serial, InRegion: p.region()}, nil
		}
		return Plan{Kind: Control}, nil
	}
	key := StatementTableKey(st, db)
	if plain {
		if len(p.locked) > 0 && !ContainsKey(p.writable, key) {
			return p.toSerial(st, "LOCK TABLES ("+p.lockHead()+") is held over a statement that is not its tables' rows"), nil
		}
		pl := Plan{Kind: Rows, Tables: []string{key}, Ordered: ri.replace || ri.ignore, Literal: ri.literal}
		f, err := cat.Table(key)
		if err != nil {
			return pl, err
		}
		if f.NotPlain != "" || (ri.replace && f.Referenced) {
			// Its rows land in tables it does not name: they wait for everything.
			pl = Plan{Kind: Barrier, Global: true}
		} else if pl.IDs = ri.generatesIDs(f); pl.IDs {
			pl.Kind = Barrier // on the control connection, after its table's rows in flight
		}
		if f.NotPlain == "" {
			p.step.rows(st, key, ri, f, &pl) // a global barrier's ids follow the step too
		}
		if p.region() && !(p.trusted && pl.Kind == Rows) {
			return p.toRegion(st, pl), nil
		}
		return pl, nil
	}
	keys, global := p.triggers.scope(st, db, BarrierScope)
	if len(p.locked) > 0 && !keysToggle(st, p.locked, db) {
		return p.toSerial(st, "LOCK TABLES ("+p.lockHead()+") is held over a statement that is not its tables' rows"), nil
	}
	pl := Plan{Kind: Barrier, Tables: keys, Global: global}
	if st.Kind == split.KindInsert {
		p.step.noteIDs(st, key, false) // INSERT … SET, INSERT … SELECT: ids or not
	}
	if p.region() && !commitsImplicitly(st) {
		return p.toRegion(st, pl), nil
	}
	return pl, nil
}

// toSerial switches the run to serial from st on, with the reason printed once.
func (p *Planner) toSerial(st *split.Statement, why string) Plan {
	pl := Plan{Kind: Serial, InRegion: p.open()}
	if p.mode != modeSerial {
		pl.Reason = fmt.Sprintf("%s: %s: the rest of the dump runs on one connection", split.At("", st), why)
		pl.Relock = p.lock
		p.mode = modeSerial
		p.acVars.forgetAll() // SELECT … INTO @v, which may have turned it serial, sets variables unseen
	}
	return pl
}

// toRegion makes the open transaction run serially from its first statement that changes
// data, so that its COMMIT or ROLLBACK acts on what the client's would.
func (p *Planner) toRegion(st *split.Statement, pl Plan) Plan {
	p.mode = modeRegion
	out := Plan{Kind: Serial, InRegion: true, Tables: pl.Tables, Global: pl.Global, StepAt: pl.StepAt}
	if !p.regionNoted {
		// Said once: a script of many transactions would repeat it for each.
		p.regionNoted = true
		out.Reason = fmt.Sprintf("%s: a transaction holds rows from here to its COMMIT or ROLLBACK: it runs on one connection, as will later ones (a dump whose header names mysqldump, phpMyAdmin or Navicat keeps them parallel)", split.At("", st))
	}
	return out
}

// track follows the client connection's transaction and lock state after st.
func (p *Planner) track(st *split.Statement, db string, pl *Plan) {
	wasRegion := p.region()
	ends := false
	switch {
	case st.Kind == split.KindClient || len(st.SQL) == 0:
		return
	case isRollbackTo(st):
		// Undoes part of the open transaction, which stays open.
		if wasRegion {
			p.regionData = true
		}
	case XAVerb(st) != "":
		// XA START … XA END, XA PREPARE, XA COMMIT|ROLLBACK: a transaction of its own
		// (the run is serial from XA START on). Its end gets no EndsRegion: nothing may
		// run inside a prepared XA transaction, so its stretch is recorded after it.
		switch XAVerb(st) {
		case "START", "BEGIN":
			p.xa = true
		case "COMMIT", "ROLLBACK":
			p.xa = false
		}
		return
	case st.Kind == split.KindTxn:
		switch {
		case IsRollback(st):
			ends = true
			pl.Rollback = true
		case strings.HasPrefix(st.Verb, "COMMIT"):
			ends = true
		default: // START TRANSACTION, BEGIN: commits what was open, opens a new one
			p.endRegion()
			p.txn, pl.EndsRegion, pl.Reopens = true, wasRegion, wasRegion
			return
		}
		chain := p.chains(st)
		p.endRegion()
		p.txn = chain
	case st.Kind == split.KindSession:
		if on, set := p.acOn, p.acSet; set {
			if on && !p.autocommit {
				ends = true
				p.endRegion()
			}
			p.autocommit = on
		}
	case st.Kind == split.KindLock:
		p.flushLock = false
		if st.Verb == "LOCK TABLES" {
			ends = wasRegion
			p.endRegion()
			p.lock = string(st.SQL)
			p.locked, p.writable = lockedTables(st.SQL, db, st.Syntax())
		} else if len(p.locked) > 0 {
			ends = wasRegion
			p.endRegion()
			p.lock, p.locked, p.writable = "", nil, nil
		}
	case p.flushLocks(st, db):
		ends = wasRegion
		p.endRegion()
	case commitsImplicitly(st):
		ends = wasRegion
		p.endRegion()
	default:
		if wasRegion {
			p.regionData = true
			if pl.Kind == Rows {
				p.parallelIn = true
			}
		}
	}
	pl.EndsRegion = ends && wasRegion
}

// endRegion closes the open transaction: the run is parallel again unless it turned serial
// for good.
func (p *Planner) endRegion() {
	p.txn, p.regionData, p.parallelIn = false, false, false
	if p.mode == modeRegion {
		p.mode = modeParallel
	}
}

func IsRollback(st *split.Statement) bool {
	return st.Kind == split.KindTxn && strings.HasPrefix(st.Verb, "ROLLBACK") && !isRollbackTo(st)
}

// keysToggle reports whether st is allowed while LOCK TABLES is held in a parallel run:
// mysqldump's ALTER TABLE t DISABLE/ENABLE KEYS of a locked table.
func keysToggle(st *split.Statement, locked []string, db string) bool {
	if st.Verb != "ALTER TABLE" || !ContainsKey(locked, StatementTableKey(st, db)) {
		return false
	}
	return sqlscan.IsKeysToggle(st.SQL, st.Syntax())
}

func ContainsKey(keys []string, k string) bool {
	for _, x := range keys {
		if strings.EqualFold(x, k) {
			return true
		}
	}
	return false
}

// StatementTableKey names st's table db.table, db being the current one when st does not
// qualify it.
func StatementTableKey(st *split.Statement, db string) string {
	if st.Database != "" {
		db = st.Database
	}
	return KeyOf(db, st.Table)
}

// lockedTables returns the tables LOCK TABLES names (db.table), and of those the ones
// locked WRITE under their own name: only those may take rows (a READ lock, or a lock
// taken under an alias, makes the client's INSERT fail). syn is the statement's
// (st.Syntax()), with its character set: under SET NAMES sjis or gbk a character's trail
// byte can be a backtick (0x60), which ends a quoted name read without it.
func lockedTables(q []byte, db string, syn sqlscan.Syntax) (keys, writable []string) {
	l := sqlscan.New(q, syn)
	l.Next() // LOCK
	if t := l.Next(); !(t.Is("TABLES") || t.Is("TABLE")) {
		return nil, nil
	}
	expect, aliased := true, false
	cur := ""
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == ",":
			expect, aliased, cur = true, false, ""
		case expect && t.IsName():
			d, name := l.Name(t)
			if d == "" {
				d = db
			}
			cur = KeyOf(d, name)
			keys = append(keys, cur)
			expect = false
		case t.Is("AS"):
			aliased = true
		case t.Is("WRITE") && !aliased && cur != "":
			writable = append(writable, cur)
		case !expect && t.IsName() && !t.Is("READ") && !t.Is("LOCAL") && !t.Is("LOW_PRIORITY") && !t.Is("CONCURRENT"):
			aliased = true // t alias WRITE
		}
	}
	return keys, writable
}
