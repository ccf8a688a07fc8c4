package replay

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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
// locks the progress tables too (checkpoint.LockList), and each such statement runs
// with autocommit off and its progress row after it, committed together by SET
// autocommit=1 (lockState.begin, commit). COMMIT and SET autocommit=1 keep table locks
// (START TRANSACTION and BEGIN release them), and under autocommit=0 a failing statement
// still rolls back only itself, as under the client's autocommit: ROW_COUNT() and
// FOUND_ROWS() are the replay's own bookkeeping (rowCounts), LAST_INSERT_ID() is left
// alone by both SETs and the progress row, and the warnings are read right after the
// statement. A write to a non-transactional table there (Aria, MyISAM) stays whatever
// commits: it gets its intent and marker (checkpoint.Run.BeginIntent, Ran) as a barrier
// statement does, the intents' and markers' tables locked too, when the table it names
// is locked WRITE (difffuzz seed 30331, an Aria table: without one a kill between it and
// its progress row had the resume send it again, ERROR 1062). Tables locked only through
// a view or for a trigger cannot be checksummed by name there: its intent holds no
// checksums (checkpoint.Intent.Unread), and a resume without its marker refuses it.

// lockState follows the dump's table locks on the control connection.
type lockState struct {
	p *ParallelReplayer
	// owed is the LOCK TABLES the client's connection holds at this point of a resumed
	// run and the control connection does not: the statement that sent it (the dump's
	// LOCK TABLES, or the one the run turned serial at, with Relock) committed in an
	// earlier attempt and was skipped. It is sent before the first statement that runs.
	// owedIntents: it locks the intents' tables too.
	owed        string
	owedIntents bool
	// intents: the locks the control connection holds include the intents' and markers'
	// tables (checkpoint.LockList).
	intents bool
	// intentAt is the offset of the statement begin left an intent for (-1: none);
	// intentMixed: it may write transactional tables too (a stored function it calls),
	// so it gets no "ran" marker (markRan's rule): the rollback of its progress row's
	// transaction undoes that part, and a marker would have the resume skip it.
	intentAt    int64
	intentMixed bool
}

// lockSQL is q, a LOCK TABLES the control connection is to send, with the progress tables
// added to its list when the run has progress rows (withLockList,
// checkpoint.LockList), and whether the intents' tables are among them; q as it is
// otherwise.
func (ls *lockState) lockSQL(q []byte, syn sqlscan.Syntax) ([]byte, bool) {
	cp := ls.p.opt.Checkpoint
	if cp == nil {
		return q, false
	}
	list, intents := checkpoint.LockList(cp)
	return withLockList(q, syn, list), intents
}

// withLockList adds list (table lock_type, …) to the list of q, LOCK TABLE[S] …: after the
// last table's lock type, before MariaDB's WAIT n or NOWAIT (WAIT alone may also be a
// table's name), inside an executable comment that holds the statement. Any other
// statement (LOCK INSTANCE never gets here) is returned as it is.
func withLockList(q []byte, syn sqlscan.Syntax, list string) []byte {
	if list == "" {
		return q
	}
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
	out := make([]byte, 0, len(q)+len(list)+2)
	out = append(append(append(out, q[:at]...), ", "+list...), q[at:]...)
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
	var q []byte
	switch {
	case !pl.Locked:
		ls.owed = ""
		return
	case isLockTables(st):
		q, ls.owedIntents = ls.lockSQL(st.SQL, st.Syntax())
	case pl.Relock != "":
		q, ls.owedIntents = ls.lockSQL([]byte(pl.Relock), st.Syntax())
	default:
		return
	}
	ls.owed = string(q)
}

// progressLocked reports whether the LOCK TABLES dumpscope sends lock the progress table
// too (checkpoint.ProbeProgressLocks).
func (ls *lockState) progressLocked() bool {
	list, _ := checkpoint.LockList(ls.p.opt.Checkpoint)
	return list != ""
}

// sent notes that the control connection now holds locks lockSQL made, and whether they
// include the intents' tables.
func (ls *lockState) sent(intents bool) { ls.intents = intents }

// acquire sends, before st runs on the control connection, the table locks the client's
// connection holds there and it does not: the dump's LOCK TABLES that was not sent while
// the run was parallel (pl.Relock), or the one a resume skipped (owed). From then on one
// connection holds them, as the client's did: a statement on a table not locked fails
// as the client's does.
func (ls *lockState) acquire(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	p := ls.p
	q, intents := ls.owed, ls.owedIntents
	ls.owed = ""
	if pl.Relock != "" {
		b, in := ls.lockSQL([]byte(pl.Relock), st.Syntax())
		q, intents = string(b), in
	}
	if q == "" {
		return nil
	}
	if _, err := p.control.ExecContext(ctx, q); err != nil {
		return p.serial.sqlError(st, []byte(q), err)
	}
	ls.sent(intents)
	return nil
}

// ownTransaction reports whether st, about to run on the control connection with progress
// rows, runs under the dump's table locks outside any transaction of the dump: it commits
// on its own there, and gets its progress row in a transaction with it (begin, commit).
// Not a LOCK or UNLOCK TABLES, nor a transaction statement (COMMIT, START TRANSACTION,
// which releases the locks), nor anything inside the dump's own transaction, whose
// progress row commits with it.
//
// Nor a statement that may run transaction statements of its own, read the connection's
// state or change it (plan.ConnectionState: a CALL, EXECUTE, a compound statement, a read
// of @@in_transaction; and anything that names autocommit): under autocommit=0 a procedure's ROLLBACK undid
// the row the client had committed before it, the SET autocommit=1 after it committed
// the transaction it left open for the dump's ROLLBACK, and @@autocommit read 0 where the
// client's read 1 (TestReviewX6LockedCallRollback, …CallOpensTransaction,
// …AutocommitRead). Nor anything under FLUSH TABLES … WITH READ LOCK or FOR EXPORT,
// whose locks the progress tables cannot join (plan.FlushLocked). Such a statement
// commits on its own as the client's does, and its
// stretch gets its progress row with the next statement that runs here, or at UNLOCK
// TABLES: a kill in between has the resume send it again, as before.
func (ls *lockState) ownTransaction(st *split.Statement, pl plan.Plan) bool {
	p := ls.p
	return p.opt.Checkpoint != nil && pl.Locked && pl.OpenAfter && st.Kind != split.KindLock && st.Kind != split.KindTxn &&
		!p.disp.planner.InTransaction() && plan.ConnectionState(st, pl) == "" && ls.progressLocked() && !p.disp.planner.FlushLocked() &&
		!sqlscan.ContainsFoldASCII(st.SQL, "autocommit") && !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "BEGIN")
}

// begin, before st (ownTransaction), leaves its intent when it writes a non-transactional
// table that can be checksummed here (intent), committed at once, and turns autocommit
// off on the control connection: st and its progress row then commit together.
func (ls *lockState) begin(ctx context.Context, st *split.Statement, pl plan.Plan, end int64) error {
	p := ls.p
	ls.intentAt, ls.intentMixed = -1, false
	in, err := ls.intent(ctx, st, pl, end)
	if err != nil {
		return err
	}
	if in {
		ls.intentAt = st.Offset
	}
	if _, err := p.control.ExecContext(ctx, "SET autocommit=0"); err != nil {
		return p.at(st, fmt.Errorf("turn autocommit off to commit the statement with its progress row: %w", err))
	}
	if isDDL(p.disp.planner, st) {
		// Its mark (ddlmark.go), which its implicit commit commits before it runs: a
		// resume asks it (ddlResult's MayHaveRun).
		return p.disp.markSent(ctx, p.control, st)
	}
	return nil
}

// intent records st's intent (controller.beginIntent) when it may write a
// non-transactional table, the table it names locked WRITE, the intents' tables locked
// too; it reports whether it did. What it may write that is not locked under its own
// name (a view's base table, a trigger's table) CHECKSUM TABLE cannot read here: the
// intent is Unread then (checkpoint.Intent), and a resume goes by its marker alone
// (TestReviewX53119ViewLockedAlone: without an intent the INSERT through the view was
// sent again, ERROR 1062).
func (ls *lockState) intent(ctx context.Context, st *split.Statement, pl plan.Plan, end int64) (bool, error) {
	p := ls.p
	if !ls.intents {
		return false, nil
	}
	if (st.Kind != split.KindInsert && st.Kind != split.KindOther) || readOnly(st) {
		// DO f(1) with f writing a MyISAM table: any table, by its marker (callsWriter).
		calls, err := callsWriter(ctx, p, p.control, st)
		if err != nil || !calls {
			if err != nil {
				err = p.at(st, err)
			}
			return false, err
		}
		ls.intentMixed = true
		return p.ctl.beginIntent(ctx, p.control, st, end, p.opt.Checkpoint.DigestAt(end), nil, true)
	}
	db, table, ok := p.ctl.writtenTable(st)
	if !ok || !plan.ContainsKey(p.disp.planner.LockedForWrite(), plan.KeyOf(db, table)) {
		return false, nil
	}
	// A stored function it calls, itself or through a view it names (functionNames), may
	// write any table: its scope is any (writeScope), none of it read here. Asked only of
	// the written table, an UPDATE of an InnoDB table calling g, which inserts into a
	// MyISAM table, got no intent, ran in the transaction of its progress row, and,
	// killed before that row, ran again on resume: g's rows twice
	// (TestLockedWriteCallsFunction).
	calls, err := mayCallFunction(ctx, p, p.control, st)
	if err != nil {
		return false, p.at(st, err)
	}
	if calls {
		ls.intentMixed = true
		return p.ctl.beginIntent(ctx, p.control, st, end, p.opt.Checkpoint.DigestAt(end), nil, true)
	}
	// The usual case, an InnoDB table, is told from the list of non-transactional tables
	// the run keeps, before a look-up of its triggers; a view by its base tables
	// (difffuzz seed 53119).
	if nonTx, err := mayWriteNonTransactional(ctx, p, plan.KeyOf(db, table)); err != nil || !nonTx {
		if err != nil {
			return false, p.at(st, err)
		}
		return false, nil
	}
	scope := p.ctl.serialWriteScope(ctx, st, pl)
	if scope == nil {
		var err error
		if scope, err = triggerWriteScope(ctx, p, plan.KeyOf(db, table)); err != nil {
			return false, p.at(st, err)
		}
	}
	if scope == nil {
		// Any table: the written table has triggers whose tables are not known, which
		// may write an InnoDB table too. Taken for none, an INSERT into a MyISAM table
		// with a trigger, in a run gone serial, left no intent, and killed before its
		// progress row it ran again on resume: ERROR 1062, or a keyless table's rows
		// twice, silently (difffuzz seed 155022; TestXFix67LockedTriggerTableKilled).
		// Unread and unmarked: the resume refuses it unless its progress row is there.
		ls.intentMixed = true
		return p.ctl.beginIntent(ctx, p.control, st, end, p.opt.Checkpoint.DigestAt(end), nil, true)
	}
	if len(scope) == 0 {
		return false, nil // none
	}
	unread := false
	for _, key := range scope {
		// Locked only through a view or for a trigger: CHECKSUM TABLE cannot read it
		// here (ERROR 1100), and the intent holds its marker alone (Intent.Unread).
		unread = unread || !plan.ContainsKey(p.disp.planner.LockedForWrite(), key)
	}
	// A table of the scope that is transactional (a trigger's InnoDB log) is written in
	// the transaction of the progress row, and a kill rolls it back with that row: no
	// "ran" marker then (markRan's rule, scopeMayWriteTransactional, as a barrier's).
	// Marked, the resume skipped the INSERT whose MyISAM half alone survived: the
	// trigger's InnoDB rows were missing, silently (TestReviewX26LockedTriggerTransactionalLog).
	ls.intentMixed = scopeMayWriteTransactional(ctx, p.opt.Checkpoint, p.control, scope)
	return p.ctl.beginIntent(ctx, p.control, st, end, p.opt.Checkpoint.DigestAt(end), scope, unread)
}

// commit ends what begin started: after st ran without error (err, what it and what
// followed it returned; one --force let pass is none), its intent's marker is written at
// once, then its progress row, which deletes the intent, and SET autocommit=1 commits
// both. After an error, what st did to transactional tables is rolled back (a failing
// statement has rolled back itself already; the resume runs it again, and its intent,
// left, tells whether it changed a non-transactional one), and autocommit is on again.
//
// In a run gone serial that waits until the next statement is known (diagTail): a reader
// of st's diagnostics area runs first.
func (ls *lockState) commit(ctx context.Context, st *split.Statement, end int64, err error) error {
	intent, mixed := ls.intentAt >= 0, ls.intentMixed
	ls.intentAt, ls.intentMixed = -1, false
	if err == nil && ls.p.disp.planner.Serial() {
		held := heldStatement(st, false)            // its user variables are journaled already (runSerial)
		digest := ls.p.opt.Checkpoint.DigestAt(end) // now: the stream moves on while it waits
		ls.p.ctl.diag.owe(func(ctx context.Context) error { return ls.finish(ctx, held, end, digest, intent, mixed, nil) },
			func(ctx context.Context) error {
				_ = ls.finish(ctx, held, end, digest, false, false, errRolledBack)
				return nil
			})
		return nil
	}
	return ls.finish(ctx, st, end, ls.p.opt.Checkpoint.DigestAt(end), intent, mixed, err)
}

// errRolledBack has finish roll back what a statement did under the locks.
var errRolledBack = errors.New("rolled back")

// finish is commit's work: intent, st left one (begin), mixed: unmarked (intentMixed);
// digest is the stream's at end.
func (ls *lockState) finish(ctx context.Context, st *split.Statement, end int64, digest string, intent, mixed bool, err error) error {
	p := ls.p
	cp := p.opt.Checkpoint
	if err == nil && intent && !mixed {
		if err = cp.Ran(ctx, p.control, st.Offset); err != nil {
			err = p.at(st, fmt.Errorf("mark it run: %w", err))
		}
	}
	if err == nil && p.opt.AfterDDL != nil {
		err = p.opt.AfterDDL(st) // tests: a kill before the progress row
	}
	if err == nil {
		if err = recordPendingDigest(ctx, p.ctl, end, digest, false); err != nil {
			err = p.at(st, fmt.Errorf("record its progress row: %w", err))
		}
	}
	if err == nil && intent {
		if err = cp.EndIntent(ctx, p.control, st.Offset); err != nil {
			err = p.at(st, fmt.Errorf("end its intent: %w", err))
		}
	}
	if err != nil {
		_, _ = p.control.ExecContext(ctx, ownRollback) // the locks stay; the connection may be gone
	}
	if _, cerr := p.control.ExecContext(ctx, "SET autocommit=1"); cerr != nil && err == nil {
		err = p.at(st, fmt.Errorf("commit it with its progress row: %w", cerr))
	}
	return err
}

// isDDL reports whether st is DDL or creates a routine: it commits on its own. So does a
// wrapper that runs one (EXECUTE IMMEDIATE 'CREATE PROCEDURE …', EXECUTE of a prepared
// CREATE TABLE: plan.Planner.Wrapped): taken for other SQL, it ran in a transaction with
// its progress row, which its implicit commit did not hold back, and killed between the
// two, the resume sent it again and stopped at "already exists" (ERROR 1304, 1050) where
// the client went on (difffuzz seeds 49018, 49020; TestResumeFound49018WrappedDDLKilled).
// Every wrapper level is read (layersOf): judged by one, SET STATEMENT … FOR EXECUTE
// IMMEDIATE 'CREATE TABLE …' was other SQL again (TestResumeDoubleWrappedDDLKilled).
func isDDL(pl *plan.Planner, st *split.Statement) bool {
	layers := layersOf(pl, st)
	in := layers[len(layers)-1]
	return in.Kind == split.KindDDL || in.Kind == split.KindRoutine
}

// ddlResult is what the exec of st under the dump's locks (ownTransaction) returned (err),
// as runBarrier takes it for a DDL statement outside them: the DDL commits on its own, so
// a kill after it and before its progress row (which SET autocommit=0 cannot hold back)
// left it applied, and the resume sent it again (ERROR 1060 of ALTER TABLE … ADD COLUMN:
// TestReviewX6LockedDDLKilled). Now an "already exists" of a DDL the interrupted run may
// have run is taken for "it had run" (checkpoint.AlreadyApplied, MayHaveRun), and one it
// ran afresh is noted (RanAfresh). Any other statement's err is returned as it is.
func (ls *lockState) ddlResult(ctx context.Context, st *split.Statement, q []byte, err error) error {
	p := ls.p
	r, cp := p.serial, p.opt.Checkpoint
	if !isDDL(p.disp.planner, st) {
		return err
	}
	var se *StatementError
	switch {
	case err != nil && errors.As(err, &se) && (checkpoint.AlreadyApplied(se.Code) || p.ctl.renamedAlready(ctx, p.control, st, se.Code)) && !p.disp.ownAlreadyExists(st, se.Code) && cp.MayHaveRun(st.Offset, marksSent(p.disp.planner, st)):
		r.counts.lost(st.Offset) // what it left in ROW_COUNT() is not known
		return nil
	case err != nil && r.opt.Force && errors.As(err, &se) && mayBeAppliedDDL(true, st, se.Code):
		return r.forgive(st, q, se) // it had not run: the dump's error, as the client's
	case err == nil && checkpoint.Passed(cp, st.Offset) != nil:
		return p.at(st, errors.New("could not clear the checkpoint's failed statement"))
	case err == nil && !mayRunOnWorker(st):
		cp.RanAfresh(st.Offset)
	}
	return err
}

// triggerWriteScope narrows the write scope of a write of key, a table locked WRITE (or
// a view of it) whose triggers made writeScope give up ("any table"), to the tables
// those triggers write, read from their bodies as the server holds them now: key's base
// tables with what each trigger INSERTs or REPLACEs into, and every table it names
// (plan.TriggerTables, plan.BodyInsertTables). nil (any, as before) where a body may
// write what its text does not name: an UPDATE or DELETE (a multi-table form names its
// targets in a list), a CALL, a stored function of the database, a sequence's NEXTVAL or
// SETVAL. So a trigger that only sets NEW columns (the fuzzer's SET NEW.a) gives key
// alone: the intent reads key's checksum, and a resume with the progress row absent
// tells whether the INSERT ran, where it refused it as maybe half applied
// (TestXFix67LockedTriggerTableKilled, x-fix67's over-refusal). A name the scan takes
// for a table that is none (INTO a local variable) only widens the scope: unlocked, it
// makes the intent Unread, refused as before.
func triggerWriteScope(ctx context.Context, p *ParallelReplayer, key string) ([]string, error) {
	bases, known, err := throughViews(ctx, p, p.control, []string{key})
	if err != nil || !known {
		return nil, err
	}
	scope := slices.Clone(bases)
	for _, base := range bases {
		db, table := sqlscan.TableKey(base).Names()
		bodies, err := tableTriggers(ctx, p.control, db, table)
		if err != nil {
			return nil, err
		}
		for _, body := range bodies {
			if !readableBody(body) {
				return nil, nil
			}
		}
		for _, b := range bodies {
			body := b.Text
			names, known := plan.TriggerTables([]byte(body), db)
			if !known || bodyWritesUnnamed([]byte(body)) {
				return nil, nil
			}
			if calls, err := callsFunction(ctx, p.control, db, body); err != nil || calls {
				return nil, err
			}
			for _, k := range append(names, plan.BodyInsertTables([]byte(body), db)...) {
				if !slices.Contains(scope, k) {
					scope = append(scope, k)
				}
			}
		}
	}
	// A table the triggers write may have triggers of its own, which write what no body
	// read here names: any table then, as before (the reread's 1.3).
	for _, k := range scope[len(bases):] {
		if triggers, err := hasTriggers(ctx, p, p.control, k); err != nil || triggers {
			return nil, err
		}
	}
	return scope, nil
}

// insertHead moves l, just past INSERT or REPLACE, past its modifiers, INTO, the table's
// name and its column list, as plan.BodyInsertTables reads them; where no name follows
// (REPLACE(…), the string function), l stays where it was.
func insertHead(l *sqlscan.Tokenizer) {
	start := l.Pos
	n := l.Next()
	for n.Is("LOW_PRIORITY") || n.Is("DELAYED") || n.Is("HIGH_PRIORITY") || n.Is("IGNORE") || n.Is("INTO") {
		n = l.Next()
	}
	if !n.IsName() {
		l.Pos = start
		return
	}
	l.Name(n)
	save := l.Pos
	if o := l.Next(); o.Kind != sqlscan.Punct || o.Text != "(" {
		l.Pos = save
		return
	}
	for c := l.Next(); ; c = l.Next() {
		switch {
		case c.Kind == sqlscan.EOF, c.Kind == sqlscan.Punct && c.Text == ")":
			return
		case c.Kind == sqlscan.Punct && c.Text == ",", c.IsName() && !c.Is("SELECT") && !c.Is("WITH") && !c.Is("VALUES"):
		default:
			l.Pos = save // (SELECT …) or anything but a list of names: read on from the "("
			return
		}
	}
}

// defaultQuoting reports whether a trigger's sql_mode reads quotes as the scanner's
// default syntax does (no ANSI_QUOTES, backslash escapes on), under which
// triggerWriteScope reads its body; another gives up (any table): a `"t"` read as a
// string would drop a table it writes.
func defaultQuoting(mode string) bool {
	for _, m := range strings.Split(strings.ToUpper(mode), ",") {
		if m == "ANSI_QUOTES" || m == "NO_BACKSLASH_ESCAPES" || m == "ANSI" || m == "ORACLE" {
			return false
		}
	}
	return true
}

// bodyWritesUnnamed reports whether a trigger body holds a word through which it may
// write a table that plan.TriggerTables does not list (triggerWriteScope). The table of
// an INSERT or REPLACE and its column list, `INSERT INTO other.k (a) …`, are read past
// (insertHead): read as a qualified call other.k(…), they gave up where
// plan.BodyInsertTables names the table (TestXFix78TriggerScopeQualifiedInsert).
func bodyWritesUnnamed(body []byte) bool {
	l := sqlscan.New(body, sqlscan.Syntax{})
	var prev, prev2 sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev2, prev, t = prev, t, l.Next() {
		if t.Is("INSERT") || t.Is("REPLACE") {
			insertHead(&l)
			continue
		}
		if t.Is("UPDATE") || t.Is("DELETE") || t.Is("CALL") || t.Is("NEXTVAL") || t.Is("SETVAL") || t.Is("NEXT") ||
			t.Is("EXECUTE") || t.Is("PREPARE") {
			return true
		}
		// A qualified call, `other.f(…)`: callsFunction asks only the trigger's own
		// database for its functions (the reread's 1.3).
		if t.Kind == sqlscan.Punct && t.Text == "(" && prev.IsName() && prev2.Kind == sqlscan.Punct && prev2.Text == "." {
			return true
		}
	}
	return false
}
