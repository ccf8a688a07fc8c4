package checkpoint

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Exactly once for non-transactional tables. A statement that writes a MyISAM or Aria
// table (UPDATE n = n + 1, INSERT … SELECT, DELETE) changes it at once, whatever the
// transaction its progress row commits in: killed between the two, a resumed run would
// apply it twice. So:
//   - before it runs, an intent row records it with CHECKSUM TABLE of every
//     non-transactional table it may write, committed on its own (intents, InnoDB);
//   - when it has returned without error, a marker row says so, written at once whatever
//     the transaction (ran, MyISAM), only when it cannot have written a transactional
//     table, whose part the rollback undoes (importer/replay intentmark.go); inside the
//     dump's transaction only when it changed such a table too (Changed), its intent
//     deleted at once when it changed none;
//   - its progress row deletes the intent in the same transaction.
// A write through a view is a write to the base tables the view names (views.go).
// On resume, once the interrupted run's connections are gone, an intent without a
// progress row is settled:
//   - marker there: the statement ran to its end; it is recorded as committed and not
//     run again;
//   - no marker, checksums unchanged: it changed nothing (or never ran); it runs again;
//   - no marker, checksums changed: it was cut short, failed half way or ended unseen
//     (dumpscope died while it ran); nobody can tell how much of it applied, so the
//     resume stops and says what to check.

// intentsTable and ranTable hold the intents and the markers (see above).
const (
	intentsTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".intents (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, end_offset BIGINT, statement VARCHAR(1024) CHARACTER SET utf8mb4, tables TEXT CHARACTER SET utf8mb4, checksums TEXT CHARACTER SET ascii, stream_sha256 CHAR(64) CHARACTER SET ascii NULL, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB"
	ranTable     = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".ran (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, PRIMARY KEY (run_id, start_offset)) ENGINE="
)

// ensureRanTable creates, once per run, the markers' table in a non-transactional engine the server
// has: MyISAM, else Aria (a server may disable MyISAM), else MEMORY (its markers do not
// survive a restart of the server: the resume then refuses, which is safe). It is made
// when the first intent is, so that a server without any of them still checkpoints
// InnoDB dumps.
func (r *Run) ensureRanTable(ctx context.Context, c Conn) error {
	if r.ranMade.Load() {
		return nil
	}
	var err error
	for _, engine := range []string{"MyISAM", "Aria", "MEMORY"} {
		if _, err = c.ExecContext(ctx, ranTable+engine); err != nil {
			continue
		}
		if _, err = c.ExecContext(ctx, globalsTable+engine); err == nil { // beside it (globals.go)
			r.ranMade.Store(true)
			return nil
		}
	}
	return fmt.Errorf("create %s.ran: %w", ProgressSchema, err)
}

// Intent is a statement about to run that may write non-transactional tables.
type Intent struct {
	Start, End int64
	// Statement says where and what it is, as the importer's messages do
	// ("offset 120, line 7: UPDATE `counter`").
	Statement string
	// Tables are the tables it may write, as keys (sqlscan.TableKey); nil when it may write any (a
	// CALL).
	Tables []string
	// Digest is DigestAt(End): the progress row it gets if it is found applied on resume.
	Digest string
	// Unread: its tables cannot be checksummed where it runs (under the dump's LOCK
	// TABLES, a base table locked only through a view or for a trigger: ERROR 1100). The
	// intent holds no checksums (unreadSums); a resume counts it run when its marker is
	// there, and refuses it as maybe half applied when not, where without an intent it
	// sent it again (ERROR 1062, or a keyless table's rows twice:
	// TestReviewX53119ViewLockedAlone).
	Unread bool
}

// unreadSums stands for the checksums of an Unread intent.
const unreadSums = "unread:"

// BeginIntent records in before its statement runs, when it may write a non-transactional
// table; it reports whether it did (then the statement's progress row must be written
// with EndIntent). The intent row is written in the session's transaction state: the
// caller's START TRANSACTION for the statement, which commits implicitly whatever is
// open, commits it before the statement runs (with autocommit on it commits at once).
func (r *Run) BeginIntent(ctx context.Context, c Conn, in Intent) (bool, error) {
	if r == nil {
		return false, nil
	}
	tables, err := r.nonTransactional(ctx, c, in.Tables)
	if err != nil || len(tables) == 0 {
		return false, err
	}
	if err := r.ensureRanTable(ctx, c); err != nil {
		return false, err
	}
	sums := unreadSums
	if !in.Unread {
		if sums, err = checksums(ctx, c, tables); err != nil {
			return false, err
		}
	}
	if r.resumed {
		// A marker left by an earlier attempt of this statement (it ran, its table was
		// reloaded) is not this attempt's.
		if _, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+".ran WHERE run_id = ? AND start_offset = ?", r.RunID, in.Start); err != nil {
			return false, err
		}
	}
	_, err = c.ExecContext(ctx, replaceIntent, r.RunID, in.Start, in.End, truncate(in.Statement, 1000), utf8Hex(strings.Join(tables, "\n")), sums, nullable(in.Digest))
	return err == nil, err
}

// replaceIntent writes the intent row of a DML statement. Its tables, UTF-8 names of the
// catalog (readNonTransactional), are sent as hexadecimal (utf8Hex) and stored as
// utf8mb4: a string parameter is read in the session's character_set_client, and after
// the dump's SET CHARACTER SET sjis the UTF-8 bytes of `Ñ` were stored as other
// characters, which Changed and the resume then checksummed (difffuzz seed 80106).
// Hexadecimal digits read alike in every client character set. The statement's
// description is the dump's text, in that character set: a parameter as it is. A DDL
// intent's name is the dump's text too (BeginDDLIntent).
const replaceIntent = "REPLACE INTO " + ProgressSchema + ".intents (run_id, start_offset, end_offset, statement, tables, checksums, stream_sha256) VALUES (?, ?, ?, ?, CONVERT(UNHEX(?) USING utf8mb4), ?, ?)"

// Intends reports whether r.BeginIntent would record an intent for a statement that may
// write tables (nil: any): whether one of them is non-transactional. The look-up is the
// one BeginIntent makes (once until the next DDL). A function: Run is at its limit of
// methods.
func Intends(ctx context.Context, r *Run, c Conn, tables []string) (bool, error) {
	if r == nil {
		return false, nil
	}
	if slices.ContainsFunc(tables, func(k string) bool { return !sqlscan.IsASCII(k) }) {
		// Its caller comes before a statement that reads the diagnostics area, which the
		// look-up of the session's character set (serverKeys) would empty: a name that is
		// not ASCII counts as any table.
		tables = nil
	}
	nt, err := r.nonTransactional(ctx, c, tables)
	return len(nt) > 0, err
}

// ddlPrefix marks the checksums of a DDL intent: the digest of the table's SHOW CREATE
// TABLE, not CHECKSUM TABLE of its rows.
const ddlPrefix = "ddl:"

// BeginDDLIntent records, before an ALTER TABLE of db.table runs, an intent with the digest
// of the table's SHOW CREATE TABLE; it reports whether it did (then the statement's
// progress row must be written with EndIntent). DDL commits before its progress row can,
// and a resume sends an unrecorded one again, which is right only when a second run errs
// ("already exists", AlreadyApplied) or changes nothing: ALTER TABLE t ENGINE=InnoDB run
// again rebuilds the table and drops options the first run kept (PAGE_CHECKSUM=1 of a
// former Aria table; difffuzz seed 2). With the intent, a resume tells whether it ran by
// comparing the definition (settleIntents): anything that changes the table after it
// waits for it, so a definition unlike the one recorded means it ran. The intent row is
// written in the session's transaction state: the ALTER's implicit commit commits it
// before the ALTER runs (with autocommit on it commits at once). No intent when the
// table cannot be read (the ALTER will fail): false, nil.
func (r *Run) BeginDDLIntent(ctx context.Context, c Conn, in Intent, db, table string) (bool, error) {
	if r == nil {
		return false, nil
	}
	name := sqlscan.QuoteIdent(db) + "." + sqlscan.QuoteIdent(table)
	sum, ok := definitionDigest(ctx, c, name, false)
	if !ok {
		return false, nil
	}
	// Stored in UTF-8, as the resume reads it (settleDDLIntent).
	stored, err := sessionUTF8(ctx, c, name)
	if err != nil {
		return false, err
	}
	_, err = c.ExecContext(ctx, replaceIntent, r.RunID, in.Start, in.End, truncate(in.Statement, 1000), utf8Hex(stored), sum, nullable(in.Digest))
	return err == nil, err
}

// definitionDigest is ddlPrefix and the SHA-256 of SHOW CREATE TABLE name (quoted); ok is
// false when it cannot be read (no such table). SHOW CREATE TABLE writes the definition as
// the session's sql_mode and character_set_results have it (ANSI_QUOTES quotes names with
// ", NO_KEY_OPTIONS leaves options out), and the intent is recorded on the dump's own
// session while a resume compares on a fresh one: after the dump's SET sql_mode =
// 'ANSI_QUOTES' the two differed for a table nothing had changed, and a resume took an
// ALTER TABLE that had not run for one that had, and never ran it (difffuzz seed 38334,
// --defer-indexes killed and resumed: ERROR 1054 on the column it adds;
// TestDefinitionDigestSessionFree). It is read under a fixed sql_mode and result character
// set, and the session's are put back. utf8Name: name is UTF-8 (read back from the intent
// row by a resume, whose connection has the --default-character-set), sent under
// character_set_client utf8mb4; else it is the dump's text, in the session's.
func definitionDigest(ctx context.Context, c Conn, name string, utf8Name bool) (string, bool) {
	var mode, client string
	var results sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT @@SESSION.sql_mode, @@SESSION.character_set_results, @@SESSION.character_set_client").Scan(&mode, &results, &client); err != nil {
		return "", false
	}
	set := "SET SESSION sql_mode = '', character_set_results = utf8mb4"
	if utf8Name {
		set += ", character_set_client = utf8mb4"
	}
	if _, err := c.ExecContext(ctx, set); err != nil {
		return "", false
	}
	var tbl, def string
	err := c.QueryRowContext(ctx, "SHOW CREATE TABLE "+name).Scan(&tbl, &def)
	restore := "SET SESSION sql_mode = ?, character_set_client = ?, character_set_results = ?"
	var args []any
	if results.Valid {
		args = []any{mode, client, results.String}
	} else {
		restore = "SET SESSION sql_mode = ?, character_set_client = ?, character_set_results = NULL"
		args = []any{mode, client}
	}
	if _, rerr := c.ExecContext(ctx, restore, args...); rerr != nil || err != nil {
		return "", false
	}
	h := sha256.Sum256([]byte(def))
	return ddlPrefix + hex.EncodeToString(h[:]), true
}

// EndIntent deletes the intent of the statement at start, inside the transaction the
// caller has open on c for the statement's progress row.
func (r *Run) EndIntent(ctx context.Context, c Conn, start int64) error {
	_, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+".intents WHERE run_id = ? AND start_offset = ?", r.RunID, start)
	return err
}

// Ran marks the statement at start as returned without error (or with one --force
// tolerated), right after it did: the marker is written at once, inside the caller's
// transaction or not.
func (r *Run) Ran(ctx context.Context, c Conn, start int64) error {
	_, err := c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".ran VALUES (?, ?)", r.RunID, start)
	return err
}

// Changed reports, right after the statement at start returned, whether it changed a
// table its intent covers (CHECKSUM TABLE now against the intent's). A statement inside
// the dump's transaction is marked (Ran) only then: its marker says "do not run it
// again", right for writes that stay when the transaction does not commit and wrong for
// what the rollback undoes. Marked, a SAVEPOINT (which writes no table) was skipped by the
// resume of a transaction killed before its COMMIT, and the ROLLBACK TO after it failed
// with ERROR 1305; unmarked with unchanged checksums, a statement runs again on resume,
// which gives what it gave (it changed no such table). c is a connection outside the
// transaction: after XA END the dump's own refuses every statement (ERROR 1399).
func (r *Run) Changed(ctx context.Context, c Conn, start int64) (bool, error) {
	var tables, sums string
	if err := c.QueryRowContext(ctx, "SELECT HEX(tables), checksums FROM "+ProgressSchema+".intents WHERE run_id = ? AND start_offset = ?", r.RunID, start).Scan(&tables, &sums); err != nil {
		return false, fmt.Errorf("read the intent of the statement at offset %d: %w", start, err)
	}
	tables, err := unhex(tables)
	if err != nil {
		return false, fmt.Errorf("read the intent of the statement at offset %d: %w", start, err)
	}
	now, err := checksums(ctx, c, strings.Split(tables, "\n"))
	if err != nil {
		return false, err
	}
	return now != sums, nil
}

// SchemaChanged says a statement that may create, drop, rename or alter tables has run:
// the next intent reads the server's non-transactional tables again.
func (r *Run) SchemaChanged() {
	if r == nil {
		return
	}
	r.tablesMu.Lock()
	r.nonTx, r.views = nil, nil
	r.tablesMu.Unlock()
}

// nonTransactional returns those of tables (keys, sqlscan.TableKey; nil: every table outside the
// system schemas) whose engine is not transactional, as quoted names for CHECKSUM TABLE.
// The server's list is read once and kept until SchemaChanged: reading
// information_schema.TABLES opens every table's definition, which per statement would
// double the time of a script of UPDATEs.
func (r *Run) nonTransactional(ctx context.Context, c Conn, tables []string) ([]string, error) {
	r.tablesMu.Lock()
	defer r.tablesMu.Unlock()
	if err := readTablesLocked(ctx, r, c); err != nil {
		return nil, err
	}
	if len(r.nonTx) == 0 {
		return nil, nil
	}
	tables, err := serverKeys(ctx, c, tables)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range r.nonTx {
		if tables == nil || slices.Contains(tables, string(sqlscan.TableKeyOf(t.db, t.name))) {
			out = append(out, sqlscan.QuoteIdent(t.db)+"."+sqlscan.QuoteIdent(t.name))
		}
	}
	return out, nil
}

// NonTransactional reports whether the table key (sqlscan.TableKey) is among the server's
// non-transactional tables (as BeginIntent reads them): a cheap test before a caller
// looks for what else a statement may write. A function, not a method: Run is at its
// limit of methods.
func NonTransactional(ctx context.Context, r *Run, c Conn, key string) (bool, error) {
	if r == nil {
		return false, nil
	}
	tables, err := r.nonTransactional(ctx, c, []string{key})
	return len(tables) > 0, err
}

// tableName is a table by database and name.
type tableName struct{ db, name string }

// readTablesLocked reads, unless read since the last SchemaChanged, the server's
// non-transactional tables and its views (ViewBases), with r.tablesMu held. A function:
// Run is at its limit of methods.
func readTablesLocked(ctx context.Context, r *Run, c Conn) error {
	if r.nonTx != nil {
		return nil
	}
	all, views, err := readNonTransactional(ctx, c)
	if err != nil {
		return err
	}
	r.nonTx, r.views = all, views
	return nil
}

// readNonTransactional lists the server's base tables outside the system schemas whose
// engine is not InnoDB, sorted, and the keys of its views (sqlscan.TableKey), in the same
// read of information_schema.TABLES. A table WITH SYSTEM VERSIONING is a base table
// whose TABLE_TYPE is SYSTEM VERSIONED: left out, an UPDATE or INSERT of an Aria or
// MyISAM one left no intent, and killed before its progress row it was applied twice on
// resume (difffuzz seeds 81617 and 88021: a row's a + 2 where the client's has a + 1,
// ERROR 1062 where the client went on; TestKillSweepVersionedNonTransactional). The names are read as HEX, UTF-8 whatever the
// session's character_set_results: read under SET CHARACTER SET sjis, Ñ came back as ?,
// and CHECKSUM TABLE of a table that does not exist is NULL, silently (seed 80106).
func readNonTransactional(ctx context.Context, c Conn) ([]tableName, map[string]bool, error) {
	rows, err := c.QueryContext(ctx, "SELECT HEX(TABLE_SCHEMA), HEX(TABLE_NAME), TABLE_TYPE = 'VIEW' FROM information_schema.TABLES WHERE (TABLE_TYPE = 'VIEW' OR TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED') AND ENGINE <> 'InnoDB') AND TABLE_SCHEMA NOT IN ('mysql', 'sys', 'performance_schema', 'information_schema', ?) ORDER BY TABLE_SCHEMA, TABLE_NAME", ProgressSchema)
	if err != nil {
		return nil, nil, fmt.Errorf("look up the non-transactional tables: %w", err)
	}
	defer rows.Close()
	out := []tableName{} // not nil: read
	views := map[string]bool{}
	for rows.Next() {
		var t tableName
		var view bool
		if err := rows.Scan(&t.db, &t.name, &view); err != nil {
			return nil, nil, err
		}
		if t.db, err = unhex(t.db); err != nil {
			return nil, nil, err
		}
		if t.name, err = unhex(t.name); err != nil {
			return nil, nil, err
		}
		if view {
			views[string(sqlscan.TableKeyOf(t.db, t.name))] = true
			continue
		}
		out = append(out, t)
	}
	return out, views, rows.Err()
}

// checksums is CHECKSUM TABLE of the tables (quoted names, UTF-8: readNonTransactional),
// comma-separated in their order. The names are sent as UTF-8: when one is not ASCII and
// the session's character_set_client is not UTF-8 (the dump's SET CHARACTER SET sjis), it
// runs under character_set_client utf8mb4 and the session's is put back, as
// definitionDigest does; sent in sjis, the UTF-8 bytes of Ñ followed by a backtick
// swallowed it (ERROR 1064 where the client succeeded: difffuzz seed 80106). Names all
// ASCII, or a UTF-8 session: no extra round trip.
func checksums(ctx context.Context, c Conn, tables []string) (string, error) {
	q := "CHECKSUM TABLE " + strings.Join(tables, ", ")
	if sqlscan.IsASCII(q) {
		return checksumsAs(ctx, c, q)
	}
	cs, err := clientCharset(ctx, c)
	if err != nil {
		return "", err
	}
	if utf8Charset(cs) {
		return checksumsAs(ctx, c, q)
	}
	if _, err := c.ExecContext(ctx, "SET SESSION character_set_client = utf8mb4"); err != nil {
		return "", fmt.Errorf("%s: %w", q, err)
	}
	sums, err := checksumsAs(ctx, c, q)
	if _, rerr := c.ExecContext(ctx, "SET SESSION character_set_client = "+cs); rerr != nil && err == nil {
		err = fmt.Errorf("put back character_set_client %s after %s: %w", cs, q, rerr)
	}
	return sums, err
}

// checksumsAs runs the CHECKSUM TABLE q (see checksums).
func checksumsAs(ctx context.Context, c Conn, q string) (string, error) {
	rows, err := c.QueryContext(ctx, q)
	if err != nil {
		return "", fmt.Errorf("%s: %w", q, err)
	}
	defer rows.Close()
	var sums []string
	for rows.Next() {
		var name string
		var sum sql.NullString
		if err := rows.Scan(&name, &sum); err != nil {
			return "", err
		}
		sums = append(sums, sum.String)
	}
	return strings.Join(sums, ","), rows.Err()
}

// pendingIntent is an intent read back on resume.
type pendingIntent struct {
	start, end   int64
	statement    string
	tables, sums string
	digest       sql.NullString
	ran          bool // its marker is there: it ran to its end
}

// settleIntents decides, on resume, about each intent that has no progress row (see the
// top of this file); applied are offsets the user checked (--resume-applied).
func (r *Run) settleIntents(ctx context.Context, c Conn, applied []int64, log io.Writer) error {
	pending, err := r.readIntents(ctx, c)
	if err != nil {
		return err
	}
	for _, in := range pending {
		if strings.HasPrefix(in.sums, ddlPrefix) {
			if err := r.settleDDLIntent(ctx, c, in, log); err != nil {
				return err
			}
			continue
		}
		tables := strings.Split(in.tables, "\n")
		names := strings.Join(tables, ", ")
		if in.ran || slices.Contains(applied, in.start) {
			how := "had run to its end on"
			if !in.ran {
				how = "was checked complete (--resume-applied) on"
			}
			fmt.Fprintf(log, "dumpscope: resume: %s %s %s (not transactional) when the interrupted run ended; it is not run again\n", in.statement, how, names)
			if err := r.settleApplied(ctx, c, in); err != nil {
				return fmt.Errorf("resume: %w", err)
			}
			continue
		}
		if in.sums == outsideSums {
			return fmt.Errorf("resume: %s is code that ran outside a transaction, statement by statement as the client runs it (unique_checks and foreign_key_checks may have been off, and inside one transaction InnoDB's bulk insert would change what it does), and it was running or failing when the interrupted run ended: it may be half applied; check whether its changes are in the tables it writes: if they are complete, resume with --resume-applied %d; if not, undo them and resume to run it again; or import anew into an empty target", in.statement, in.start)
		}
		if in.sums == unreadSums {
			return fmt.Errorf("resume: %s writes %s (not transactional) and was running or failing when the interrupted run ended: it may be half applied, and where it ran (locked through a view or a trigger) no checksum could be taken to tell; check whether its change is in %s: if it is complete, resume with --resume-applied %d; if not, undo it and resume to run it again; or import anew into an empty target", in.statement, names, names, in.start)
		}
		now, err := checksums(ctx, c, tables)
		if err != nil {
			return fmt.Errorf("resume: %w", err)
		}
		if now != in.sums {
			return fmt.Errorf("resume: %s writes %s (not transactional) and was running or failing when the interrupted run ended: it may be half applied; check whether its change is in %s: if it is complete, resume with --resume-applied %d; if not, undo it (CHECKSUM TABLE %s gives %s then) and resume to run it again; or import anew into an empty target", in.statement, names, names, in.start, names, in.sums)
		}
		fmt.Fprintf(log, "dumpscope: resume: %s had not changed %s when the interrupted run ended; it runs again\n", in.statement, names)
		if err := r.EndIntent(ctx, c, in.start); err != nil {
			return fmt.Errorf("resume: %w", err)
		}
	}
	return nil
}

// settleDDLIntent decides about an ALTER TABLE's intent without a progress row
// (BeginDDLIntent): the table's definition changed since (or the table is gone, renamed):
// it ran, and is recorded as committed; unchanged: it did not run, or changed nothing,
// and runs again.
func (r *Run) settleDDLIntent(ctx context.Context, c Conn, in pendingIntent, log io.Writer) error {
	if now, ok := definitionDigest(ctx, c, in.tables, true); ok && now == in.sums {
		r.noteNotRun(in.start) // its "already exists" is the dump's own (sent.go)
		fmt.Fprintf(log, "dumpscope: resume: %s had not changed %s when the interrupted run ended; it runs again\n", in.statement, in.tables)
		if err := r.EndIntent(ctx, c, in.start); err != nil {
			return fmt.Errorf("resume: %w", err)
		}
		return nil
	}
	fmt.Fprintf(log, "dumpscope: resume: %s had run on %s when the interrupted run ended (its definition changed); it is not run again\n", in.statement, in.tables)
	if err := r.settleApplied(ctx, c, in); err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	return nil
}

// readIntents reads the run's intents that no progress row covers.
func (r *Run) readIntents(ctx context.Context, c Conn) ([]pendingIntent, error) {
	rows, err := c.QueryContext(ctx, "SELECT i.start_offset, i.end_offset, i.statement, HEX(i.tables), i.checksums, i.stream_sha256, r.run_id IS NOT NULL FROM "+ProgressSchema+".intents i LEFT JOIN "+ProgressSchema+".ran r USING (run_id, start_offset) WHERE i.run_id = ? ORDER BY i.start_offset", r.RunID)
	if err != nil {
		return nil, fmt.Errorf("resume: read the intents of non-transactional statements: %w", err)
	}
	defer rows.Close()
	var out []pendingIntent
	for rows.Next() {
		var in pendingIntent
		if err := rows.Scan(&in.start, &in.end, &in.statement, &in.tables, &in.sums, &in.digest, &in.ran); err != nil {
			return nil, err
		}
		if in.tables, err = unhex(in.tables); err != nil {
			return nil, err
		}
		if !r.Skip(in.start) {
			out = append(out, in)
		}
	}
	return out, rows.Err()
}

// settleApplied gives an intent found applied its progress row, in one transaction with
// the intent's removal, and counts it as committed.
func (r *Run) settleApplied(ctx context.Context, c Conn, in pendingIntent) error {
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return err
	}
	s := Stretch{Start: in.start, End: in.end, Statements: 1, Digest: in.digest.String}
	if err := r.Record(ctx, c, s); err != nil {
		_, _ = c.ExecContext(ctx, "ROLLBACK")
		return err
	}
	if err := r.EndIntent(ctx, c, in.start); err != nil {
		_, _ = c.ExecContext(ctx, "ROLLBACK")
		return err
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	r.done = mergeSpans(append(r.done, span{in.start, in.end}))
	r.digests = append(r.digests, endDigest{in.end, in.digest.String})
	_, r.furthest = r.Committed()
	return nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// truncate cuts s to at most n bytes, at a UTF-8 boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
