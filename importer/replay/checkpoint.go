package replay

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The importer's side of checkpoint: when an import has progress rows, how its options
// become checkpoint.Params, and what the replayers tell the checkpoint about statements.

// observeCheckpoint feeds st to the checkpoint's stream digest, and refuses a statement
// that uses dumpscope's own progress schema: a dump taken from a server in the middle of
// a dumpscope import carries it, and replaying it would rewrite the progress rows this
// run relies on.
func observeCheckpoint(cp *checkpoint.Run, st *split.Statement) error {
	if cp == nil {
		return nil
	}
	cp.Observe(st.Raw)
	if checkpoint.IsProgressSchema(st.Database) || (st.Kind == split.KindDDL && checkpoint.IsProgressSchema(st.Table) && (strings.Contains(st.Verb, "DATABASE") || strings.Contains(st.Verb, "SCHEMA"))) {
		return fmt.Errorf("the dump uses %s, dumpscope's own progress schema (it was dumped from a server during a dumpscope import?); with progress rows (--parallel, --checkpoint) that would rewrite them: remove those statements from the dump, or import it without --parallel and --checkpoint", checkpoint.ProgressSchema)
	}
	return nil
}

// writeScope is what a statement about to run as a barrier may write, for the intent of
// a non-transactional write (checkpoint.Run.BeginIntent): the tables in its scope (keys;
// global: any, nil) with those their triggers write, as far as they were looked up.
// The planner gives DML a global scope (it may read any table), but an INSERT, or an
// UPDATE or DELETE of one table, writes only that table: when it has no triggers, the
// scope is that table alone, so the intent checksums one table, not every MyISAM table of
// the server. Nil too without progress rows or for a statement that is not DML: no
// intent then. A statement that writes no table (SELECT, DO, a wrapper of one) and calls
// no stored function that may write one (callsWriter) has an empty scope: given the
// planner's global one, every `SELECT ABS(i)` of a --checkpoint run checksummed every
// non-transactional table of the server before it, and after it for its marker: 100
// such lines beside four MyISAM tables of 20,000 rows took 275 s, 2 s without
// (TestXFix35TableFreeFunctionNoIntent).
func (cr *controller) writeScope(ctx context.Context, st *split.Statement, keys []string, global bool) []string {
	p := cr.p
	if p.opt.Checkpoint == nil || (st.Kind != split.KindInsert && st.Kind != split.KindOther) {
		return nil
	}
	if readOnly(st) || wrapsNoWrite(p, st) {
		if calls, err := callsWriter(ctx, p, p.control, st); err != nil || calls {
			return nil // any table (callsWriter)
		}
		return []string{}
	}
	if calls, err := mayCallFunction(ctx, p, p.control, st); err != nil || calls {
		return nil // a stored function may write any table (intentmark.go)
	}
	if global {
		db, table, ok := cr.writtenTable(st)
		if !ok {
			return nil
		}
		key := plan.KeyOf(db, table)
		if triggers, err := hasTriggers(ctx, p, p.control, key); err != nil || triggers {
			return nil
		}
		keys = []string{key}
	}
	// A view's rows land in a base table it names (difffuzz seed 53119).
	keys, known, err := throughViews(ctx, p, p.control, keys)
	if err != nil || !known {
		return nil
	}
	out := append([]string{}, keys...)
	for _, k := range keys {
		for _, t := range p.cat.tables[k].touches {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// serialWriteScope is writeScope for a statement runSerial sends outside a transaction.
// The plans of the serial part of a dump name no tables, and writeScope of none is none:
// an INSERT into an Aria table left no intent, so a kill between it and its progress row
// had a resume send it again (difffuzz seed 10676: ERROR 1062 where the client ran on; a
// keyless table gets its rows twice). It is the table the statement writes, with those its
// triggers may (or any, when that is not known), as for a statement that waits for
// everything; none for one that only reads.
func (cr *controller) serialWriteScope(ctx context.Context, st *split.Statement, pl plan.Plan) []string {
	if len(pl.Tables) > 0 || pl.Global {
		return cr.writeScope(ctx, st, pl.Tables, pl.Global)
	}
	if readOnly(st) || wrapsNoWrite(cr.p, st) || st.Kind == split.KindSession {
		if calls, err := callsWriter(ctx, cr.p, keeperConn(cr.p, cr.p.control, st), st); err == nil && calls {
			return nil // any table (callsWriter)
		}
		return []string{}
	}
	return cr.writeScope(ctx, st, nil, true)
}

// wrapsNoWrite reports whether st is a wrapper (EXECUTE IMMEDIATE of a literal, EXECUTE of
// a prepared statement, SET STATEMENT … FOR, at any depth: innermost) that runs a statement
// writing no table: read-only, a keeper, GET DIAGNOSTICS. Its
// write scope is empty, as that statement's own is: the look-up of the non-transactional
// tables for an intent (SELECT … FROM information_schema.TABLES) emptied the area that
// `EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER'` reads, after `SET @dw1 = CAST('9y' AS
// SIGNED)` in a run gone serial: 0 where the client has 1 (difffuzz seed 82826,
// --load-data; seed 80017, --parallel gone serial and serial --checkpoint, where beginIntent
// reads the same innermost statement).
func wrapsNoWrite(p *ParallelReplayer, st *split.Statement) bool {
	in := innermost(p, st)
	if in == nil || len(in.SQL) == 0 {
		return false
	}
	return readOnly(in) || keepsArea(in) || isGetDiagnostics(in)
}

// writtenTable is the one table an INSERT, or a single-table UPDATE or DELETE, writes
// itself (its triggers aside), by database and name (either may hold a dot: they are not
// joined into a key to be split again); ok is false for any other statement.
func (cr *controller) writtenTable(st *split.Statement) (db, table string, ok bool) {
	p := cr.p
	if st.Kind == split.KindInsert {
		return p.disp.statementDB(st), st.Table, st.Table != ""
	}
	db, table, ok = dmlTarget(st.SQL, st.Syntax())
	if !ok {
		return "", "", false
	}
	if db == "" {
		db = p.serial.database
	}
	return db, table, true
}

// dmlTarget reads the table of a single-table UPDATE or DELETE: `UPDATE [LOW_PRIORITY]
// [IGNORE] t SET …`, `DELETE [LOW_PRIORITY] [QUICK] [IGNORE] FROM t [WHERE|ORDER BY|LIMIT|
// RETURNING …]`. Any other form (several tables, a join, an alias, USING, PARTITION) is
// not ok: it may write more than one table. syn is the statement's (st.Syntax()): under
// SET NAMES sjis or gbk a character's trail byte can be a backtick (0x60), which ends a
// quoted name read without the character set.
func dmlTarget(q []byte, syn sqlscan.Syntax) (db, table string, ok bool) {
	l := sqlscan.New(q, syn)
	verb := l.Next()
	t := l.Next()
	for t.Is("LOW_PRIORITY") || t.Is("IGNORE") || t.Is("QUICK") {
		t = l.Next()
	}
	switch {
	case verb.Is("UPDATE"):
	case verb.Is("DELETE") && t.Is("FROM"):
		t = l.Next()
	default:
		return "", "", false
	}
	if db, table = l.Name(t); table == "" {
		return "", "", false
	}
	n := l.Next()
	switch {
	case verb.Is("UPDATE") && n.Is("SET"):
	case verb.Is("DELETE") && (n.Kind == sqlscan.EOF || n.Is("WHERE") || n.Is("ORDER") || n.Is("LIMIT") || n.Is("RETURNING")):
	default:
		return "", "", false
	}
	return db, table, true
}

// beginIntent records, before a DML statement runs with progress rows, its intent when it
// may write a non-transactional table (checkpoint.Run.BeginIntent); scope is the tables
// it may write (nil: any); unread: they cannot be checksummed on c (Intent.Unread). It
// reports whether it did.
func (cr *controller) beginIntent(ctx context.Context, c Conn, st *split.Statement, end int64, digest string, scope []string, unread bool) (bool, error) {
	p := cr.p
	if st.Kind != split.KindInsert && st.Kind != split.KindOther && st.Kind != split.KindSession {
		return false, nil
	}
	if st.Kind == split.KindSession {
		// A SET only when it may call a stored function (callsWriter): its scope is any.
		if calls, err := callsWriter(ctx, p, c, st); err != nil || !calls || scope != nil {
			return false, err
		}
	}
	runs := st // what st runs: a wrapper's innermost statement (EXECUTE IMMEDIATE '…', EXECUTE s, SET STATEMENT … FOR)
	if in := innermost(p, st); in != nil {
		runs = in
	}
	if keepsArea(st) || isGetDiagnostics(runs) || (scope != nil && len(scope) == 0) {
		// It writes no table, and a look-up of the non-transactional tables (after a
		// DDL) would empty the diagnostics area it may read or keep
		// (TestDiffFuzzSeed21003KeptDiagnostics; SHOW COUNT(*) WARNINGS, a read-only
		// statement whose scope is empty: difffuzz seed 73814; EXECUTE IMMEDIATE 'GET
		// DIAGNOSTICS …', whose look-up came between it and the warning it reads: seed 80017).
		return false, nil
	}
	if err := refuseIntentBeforeReader(ctx, p, c, st, scope); err != nil {
		return false, err
	}
	in := checkpoint.Intent{Start: st.Offset, End: end, Statement: split.Describe(p.opt.Name, st), Tables: scope, Digest: digest, Unread: unread}
	ok, err := p.opt.Checkpoint.BeginIntent(ctx, c, in)
	if err != nil {
		return false, p.at(st, fmt.Errorf("record the intent of a statement on a non-transactional table: %w", err))
	}
	return ok, nil
}

// refuseIntentBeforeReader refuses st when it reads the diagnostics area of the
// statement before it (a CALL of a procedure whose body runs GET DIAGNOSTICS) and may
// write a non-transactional table: the intent row and the checksums written before it
// open tables and empty that area, so the body read nothing where the client's read the
// warning (difffuzz seed 60513, --parallel 3 gone serial at a SELECT … INTO: @w NULL
// where the client has 1292). A function, not a method: controller is at its limit.
func refuseIntentBeforeReader(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, scope []string) error {
	if c != p.control || !p.disp.planner.ReadsDiagnostics(st) {
		return nil // on a worker (keeperConn) the intent leaves the control connection's area alone
	}
	if would, err := checkpoint.Intends(ctx, p.opt.Checkpoint, c, scope); err != nil || !would {
		return err
	}
	se := p.serial.refuse(st, "it reads the diagnostics area (warnings, errors, row count) of the statement before it and may write a non-transactional table, and the record of its intent that --resume needs, written before it, would empty that area; "+
		"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
	se.Err = ErrSerialOnly
	return se
}

// isGetDiagnostics reports whether st is GET [CURRENT | STACKED] DIAGNOSTICS, which sets
// variables only.
func isGetDiagnostics(st *split.Statement) bool {
	return strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "GET")
}

// changesTables reports whether st may create, drop, rename or alter tables, or change
// their engines (checkpoint.Run.SchemaChanged): anything but session statements,
// transactions, locks and DML (a trigger or stored function cannot run DDL; a CALL can).
func changesTables(st *split.Statement) bool {
	switch st.Kind {
	case split.KindSession, split.KindClient, split.KindTxn, split.KindLock, split.KindInsert:
		return false
	case split.KindOther:
		switch st.Verb {
		case "UPDATE", "DELETE", "SELECT", "DO", "WITH", "VALUES", "TABLE":
			return false
		}
	}
	return true
}

// assignedUserVars are the user variables (@n, @a b: lower-cased and unquoted, as the
// lexer gives them) and session variables (@@group_concat_max_len) that st sets from what
// the tables hold or from other expressions that a resumed run would evaluate anew: a SET
// with a value that is not constant (all of its user and session variables, then),
// SELECT … INTO @a, @b and @v := … anywhere, every one a compound statement names.
// nil for any other statement, and for a SET
// of constants only, which gives the same value whenever it runs again. GLOBAL variables
// are the server's, not the connection's: not journaled.
func assignedUserVars(st *split.Statement) []string {
	var out []string
	if setsCharsetFromDatabase(st) {
		return slices.Clone(charsetVars)
	}
	if st.Kind == split.KindSession {
		fromData := false
		for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
			switch {
			case strings.HasPrefix(a.Name, "@"):
				out = append(out, a.Name)
			case !a.Global && sysVarName(a.Name):
				out = append(out, "@@"+a.Name) // SET SESSION x = (SELECT …)
			default:
				continue
			}
			fromData = fromData || !a.Constant
		}
		if !fromData {
			return nil
		}
		return out
	}
	if bytes.IndexByte(st.SQL, '@') < 0 || (st.Kind == split.KindInsert && !bytes.Contains(st.SQL, []byte(":="))) {
		// Without lexing: an INSERT's only assignment is :=, and serial runs send every
		// row insert through here.
		return nil
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	prevInto := false
	// GET [CURRENT] DIAGNOSTICS @w = NUMBER, CONDITION 1 @e = MYSQL_ERRNO assigns with a
	// plain =: skipped on resume (it has a progress row), @w was lost (NULL where the
	// client's was 1: TestDiagVarsKilledOrStopped).
	getDiag := strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "GET")
	// A compound statement of the dump's (BEGIN NOT ATOMIC SET @v = …; END) sets its
	// variables with a plain = too, in statements the lexer does not tell apart: every
	// user variable it names counts, as a procedure body's do (plan.ProcedureVars). Lost,
	// a resume past the block read NULL where the client's read 'seven'
	// (TestReviewX25NotAtomicUserVarResumed).
	compound := plan.CompoundStatement(st)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") && !slices.Contains(out, t.Text) {
			if compound || prevInto || l.AtAssign() || (getDiag && l.AtEquals()) {
				out = append(out, t.Text)
			}
		}
		prevInto = t.Is("INTO") || (prevInto && (t.Kind == sqlscan.Var || (t.Kind == sqlscan.Punct && t.Text == ",")))
	}
	return out
}

// userVarsOf are the variables st sets that a resume must get back: those it assigns
// itself (assignedUserVars), those a CALL's OUT or INOUT parameters may assign
// (plan.CallArgVars), and, once the dump has created a trigger or stored function
// whose body names user variables (p.ctl.routineVars), those too for any statement that may
// fire or call one. A trigger's SET @trg = @trg + 1 counts on the connection that runs
// the INSERT: a resume that skips the INSERT gets its count from the journal (difffuzz
// seed 809: -1 where the client read 456). Such a dump runs on the control connection
// from the trigger on (routineUserVariable), where every statement journals them.
func (cr *controller) userVarsOf(st *split.Statement) []string {
	names := slices.Clone(wrappedOwnVars(cr, st))
	names = withProcedureVars(cr, st, names) // procvars.go
	if len(cr.routineVars) == 0 {
		return names
	}
	switch st.Kind {
	case split.KindInsert, split.KindOther:
		if plan.XAVerb(st) != "" || preparesOnly(st) {
			// Runs no trigger or function; after XA END the connection refuses every
			// other statement, the journal's read-back too (ERROR 1399; difffuzz seed
			// 12008). A PREPARE only parses its text (callintent.go, preparesOnly).
			return names
		}
	case split.KindSession:
		if len(names) == 0 {
			return nil // a SET of constants calls no function
		}
	default:
		return names
	}
	for _, v := range cr.routineVars {
		if !slices.Contains(names, v) {
			names = append(names, v)
		}
	}
	return names
}

// wrappedOwnVars are the user variables st assigns itself, or what it runs through a
// wrapper assigns (wrappedRun: EXECUTE s of a PREPARE s FROM 'SET @a = (SELECT …)'), and
// the OUT/INOUT arguments of a CALL it runs, at any wrapper depth (wrappedLayers).
// Remembered by offset: a DEALLOCATE PREPARE after st (or its resume's replay of the
// registry) must not hide from a later look-up what st ran (x-fix25's "deallocated"
// case of TestResumeWrappedSetUserVarFromData). Only wrappers are remembered, in a map
// emptied past 256 of them (a journal asks again only at the next statement), so a
// dump of plain statements never fills it.
func wrappedOwnVars(cr *controller, st *split.Statement) []string {
	if wv, ok := cr.wrappedVars[st.Offset]; ok {
		return wv
	}
	names := assignedUserVars(wrappedRun(cr.p, st)) // what a wrapper runs: wrappedset.go
	layers := wrappedLayers(cr.p, st)
	for _, s := range layers {
		for _, v := range plan.CallArgVars(s) { // a CALL's OUT and INOUT arguments
			if !slices.Contains(names, v) {
				names = append(names, v)
			}
		}
	}
	if len(layers) > 1 { // only a wrapper's answer can change later; few statements are one
		if len(cr.wrappedVars) > 256 || cr.wrappedVars == nil {
			cr.wrappedVars = map[int64][]string{}
		}
		cr.wrappedVars[st.Offset] = names
	}
	return names
}

// noteRoutineVars adds to p.ctl.routineVars the user variables the body of a CREATE TRIGGER
// or CREATE FUNCTION names, and those the procedures such bodies CALL name, transitively
// (plan.CalledVars: a trigger that CALLs a procedure which sets @rl_calls sets it on the
// connection that fired it, TestReviewX13TriggerCallsProcedureVarResume), whether it runs
// or a resume skips it: the statements after it journal them in every attempt alike. db
// is the current database.
// A routine created through a wrapper (EXECUTE IMMEDIATE 'CREATE PROCEDURE …', EXECUTE
// s) counts as a plain one (wrappedLayers).
func (cr *controller) noteRoutineVars(st *split.Statement, db string) {
	for _, s := range wrappedLayers(cr.p, st) {
		if s.Kind != split.KindRoutine {
			continue
		}
		cr.called.Observe(s, db)
		_, vars := plan.RoutineUserVars(s) // a procedure's own: noteProcedureVars (procvars.go), at a CALL
		for _, v := range append(vars, cr.called.Vars()...) {
			if !slices.Contains(cr.routineVars, v) {
				cr.routineVars = append(cr.routineVars, v)
			}
		}
	}
}

// charsetVars are the session variables SET CHARACTER SET sets, in the order a SET of
// their values must give them back (setting character_set_connection resets
// collation_connection).
var charsetVars = []string{"@@character_set_client", "@@character_set_results", "@@character_set_connection", "@@collation_connection"}

// setsCharsetFromDatabase reports whether st is SET CHARACTER SET (SET CHARSET), which
// sets character_set_connection to the current database's character set as it is when
// it runs. Sent again later, by a worker catching up on the session statements after an
// ALTER DATABASE or by a resume past one, it takes the character set of then, not the
// client's: literals that the client's latin1 connection turned into '?' kept their
// emoji. Its values are read where it ran (on resume, from the journal: it is treated as
// a SET of those session variables) and the others are given those (sessionEntry).
func setsCharsetFromDatabase(st *split.Statement) bool {
	if st.Kind != split.KindSession || !sqlscan.ContainsFoldASCII(st.SQL, "CHAR") {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	if !l.Next().Is("SET") {
		return false
	}
	t := l.Next()
	return t.Is("CHARSET") || t.Is("CHARACTER") && l.Next().Is("SET")
}

// sessionEntry is what the workers replay for st, a session statement that ran on the
// control connection (dispatcher.session): st itself, or for SET CHARACTER SET the values
// it gave there (setsCharsetFromDatabase).
func (cr *controller) sessionEntry(ctx context.Context, st *split.Statement) (string, error) {
	if !setsCharsetFromDatabase(st) {
		return string(st.SQL), nil
	}
	cs, err := checkpoint.ReadCharset(ctx, cr.p.control)
	if err != nil {
		return "", cr.p.at(st, fmt.Errorf("read the character set it set: %w", err))
	}
	return cs.Statement(), nil
}

// runCharsetFromDatabase runs SET CHARACTER SET outside the serial part of a dump
// (runSerial does it there, with the other variables journaled): on resume the values the
// interrupted run's gave, else the statement, whose values are journaled then.
func (cr *controller) runCharsetFromDatabase(ctx context.Context, c Conn, st *split.Statement, q []byte) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if assign, ok := cp.VarsAt(st.Offset, st.SQL); ok {
		return cr.giveBack(ctx, st, assign)
	}
	if err := p.serial.exec(ctx, c, st, q); err != nil {
		return err
	}
	if err := cp.RecordVars(ctx, c, c, st.Offset, st.SQL, charsetVars); err != nil {
		return p.at(st, err)
	}
	return nil
}

// sysVarName reports whether name can be a server variable's name as it is written
// unquoted after @@SESSION. (the journal reads and sets it so).
func sysVarName(name string) bool {
	return name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// setsOnlyUserVars reports whether st's only lasting effect is on the variables it
// journals (a SET of user and session variables, SELECT … INTO @v, DO @v := …), so that
// the SET of their journaled values can stand in for it on resume.
func setsOnlyUserVars(st *split.Statement) bool {
	if setsCharsetFromDatabase(st) {
		return true
	}
	if st.Kind == split.KindSession {
		as := plan.ParseSet(st.SQL, st.Syntax())
		for _, a := range as {
			if !strings.HasPrefix(a.Name, "@") && (a.Global || !sysVarName(a.Name)) {
				return false
			}
		}
		return len(as) > 0
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "SELECT", "DO", "VALUES":
		return !sqlscan.ContainsFoldASCII(st.SQL, "OUTFILE") && !sqlscan.ContainsFoldASCII(st.SQL, "DUMPFILE")
	}
	return false
}

// recordUserVars journals, after st ran on c, the values it gave user variables from the
// data (checkpoint.Run.RecordVars), written on to: c, in its transaction state, or
// another connection (recordUserVarsInTxn). Not after a statement with
// SQL_CALC_FOUND_ROWS: reading the values is a SELECT, which would change the
// FOUND_ROWS() the dump reads next; a resume past it is refused instead (restoreUserVars).
// Nor after a SET that also sets GLOBAL variables: journalMixedSet journals its values.
// read reports whether it read them on c (a SELECT there, which leaves ROW_COUNT() −1:
// recordUserVarsInTxn notes that), even when the write to the journal then failed.
func (cr *controller) recordUserVars(ctx context.Context, c, to Conn, st *split.Statement) (read bool, err error) {
	p := cr.p
	names := cr.userVarsOf(st)
	if p.opt.Checkpoint == nil || len(names) == 0 || sqlscan.ContainsFoldASCII(st.SQL, "SQL_CALC_FOUND_ROWS") || mixedSet(st) {
		return false, nil
	}
	v, err := readUserVars(ctx, p, c, st, names)
	if err != nil {
		return true, err
	}
	if err := checkpoint.WriteVars(ctx, p.opt.Checkpoint, to, v); err != nil {
		return true, p.at(st, err)
	}
	return true, nil
}

// readUserVars reads for the journal the values st, just run on c, gave the variables
// names (checkpoint.ReadVars), with the ROW_COUNT() and FOUND_ROWS() rowCounts noted
// for it, which the resume that gives the values back in its place gives a reader after
// it (rowcount.go gaveBack). Both journal paths read here: recordUserVars, and
// diagTail.holdVars, whose rows without the counts had such a reader refused
// (TestXFix35HeldVarsCounts).
func readUserVars(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, names []string) (checkpoint.HeldVars, error) {
	v, err := checkpoint.ReadVars(ctx, c, st.Offset, st.SQL, names)
	if err != nil {
		return v, p.at(st, err)
	}
	if row, found, ok := p.serial.counts.countsAt(st); ok {
		v = v.WithCounts(row, found) // given back with the SET (rowcount.go gaveBack)
	}
	return v, nil
}

// restoreUserVars, on resume, gives back the variables st set in an earlier attempt, where
// st would run again against tables that have changed since, or be skipped as committed:
// it sends the SET of their journaled values instead of st when st does nothing else
// (done), before the skip of a committed st, or, for a statement that does more (a SET
// that also sets a GLOBAL variable, an INSERT into a temporary table with @r := …), right
// after st runs (after: the caller sends it). With none journaled, a statement the earlier
// attempt got past (the resume point is after it) is refused: evaluated anew, its values
// would silently differ from the client's. One the earlier attempt never passed runs as
// it did: the tables are as they were then.
func (cr *controller) restoreUserVars(ctx context.Context, st *split.Statement, pl plan.Plan) (done bool, after string, err error) {
	p := cr.p
	cp := p.opt.Checkpoint
	names := cr.userVarsOf(st)
	if cp == nil || len(names) == 0 {
		return false, "", nil
	}
	assign, ok := cp.VarsAt(st.Offset, st.SQL)
	skipped := cp.Skip(st.Offset) && !pl.Volatile
	set := wrappedRun(p, st) // what a wrapper runs (wrappedset.go): st itself otherwise
	switch {
	case !ok:
		if _, furthest := cp.Committed(); st.Offset < furthest {
			return true, "", p.serial.refuse(st, "--resume cannot give back the value this statement gave "+strings.Join(names, ", ")+" in the interrupted run (it was not journaled: an older dumpscope, or SQL_CALC_FOUND_ROWS), and evaluated again now, after rows that come later in the dump committed, it would differ; import the dump again into an empty target")
		}
		return false, "", nil
	case pl.Session && sessionNotJournaled(set, names): // wrappedset.go
		return false, assign, nil
	case !skipped && !setsOnlyUserVars(set):
		return false, assign, nil
	}
	if rerun, err := rolledBackCall(ctx, p, st, set, pl); err != nil || rerun {
		return false, "", err // wrappedset.go
	}
	if err := cr.giveBack(ctx, st, assign); err != nil {
		return true, "", err
	}
	p.serial.counts.gaveBack(st, assign) // what a ROW_COUNT() reader after it reads (rowcount.go)
	if skipped && !pl.Session {
		return false, "", nil // the caller skips it (a wrapped SET is session-only to it: done here)
	}
	// In its place: a reader after it reads its counts, not those of a statement skipped
	// before it (TestXFix35HeldVarsCounts, outside a transaction).
	cr.skipped.countsGiven = true
	if st.Kind == split.KindSession {
		p.disp.session = append(p.disp.session, assign)
	}
	return true, "", nil
}

// giveBack sends assign, the SET of the values st gave variables in an earlier attempt
// (restoreUserVars), on the control connection.
func (cr *controller) giveBack(ctx context.Context, st *split.Statement, assign string) error {
	p := cr.p
	if _, err := p.control.ExecContext(ctx, assign); err != nil {
		return p.at(st, fmt.Errorf("give back the variables it set in the interrupted run: %w", err))
	}
	return nil
}
