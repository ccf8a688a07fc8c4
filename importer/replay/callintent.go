package replay

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Intents of statements the replay otherwise takes for writing no table (SELECT, DO, a
// SET of variables) when they may call a stored function, which may write a MyISAM
// table (x-review16 #1, #3).

// callsWriter reports whether st, a statement that otherwise writes no table (SELECT,
// DO, VALUES, a SET of variables, or a wrapper that runs one), may call a stored function
// (mayCallFunction), which may write any table: such a statement gets an intent of any
// table (beginIntent), so that a kill or stop after it has a resume skip it by its marker
// or refuse it as maybe half applied, never run it twice. Taken for read-only, `DO f(1)`
// with f inserting into a MyISAM table, killed before its progress row, ran again on
// resume (TestReviewX16ReadOnlyCallsWritingFunctionKilled); `SELECT g(5) INTO @x` inside the
// dump's transaction, stopped there, ran again where the rollback had not undone g's
// MyISAM row (TestReviewX16RolledBackCallWritesMyISAM). A keeper or GET DIAGNOSTICS calls
// nothing and is not looked up (the look-up would empty the diagnostics area it keeps);
// nor is a statement that reads that area while the functions are not known yet, unless
// a worker can look them up (on c the look-up would empty the area it reads).
func callsWriter(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement) (bool, error) {
	if p.opt.Checkpoint == nil || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	in := st
	if w := innermost(p, st); w != nil && len(w.SQL) > 0 {
		in = w
	}
	switch strings.ToUpper(sqlscan.FirstWord(in.SQL, in.Syntax())) {
	case "SELECT", "DO", "VALUES", "SET":
	default:
		return false, nil
	}
	if keepsArea(st) || keepsArea(in) || isGetDiagnostics(in) {
		return false, nil
	}
	if p.disp.planner.ReadsDiagnostics(st) && !p.cat.functions.known {
		if len(p.workers) == 0 {
			return false, nil
		}
		c = p.workers[0]
	}
	calls, err := mayCallFunction(ctx, p, c, st)
	if err == nil && !calls && in != st {
		calls, err = mayCallFunction(ctx, p, c, in)
	}
	if err != nil || !calls {
		return false, err
	}
	return callsTableFunction(ctx, p, c, st, in)
}

// tableFreeFunctions are the names, upper-cased, of the stored functions whose bodies
// write no table, of every database the server has one of the name in: a call of one
// writes nothing, and its statement needs no intent. Without it every `SELECT f(…)` of a
// dump (f: RETURN x * 2) checksummed every non-transactional table of the server
// (x-fix31's intent of any table), before it and after it: 100 such lines beside four
// MyISAM tables of 20,000 rows took 236 s under --checkpoint, 2 s without (x-fix35,
// a loaded machine). Read from
// information_schema.ROUTINES at the first call after the dispatcher passed a statement
// that may make or change a function (functionNames.gen).
type tableFreeFunctions struct {
	names map[string]bool
	gen   int // functionNames.gen when read
}

// callsTableFunction reports whether st (or in, what it runs) names, followed by a
// parenthesis, a stored function that may write a table (not in tableFreeFunctions),
// or a view that calls a stored function: st or in was found to call one
// (mayCallFunction).
func callsTableFunction(ctx context.Context, p *ParallelReplayer, c Conn, st, in *split.Statement) (bool, error) {
	fn := &p.cat.functions
	free := &p.ctl.calls.tableFree
	if free.names == nil || free.gen != fn.gen {
		names, err := readTableFree(ctx, c, fn.names, fn.views)
		if err != nil {
			return false, err
		}
		free.names, free.gen = names, fn.gen
	}
	var writers []string
	for _, n := range fn.names {
		if !free.names[n] {
			writers = append(writers, n)
		}
	}
	for _, s := range []*split.Statement{st, in} {
		upper := strings.ToUpper(strings.ReplaceAll(string(s.SQL), "`", ""))
		if namesCall(writers, upper) || namesWord(fn.views, upper) {
			return true, nil
		}
	}
	return false, nil
}

// readTableFree reads on c the definitions of the server's stored functions and returns
// which names (upper-cased; known are those a statement is matched against) write no
// table: every function of the name has a readable body that writes none
// (bodyTableFree) and calls only such functions.
func readTableFree(ctx context.Context, c Conn, known, views []string) (map[string]bool, error) {
	rows, err := c.QueryContext(ctx, "SELECT ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'")
	if err != nil {
		return nil, err
	}
	type function struct {
		name string
		def  sql.NullString
	}
	var fs []function
	names := slices.Clone(known)
	for rows.Next() {
		var f function
		if err := rows.Scan(&f.name, &f.def); err != nil {
			rows.Close()
			return nil, err
		}
		f.name = strings.ToUpper(f.name)
		fs = append(fs, f)
		if !slices.Contains(names, f.name) {
			names = append(names, f.name)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	free := map[string]bool{}
	calls := map[string][]string{}
	for _, f := range fs {
		ok, called := false, []string(nil)
		if f.def.Valid {
			ok, called = bodyTableFree([]byte(f.def.String), names, views)
		}
		if prev, seen := free[f.name]; seen {
			ok = ok && prev
		}
		free[f.name] = ok
		calls[f.name] = append(calls[f.name], called...)
	}
	for changed := true; changed; { // one that calls a function that writes a table writes it too
		changed = false
		for name, ok := range free {
			for _, callee := range calls[name] {
				if ok && !free[callee] {
					free[name], ok, changed = false, false, true
				}
			}
		}
	}
	return free, nil
}

// bodyTableFree reports whether a stored function's body (as information_schema gives
// it) writes no table: it holds no word of a statement that writes or may reach one
// (tableWords: INSERT, UPDATE, DELETE and REPLACE as statements, not the string functions
// INSERT( and REPLACE(; CALL, DDL, sequence functions …) and names no view that calls a
// stored function (views); it may read tables. It returns the stored functions (of
// functions) it calls, which must write none either. Read with the tokenizer: a string
// or comment holding the words is none. Anything it does not know counts as a write: a
// wrong "writes" costs only an intent.
func bodyTableFree(body []byte, functions, views []string) (bool, []string) {
	var called []string
	l := sqlscan.New(body, sqlscan.Syntax{})
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.IsName() {
			continue
		}
		name := strings.ToUpper(string(t.Ident(body)))
		save := l.Pos
		n := l.Next()
		paren := n.Kind == sqlscan.Punct && n.Text == "("
		l.Pos = save
		switch {
		case t.Kind == sqlscan.Word && tableWords[name] && !(paren && (name == "INSERT" || name == "REPLACE")):
			return false, nil
		case slices.Contains(views, name):
			return false, nil
		case paren && slices.Contains(functions, name):
			called = append(called, name)
		}
	}
	return true, called
}

// tableWords are the words of a function body's statements that may write a table.
var tableWords = map[string]bool{
	"INSERT": true, "UPDATE": true, "DELETE": true, "REPLACE": true, "CALL": true,
	"TRUNCATE": true, "CREATE": true, "DROP": true, "ALTER": true, "RENAME": true, "LOAD": true,
	"EXECUTE": true, "PREPARE": true, "NEXTVAL": true, "SETVAL": true, "NEXT": true,
	"LOCK": true, "UNLOCK": true, "FLUSH": true, "OPTIMIZE": true, "REPAIR": true, "ANALYZE": true,
	"GRANT": true, "REVOKE": true, "OUTFILE": true, "DUMPFILE": true,
}

// settleRegionIntent settles, after st ran without error inside the dump's transaction,
// the intent regionIntent recorded: when st changed a non-transactional table, its marker
// (not when it may have written a transactional table too: the rollback undoes that part,
// and a resume must refuse it as half applied, not skip it; intentmark.go,
// TestDifffuzzFound41040MarkerInTransaction), the intent deleted with the transaction's
// progress row (recordPending); otherwise the intent is deleted now: left, a resume would
// find the next statements' changes in its checksums and call it half applied.
func settleRegionIntent(ctx context.Context, cr *controller, st *split.Statement) error {
	p, cp := cr.p, cr.p.opt.Checkpoint
	changed, err := cp.Changed(ctx, p.workers[0], st.Offset)
	switch {
	case err != nil:
		return err
	case !changed:
		return cp.EndIntent(ctx, p.workers[0], st.Offset)
	}
	mixed, err := mayWriteTransactional(ctx, p, p.workers[0], st)
	if err == nil && !mixed {
		err = cp.Ran(ctx, p.workers[0], st.Offset)
	}
	if err == nil {
		cr.regionIntents = append(cr.regionIntents, st.Offset)
	}
	return err
}

// callState is what the controller keeps of the stored functions statements may call.
type callState struct {
	// own, ownAt: the statement at ownAt is one ownsCall sends to runBarrier, to be
	// recorded though it has no progress row otherwise.
	own   bool
	ownAt int64
	// tableFree: the functions whose calls write no table.
	tableFree tableFreeFunctions
}

// owns reports whether st is the statement ownsCall said runs as a barrier of its own.
func (cs *callState) owns(st *split.Statement) bool { return cs.own && cs.ownAt == st.Offset }

// ownsCall reports whether st, run serially outside the dump's transaction and table
// locks, is a statement that gets no progress row (a SET of user variables, a volatile
// SELECT … INTO @v or DO @v := …) whose user variables are journaled and which may call
// a stored function that writes a table (callsWriter), and notes it for runBarrier
// (callState.owns): it then runs as a barrier of its own, in a transaction that commits
// the function's transactional writes with its journal row and its progress row, after
// an intent of any table for the non-transactional ones. Without them, `SET @x = g(5)`,
// g inserting into a MyISAM (or InnoDB) table, killed after it ran and before the
// journal row that waited for the next statement, ran again on resume: g's row twice
// where the client has it once (TestXFix35FunctionSetKilled). Now the resume gives the
// journaled values back (the transaction committed), runs it again (it did not, and the
// intent's tables are unchanged), or refuses it by name as maybe half applied. A
// statement without journaled variables (SET sql_mode = g(5)) runs again on every resume
// anyway, as session statements do: not here. A look-up that fails counts as a call:
// the barrier's intent meets the error itself.
func ownsCall(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) bool {
	p := cr.p
	cr.calls.own = false
	if p.opt.Checkpoint == nil || st.Kind == split.KindClient || len(st.SQL) == 0 || !(pl.Session || pl.Volatile) ||
		pl.InRegion || pl.OpenAfter || pl.EndsRegion || pl.Locked || mixedSet(st) || setsCharsetFromDatabase(st) ||
		sqlscan.ContainsFoldASCII(st.SQL, "SQL_CALC_FOUND_ROWS") || len(cr.userVarsOf(st)) == 0 {
		return false
	}
	calls, err := callsWriter(ctx, p, keeperConn(p, p.control, st), st) // its look-ups keep the area (keeperConn)
	cr.calls.own, cr.calls.ownAt = calls || err != nil, st.Offset
	return cr.calls.own
}

// preparesOnly reports whether st is PREPARE, DEALLOCATE PREPARE or DROP PREPARE: it
// parses a text or forgets one and runs nothing, no stored function either, so it writes
// no table and sets no variable a trigger or function body names. Inside the dump's
// transaction the journal row of those body variables, held after `PREPARE dks11 FROM
// 'SET @w = @@warning_count'` (a statement that may call a function), was written on the
// control connection right before `EXECUTE dks11`, which then read an emptied area: 0
// where the client has 1 (difffuzz seed 82246, --parallel 3).
func preparesOnly(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	switch t := l.Next(); {
	case t.Is("PREPARE"):
		return true
	case t.Is("DEALLOCATE"), t.Is("DROP"):
		return l.Next().Is("PREPARE")
	}
	return false
}

// wrapsVariablesOnly reports whether st is a wrapper (EXECUTE of a prepared statement,
// EXECUTE IMMEDIATE of a literal, SET STATEMENT … FOR) whose innermost statement is a
// SELECT, DO, VALUES or SET: it writes no table itself, only through a stored function it
// may call (callsWriter tells). Taken for a write of any table, `EXECUTE dks11` of a
// prepared `SET @w = @@warning_count` inside the dump's transaction got an intent, and
// was refused as a reader whose intent would empty the area it reads (seed 82246).
func wrapsVariablesOnly(p *ParallelReplayer, st *split.Statement) bool {
	in := innermost(p, st)
	if in == nil || len(in.SQL) == 0 {
		return false
	}
	switch strings.ToUpper(sqlscan.FirstWord(in.SQL, in.Syntax())) {
	case "SELECT", "DO", "VALUES", "SET":
		return true
	}
	return false
}

// keeperConn is the connection the look-ups and the intent before st, about to run on c,
// go to: an idle worker's where st runs in stream order on the control connection and
// may keep the diagnostics area (warnLog.mayKeep: a SELECT, DO or VALUES that names no
// table), c otherwise. They read information_schema and write dumpscope's intents, which
// empties the area: after `SET @dw = CAST('5y' AS SIGNED)`, `DO f(1)` of a stored
// function that opens no table and `SELECT @@warning_count INTO @w3` stored 0 where the
// client stores 1 (the lead's finding of session 43, --parallel gone serial and serial
// --checkpoint: TestLeadS43WarningThenFunctionCallThenReader). Every batch has
// committed before such a statement (runSerial), so the worker is idle, as for
// regionIntent; the tables it checksums are the server's, not the session's. Not under
// the dump's table locks (diagTail.locked), which may hold dumpscope's progress tables:
// the worker would wait for them (recordUserVarsInTxn).
func keeperConn(p *ParallelReplayer, c Conn, st *split.Statement) Conn {
	if c != p.control || len(p.workers) == 0 || p.ctl.diag.locked || !p.serial.warn.mayKeep(c, st) {
		return c
	}
	return p.workers[0]
}

// settleLoadsBefore adds the held-back indexes and records the loads complete before st,
// which runSerial runs outside the dump's transaction and which may read what they
// change (a keeper of the diagnostics area does not: keepsForReader). Both commit,
// never inside the dump's transaction, on keeperConn's connection: a SELECT, DO or
// VALUES that names no table but calls a stored function reads the area the statement
// before it left, and the loads' UPDATE on the control connection emptied it: `SET @dw
// = CAST('9y' AS SIGNED); SELECT @@warning_count, f(1) INTO @w, @r` stored 0 where the
// client stores 1 (x-review17 #2, --parallel gone serial, serial --checkpoint). They
// still come before st, whose function may write a table whose unique keys were held
// back. Before a statement an earlier attempt committed (past), that attempt added the
// indexes: they are let go of, not added to what may be another table of the name by now.
func settleLoadsBefore(ctx context.Context, p *ParallelReplayer, st *split.Statement, past bool) error {
	c := keeperConn(p, p.control, st)
	if ds := p.held.takeDeferred(nil, true); !past {
		if err := p.held.addIndexes(ctx, c, ds); err != nil {
			return err
		}
	}
	if p.opt.Checkpoint == nil {
		return nil
	}
	return p.cat.markLoaded(ctx, c, p.cat.takeLoads(nil, true))
}
