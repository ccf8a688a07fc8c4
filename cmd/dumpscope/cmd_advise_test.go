package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/runrecord"
)

// loadRows inserts ~250 KB batches until ctx is done, returning the time the inserts took
// (the import's server time, for the sampler-overhead comparison).
func loadRows(ctx context.Context, t *testing.T, dsn string) (time.Duration, int) {
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Error(err)
		return 0, 0
	}
	defer db.Close()
	for _, q := range []string{"CREATE DATABASE IF NOT EXISTS w", "CREATE TABLE IF NOT EXISTS w.r (id INT AUTO_INCREMENT PRIMARY KEY, pad VARCHAR(255))"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Error(err)
			return 0, 0
		}
	}
	var b strings.Builder
	b.WriteString("INSERT INTO w.r VALUES ")
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "(NULL, REPEAT('%c', 250))", 'a'+i%26)
	}
	var busy time.Duration
	n := 0
	for ctx.Err() == nil {
		t0 := time.Now()
		if _, err := db.ExecContext(ctx, b.String()); err != nil {
			if ctx.Err() == nil {
				t.Error(err)
			}
			break
		}
		busy += time.Since(t0)
		n++
	}
	return busy, n
}

// TestWatchRecordReplay attaches watch to a real MariaDB while rows are inserted, checks
// the run record it writes against the format, and replays it with advise --run: the
// replayed findings must be the ones the live run recorded.
func TestWatchRecordReplay(t *testing.T) {
	srv := testsandbox.StartOnDisk(t, "innodb_log_file_size=4M", "innodb_buffer_pool_size=64M")
	path := filepath.Join(t.TempDir(), "watch.json")

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var busy time.Duration
	var batches int
	wg.Add(1)
	go func() {
		defer wg.Done()
		busy, batches = loadRows(ctx, t, srv.DSN(""))
	}()
	var out, errOut bytes.Buffer
	code := runCommand([]string{"watch", "--no-defaults", "-S", srv.Socket, "-uroot",
		"--interval", "500ms", "--duration", "6s", "--probe", "1s", "--record", path}, stdio{Out: &out, Err: &errOut})
	cancel()
	wg.Wait()
	if code != exitOK {
		t.Fatalf("watch exit %d\nstderr:\n%s", code, errOut.String())
	}
	t.Logf("watch stderr (tail):\n%s", tail(errOut.String(), 12))

	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := runrecord.Validate(doc); err != nil {
		t.Fatalf("watch's record does not validate: %v", err)
	}
	rec, err := runrecord.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Server.Flavor != "mariadb" || len(rec.Samples) < 8 {
		t.Fatalf("record: flavor %q, %d samples", rec.Server.Flavor, len(rec.Samples))
	}
	if len(rec.Devices) == 0 {
		t.Error("local sandbox: no devices in the record")
	}
	if rec.Probe == nil || rec.Probe.OpsPerSec <= 0 || rec.Probe.Dir == "" {
		t.Errorf("--probe: record probe = %+v", rec.Probe)
	}
	var withInnoDB, withCPU int
	for _, s := range rec.Samples {
		if s.InnoDB != nil && s.InnoDB.RedoCapacityBytes == 4<<20 {
			withInnoDB++
		}
		if s.CPU != nil && s.CPU.ServerPct != nil {
			withCPU++
		}
	}
	if withInnoDB != len(rec.Samples) {
		t.Errorf("%d of %d samples have the 4 MiB redo state", withInnoDB, len(rec.Samples))
	}
	if withCPU == 0 {
		t.Error("no sample has the server's CPU (pid not found?)")
	}
	if rec.Sampler == nil || rec.Sampler.Queries == 0 {
		t.Errorf("record has no sampler cost: %+v", rec.Sampler)
	} else {
		t.Logf("sampler: %d queries, %.1f ms total, %.2f ms/tick (%.2f %% of the interval); inserts: %d batches, %v of server time",
			rec.Sampler.Queries, 1000*rec.Sampler.QuerySeconds, rec.Sampler.QueryMsPerTick, rec.Sampler.PctOfInterval, batches, busy)
	}
	for _, c := range rec.Command {
		if strings.Contains(c, "password=") && !strings.Contains(c, "***") {
			t.Errorf("command holds a password: %q", rec.Command)
		}
	}

	var replayOut, replayErr bytes.Buffer
	if code := runCommand([]string{"advise", "--run", path, "--json"}, stdio{Out: &replayOut, Err: &replayErr}); code != exitOK {
		t.Fatalf("advise --run exit %d: %s", code, replayErr.String())
	}
	var replayed struct {
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal(replayOut.Bytes(), &replayed); err != nil {
		t.Fatalf("advise --json output: %v\n%s", err, replayOut.String())
	}
	// Compare through JSON on both sides (the record's findings are JSON already).
	var recorded struct {
		Findings []map[string]any `json:"findings"`
	}
	// The record is JSON lines (version 2): read it, then compare through JSON.
	recFindings, err := json.Marshal(map[string]any{"findings": rec.Findings})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(recFindings, &recorded); err != nil {
		t.Fatal(err)
	}
	// The record keeps rates to 4 significant digits: evidence derived from them agrees
	// to about that.
	if diff := cmp.Diff(recorded.Findings, replayed.Findings, cmpopts.EquateApprox(0.001, 0)); diff != "" {
		t.Errorf("advise --run findings differ from the live run's (-live +replay):\n%s", diff)
	}
	// One verdict: what watch printed at its exit, what it stored in the record, and what
	// advise --run makes of the record.
	var liveLine string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "verdict: ") {
			liveLine = l
		}
	}
	var replayedVerdict struct {
		Line string `json:"verdict_line"`
	}
	if err := json.Unmarshal(replayOut.Bytes(), &replayedVerdict); err != nil {
		t.Fatal(err)
	}
	switch {
	case liveLine == "":
		t.Errorf("watch printed no verdict line:\n%s", out.String())
	case rec.Verdict == nil || rec.Verdict.Line() != liveLine:
		t.Errorf("the record's verdict differs from the one watch printed:\n%s\n%s", rec.Verdict.Line(), liveLine)
	case replayedVerdict.Line != liveLine:
		t.Errorf("advise --run's verdict differs from the live run's:\n%s\n%s", replayedVerdict.Line, liveLine)
	}
	t.Logf("%s", liveLine)
	var ids []string
	for _, f := range recorded.Findings {
		ids = append(ids, fmt.Sprint(f["id"]))
	}
	t.Logf("live findings: %v", ids)
}

// TestAdviseLive samples a sandbox briefly and prints JSON.
func TestAdviseLive(t *testing.T) {
	srv := testsandbox.StartOnDisk(t)
	var out, errOut bytes.Buffer
	code := runCommand([]string{"advise", "--no-defaults", "-S", srv.Socket, "-u", "root", "--duration", "1500ms", "--interval", "500ms", "--json"},
		stdio{Out: &out, Err: &errOut})
	if code != exitOK {
		t.Fatalf("advise exit %d: %s", code, errOut.String())
	}
	var got struct {
		Server   struct{ Flavor string }
		Samples  int
		Findings []json.RawMessage
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if got.Server.Flavor != "mariadb" || got.Samples < 3 || got.Findings == nil {
		t.Errorf("advise --json = %s", out.String())
	}
}

func TestAdviseUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runCommand([]string{"advise", "--run", filepath.Join(t.TempDir(), "missing.json")}, stdio{Out: &out, Err: &errOut}); code != exitFailure {
		t.Errorf("missing record: exit %d, want %d", code, exitFailure)
	}
	if code := runCommand([]string{"watch", "--bogus"}, stdio{Out: &out, Err: &errOut}); code != exitUsage {
		t.Errorf("unknown flag: exit %d, want %d", code, exitUsage)
	}
	if code := runCommand([]string{"advise", "extra"}, stdio{Out: &out, Err: &errOut}); code != exitUsage {
		t.Errorf("extra argument: exit %d, want %d", code, exitUsage)
	}
	if code := runCommand([]string{"watch", "--interval", "0s"}, stdio{Out: &out, Err: &errOut}); code != exitUsage {
		t.Errorf("zero interval: exit %d, want %d", code, exitUsage)
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestAdviseReplaySpecExample replays the example record of ../shared/RUN-RECORD.md (one
// sample, optional parts missing): a record from another writer must replay.
func TestAdviseReplaySpecExample(t *testing.T) {
	b, err := os.ReadFile("../../../shared/RUN-RECORD.md")
	if err != nil {
		t.Skipf("RUN-RECORD.md not found: %v", err)
	}
	m := regexp.MustCompile("(?s)```jsonc\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("RUN-RECORD.md: no jsonc block")
	}
	path := filepath.Join(t.TempDir(), "example.json")
	if err := os.WriteFile(path, regexp.MustCompile(`(?m)//.*$`).ReplaceAll(m[1], nil), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := runCommand([]string{"advise", "--run", path, "--json"}, stdio{Out: &out, Err: &errOut}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var got struct {
		Server  struct{ Flavor, Version string }
		Samples int
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Server.Flavor != "percona" || got.Server.Version != "8.0.22-13" || got.Samples != 1 {
		t.Errorf("advise --run --json = %s", out.String())
	}
}
