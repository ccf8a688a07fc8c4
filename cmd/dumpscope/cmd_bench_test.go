package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/report"
)

func TestBenchOrderInterleaves(t *testing.T) {
	if d := cmp.Diff([]int{0, 1, 2, 2, 1, 0, 0, 1, 2}, benchOrder(3, 3)); d != "" {
		t.Errorf("benchOrder(3, 3) (-want +got):\n%s", d)
	}
}

func TestParseVariants(t *testing.T) {
	got, err := parseVariants([]string{"defaults", "big:innodb_log_file_size=1G, innodb_flush_log_at_trx_commit=2"})
	if err != nil {
		t.Fatal(err)
	}
	want := []benchVariant{{Name: "defaults"}, {Name: "big", Settings: []string{"innodb_log_file_size=1G", "innodb_flush_log_at_trx_commit=2"}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	for _, bad := range [][]string{{":x=1"}, {"a:x"}, {"a", "a"}} {
		if _, err := parseVariants(bad); err == nil {
			t.Errorf("parseVariants(%q): want an error", bad)
		}
	}
}

// TestSummarizeBench: a variant twice as fast over 6 runs each is significant, with the
// ratio's interval around 2; one indistinguishable from the baseline gets ~; findings are
// counted per variant.
func TestSummarizeBench(t *testing.T) {
	variants := []benchVariant{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	var runs []benchRun
	for i, s := range []float64{10, 10.5, 9.8, 10.2, 10.1, 9.9} {
		runs = append(runs,
			benchRun{Variant: "a", Index: i, ReplaySeconds: s, Status: "ok", Findings: []string{"redo-log-too-small"}},
			benchRun{Variant: "b", Index: i, ReplaySeconds: s / 2, Status: "ok"},
			benchRun{Variant: "c", Index: i, ReplaySeconds: s + []float64{0.1, -0.1}[i%2], Status: "ok"})
	}
	sum := summarizeBench(variants, runs)
	if sum[0].Findings["redo-log-too-small"] != 6 || len(sum[1].Findings) != 0 {
		t.Errorf("findings: %v / %v", sum[0].Findings, sum[1].Findings)
	}
	if !sum[1].Significant || sum[1].Speedup < 1.9 || sum[1].Speedup > 2.1 || sum[1].SpeedupLo > 2 || sum[1].SpeedupHi < 2 {
		t.Errorf("b: %+v, want a significant 2× with 2 inside its interval", sum[1])
	}
	if sum[2].Significant {
		t.Errorf("c: %+v, want not significant", sum[2])
	}
	var out bytes.Buffer
	writeBenchText(&out, sum)
	if !strings.Contains(out.String(), "~ 1.00×") || !strings.Contains(out.String(), "2.00×") {
		t.Errorf("text:\n%s", out.String())
	}
}

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
	code := run([]string{"bench", "--repeat", "1", "--sandbox-dir", shortDir(t), "--out", out,
		"--variant", "plain", "--variant", "tiny:innodb_log_file_size=4M", dump}, stdio{In: strings.NewReader(""), Out: &stdout, Err: &stderr})
	if code != exitOK {
		t.Fatalf("bench exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	var got struct{ Runs []benchRun }
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
		rec, err := report.ReadFile(r.Record)
		if err != nil {
			t.Fatalf("%s: %v", r.Record, err)
		}
		size := fmt.Sprint(rec.Server.Variables["innodb_log_file_size"])
		if (r.Variant == "tiny") != (size == "4.194304e+06") {
			t.Errorf("%s: innodb_log_file_size %s", r.Variant, size)
		}
		if rec.Dump == nil || rec.Dump.Rows != 3 {
			t.Errorf("%s: dump %+v, want 3 rows", r.Variant, rec.Dump)
		}
	}
}
