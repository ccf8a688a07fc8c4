package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeRefusesRemadeDump: an import is interrupted after committing stretches past
// the first MiB; the dump is then re-made with the same size and the same first MiB but
// one digit changed after it (what a re-run of mysqldump on a live database gives).
// --resume must refuse it before sending anything — the tables keep exactly the rows
// they had — and must refuse a stdin stream, which it cannot read twice; with the
// original file it resumes.
func TestResumeRefusesRemadeDump(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	orig, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	srv := testsandbox.Start(t)
	journal := filepath.Join(t.TempDir(), "journal.json")
	args := []string{"--checkpoint", journal, "--parallel", "2", "--batch-bytes", "64K", "--skip-warning-count"}
	cmd := dumpscopeProcess(t, srv, append(args, dump)...)
	waitForRows(t, srv, "sbtest1")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Fatal("the import finished before the interrupt; nothing to resume")
	}
	counts := func() string {
		db := openDB(t, srv, "")
		var b strings.Builder
		for _, tbl := range []string{"sbtest1", "sbtest2", "sbtest3", "sbtest4"} {
			var n int64
			_ = db.QueryRow("SELECT COUNT(*) FROM " + gen.DefaultDatabase + "." + tbl).Scan(&n)
			fmt.Fprintf(&b, "%s=%d ", tbl, n)
		}
		return b.String()
	}
	before := counts()

	remade := bytes.Clone(orig)
	i := 1<<20 + 100
	for remade[i] < '0' || remade[i] > '8' {
		i++
	}
	remade[i]++ // same size, same first MiB
	if err := os.WriteFile(dump, remade, 0o644); err != nil {
		t.Fatal(err)
	}
	res := dumpscopeProcess(t, srv, append(append([]string{"--resume"}, args...), dump)...)
	err = res.Wait()
	out := res.Stdout.(*bytes.Buffer).String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailure {
		t.Fatalf("resume with a re-made dump: %v, want exit %d:\n%s", err, exitFailure, out)
	}
	if !strings.Contains(out, "differs from the dump the interrupted run imported") {
		t.Errorf("the refusal does not say why:\n%s", out)
	}
	if after := counts(); after != before {
		t.Errorf("the refused resume changed the target: %s before, %s after", before, after)
	}

	// The very stream the interrupted run read, on stdin: still refused, as unverifiable.
	stdin := exec.Command(os.Args[0], append(append([]string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "--resume"}, args...), "-")...)
	stdin.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
	stdin.Stdin = bytes.NewReader(orig)
	b, err := stdin.CombinedOutput()
	out = string(b)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailure || !strings.Contains(out, "stdin cannot be read twice") {
		t.Errorf("resume from stdin: %v, want exit %d and a refusal:\n%s", err, exitFailure, out)
	}

	if err := os.WriteFile(dump, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	ok := dumpscopeProcess(t, srv, append(append([]string{"--resume"}, args...), dump)...)
	if err := ok.Wait(); err != nil {
		t.Fatalf("resume with the original dump: %v\n%s", err, ok.Stdout.(*bytes.Buffer).String())
	}
}

// TestDumpTouchingProgressSchemaRefused: a dump taken from a server in the middle of a
// dumpscope import carries dumpscope_progress; replayed with progress rows it would rewrite
// them. It is refused at that statement, naming the schema.
func TestDumpTouchingProgressSchemaRefused(t *testing.T) {
	srv := testsandbox.Start(t)
	for _, stmt := range []string{
		"USE dumpscope_progress;\nCREATE TABLE junk (id INT);\n",
		"DROP DATABASE IF EXISTS `dumpscope_progress`;\n",
		"INSERT INTO dumpscope_progress.done VALUES ('x', 0, 1, 1, 1, NULL);\n",
	} {
		dump := writeDump(t, "progress.sql", []byte("CREATE DATABASE IF NOT EXISTS d;\nUSE d;\nCREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY);\n"+stmt))
		code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--parallel", "2", "--overwrite"}, dump)
		if code != exitFailure || !strings.Contains(stderr, "dumpscope's own progress schema") {
			t.Errorf("%q: exit %d, want %d and a refusal naming the progress schema:\n%s", stmt, code, exitFailure, stderr)
		}
	}
}
