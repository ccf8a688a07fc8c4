package checkpoint

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// MEMORY tables and a server restart. A MEMORY table keeps its definition over a restart
// but not its rows, while the progress rows (InnoDB) that say those rows committed do
// survive: a resume would skip them and leave the table empty where the client's import
// has them (TestReviewXResumeAfterRestartMemoryTable). A table whose load is still under
// way is reloaded from its first row anyway (planReload), which is exact after a restart
// too; any other MEMORY table the run wrote or made cannot be rebuilt from what is
// skipped, so the resume is refused, naming it, before anything is sent or truncated.

// aliveTable holds a row per run while the server that ran it is up: a MEMORY table,
// emptied by a restart, so that a resume can tell a restart from none where the boot
// times (now − Uptime, to the second) cannot: a restart within two seconds of the
// interrupted run's start. markAlive writes the row at a run's setup and at each resume.
const aliveTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".alive (run_id CHAR(32) CHARACTER SET ascii PRIMARY KEY) ENGINE=MEMORY"

// markAlive notes that run id's server is up (aliveTable). A server that refuses MEMORY
// tables (enforce_storage_engine, MySQL's disabled_storage_engines) leaves only the boot
// times to tell a restart: the import goes on (TestReviewX2InnoDBOnlyTarget).
func markAlive(ctx context.Context, c Conn, id string) {
	if _, err := c.ExecContext(ctx, aliveTable); err != nil {
		return
	}
	_, _ = c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".alive VALUES (?)", id)
}

// serverRestarted reports whether the server restarted since the run of the journal j
// began or was last resumed: its boot time differs from the journal's, or the run's row of
// aliveTable is gone. A schema without that table (an older dumpscope's) leaves only the
// boot times.
func serverRestarted(ctx context.Context, c Conn, j *Journal, now TargetIdentity) bool {
	if abs(now.BootUnix-j.Target.BootUnix) > 2 {
		return true
	}
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".alive WHERE run_id = ?", j.RunID).Scan(&n); err != nil {
		return false
	}
	return n == 0
}

// refuseLostMemoryRows refuses the resume when the server restarted since the interrupted
// run and a MEMORY table of a database the run loaded or created tables in is there now,
// unless its load was under way (reloaded). Not only the tables the run loaded or created:
// a MEMORY table is written by statements that record neither (INSERT … SELECT, ON
// DUPLICATE KEY UPDATE into the user's table: TestReviewX2RestartMemoryTableNotLoaded).
//
// Such a table lost rows only if a statement the resume skips wrote it. Where no trigger,
// view or stored routine exists on the server (what could write it behind another name),
// the replay can tell that from the skipped statements themselves: those tables are
// returned (keys), at risk, and the replay refuses at the first skipped statement that
// may write one (MemoryAtRisk). A MEMORY table the dump creates and fills only after the
// stop, or never (a cache table), lost nothing: refused here, the resume was wider than
// its cause (TestReviewX2RestartEmptyMemoryTable).
func refuseLostMemoryRows(ctx context.Context, c Conn, j *Journal, restarted bool) ([]string, error) {
	if !restarted {
		return nil, nil
	}
	reloaded := map[tableName]bool{}
	var dbs []string
	read := func(q string) error {
		rows, err := c.QueryContext(ctx, q, j.RunID)
		if err != nil {
			return fmt.Errorf("resume: read the tables of the interrupted run: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var t tableName
			var underWay bool
			if err := rows.Scan(&t.db, &t.name, &underWay); err != nil {
				return err
			}
			if underWay {
				reloaded[t] = true
			}
			if !slices.Contains(dbs, t.db) {
				dbs = append(dbs, t.db)
			}
		}
		return rows.Err()
	}
	if err := read("SELECT db, tbl, complete = 0 FROM " + ProgressSchema + ".loads WHERE run_id = ?"); err != nil {
		return nil, err
	}
	if err := read("SELECT db, tbl, 0 FROM " + ProgressSchema + ".created WHERE run_id = ?"); err != nil {
		return nil, err
	}
	var lost, keys []string
	for _, db := range dbs {
		names, err := memoryTables(ctx, c, db)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if !reloaded[tableName{db, name}] {
				lost = append(lost, sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(name))
				keys = append(keys, string(sqlscan.TableKeyOf(db, name)))
			}
		}
	}
	if len(lost) == 0 {
		return nil, nil
	}
	var code int
	if err := c.QueryRowContext(ctx, "SELECT (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA NOT IN ('mysql', 'sys'))"+
		" + (SELECT COUNT(*) FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys'))"+
		" + (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN ('mysql', 'sys'))").Scan(&code); err != nil {
		return nil, fmt.Errorf("resume: look up triggers, views and routines: %w", err)
	}
	if code == 0 {
		return keys, nil
	}
	return nil, lostMemoryError(strings.Join(lost, ", "), "")
}

// lostMemoryError is the refusal of a resume after a restart that emptied tables
// (MEMORY), at the statement at (its place and kind; "" when not known).
func lostMemoryError(tables, at string) error {
	if at != "" {
		at = ", written by " + at + " which the resume skips"
	}
	return fmt.Errorf("resume: the server restarted since the interrupted run, and %s (ENGINE=MEMORY) lost with the restart any rows that run committed to it%s; import the dump anew into an empty target, without --resume", tables, at)
}

// MemoryAtRisk are the MEMORY tables (keys, sqlscan.TableKey) of a resume after a server
// restart that the statements it skips must not have written (refuseLostMemoryRows):
// the replay refuses the resume, with MemoryLost, at the first skipped statement that
// may write one, and calls MemoryKept once it has passed them all. A function: Run is at
// its limit of methods.
func MemoryAtRisk(r *Run) []string {
	if r == nil {
		return nil
	}
	return r.memoryAtRisk
}

// MemoryLost is the refusal of a resume whose skipped statement at (its place and kind)
// may have written one of MemoryAtRisk(r).
func MemoryLost(r *Run, at string) error {
	var names []string
	for _, k := range r.memoryAtRisk {
		db, table := sqlscan.TableKey(k).Names()
		names = append(names, sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(table))
	}
	return lostMemoryError(strings.Join(names, ", "), at)
}

// MemoryKept notes, once the replay has passed every statement the resume skips without
// one that may have written MemoryAtRisk(r), that the restart lost nothing: the server is
// marked alive for the run (markAlive), which a refused resume leaves undone so that the
// next one sees the restart too.
func MemoryKept(ctx context.Context, r *Run, c Conn) {
	if r == nil || len(r.memoryAtRisk) == 0 {
		return
	}
	r.memoryAtRisk = nil
	// No CREATE TABLE (markAlive's): c may be inside the dump's transaction, which a DDL
	// would commit. The table survived the restart (MEMORY keeps its definition), and its
	// row, not transactional, stays whatever that transaction does.
	_, _ = c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".alive VALUES (?)", r.RunID)
}

// memoryTables lists db's MEMORY tables.
func memoryTables(ctx context.Context, c Conn, db string) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND ENGINE = 'MEMORY' ORDER BY TABLE_NAME", db)
	if err != nil {
		return nil, fmt.Errorf("resume: look up the MEMORY tables of %s: %w", db, err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, rows.Err()
}

// GlobalRan reports whether an earlier attempt of the resumed run r ran the SET GLOBAL at
// offset on the server as it is now: it is marked (MarkGlobalRan), or the GLOBAL values
// journaled before it differ from the server's now (a stop between the SET and its
// marker: globals.go), and the server did not restart since (serverRestarted: a restart
// sets every GLOBAL back to its configured value). A SET GLOBAL writes no progress row
// (its effect is on the server, not on the tables), and nothing after it need have
// committed before a stop (the rows after it were in flight): only these tell. Run
// again, SET GLOBAL x = @@global.x + 1000 adds its 1000 twice
// (TestReviewX9aSetGlobalAgainOnResume). Read on c when asked: SET GLOBALs are few.
func GlobalRan(ctx context.Context, r *Run, c Conn, offset int64) (bool, error) {
	if r == nil || !r.resumed || r.restarted || !r.ranMade.Load() {
		return false, nil
	}
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".ran WHERE run_id = ? AND start_offset = ?", r.RunID, offset).Scan(&n); err != nil {
		return false, fmt.Errorf("read whether the SET GLOBAL at offset %d ran: %w", offset, err)
	}
	if n > 0 {
		return true, nil
	}
	g, _, err := GlobalsBefore(ctx, r, c, offset)
	return g.Changed, err
}

// MarkGlobalRan marks the SET GLOBAL at offset as run on c, right after it returned
// without error (the markers' table is not transactional: a rollback of the dump's
// transaction, which leaves the GLOBAL changed, leaves the marker too). A stop between
// the two is told by the GLOBAL values journaled before it (globals.go). The
// table is made at the run's setup (ensureRanTable): made here, inside the dump's
// transaction or under its LOCK TABLES, its CREATE would commit or fail.
func MarkGlobalRan(ctx context.Context, r *Run, c Conn, offset int64) error {
	if r == nil || !r.Resumable() || !r.ranMade.Load() {
		return nil // no engine for the markers' table: run again on resume
	}
	return r.Ran(ctx, c, offset)
}

// GlobalsLost reports whether r resumes after the server restarted since the interrupted
// attempt: the GLOBAL values that attempt's SETs gave are back to their configured ones,
// so every SET GLOBAL of the dump is to run again (the replay's wrapped ones included,
// which it skips as committed otherwise).
func GlobalsLost(r *Run) bool { return r != nil && r.resumed && r.restarted }
