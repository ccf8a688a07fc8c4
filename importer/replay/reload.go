package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// replayReloaded decides, on resume, about a statement run here (in a transaction, or
// in the serial rest of the dump) that an earlier attempt committed but that wrote a table
// truncated for a reload (checkpoint.Run.Reloads): a load stays under way through such
// statements (its loads are completed only outside transactions), so the reload must
// cover their rows too, or the table silently loses them (difffuzz seed 1073: a row
// inserted under autocommit=0 and committed by the next CREATE TABLE). A plain row
// insert is sent again, alone and committed at once (the rest of its transaction
// committed in the earlier attempt and is skipped); done says it was. Any other
// statement that may write a reloaded table (UPDATE, INSERT … SELECT) cannot be replayed
// against the reloaded rows out of its place, and the resume stops, naming the table.
//
// A row insert inside the dump's transaction (pl.InRegion) is not committed at once: the
// transaction may end in a ROLLBACK, which the client's rows did not survive. It runs
// in a transaction of the reload's own, which endReloadTxn ends as the dump's ended
// (difffuzz seed 18292: a rolled-back row came back after the reload).
func (cr *controller) replayReloaded(ctx context.Context, st *split.Statement, pl plan.Plan) (done bool, err error) {
	p := cr.p
	cp, r := p.opt.Checkpoint, p.serial
	if st.Kind == split.KindInsert {
		if _, plain := plan.StatementRowInsert(st, p.disp.planner.Syntax); plain {
			if !cp.Reloads(reloadKey(st, r.database), st.Offset) {
				return false, nil
			}
			q, err := r.prepare(ctx, st)
			if err != nil || q == nil {
				return true, err
			}
			if pl.InRegion && !cr.reloadTxn {
				if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
					return true, r.sqlError(st, q, err)
				}
				cr.reloadTxn = true
			}
			cr.ownTxn.reloadRows = cr.ownTxn.reloadRows || pl.InRegion
			if err := r.exec(ctx, p.control, st, q); err != nil {
				return true, err
			}
			if !pl.InRegion {
				if _, err := p.control.ExecContext(ctx, "COMMIT"); err != nil {
					return true, r.sqlError(st, q, err)
				}
			}
			cr.skipped.noteRan(st)
			return true, nil
		}
	}
	reloaded := cp.ReloadedTables()
	if len(reloaded) == 0 || (st.Kind != split.KindInsert && st.Kind != split.KindOther) || readOnly(st) {
		// DDL changes a table's definition, which TRUNCATE keeps.
		return false, nil
	}
	written := reloaded // any, unless it names the one table it writes
	if db, table, ok := cr.writtenTable(st); ok {
		written = []string{plan.KeyOf(db, table)}
	}
	for _, key := range reloaded {
		if slices.Contains(written, key) {
			return true, r.refuse(st, "--resume cannot replay this statement, which the interrupted run committed, out of its place, and it may have changed "+key+" (non-transactional engine or no primary key), which was truncated to be reloaded from its first row: check "+key+" against the dump, or import anew into an empty target")
		}
	}
	return false, nil
}

// readOnly reports whether st, DML, writes no table (a SELECT without INTO OUTFILE, SHOW).
func readOnly(st *split.Statement) bool {
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "SELECT", "DO", "VALUES", "TABLE", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "HELP":
		return true
	}
	return false
}

// endReloadTxn ends the reload's transaction (replayReloaded, or tempTxn's) where the
// dump's skipped transaction ended: a ROLLBACK (or XA ROLLBACK) undoes its rows, as the
// dump's undid the client's; a COMMIT, a statement that commits implicitly, or the first
// statement outside the transaction commits them. A savepoint inside it is refused by
// name when it holds reloaded rows: the reload's transaction began at its first reloaded
// row, not where the dump's began, so a ROLLBACK TO a savepoint set before it would not
// undo what the client's undid (one of temporary tables alone goes on: the ROLLBACK TO
// is refused as before by the table it undid, plan.RolledBack).
func (cr *controller) endReloadTxn(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	if !cr.reloadTxn || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return nil
	}
	p := cr.p
	r := p.serial
	var end string
	switch {
	case plan.IsSavepoint(st) && !cr.ownTxn.reloadRows:
		return nil
	case plan.IsSavepoint(st):
		return r.refuse(st, "--resume cannot reload rows that the interrupted run committed inside a transaction with savepoints (a table truncated to be reloaded from its first row: no primary key, or a non-transactional engine): check the reloaded tables against the dump, or import anew into an empty target")
	case pl.Rollback || plan.XAVerb(st) == "ROLLBACK":
		end = "ROLLBACK"
		// Still open (nothing the resume sent committed it where the dump's did not):
		// it holds every write of a temporary table it sent again since the dump's
		// transaction began (tempTxn).
		var open int
		if err := p.control.QueryRowContext(ctx, "SELECT @@in_transaction").Scan(&open); err != nil {
			return p.at(st, err)
		}
		if open == 1 {
			cr.ownTxn.rolledBack = st.Offset + 1
		}
	case pl.EndsRegion || !pl.InRegion:
		end = "COMMIT"
	default:
		return nil
	}
	cr.reloadTxn, cr.ownTxn.reloadRows = false, false
	if _, err := p.control.ExecContext(ctx, end); err != nil {
		return r.sqlError(st, []byte(end), err)
	}
	return nil
}
