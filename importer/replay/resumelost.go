package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
	"github.com/go-sql-driver/mysql"
)

// What a resume's session still needs of what the interrupted run dropped after it: a
// fill's source table, the current database, a MEMORY table's rows (memoryrisk.go).
// Every statement passes here (runPlanned), rows too: each check starts with a field.

// refuseResumeLost refuses st where the resume cannot send it as the client did, or
// leaves it out (done: a USE of a database the interrupted run dropped).
func refuseResumeLost(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) (done bool, err error) {
	if cr.p.opt.Checkpoint == nil {
		return false, nil
	}
	if done, err := refuseDroppedDatabase(ctx, cr, st, pl); done || err != nil {
		return true, err
	}
	if err := refuseFillSourceGone(ctx, cr, st, pl); err != nil {
		return true, err
	}
	if err := refusePackageStateLost(ctx, cr, st, pl); err != nil {
		return true, err
	}
	return false, refuseLostMemory(ctx, cr, st, pl)
}

// refuseDroppedDatabase follows the client's current database across what a resume skips.
// `USE d9; DROP DATABASE d9` leaves the client's session without one (DATABASE() NULL);
// the resume sends the USE again and skips the DROP, so its session ran in d9 (silent,
// with a CREATE DATABASE d9 after) or failed at the USE (ERROR 1049, d9 gone): no
// statement gives a session no database (TestReviewX21DroppedCurrentDatabaseResume). So a
// skipped DROP DATABASE of the current database, and a skipped USE of one the server no
// longer has (left out, not sent), mark the session (skipState.noDatabase) until the next
// USE; a statement sent while it is marked is refused, naming the mark, unless it cannot
// tell one current database from another (databaseFreeRows).
func refuseDroppedDatabase(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) (done bool, err error) {
	p, sk := cr.p, &cr.skipped
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	skipped := p.opt.Checkpoint.Skip(st.Offset)
	if isUse(st) {
		// Sent again where the interrupted run went past it (session statements are in
		// no committed stretch: Skip is false for them).
		sk.noDatabase, sk.dbFree = nil, nil
		if st.Offset >= p.opt.Checkpoint.Furthest() || st.Database == "" {
			return false, nil
		}
		var n int
		if err := p.control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", st.Database).Scan(&n); err != nil {
			return true, p.at(st, err)
		}
		if n > 0 {
			return false, nil
		}
		sk.noDatabase = heldStatement(st, true)
		p.serial.database = st.Database // the client's, for the names the skipped statements hold
		return true, nil
	}
	if d := sk.noDatabase; d != nil && (!skipped || pl.Session || pl.Volatile) {
		if !pl.Session && !pl.Volatile {
			free, err := databaseFreeRows(ctx, cr, st, pl)
			if err != nil || free {
				return err != nil, err
			}
		}
		if err := p.disp.flush(ctx); err != nil {
			return true, err
		}
		if isUse(d) {
			return true, p.serial.refuse(d, "--resume cannot send this USE again: the interrupted run dropped database "+d.Database+" after it; import the dump again into an empty target")
		}
		return true, p.serial.refuse(d, "--resume cannot go on past this DROP DATABASE of the current database: the client's session has no current database after it, and no statement can leave a session without one; import the dump again into an empty target")
	}
	if !skipped {
		return false, nil
	}
	d := st
	if st.Kind == split.KindOther {
		// What a wrapper runs: EXECUTE IMMEDIATE 'DROP DATABASE d9', EXECUTE of a prepared
		// one. Read as the EXECUTE, the resume went on in d9, made again after it, where
		// the client's session had none (TestReviewX22DroppedCurrentDatabaseWrapped).
		d = runsInnermost(p, st)
	}
	if d.Kind == split.KindDDL && (d.Verb == "DROP DATABASE" || d.Verb == "DROP SCHEMA") &&
		d.Database != "" && strings.EqualFold(d.Database, p.serial.database) {
		sk.noDatabase = heldStatement(st, true)
	}
	return false, nil
}

// refuseFillSourceGone refuses st, a fill of a temporary table from real ones that a
// resume sends (Plan.Volatile: again, or for the first time), when a table it reads is
// not on the server: the interrupted run dropped it after the fill (DROP TABLE k2 and the
// kill before CREATE TABLE k2: the fill, sent again, failed with ERROR 1146 where the
// client's had read the rows: TestReviewX21KillSweepFillSourceReplaced, loud before); the
// DROP may have run past the journal (killed before its progress row), so any fill of a
// resumed run is probed. A dump whose own fill reads a table it never made fails at the
// client too, and an interrupted run without --force stopped there. Refused at st itself: sending it is the harm. One probe per such fill,
// on the control connection that holds the temporary tables, before st is sent (the
// diagnostics area st leaves is st's).
func refuseFillSourceGone(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	if !pl.Volatile || !strings.HasPrefix(pl.TemporaryInexact, plan.FilledFrom) {
		return nil
	}
	if committed, _ := p.opt.Checkpoint.Committed(); committed == 0 {
		return nil // no resume: a table not there fails as the client's did
	}
	for _, k := range plan.FillSources(runsInnermost(p, st), p.serial.database) {
		db, table := sqlscan.TableKey(k).Names()
		rows, err := p.control.QueryContext(ctx, "SELECT 1 FROM "+sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(table)+" LIMIT 0")
		if err == nil {
			rows.Close()
			continue
		}
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != mysqlerr.NoSuchTable && me.Number != mysqlerr.BadDB {
			continue // sent as before: its own error, if any, is the server's
		}
		if err := p.disp.flush(ctx); err != nil {
			return err
		}
		return p.serial.refuse(st, "--resume cannot send this fill of temporary table "+pl.Temporary+" again: table "+k+", which it reads, is no longer on the server (the interrupted run dropped it after the fill); import the dump again into an empty target")
	}
	return nil
}

// databaseFreeRows reports whether st, sent while the session is marked (noDatabase),
// stores the same rows whatever the current database: a row INSERT whose every value is
// a literal (Plan.Literal: no function, no variable, no DEFAULT) into a table its name
// qualifies, a base table none of whose column defaults, generation expressions, CHECK
// constraints or triggers names DATABASE or SCHEMA (DATABASE(), SCHEMA(),
// @@collation_database: a column `DEFAULT (DATABASE())` the rows leave out takes the
// session's, NULL at the client and d9 at the resume, TestXFix55DroppedDatabaseOverRefusal).
// The words are matched anywhere in the text (a trigger's table named database_log
// too): a false match refuses, as before. One probe per table while marked
// (skipState.dbFree), on the control connection before st is sent; rows only, so the
// other statements pay nothing.
func databaseFreeRows(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) (bool, error) {
	if st.Kind != split.KindInsert || !pl.Literal || st.Database == "" || st.Table == "" {
		return false, nil
	}
	sk, key := &cr.skipped, sqlscan.TableKeyOf(st.Database, st.Table)
	if free, ok := sk.dbFree[key]; ok {
		return free, nil
	}
	const names = "(UPPER(%[1]s) LIKE '%%DATABASE%%' OR UPPER(%[1]s) LIKE '%%SCHEMA%%')"
	q := "SELECT (SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'), " +
		"(SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND (" +
		fmt.Sprintf(names, "COLUMN_DEFAULT") + " OR " + fmt.Sprintf(names, "GENERATION_EXPRESSION") + ")), " +
		"(SELECT COUNT(*) FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ? AND " + fmt.Sprintf(names, "CHECK_CLAUSE") + "), " +
		"(SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ? AND " + fmt.Sprintf(names, "ACTION_STATEMENT") + ")"
	var base, cols, checks, triggers int
	db, t := st.Database, st.Table
	if err := cr.p.control.QueryRowContext(ctx, q, db, t, db, t, db, t, db, t).Scan(&base, &cols, &checks, &triggers); err != nil {
		return false, cr.p.at(st, err)
	}
	free := base == 1 && cols == 0 && checks == 0 && triggers == 0
	if sk.dbFree == nil {
		sk.dbFree = map[sqlscan.TableKey]bool{}
	}
	sk.dbFree[key] = free
	return free, nil
}
