package run

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestImportRecord: one import into a real server through Import, and its record from
// Result.Record: the dump's totals, the tables' rows, the row check, and for a failed
// statement the outcome's offset and line; the record validates against the schema.
func TestImportRecord(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	sql := "CREATE DATABASE r;\nUSE r;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1),(2),(3);\nINSERT INTO t VALUES (3);\n"
	if err := os.WriteFile(dump, []byte(sql), 0o600); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	started := false
	res, err := Import(context.Background(), cfg, importer.Source{Path: dump}, importer.Options{Parallel: 1, Log: &log}, ImportOptions{
		Session: Options{ToolVersion: "test", Interval: 100 * time.Millisecond, Record: true, Command: []string{"dumpscope", "import", "-pSECRET", dump}},
		Log:     &log,
		Started: func(in *dumpfile.Input, sess *Session, sampled bool) { started = sampled && sess != nil },
	})
	if err != nil {
		t.Fatalf("Import: %v\n%s", err, log.String())
	}
	defer res.Session.Close()
	if !started || !res.Sampled {
		t.Fatalf("the session did not start sampled (started %v, sampled %v)\n%s", started, res.Sampled, log.String())
	}
	if res.Err == nil || res.Status != importer.Failed {
		t.Fatalf("a duplicate key: status %v, err %v; want failed", res.Status, res.Err)
	}
	rec := res.Record(false)
	if rec.Outcome.Status != runrecord.OutcomeError || rec.Outcome.Offset == nil || rec.Outcome.Line == nil || *rec.Outcome.Line != 5 {
		t.Errorf("outcome %+v, want an error at line 5", rec.Outcome)
	}
	if d := rec.Dump; d == nil || d.Rows != 3 || d.LargestStatementBytes <= 0 || d.CompressedBytes != int64(len(sql)) {
		t.Errorf("dump %+v, want 3 rows, a largest statement, %d bytes read", d, len(sql))
	}
	if strings.Contains(strings.Join(rec.Command, " "), "SECRET") {
		t.Errorf("command %q keeps the password", rec.Command)
	}
	var b bytes.Buffer
	if err := runrecord.Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if err := runrecord.Validate(b.Bytes()); err != nil {
		t.Errorf("record: %v", err)
	}
	if got := res.Record(true).Outcome.Status; got != runrecord.OutcomeInterrupted {
		t.Errorf("interrupted: outcome %q", got)
	}
}

// TestETAHistoryFile: the history file round-trips, a newer version or another format is
// refused (a reader must not follow a curve it cannot read), and a finished run's curve
// is what the next import of the same dump follows.
func TestETAHistoryFile(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dump := filepath.Join(t.TempDir(), "d.sql")
	if err := os.WriteFile(dump, []byte("SELECT 1;\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	o := ETAOptions{Source: importer.Source{Path: dump}, Parallel: 2, Log: &log}
	e, err := NewETA(o)
	if err != nil {
		t.Fatal(err)
	}
	if e.path == "" || e.Estimator.Profile != nil {
		t.Fatalf("first run: path %q, profile %v", e.path, e.Estimator.Profile)
	}
	for i, f := range []float64{0.25, 0.5, 0.75, 1} {
		e.Estimator.Observe(float64(i+1), f)
	}
	e.Save(&importer.Result{Status: importer.Finished}, true, &log)
	h, err := ReadETAHistory(e.path)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if h.Format != ETAHistoryFormat || h.Version != ETAHistoryVersion || h.Parallel != 2 || len(h.Points) == 0 {
		t.Errorf("history %+v", h)
	}
	next, err := NewETA(o)
	if err != nil {
		t.Fatal(err)
	}
	if next.Estimator.Profile == nil || !strings.Contains(log.String(), "the ETA follows this dump's import of ") {
		t.Errorf("the next import does not follow the first's curve:\n%s", log.String())
	}

	// A run that the server's connection limits held to fewer workers keeps the
	// number that ran, not the --parallel asked (it said --parallel 4 before).
	e4, err := NewETA(ETAOptions{Source: importer.Source{Path: dump}, Parallel: 4, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range []float64{0.25, 0.5, 0.75, 1} {
		e4.Estimator.Observe(float64(i+1), f)
	}
	e4.Save(&importer.Result{Status: importer.Finished, Used: importer.Used{Parallel: 2}}, true, &log)
	if h4, err := ReadETAHistory(e4.path); err != nil || h4.Parallel != 2 {
		t.Errorf("a run held to 2 of 4 workers: history %+v, %v; want parallel 2", h4, err)
	}

	h.Version = ETAHistoryVersion + 1
	if err := WriteETAHistory(e.path, h); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadETAHistory(e.path); err == nil {
		t.Error("a newer version was read")
	}
	if _, err := NewETA(ETAOptions{Source: importer.Source{Name: "stdin", Stdin: true}, From: "x.json"}); err == nil {
		t.Error("--eta-from with a stream was accepted")
	}
}

// TestImportOpensSessionBesidePreflight: the sampling session opens while the import's own
// start runs (importer.Options.OnConnected), not after it: here the start is held by a
// global read lock (the progress schema's CREATE DATABASE waits for it) and the session's
// connection must be there meanwhile; opened before the first statement it came only
// after the lock, serial time of every run. The session is still sampled, with the dump's
// name, and its record starts with the replay. An import refused before its replay
// closes the session it opened early.
func TestImportOpensSessionBesidePreflight(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	locker, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close()
	conns := func() (n int) {
		t.Helper()
		if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND <> 'Daemon' AND USER <> 'system user'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte("CREATE DATABASE e;\nUSE e;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1),(2),(3);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	io := ImportOptions{Session: Options{ToolVersion: "test", Interval: 100 * time.Millisecond, Record: true}}

	before := conns() // this test's two
	if _, err := locker.ExecContext(ctx, "FLUSH TABLES WITH READ LOCK"); err != nil {
		t.Fatal(err)
	}
	type result struct {
		res *Result
		err error
	}
	done := make(chan result, 1)
	var log bytes.Buffer
	io.Log = &log
	go func() {
		res, err := Import(ctx, cfg, importer.Source{Path: dump}, importer.Options{Parallel: 2}, io)
		done <- result{res, err}
	}()
	// The import's three connections and the session's, while the import waits.
	deadline := time.Now().Add(20 * time.Second)
	for conns() < before+4 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	waiting := conns() - before
	unlocked := time.Now().UTC()
	if _, err := locker.ExecContext(ctx, "UNLOCK TABLES"); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil || r.res.Err != nil {
		t.Fatalf("import: %v, %v\n%s", r.err, r.res.Err, log.String())
	}
	defer r.res.Session.Close()
	if waiting < 4 {
		t.Errorf("while the import's start waited, %d connections, want %d: the session did not open beside it", waiting, 4)
	}
	rec := r.res.Record(false)
	if !r.res.Sampled || rec.Dump == nil || rec.Dump.Name != dump || rec.StartedAt.Before(unlocked) {
		t.Errorf("sampled %v, dump %+v, record started %v (before the replay: the lock went at %v)\n%s", r.res.Sampled, rec.Dump, rec.StartedAt, unlocked, log.String())
	}

	// Refused before its replay (the table is there): the early session is closed.
	r.res.Session.Close()
	base := conns()
	res, err := Import(ctx, cfg, importer.Source{Path: dump}, importer.Options{Parallel: 2}, io)
	if err == nil && res.Err == nil {
		t.Fatalf("an import over the existing table was not refused")
	}
	if res != nil && res.Session != nil {
		res.Session.Close()
	}
	deadline = time.Now().Add(10 * time.Second)
	for conns() > base && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := conns(); n > base {
		t.Errorf("after a refused import %d connections, want %d: the early session was left open", n, base)
	}
}
