package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestImportAdvisorEndToEnd runs the whole pipeline the operator sees: `dumpscope import
// --sandbox` with a 4 MB redo log on a dump several times the redo capacity. The import
// succeeds, redo-log-too-small fires with checkpoint-age evidence, the run record it
// writes passes the format check and carries the samples, and `advise --run` on that
// record gives the same finding.
func TestImportAdvisorEndToEnd(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 128 << 20 // 30× the redo log: long enough for the rule's 5 s minimum window
	dump := writeGenDump(t, o)
	rec := filepath.Join(t.TempDir(), "run.json")
	var out, errb bytes.Buffer
	code := runCommand([]string{"import", "--sandbox", "--sandbox-dir", shortDir(t), "--sandbox-set", "innodb_log_file_size=4M",
		"--interval", "250ms", "--record", rec, dump}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "redo-log-too-small") || !strings.Contains(out.String(), "checkpoint age (mean)") {
		t.Fatalf("redo-log-too-small with checkpoint-age evidence not in the summary:\n%s", out.String())
	}
	raw, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := runrecord.Validate(raw); err != nil {
		t.Fatalf("the import's run record does not match RUN-RECORD.md: %v", err)
	}
	r, err := runrecord.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Samples) < 4 || r.Dump == nil || r.Dump.Rows == 0 || r.Outcome.Status != runrecord.OutcomeOK {
		t.Fatalf("record: %d samples, dump %+v, outcome %+v", len(r.Samples), r.Dump, r.Outcome)
	}
	var replay, rerr bytes.Buffer
	if code := runCommand([]string{"advise", "--run", rec}, stdio{In: strings.NewReader(""), Out: &replay, Err: &rerr}); code != 0 {
		t.Fatalf("advise --run: exit %d\n%s", code, rerr.String())
	}
	if !strings.Contains(replay.String(), "redo-log-too-small") {
		t.Fatalf("advise --run on the record did not find redo-log-too-small:\n%s", replay.String())
	}
}

// shortDir is a temp dir with a short path: sandbox sockets live under it.
func shortDir(t *testing.T) string {
	d, err := os.MkdirTemp("", "ds-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}
