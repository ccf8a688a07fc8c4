package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/bench"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestBenchRuns: two variants of a tiny dump, each in its own sandbox; each run leaves a
// valid run record whose server variables are the variant's settings.
func TestBenchRuns(t *testing.T) {
	testsandbox.Start(t) // skips (or fails under CI) without a server
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte("CREATE DATABASE b;\nUSE b;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1),(2),(3);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	code := runCommand([]string{"bench", "--repeat", "1", "--sandbox-dir", shortDir(t), "--out", out,
		"--variant", "plain", "--variant", "tiny:innodb_log_file_size=4M", dump}, stdio{In: strings.NewReader(""), Out: &stdout, Err: &stderr})
	if code != exitOK {
		t.Fatalf("bench exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	var got struct{ Runs []bench.Run }
	b, err := os.ReadFile(filepath.Join(out, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 2 {
		t.Fatalf("runs: %+v", got.Runs)
	}
	for _, r := range got.Runs {
		rec, err := runrecord.ReadFile(r.Record)
		if err != nil {
			t.Fatalf("%s: %v", r.Record, err)
		}
		size := fmt.Sprint(rec.Server.Variables["innodb_log_file_size"])
		if (r.Variant == "tiny") != (size == "4.194304e+06") {
			t.Errorf("%s: innodb_log_file_size %s", r.Variant, size)
		}
		if rec.Dump == nil || rec.Dump.Rows != 3 {
			t.Errorf("%s: dump %+v, want 3 rows", r.Variant, rec.Dump)
			continue
		}
		// The import's Result → record mapping is import's (run.Result.Record): bench's
		// records once lacked the largest statement, the bytes read, each table's rows
		// and the row check.
		if rec.Dump.LargestStatementBytes <= 0 || rec.Dump.CompressedBytes <= 0 {
			t.Errorf("%s: dump %+v: no largest statement or bytes read", r.Variant, rec.Dump)
		}
		if rc := rec.Outcome.RowCheck; rc == nil || rc.Tables != 1 || len(rc.Differing) != 0 {
			t.Errorf("%s: row check %+v, want 1 table, none differing", r.Variant, rc)
		}
		rows := map[string]int64{}
		for _, tt := range rec.Tables {
			rows[tt.Name] = tt.Rows
		}
		if rows["t"]+rows["b.t"] != 3 {
			t.Errorf("%s: tables %+v, want t with 3 rows", r.Variant, rec.Tables)
		}
	}
}

// TestBenchAutoNothingToTest: --auto on a dump too small for any finding stops after its
// first run with "verdict: nothing to test" and what a measurement would take, where it
// used to run the baseline 4 more times (80 s on the sample) to say "inconclusive".
func TestBenchAutoNothingToTest(t *testing.T) {
	testsandbox.Start(t) // skips (or fails under CI) without a server
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte("CREATE DATABASE b;\nUSE b;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := runCommand([]string{"bench", "--auto", "--sandbox-dir", shortDir(t), "--out", filepath.Join(dir, "out"), dump},
		stdio{In: strings.NewReader(""), Out: &stdout, Err: &stderr})
	if code != exitOK || !strings.HasPrefix(stdout.String(), "verdict: nothing to test: the first run, on defaults (server defaults), took ") {
		t.Errorf("exit %d, stdout:\n%s", code, stdout.String())
	}
	if strings.Contains(stderr.String(), "run 1/") {
		t.Errorf("measured the baseline alone:\n%s", stderr.String())
	}
}

// TestBenchOneVariant: one --variant without --auto has nothing to be compared with; that
// is said before any run, not after four.
func TestBenchOneVariant(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runCommand([]string{"bench", "--variant", "big:innodb_log_file_size=1G"}, stdio{In: strings.NewReader(""), Out: &stdout, Err: &stderr})
	if code != exitUsage || !strings.Contains(stderr.String(), "give two or more --variant") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
}
