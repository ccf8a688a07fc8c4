package importer_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// stopAfter returns options that stop the import once the statement at line has been
// dispatched: what committed before it is in the progress rows.
func stopAfter(line int64, o importer.Options) importer.Options {
	stop := make(chan struct{})
	o.Stop = stop
	o.OnStatement = func(_ context.Context, st *split.Statement) error {
		if st.Line == line {
			close(stop)
		}
		return nil
	}
	return o
}

// TestResumeJournalFormats: a journal in the format of the dumpscope that did not record
// filters (the fixture in importer/checkpoint/testdata, given this run's ids) resumes; a
// resume with filters other than the interrupted run's is refused before anything is
// sent, naming both.
func TestResumeJournalFormats(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte(strings.ReplaceAll(importDump, "%s", "")), 0o600); err != nil {
		t.Fatal(err)
	}
	base := importer.Options{Parallel: 2, BatchBytes: 1 << 20}

	t.Run("journal before filters", func(t *testing.T) {
		journal := filepath.Join(dir, "old.journal")
		o := base
		o.CheckpointPath = journal
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(6, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		// The fixture, with the ids of this run and this server.
		var written, fixture map[string]any
		readJSON(t, journal, &written)
		readJSON(t, "checkpoint/testdata/journal-before-filters.json", &fixture)
		for _, k := range []string{"run_id", "dump", "target", "connection_ids", "started_at"} {
			fixture[k] = written[k]
		}
		fixture["defer_indexes"] = false
		b, _ := json.Marshal(fixture)
		if err := os.WriteFile(journal, b, 0o600); err != nil {
			t.Fatal(err)
		}
		o.Resume = true
		res, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
		if err != nil || res.Status != importer.Finished {
			t.Fatalf("resume from the old journal: %v, %v", res, err)
		}
		for _, rc := range res.RowCounts {
			if rc.Rows != rc.ServerRows {
				t.Errorf("%s.%s: %d rows in the dump, %d in the server", rc.Database, rc.Table, rc.Rows, rc.ServerRows)
			}
		}
	})

	t.Run("other filters", func(t *testing.T) {
		journal := filepath.Join(dir, "filters.journal")
		o := base
		o.CheckpointPath = journal
		o.Transform.ExcludeTables = []string{"a"}
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec("DROP DATABASE imp"); err != nil {
			t.Fatal(err)
		}
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(6, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		o.Resume = true
		o.Transform.ExcludeTables = nil
		_, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
		if err == nil || !strings.Contains(err.Error(), "chose its statements with --exclude-tables=a, this one with no filter flags and no -D") {
			t.Fatalf("resume with other filters: %v", err)
		}
		o.Transform.ExcludeTables = []string{"a"}
		if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
			t.Fatalf("resume with the same filters: %v, %v", res, err)
		}
	})
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// appendDump is a load of n rows into ap.t, a MyISAM table without a primary key, created
// by the dump when create is set; otherwise the rows are appended to the user's table, as
// a data-only dump does.
func appendDump(t *testing.T, create bool, n int) string {
	var b strings.Builder
	if create {
		b.WriteString("CREATE DATABASE ap;\nUSE ap;\nCREATE TABLE t (id INT, v VARCHAR(40)) ENGINE=MyISAM;\n")
	} else {
		b.WriteString("USE ap;\n")
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "INSERT INTO t VALUES (%d, 'row %d of the dump, padded to fill');\n", i, i)
	}
	p := filepath.Join(t.TempDir(), "append.sql")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestResumeReloadOnlyTablesItCreated: a MyISAM table without a primary key whose load was
// under way when the import stopped is emptied and reloaded on resume only when the dump
// created it or emptied it itself (TRUNCATE); a table that held the user's rows before the import (an append-style,
// data-only load) is never truncated: the resume is refused, naming it, and the user's
// rows and the dump's rows so far are still there.
func TestResumeReloadOnlyTablesItCreated(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	const n = 400
	count := func(where string) (rows, sum int64) {
		t.Helper()
		var s sql.NullInt64
		if err := db.QueryRow("SELECT COUNT(*), SUM(id) FROM ap.t WHERE "+where).Scan(&rows, &s); err != nil {
			t.Fatal(err)
		}
		return rows, s.Int64
	}
	o := importer.Options{Parallel: 2, BatchBytes: 1 << 10, SkipWarningCount: true}

	t.Run("the user's table", func(t *testing.T) {
		for _, q := range []string{"DROP DATABASE IF EXISTS ap", "CREATE DATABASE ap", "CREATE TABLE ap.t (id INT, v VARCHAR(40)) ENGINE=MyISAM", "INSERT INTO ap.t VALUES (-1, 'mine'), (-2, 'mine'), (-3, 'mine')"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		dump := appendDump(t, false, n)
		o := o
		o.Overwrite = true // rows into the user's table
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(n/2, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		loaded, _ := count("id > 0")
		if loaded == 0 || loaded == n {
			t.Fatalf("%d of the dump's %d rows loaded before the stop; want the load under way", loaded, n)
		}
		o.Resume = true
		_, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
		var refused *checkpoint.ReloadRefusedError
		if !errors.As(err, &refused) || refused.DB != "ap" || refused.Table != "t" {
			t.Fatalf("resume: %v; want a refusal naming ap.t", err)
		}
		// The progress rows stay for another resume, and the error says how to remove them.
		var kept *checkpoint.ResumeRefusedError
		if !errors.As(err, &kept) || kept.GiveUp != "DROP DATABASE dumpscope_progress" {
			t.Errorf("resume: %#v; want the statement that gives the resume up", err)
		}
		if mine, sum := count("id < 0"); mine != 3 || sum != -6 {
			t.Errorf("the user's rows after the refused resume: %d (sum %d), want 3 (sum -6)", mine, sum)
		}
		if now, _ := count("id > 0"); now != loaded {
			t.Errorf("the dump's rows after the refused resume: %d, want the %d loaded before", now, loaded)
		}
	})

	t.Run("emptied by the dump", func(t *testing.T) {
		for _, q := range []string{"DROP DATABASE IF EXISTS ap", "CREATE DATABASE ap", "CREATE TABLE ap.t (id INT, v VARCHAR(40)) ENGINE=MyISAM", "INSERT INTO ap.t VALUES (-1, 'mine')"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		dump := appendDump(t, false, n)
		b, err := os.ReadFile(dump)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dump, []byte(strings.Replace(string(b), "USE ap;\n", "USE ap;\nTRUNCATE TABLE t;\n", 1)), 0o600); err != nil {
			t.Fatal(err)
		}
		o := o
		o.Overwrite = true
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(n/2, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		o.Resume = true
		if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
			t.Fatalf("resume: %v, %v", res, err)
		}
		if rows, sum := count("TRUE"); rows != n || sum != n*(n+1)/2 {
			t.Errorf("after the resume ap.t has %d rows (sum of ids %d), want %d (%d)", rows, sum, n, n*(n+1)/2)
		}
	})

	t.Run("created by the dump", func(t *testing.T) {
		if _, err := db.Exec("DROP DATABASE IF EXISTS ap"); err != nil {
			t.Fatal(err)
		}
		dump := appendDump(t, true, n)
		o := o
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(n/2, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		o.Resume = true
		if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
			t.Fatalf("resume: %v, %v", res, err)
		}
		if rows, sum := count("TRUE"); rows != n || sum != n*(n+1)/2 {
			t.Errorf("after the resume ap.t has %d rows (sum of ids %d), want %d (%d)", rows, sum, n, n*(n+1)/2)
		}
	})
}

// TestResumeKeepsConnectionCharset: a dump without SET NAMES, begun from a UTF-8 locale
// (the handshake's utf8) and resumed from another (latin1: LANG=C), is read in utf8 to its
// end: the resume sets the interrupted run's character set, so the rest of its 'café' is
// not double-encoded. A --default-character-set that contradicts the interrupted run's is
// refused, naming both.
func TestResumeKeepsConnectionCharset(t *testing.T) {
	srv := testsandbox.Start(t)
	utf8, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	utf8.Collation = "utf8_general_ci"
	latin1 := utf8.Clone()
	latin1.Collation = "latin1_swedish_ci"
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const n = 400
	var b strings.Builder
	b.WriteString("CREATE DATABASE cs;\nUSE cs;\nCREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20)) DEFAULT CHARSET=utf8mb4;\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "INSERT INTO t VALUES (%d, 'café');\n", i)
	}
	dump := filepath.Join(t.TempDir(), "cs.sql")
	if err := os.WriteFile(dump, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o := importer.Options{Parallel: 2, BatchBytes: 1 << 10, SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
	res, err := importer.Import(ctx, utf8, importer.Source{Path: dump}, stopAfter(n/2, o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	o.Resume = true
	o.CharsetGiven = true // --default-character-set=latin1
	_, err = importer.Import(ctx, latin1, importer.Source{Path: dump}, o)
	var conflict *checkpoint.CharsetConflictError
	if !errors.As(err, &conflict) || conflict.Journal.Client != "utf8mb3" || conflict.Now.Client != "latin1" {
		t.Fatalf("resume with --default-character-set=latin1: %v; want it refused, naming utf8mb3 and latin1", err)
	}
	o.CharsetGiven = false // the locale's latin1
	if res, err := importer.Import(ctx, latin1, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v", res, err)
	}
	var rows, right int
	if err := db.QueryRow("SELECT COUNT(*), SUM(v = 'café' AND HEX(v) = '636166C3A9') FROM cs.t").Scan(&rows, &right); err != nil {
		t.Fatal(err)
	}
	if rows != n || right != n {
		t.Errorf("cs.t has %d rows, %d of them 'café' as the client reads it; want %d and %d", rows, right, n, n)
	}
}

// clientImport replays dump through the mariadb client into srv, the reference.
func clientImport(t *testing.T, srv *sandbox.Server, dump string) {
	t.Helper()
	in, err := os.Open(dump)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), srv.ClientArgs()...)
	cmd.Stdin = in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mariadb < %s: %v: %s", dump, err, out)
	}
}

// redump is mariadb-dump of db on srv, without its date and server version.
func redump(t *testing.T, srv *sandbox.Server, db string) string {
	t.Helper()
	out, err := exec.Command(testsandbox.RequireTool(t, "mariadb-dump"), append(srv.ClientArgs(), "--skip-dump-date", "--databases", db)...).Output()
	if err != nil {
		t.Fatalf("mariadb-dump %s: %v", db, err)
	}
	lines := strings.Split(string(out), "\n")
	return strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "-- Server version") }), "\n")
}

// TestResumeKeepsUserVariables: user variables a dump sets from its tables (SET @n =
// (SELECT COUNT(*) FROM t), SELECT … INTO @m, UPDATE … @c := @c + 1), and session variables
// set so (SET SESSION time_zone = (SELECT …)), keep, across a stop and --resume, the values
// and types the client gives them, although the resume runs after later rows committed:
// the re-dump of the table made from them is the client's.
func TestResumeKeepsUserVariables(t *testing.T) {
	var b strings.Builder
	b.WriteString("SET NAMES utf8mb4;\nCREATE DATABASE uv;\nUSE uv;\n")
	b.WriteString("CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(20), d DECIMAL(6,2), f DOUBLE) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;\n")
	b.WriteString("INSERT INTO t VALUES (1, 'é', 1.50, 0.1), (2, 'b', 2.25, 0.2), (3, 'c', 3.00, 0.3);\n")
	b.WriteString("SET @n = (SELECT COUNT(*) FROM t), @s = (SELECT s FROM t WHERE id = (SELECT MIN(id) FROM t)), @d = (SELECT SUM(d) FROM t), @f = (SELECT SUM(f) FROM t), @z = (SELECT s FROM t WHERE id = 0), @u = (SELECT CAST(COUNT(*) AS UNSIGNED) FROM t), @k = 7;\n")
	b.WriteString("SELECT MAX(id), GROUP_CONCAT(s ORDER BY id) INTO @m, @`g h` FROM t;\n")
	b.WriteString("SET @c = 10;\nUPDATE t SET f = f + (@c := @c + 1) WHERE id <= 3;\n") // committed: skipped on resume
	b.WriteString("SET SESSION group_concat_max_len = (SELECT COUNT(*) FROM t) + 1024, time_zone = (SELECT IF(COUNT(*) > 3, '+05:00', '+01:00') FROM t), @e = 1;\n")
	const n = 300
	for i := 4; i <= n; i++ {
		fmt.Fprintf(&b, "INSERT INTO t VALUES (%d, 'x', %d.25, %d.5);\n", i, i, i)
	}
	b.WriteString("CREATE TABLE r AS SELECT @n AS n, @s AS s, @d AS d, @f AS f, @z AS z, @u AS u, @k AS k, @m AS m, @`G h` AS g, COLLATION(@s) AS cs, COERCIBILITY(@s) AS co, @f = 0.6e0 AS fx, @c AS c, @@group_concat_max_len AS gl, @@time_zone AS tz;\n")
	dump := filepath.Join(t.TempDir(), "uv.sql")
	if err := os.WriteFile(dump, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redump(t, ref, "uv")

	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o := importer.Options{Parallel: 2, SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
	res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(n/2, o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	o.Resume = true
	if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v", res, err)
	}
	if have := redump(t, srv, "uv"); have != want {
		t.Errorf("after the stop and the resume the re-dump differs from the client's:\n%s", cmp.Diff(want, have))
	}
}

// TestResumeRefusesUnjournaledUserVariable: a user variable set from the data whose value
// is not journaled (the interrupted run was an older dumpscope's: here, its journaled
// values are deleted) is not evaluated again once that run got past it: the resume stops at
// that statement instead of giving it another value than the client's.
func TestResumeRefusesUnjournaledUserVariable(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE fr;\nUSE fr;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1), (2), (3);\n")
	b.WriteString("SET @n = (SELECT COUNT(*) FROM t);\n")
	const n = 200
	for i := 4; i <= n; i++ {
		fmt.Fprintf(&b, "INSERT INTO t VALUES (%d);\n", i)
	}
	b.WriteString("CREATE TABLE r AS SELECT @n AS n;\n")
	dump := filepath.Join(t.TempDir(), "fr.sql")
	if err := os.WriteFile(dump, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	o := importer.Options{Parallel: 2, SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
	res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(n/2, o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	if _, err := db.Exec("DELETE FROM dumpscope_progress.vars"); err != nil {
		t.Fatal(err)
	}
	o.Resume = true
	res, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
	var se *importer.StatementError
	if err != nil || res.Status != importer.Failed || !errors.As(res.Err, &se) || se.Line != 5 {
		t.Fatalf("resume: %v, %v; want it stopped at line 5", res, err)
	}
	var tables int
	if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fr' AND TABLE_NAME = 'r'").Scan(&tables); err != nil || tables != 0 {
		t.Errorf("fr.r exists after the refusal (%d, %v): made from a value evaluated again", tables, err)
	}
}
