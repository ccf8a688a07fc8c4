package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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

// A FIFO given as FILE (`dumpscope import <(zcat dump.gz)`, or mkfifo) is read once, as a
// stream: every row arrives. Read as a file it lost its first MiB to the checkpoint's
// identity hash (ERROR 1064 at offset 0), and keeps no ETA history.
func TestImportFromFIFO(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	dump := genDump(t, 3<<20, true)
	want, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range [][]string{nil, {"--parallel", "2"}} {
		srv := testsandbox.Start(t)
		fifo := filepath.Join(t.TempDir(), "dump.sql")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.Write(want)
			f.Close()
		}()
		// Should the import open the FIFO again, or never, a writer that comes and goes
		// every second after the first minute ends each wait with EOF: a failure, not a
		// hang.
		stop := make(chan struct{})
		go func() {
			select {
			case <-stop:
				return
			case <-time.After(time.Minute):
			}
			for {
				if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
					f.Close()
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
				}
			}
		}()
		code, stdout, stderr := dumpscopeImport(t, srv, append([]string{"--no-tui"}, mode...), fifo)
		close(stop)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", mode, code, stdout, stderr)
		}
		ref := testsandbox.Start(t)
		clientImport(t, ref, dump)
		if a, b := redump(t, ref, "dumpscope_gen"), redump(t, srv, "dumpscope_gen"); !bytes.Equal(a, b) {
			t.Errorf("%v: the FIFO's import differs from the client's: %s", mode, firstDiff(a, b))
		}
	}
	if kept, _ := filepath.Glob(filepath.Join(state, "dumpscope", "eta", "*")); len(kept) > 0 {
		t.Errorf("a stream kept an ETA history: %v", kept)
	}
}
