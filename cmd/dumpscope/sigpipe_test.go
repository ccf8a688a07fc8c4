package main

import (
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestOutputBroken: a pipe whose reader is gone is broken output; one with a reader, and
// a file, are not.
func TestOutputBroken(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if outputBroken(int(w.Fd())) {
		t.Error("a pipe with its reader open reads as broken")
	}
	r.Close()
	if !outputBroken(int(w.Fd())) {
		t.Error("a pipe whose reader closed does not read as broken")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if outputBroken(int(f.Fd())) {
		t.Error("a file reads as broken")
	}
}

// TestConnectionsSurviveWaitTimeout: with wait_timeout=1, a sampler that ticks every 3 s
// and a statement that runs 4 s, the import finishes. Before, the sampler's pinned
// connection failed on every tick once the server closed it, and closing it raised a
// SIGPIPE that stopped the whole import as if its output had gone.
func TestConnectionsSurviveWaitTimeout(t *testing.T) {
	srv := testsandbox.Start(t, "wait_timeout=1")
	dump := writeDump(t, "sleep.sql", []byte("CREATE DATABASE IF NOT EXISTS kw;\nUSE kw;\nCREATE TABLE IF NOT EXISTS t (a INT);\nDO SLEEP(4);\nINSERT INTO t VALUES (1);\n"))
	for _, extra := range [][]string{{"--interval", "3"}, {"--interval", "3", "--parallel", "2", "--overwrite"}} {
		code, stdout, stderr := dumpscopeImport(t, srv, append([]string{"--no-tui"}, extra...), dump)
		if code != 0 || strings.Contains(stderr, "stopping") || strings.Contains(stderr, "bad connection") {
			t.Errorf("%v: exit %d:\n%s%s", extra, code, stdout, stderr)
		}
	}
	var n int
	if err := openDB(t, srv, "kw").QueryRow("SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 2 {
		t.Errorf("kw.t has %d rows (%v), want 2 (one per import)", n, err)
	}
}
