package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Look-ups before a reader of the diagnostics area.
//
// Before a CALL or EXECUTE runs on the control connection the replay may look up the
// server's stored functions (mayCallFunction: one look-up for the run, again after a
// statement that names FUNCTION) and its non-transactional tables (the intent of a
// statement that may write one: again after every DDL). Both read information_schema,
// and a statement that opens a table empties the diagnostics area: after `SET @dw =
// CAST('8y' AS SIGNED)`, a CALL of a procedure whose body stores @@warning_count stored 0
// where the client's stored 1 (difffuzz seed 59038, --parallel 3;
// TestXDiag2SetWarningThenCall). The look-ups are the server's catalog, not the
// connection's state, so once the dump has made code that may read the caller's area
// (diagCode) they are made before each statement that runs on the control connection
// and may leave conditions, while they are stale; the reader after it then finds them
// made. A DDL makes them stale again itself, so a reader right after a DDL (CREATE TABLE
// IF NOT EXISTS and its note) still meets them.

// notesDiagCode reports whether st makes code that may read the diagnostics area of the
// statement before the one that runs it: a routine, trigger or event (or any other
// statement: EXECUTE IMMEDIATE 'CREATE PROCEDURE …') or a PREPARE whose text names
// DIAGNOSTICS, @@warning_count or @@error_count, or runs code of its own choosing (CALL,
// EXECUTE). Read from the text alone: more code counted only primes the look-ups sooner.
func notesDiagCode(st *split.Statement) bool {
	if st.Kind == split.KindClient || st.Kind == split.KindInsert || st.Kind == split.KindSession || len(st.SQL) == 0 {
		return false
	}
	if st.Kind != split.KindRoutine && !sqlscan.ContainsFoldASCII(st.SQL, "PROCEDURE") && !sqlscan.ContainsFoldASCII(st.SQL, "PREPARE") {
		return false
	}
	for _, w := range []string{"DIAGNOSTICS", "WARNING_COUNT", "ERROR_COUNT", "CALL", "EXECUTE"} {
		if sqlscan.ContainsFoldASCII(st.SQL, w) {
			return true
		}
	}
	return false
}

// primeLookups makes, before st runs on the control connection, the look-ups a reader of
// the diagnostics area after it would otherwise make between the two (see above), once
// the dump has made code that may read it. Not before a reader or keeper of the area (it
// comes after the statement whose area it reads), nor before a DDL (which makes them
// stale), nor before rows that join a batch on a worker. A function: the controller is
// at its limit of methods.
func primeLookups(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	if !cr.diagCode && notesDiagCode(st) {
		cr.diagCode = true
		return nil // a CREATE: a DDL
	}
	if !cr.diagCode || st.Kind == split.KindClient || len(st.SQL) == 0 || st.Kind == split.KindDDL || st.Kind == split.KindRoutine {
		return nil
	}
	switch pl.Kind {
	case plan.Serial, plan.Session, plan.Barrier, plan.Control:
	default:
		return nil
	}
	if p.disp.planner.ReadsDiagnostics(st) || plan.KeepsDiagnostics(st) || keepsAreaCounted(st) || isGetDiagnostics(st) {
		return nil
	}
	if !p.cat.functions.known {
		if _, err := mayCallFunction(ctx, p, p.control, &split.Statement{SQL: []byte("("), Offset: st.Offset}); err != nil {
			return p.at(st, err)
		}
	}
	if cp := p.opt.Checkpoint; cp != nil {
		// Any key: the look-up reads the whole list, once until the next DDL.
		if _, err := checkpoint.NonTransactional(ctx, cp, p.control, "mysql.dumpscope_none"); err != nil {
			return p.at(st, err)
		}
	}
	return nil
}

// staleTables reports whether the checkpoint's list of non-transactional tables and views
// is stale after st (checkpoint.Run.SchemaChanged): changesTables, but for a PREPARE,
// DEALLOCATE or DROP PREPARE (preparesOnly), which parses or forgets a text and runs
// nothing, a SAVEPOINT, RELEASE SAVEPOINT or ROLLBACK TO (plan.IsSavepoint), and a
// wrapper (EXECUTE IMMEDIATE, EXECUTE, SET STATEMENT … FOR) whose innermost statement is
// a SELECT, DO, VALUES or SET (wrapsVariablesOnly: a stored function it may call cannot
// run DDL). Taken for a change, `PREPARE dps4 FROM 'SELECT 1'` between `SET @dw2 =
// CAST('0y' AS SIGNED)` and `CALL rdp1()` (a body storing @@warning_count) made the
// look-ups stale, and their read of information_schema before the CALL emptied the area
// the PREPARE keeps: 0 where the client stores 1 (difffuzz seed 105009, --parallel 3 and
// serial --checkpoint; TestReviewX19PrepareBetweenWarningAndReader). `EXECUTE IMMEDIATE
// 'SELECT 1'`, EXECUTE of a prepared 'SELECT 1', `SET STATEMENT max_statement_time = 0
// FOR DO 1` and `SAVEPOINT a` there did the same (TestReviewX20StaleLookupsEmptyArea).
func staleTables(p *ParallelReplayer, st *split.Statement) bool {
	return changesTables(st) && !preparesOnly(st) && !plan.IsSavepoint(st) && !wrapsVariablesOnly(p, st)
}
