package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// A finished import leaves the dump's progress curve in the state directory and the next
// import of the same dump follows it; --eta-from follows a run record's instead, and
// refuses a record of another dump.
func TestImportETAHistory(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	srv := testsandbox.Start(t)
	dump := genDump(t, 8<<20, true)
	rec := filepath.Join(t.TempDir(), "run.json")

	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-tui", "--parallel", "2", "--record", rec}, dump)
	if code != 0 {
		t.Fatalf("first import: exit %d\n%s", code, stderr)
	}
	if strings.Contains(stderr, "the ETA follows") {
		t.Errorf("the first import of a dump follows an earlier run:\n%s", stderr)
	}
	kept, _ := filepath.Glob(filepath.Join(state, "dumpscope", "eta", "*.json"))
	if len(kept) != 1 {
		t.Fatalf("history files after a finished import: %v, want one\n%s", kept, stderr)
	}

	code, _, stderr = dumpscopeImport(t, srv, []string{"--no-tui", "--overwrite"}, dump)
	if code != 0 || !strings.Contains(stderr, "the ETA follows this dump's import of ") || !strings.Contains(stderr, "--parallel 2), scaled to this run's pace") {
		t.Errorf("second import of the dump: exit %d, no line saying the ETA follows the first:\n%s", code, stderr)
	}

	// The same dump under another name is the same dump; the history follows the contents.
	copyOf := filepath.Join(t.TempDir(), "renamed.sql")
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copyOf, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr = dumpscopeImport(t, srv, []string{"--no-tui", "--overwrite", "--eta-from", rec}, copyOf); code != 0 || !strings.Contains(stderr, "the ETA follows the run of ") {
		t.Errorf("--eta-from the first run's record: exit %d\n%s", code, stderr)
	}

	other := genDump(t, 4<<20, true)
	code, _, stderr = dumpscopeImport(t, srv, []string{"--no-tui", "--overwrite", "--eta-from", rec}, other)
	if code != exitUsage || !strings.Contains(stderr, "--eta-from "+rec+": that run imported ") {
		t.Errorf("--eta-from a record of another dump: exit %d, want %d and why\n%s", code, exitUsage, stderr)
	}
}
