package replay

import (
	"context"
	"strings"

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
	if err != nil || calls || in == st {
		return calls, err
	}
	return mayCallFunction(ctx, p, c, in)
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
