package checkpoint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/crash"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// ProgressSchema is the database that holds dumpscope's progress rows on the target. It is
// dumpscope's own, never one of the dump's; it is dropped when the last run in it finishes.
const ProgressSchema = "dumpscope_progress"

// IsProgressSchema reports whether a database name as a statement writes it (perhaps
// backquoted, in any case) is the progress schema.
func IsProgressSchema(name string) bool {
	return strings.EqualFold(strings.Trim(name, "`"), ProgressSchema)
}

// progressTables are the progress schema's tables. done: one row per committed stretch
// of the stream, written inside the stretch's transaction. loads: tables whose rows
// cannot be resumed row-exactly, while their load is under way. intents: non-transactional
// statements about to run (intent.go). sent: DDL statements about to be sent (sent.go).
var progressTables = []string{
	// utf8mb4: a dump's path and a datadir may be any file name.
	"CREATE DATABASE IF NOT EXISTS " + ProgressSchema + " DEFAULT CHARACTER SET utf8mb4",
	"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".runs (run_id CHAR(32) CHARACTER SET ascii PRIMARY KEY, dump_name VARCHAR(2048) CHARACTER SET utf8mb4, dump_head_sha256 CHAR(64) CHARACTER SET ascii, target_datadir VARCHAR(2048) CHARACTER SET utf8mb4, started_at DATETIME(6), finished_at DATETIME(6) NULL) ENGINE=InnoDB",
	"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".done (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, end_offset BIGINT, statements INT, row_count BIGINT, stream_sha256 CHAR(64) CHARACTER SET ascii NULL, last_insert_id BIGINT UNSIGNED NULL, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB",
	"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".loads (run_id CHAR(32), db VARCHAR(64) CHARACTER SET utf8mb4, tbl VARCHAR(64) CHARACTER SET utf8mb4, first_offset BIGINT, complete TINYINT NOT NULL DEFAULT 0, created TINYINT NULL, " + loadsAutoIncrement + ", PRIMARY KEY (run_id, db, tbl)) ENGINE=InnoDB",
	intentsTable,
	createdTable,
	sentTable,
	xaTable,
	varsTable,
}

// sentinelRows keep the progress tables that the dump's own connection writes inside
// its transaction state (done: the stretch's progress row; vars: the journal of user
// variables; sent: the marks of DDL) never empty, one row each of no run (an empty run_id).
// InnoDB (MariaDB ≥ 10.6) takes the bulk path for a transaction's first INSERT into an
// empty table when the session has unique_checks=0 and foreign_key_checks=0, as every
// mysqldump header sets them: it locks the whole table until the transaction ends. The
// control connection in the dump's own transaction (autocommit=0 set by `PREPARE s9 FROM
// 'SET autocommit = 0'; EXECUTE s9`) wrote the first row of an empty vars, and the
// worker's journal row after it waited for that table lock, 50 s, then failed the import
// with ERROR 1205 where the client went on (difffuzz seed 170102, resume; its kill left
// vars empty). A table with a row is never empty again: no bulk path, no table lock.
// Every reader asks for its own run_id.
var sentinelRows = []string{
	"INSERT IGNORE INTO " + ProgressSchema + ".done (run_id, start_offset, end_offset, statements, row_count) VALUES ('', -1, -1, 0, 0)",
	"INSERT IGNORE INTO " + ProgressSchema + ".vars (run_id, start_offset, assign) VALUES ('', -1, '')",
	"INSERT IGNORE INTO " + ProgressSchema + ".sent (run_id, start_offset, pre_state) VALUES ('', -1, '?')",
}

// createdTable lists the tables a CREATE TABLE of the run made (RecordCreated): only such
// a table may be truncated for a reload on resume (planReload).
const createdTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".created (run_id CHAR(32) CHARACTER SET ascii, db VARCHAR(64) CHARACTER SET utf8mb4, tbl VARCHAR(64) CHARACTER SET utf8mb4, PRIMARY KEY (run_id, db, tbl)) ENGINE=InnoDB"

// setup creates the progress schema if needed and registers the run. made, when not nil,
// waits for the schema's tables made on another connection while the preflight ran
// (Params.Tables) and says whether they were fresh; they are not made again.
func (r *progressRows) setup(ctx context.Context, c Conn, dump DumpIdentity, target TargetIdentity, made func() (fresh bool, err error)) error {
	if made == nil {
		made = func() (bool, error) { return createProgressTables(ctx, c) }
	}
	fresh, err := made()
	if err != nil {
		return fmt.Errorf("checkpoint: create the progress schema %s: %w", ProgressSchema, err)
	}
	if !fresh {
		if err := upgradeProgressSchema(ctx, c); err != nil {
			return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
		}
	}
	_, err = c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".runs (run_id, dump_name, dump_head_sha256, target_datadir, started_at) VALUES (?, ?, ?, ?, NOW(6))",
		r.RunID, dump.Name, dump.HeadSHA256, target.Datadir)
	if err != nil {
		return fmt.Errorf("checkpoint: register run: %w", err)
	}
	for _, q := range sentinelRows {
		if _, err := c.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("checkpoint: keep the progress tables non-empty: %w", err)
		}
	}
	markAlive(ctx, c, r.RunID)
	return lockRun(ctx, c, r.RunID, 0)
}

// createProgressTables makes the progress schema's tables; fresh reports that this call
// made the schema and every table in it, as this version defines them. Then nothing is
// left for upgradeProgressSchema to bring up to date, and its lookups (five queries of
// information_schema.COLUMNS, 0.05-0.2 s before the first row of every run on a loaded
// server) are not made. Made without IF NOT EXISTS so that a table found there (a run of
// another dumpscope that made the schema at the same moment, or one killed half way
// through this) says the schema is not fresh, and the upgrade looks at it.
func createProgressTables(ctx context.Context, c Conn) (fresh bool, err error) {
	if fresh, err = CreateSchema(ctx, c); err != nil {
		return false, err
	}
	return createTables(ctx, c, progressTables[1:], fresh)
}

// CreateSchema creates the progress schema's database, without its tables; fresh reports
// that this call made it (it was not there). The importer makes a fresh schema's tables
// on another connection while its preflight reads the target (CreateTables,
// Params.Tables).
func CreateSchema(ctx context.Context, c Conn) (fresh bool, err error) {
	_, err = c.ExecContext(ctx, strings.Replace(progressTables[0], " IF NOT EXISTS", "", 1))
	if isMySQLError(err, mysqlerr.DBCreateExists) {
		return false, nil
	}
	return err == nil, err
}

// CreateTables makes the tables of a schema CreateSchema made fresh; fresh reports that
// none of them was there (see createProgressTables). It also makes, if it can, the tables
// Begin makes on the control connection after it (alive: markAlive; ran and globals in
// MyISAM: ensureRanTable), whose CREATE TABLE IF NOT EXISTS there then finds them made;
// where it cannot (no MEMORY, no MyISAM), Begin's own fall-backs decide, as without it.
//
// The tables are shared out over conns, made on each at once: one after another on one
// connection they were the longest part of the start (ten CREATE TABLEs, each a dictionary
// commit and a file: 0.1-0.3 s at load 10, longer than the preflight they overlap, which
// then waited for them before the first row; importtimeline -statements, gen 200M). The
// tables do not depend on each other.
func CreateTables(ctx context.Context, conns ...Conn) (fresh bool, err error) {
	if len(conns) == 0 {
		return false, errors.New("checkpoint: no connection to make the progress tables on")
	}
	tables := progressTables[1:]
	optional := []string{aliveTable, ranTable + "MyISAM", globalsTable + "MyISAM"}
	type share struct {
		tables, optional []string
		fresh            bool
		err              error
	}
	shares := make([]share, len(conns))
	for i, q := range tables {
		shares[i%len(conns)].tables = append(shares[i%len(conns)].tables, q)
	}
	for i, q := range optional {
		k := (len(tables) + i) % len(conns)
		shares[k].optional = append(shares[k].optional, q)
	}
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		go func(s *share, c Conn) {
			defer wg.Done()
			defer crash.Recover(func(perr error) { s.err = perr })
			if s.fresh, s.err = createTables(ctx, c, s.tables, true); s.err != nil {
				return
			}
			for _, q := range s.optional {
				_, _ = c.ExecContext(ctx, q)
			}
		}(&shares[i], conns[i])
	}
	wg.Wait()
	fresh = true
	for _, s := range shares {
		if s.err != nil {
			return false, s.err
		}
		fresh = fresh && s.fresh
	}
	return fresh, nil
}

// createTables makes the progress schema's tables (statements of progressTables): without
// IF NOT EXISTS while fresh (the first one found there ends that), with it after.
func createTables(ctx context.Context, c Conn, tables []string, fresh bool) (bool, error) {
	var err error
	for _, q := range tables {
		if fresh {
			_, err = c.ExecContext(ctx, strings.Replace(q, " IF NOT EXISTS", "", 1))
			fresh = !isMySQLError(err, mysqlerr.TableExists)
		}
		if !fresh {
			_, err = c.ExecContext(ctx, q)
		}
		if err != nil {
			return false, err
		}
	}
	return fresh, nil
}

// isMySQLError reports whether err is the server's error code.
func isMySQLError(err error, code uint16) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == code
}

// upgradeProgressSchema brings a progress schema left by an older dumpscope (ASCII names,
// no stream digests) to this version's, so that a run can share it.
func upgradeProgressSchema(ctx context.Context, c Conn) error {
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'done' AND COLUMN_NAME = 'stream_sha256'", ProgressSchema).Scan(&n)
	if err != nil {
		return err
	}
	if n == 0 {
		if _, err := c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+".done ADD COLUMN stream_sha256 CHAR(64) CHARACTER SET ascii NULL"); err != nil {
			return err
		}
	}
	if err := upgradeLoads(ctx, c); err != nil {
		return err
	}
	if err := upgradeDone(ctx, c); err != nil {
		return err
	}
	// An older dumpscope's vars lacks the statement's digest, which every run writes
	// (TestReviewX2OlderVarsTable).
	if err := addColumn(ctx, c, "vars", "stmt_sha256", varsStatement); err != nil {
		return err
	}
	var cs sql.NullString
	err = c.QueryRowContext(ctx, "SELECT CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'runs' AND COLUMN_NAME = 'dump_name'", ProgressSchema).Scan(&cs)
	if err != nil {
		return err
	}
	if cs.String != "utf8mb4" {
		_, err = c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+".runs MODIFY dump_name VARCHAR(2048) CHARACTER SET utf8mb4, MODIFY target_datadir VARCHAR(2048) CHARACTER SET utf8mb4")
	}
	return err
}

// upgradeLoads adds what a progress schema of an older dumpscope lacks to tell whether a
// table may be truncated for a reload: loads.created (NULL in the rows it wrote: not known,
// so planReload refuses them) and the created table.
func upgradeLoads(ctx context.Context, c Conn) error {
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'loads' AND COLUMN_NAME = 'created'", ProgressSchema).Scan(&n)
	if err != nil {
		return err
	}
	if n == 0 {
		if _, err := c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+".loads ADD COLUMN created TINYINT NULL"); err != nil {
			return err
		}
	}
	if err := addColumn(ctx, c, "loads", "auto_increment", loadsAutoIncrement); err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, createdTable)
	return err
}

// loadsAutoIncrement is the column of loads that keeps the table's AUTO_INCREMENT counter
// when its load began (RecordLoad): a reload's TRUNCATE sets the counter back to 1, not
// to the AUTO_INCREMENT=N of the dump's CREATE TABLE, so planReload gives it back. NULL:
// no counter, or an older dumpscope's row.
const loadsAutoIncrement = "auto_increment BIGINT UNSIGNED NULL"

// upgradeDone adds the column that keeps LAST_INSERT_ID() with each progress row (a
// schema of an older dumpscope has none).
func upgradeDone(ctx context.Context, c Conn) error {
	return addColumn(ctx, c, "done", "last_insert_id", "last_insert_id BIGINT UNSIGNED NULL")
}

// addColumn adds the column def, named name, to the progress schema's table when a
// schema of an older dumpscope lacks it. Looked up first: MySQL has no ADD COLUMN IF NOT
// EXISTS.
func addColumn(ctx context.Context, c Conn, table, name, def string) error {
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?", ProgressSchema, table, name).Scan(&n)
	if err != nil || n > 0 {
		return err
	}
	_, err = c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+"."+table+" ADD COLUMN "+def)
	return err
}

// LockList is what a LOCK TABLES must add to its list for progress rows (Record) to be
// written while its locks hold: under LOCK TABLES the server refuses any table not locked
// (ERROR 1100), and the statements run there commit on their own, so their progress rows
// must be written there, in their transactions, for a resume not to send them again. With
// intents, the intents' and markers' tables too (BeginIntent, Ran, EndIntent), so that a
// write to a non-transactional table there is not applied twice either: the markers'
// table must exist, as LOCK TABLES names it (made at the run's start); intents is
// false when it does not (no engine for it), and only progress rows are written then.
// A function, not a method: Run is at its limit of methods.
func LockList(r *Run) (list string, intents bool) {
	if r.noProgressLocks {
		return "", false
	}
	// vars: a SET of user variables from the data under the locks is journaled there
	// (TestReviewX6LockedUserVarJournal: ERROR 1100).
	// sent: a DDL statement there is marked before it is sent (sent.go).
	const done = ProgressSchema + ".done WRITE, " + ProgressSchema + ".vars WRITE, " + ProgressSchema + ".sent WRITE"
	if !r.ranMade.Load() {
		return done, false
	}
	return done + ", " + ProgressSchema + ".intents WRITE, " + ProgressSchema + ".ran WRITE, " + ProgressSchema + ".globals WRITE", true
}

// Stretch is a committed stretch of the stream: statements from Start up to End
// (uncompressed bytes), with Digest the SHA-256 of the stream up to End (DigestAt; "" when
// not known there: a stretch that ends further covers it).
type Stretch struct {
	Start, End int64
	Statements int
	Rows       int64
	Digest     string
	// InsertID says the stretch ran on the connection whose LAST_INSERT_ID() the dump's
	// statements read (the control connection): the progress row keeps its value at the
	// stretch's end, which a resume that skips the stretch gives back (InsertIDAt). A
	// worker's is not the dump's connection's value: NULL, unknown.
	InsertID bool
}

// Record writes the progress row of a stretch on c, inside the transaction the caller has
// open on it: the row commits if and only if the stretch does. A table reloaded on resume
// records its stretches again (same start, perhaps another end): the newer row replaces
// the older.
func (r *progressRows) Record(ctx context.Context, c Conn, s Stretch) error {
	_, err := c.ExecContext(ctx, r.recordSQL(s))
	return err
}

// recordSQL is the progress row's statement, with literals only: it is sent inside batches
// that are otherwise plain text.
func (r *progressRows) recordSQL(s Stretch) string {
	d := "NULL"
	if s.Digest != "" {
		d = "'" + s.Digest + "'" // ASCII: "xxh64:" and hex digits
	}
	id := "NULL"
	if s.InsertID {
		id = "LAST_INSERT_ID()" // evaluated here, on the stretch's connection; this INSERT generates none
	}
	return fmt.Sprintf("INSERT INTO %s.done (run_id, start_offset, end_offset, statements, row_count, stream_sha256, last_insert_id) VALUES ('%s', %d, %d, %d, %d, %s, %s) ON DUPLICATE KEY UPDATE end_offset = VALUES(end_offset), statements = VALUES(statements), row_count = VALUES(row_count), stream_sha256 = VALUES(stream_sha256), last_insert_id = VALUES(last_insert_id)",
		ProgressSchema, r.RunID, s.Start, s.End, s.Statements, s.Rows, d, id)
}

// loadDone reads the committed spans of the run.
func (r *prior) loadDone(ctx context.Context, q Conn, runID string) error {
	if err := upgradeDone(ctx, q); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	rows, err := q.QueryContext(ctx, "SELECT start_offset, end_offset, stream_sha256, last_insert_id FROM "+ProgressSchema+".done WHERE run_id = ? ORDER BY start_offset", runID)
	if err != nil {
		return fmt.Errorf("checkpoint: read progress rows: %w", err)
	}
	defer rows.Close()
	var spans []span
	r.digests, r.insertIDs = nil, nil
	for rows.Next() {
		var s span
		var d sql.NullString
		var id sql.NullString // BIGINT UNSIGNED
		if err := rows.Scan(&s.Start, &s.End, &d, &id); err != nil {
			return err
		}
		spans = append(spans, s)
		r.digests = append(r.digests, endDigest{s.End, d.String})
		row := insertIDRow{span: s}
		if id.Valid {
			if row.id, err = strconv.ParseUint(id.String, 10, 64); err != nil {
				return fmt.Errorf("checkpoint: progress row at offset %d: last_insert_id %q: %w", s.Start, id.String, err)
			}
			row.known = true
		}
		r.insertIDs = append(r.insertIDs, row)
	}
	r.done = mergeSpans(spans)
	r.resumed = true
	_, r.furthest = r.Committed()
	return rows.Err()
}

// Finish marks the run finished, deletes its progress rows and drops the progress schema
// when nothing else is left in it.
func (r *progressRows) Finish(ctx context.Context, c Conn) error {
	if _, err := c.ExecContext(ctx, "UPDATE "+ProgressSchema+".runs SET finished_at = NOW(6) WHERE run_id = ?", r.RunID); err != nil {
		return err
	}
	// Nothing else kept in the schema (the usual case): its DROP takes this run's rows
	// with it, and the nine DELETEs before it, each a commit of its own, were serial
	// time at the end of every run. Killed before the DROP, the run is marked finished,
	// so the next run's Finish drops the schema, as after a kill among the DELETEs.
	if unused, err := schemaUnused(ctx, c); err == nil && unused {
		_, err = c.ExecContext(ctx, "DROP DATABASE IF EXISTS "+ProgressSchema)
		return err
	}
	for _, t := range []string{"done", "intents", "ran", "globals", "vars", "created", "xa", "alive", "sent"} {
		_, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+"."+t+" WHERE run_id = ?", r.RunID)
		var me *mysql.MySQLError
		if err != nil && !(errors.As(err, &me) && me.Number == mysqlerr.NoSuchTable) { // ran, globals: made with the first intent; vars, created, xa, alive: by a newer dumpscope than the schema's
			return err
		}
	}
	return DropSchemaIfUnused(ctx, c)
}

// DropSchemaIfUnused drops dumpscope's schema when no unfinished run and no saved setting
// (--relax-durability's) is left in it.
func DropSchemaIfUnused(ctx context.Context, c Conn) error {
	unused, err := schemaUnused(ctx, c)
	if err != nil || !unused {
		return err
	}
	_, err = c.ExecContext(ctx, "DROP DATABASE IF EXISTS "+ProgressSchema)
	return err
}

// schemaUnused reports whether dumpscope's schema is there and holds no unfinished run and
// no saved setting (--relax-durability's): then it may be dropped.
func schemaUnused(ctx context.Context, c Conn) (bool, error) {
	var left int
	err := c.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'runs') +
		(SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'saved_settings')`, ProgressSchema, ProgressSchema).Scan(&left)
	if err != nil || left == 0 {
		return false, err
	}
	count := func(q string) int {
		var n int
		if err := c.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return 0 // table absent
		}
		return n
	}
	return count("SELECT COUNT(*) FROM "+ProgressSchema+".runs WHERE finished_at IS NULL")+count("SELECT COUNT(*) FROM "+ProgressSchema+".saved_settings") == 0, nil
}

// verifyTarget checks that the server holds this run's progress and is where the journal
// says; resuming on another server, or after the progress schema was dropped, is refused.
func (r *progressRows) verifyTarget(ctx context.Context, c Conn, j *Journal, now TargetIdentity) error {
	var datadir string
	err := c.QueryRowContext(ctx, "SELECT target_datadir FROM "+ProgressSchema+".runs WHERE run_id = ?", r.RunID).Scan(&datadir)
	if err != nil {
		return fmt.Errorf("resume: this server (%s, datadir %s) has no progress for run %s (%v): it is not the server the checkpoint was written for, or its %s schema was dropped", now.Hostname, now.Datadir, r.RunID, err, ProgressSchema)
	}
	if datadir != now.Datadir || j.Target.Datadir != now.Datadir || j.Target.Hostname != now.Hostname || j.Target.Port != now.Port {
		return fmt.Errorf("resume: the checkpoint was written for %s:%d datadir %s, this server is %s:%d datadir %s", j.Target.Hostname, j.Target.Port, j.Target.Datadir, now.Hostname, now.Port, now.Datadir)
	}
	return nil
}

// RecordLoad notes, before rows of a table that cannot be resumed row-exactly
// (non-transactional engine, or no primary key) are sent, that its load is under way; if
// the run dies before the next barrier marks it complete, resume truncates the table and
// replays it from its first row. That is exact only when the table held nothing else when
// its load began: fresh says it was made by a CREATE TABLE of this run (RecordCreated) and
// was still empty; otherwise (the user's table of an append-style or data-only load)
// TRUNCATE would delete the user's rows with the dump's, and resume refuses the table
// instead (planReload). A second load of the same table (its rows come again after a
// statement that changed it) keeps the first offset and the first fresh: a reload from
// there would replay its rows without that statement, so resume refuses it too.
//
// autoInc is the table's AUTO_INCREMENT counter then (not Valid: none), which a reload
// gives back after its TRUNCATE.
func (r *progressRows) RecordLoad(ctx context.Context, c Conn, db, table string, offset int64, fresh bool, autoInc sql.NullString) error {
	_, err := c.ExecContext(ctx, "INSERT INTO "+ProgressSchema+".loads (run_id, db, tbl, first_offset, complete, created, auto_increment) VALUES (?, ?, ?, ?, 0, ?, ?) ON DUPLICATE KEY UPDATE complete = IF(complete = 0, 0, 2)", r.RunID, db, table, offset, fresh, autoInc)
	return err
}

// RecordCreated notes that a CREATE TABLE of this run made db.table (it did not exist
// before it), or the dump's own TRUNCATE emptied it, in the caller's transaction: the
// DDL's progress row commits with it. It also forgets the table's earlier load (a table
// dropped and created again by the dump): what that load wrote is gone, so the next load
// is a first load, which a resume may reload exactly from its own first row, where a
// second load under the old row is refused (RecordLoad).
func (r *progressRows) RecordCreated(ctx context.Context, c Conn, db, table string) error {
	if _, err := c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".created VALUES (?, ?, ?)", r.RunID, db, table); err != nil {
		return err
	}
	_, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+".loads WHERE run_id = ? AND db = ? AND tbl = ?", r.RunID, db, table)
	return err
}

// Created reports whether a CREATE TABLE of this run, in this attempt or an earlier one,
// made db.table (RecordCreated).
func (r *progressRows) Created(ctx context.Context, c Conn, db, table string) (bool, error) {
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".created WHERE run_id = ? AND db = ? AND tbl = ?", r.RunID, db, table).Scan(&n)
	return n > 0, err
}

// CompleteLoad marks a table's load complete (all its rows so far committed).
func (r *progressRows) CompleteLoad(ctx context.Context, c Conn, db, table string) error {
	_, err := c.ExecContext(ctx, "UPDATE "+ProgressSchema+".loads SET complete = 1 WHERE run_id = ? AND db = ? AND tbl = ?", r.RunID, db, table)
	return err
}

// GiveUpSQL is the statement that removes what this run keeps in the target for a resume,
// for the summary of a run that did not finish: DROP DATABASE of the progress schema when
// nothing else is in it (no other unfinished run, no saved setting), or else the DELETE of
// this run's registration, after which a later run's Finish drops the schema once unused.
func (r *progressRows) GiveUpSQL(ctx context.Context, c Conn) string {
	var others int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".runs WHERE finished_at IS NULL AND run_id <> ?", r.RunID).Scan(&others)
	if err != nil {
		return "DROP DATABASE " + ProgressSchema
	}
	var saved int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".saved_settings").Scan(&saved); err != nil {
		saved = 0 // no such table: none saved
	}
	if others+saved == 0 {
		return "DROP DATABASE " + ProgressSchema
	}
	return fmt.Sprintf("DELETE FROM %s.runs WHERE run_id = '%s'", ProgressSchema, r.RunID)
}

// ProbeProgressLocks finds out, on c before the import, whether the account may LOCK
// TABLES the progress tables that LockList adds to the dump's LOCK TABLES. An account
// granted the rest on the progress schema but not LOCK TABLES imported such dumps before
// the list was added, and stopped in mid-run with ERROR 1044 at the dump's first LOCK
// TABLES after it (TestReviewX6LockedProgressWithoutLockPrivilege). Refused, LockList
// gives none: the dump's locks are sent as they are, and a statement under them commits
// on its own, its progress row recorded at UNLOCK TABLES, as before the list.
func ProbeProgressLocks(ctx context.Context, r *Run, c Conn) error {
	if r == nil {
		return nil
	}
	_, err := c.ExecContext(ctx, "LOCK TABLES "+ProgressSchema+".done WRITE, "+ProgressSchema+".vars WRITE, "+ProgressSchema+".sent WRITE")
	var me *mysql.MySQLError
	if errors.As(err, &me) && (me.Number == mysqlerr.DBAccessDenied || me.Number == mysqlerr.TableAccessDenied || me.Number == mysqlerr.SpecificAccessDenied) {
		r.noProgressLocks = true
		return nil
	}
	if err != nil {
		return fmt.Errorf("lock the progress tables: %w", err)
	}
	if _, err := c.ExecContext(ctx, "UNLOCK TABLES"); err != nil {
		return fmt.Errorf("unlock the progress tables: %w", err)
	}
	return nil
}
