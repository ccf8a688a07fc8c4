package main

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// dumpscopeProcess starts dumpscope as a child process (the test binary, see TestMain).
func dumpscopeProcess(t *testing.T, srv *sandbox.Server, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor"}, args...)...)
	cmd.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd
}

// referenceRedump imports a generated dump without interruption, serially (exactly the
// client's statements), and returns its re-dump: what an interrupted import must match.
func referenceRedump(t *testing.T, dump string) []byte {
	t.Helper()
	ref := testsandbox.Start(t)
	if code, _, stderr := dumpscopeImport(t, ref, []string{"--no-advisor", "--skip-warning-count"}, dump); code != 0 {
		t.Fatalf("reference import: exit %d: %s", code, stderr)
	}
	return redump(t, ref, gen.DefaultDatabase)
}

// TestResumeAfterKill9: dumpscope killed with SIGKILL at random moments — mid-batch,
// mid-COMMIT, mid-DDL — and resumed, again and again, ends with the same database as an
// uninterrupted import: no lost rows, no duplicates. The generated dump has a table without
// a primary key and an Aria table, which resume reloads from their first row.
func TestResumeAfterKill9(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 8 << 20
	o.RowsPerInsertBytes = 32 << 10
	dump := writeGenDump(t, o)
	want := referenceRedump(t, dump)

	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("kill points from seed %d", seed)
	for _, mode := range [][]string{{"--parallel", "2", "--batch-bytes", "64K"}, {"--batch-bytes", "64K"}, {"--defer-indexes", "--parallel", "2", "--batch-bytes", "64K"}} {
		t.Run(strings.Join(mode, " "), func(t *testing.T) {
			srv := testsandbox.Start(t)
			journal := filepath.Join(t.TempDir(), "journal.json")
			args := append([]string{"--checkpoint", journal}, mode...)
			kills := 0
			for attempt := 0; ; attempt++ {
				a := args
				if attempt > 0 {
					if _, err := os.Stat(journal); os.IsNotExist(err) {
						// The kill came after the import finished and removed its journal.
						t.Logf("attempt %d had finished before its kill", attempt-1)
						break
					}
					a = append([]string{"--resume"}, args...)
				}
				cmd := dumpscopeProcess(t, srv, append(a, dump)...)
				if attempt < 4 {
					// The first kill point is after the journal exists: before that nothing
					// has run, and a missing journal is how a later attempt tells that the
					// one before it finished (exec, hashing and setup can take longer than
					// the shortest delay on a loaded machine).
					for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
						if _, err := os.Stat(journal); err == nil {
							break
						}
					}
					time.Sleep(time.Duration(100+rng.Intn(900)) * time.Millisecond)
					if cmd.Process.Signal(os.Kill) == nil {
						kills++
					}
				}
				err := cmd.Wait()
				out := cmd.Stdout.(*bytes.Buffer).String()
				if err == nil {
					t.Logf("finished after %d attempts (%d killed)", attempt+1, kills)
					break
				}
				if attempt >= 4 {
					t.Fatalf("resume attempt %d failed: %v\n%s", attempt, err, out)
				}
				if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() > 0 {
					t.Fatalf("attempt %d failed on its own (exit %d), not by the kill:\n%s", attempt, ee.ExitCode(), out)
				}
			}
			if have := redump(t, srv, gen.DefaultDatabase); !bytes.Equal(want, have) {
				t.Fatalf("after kill -9 and resume the database differs (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
			}
			if _, err := os.Stat(journal); !os.IsNotExist(err) {
				t.Errorf("journal %s left behind after a complete import", journal)
			}
		})
	}
}

// TestInterruptPrintsResume: the first SIGINT stops dispatching, lets the batches in
// flight commit, exits 3 and prints the exact resume command; running that command
// finishes the import with the same database as an uninterrupted one.
func TestInterruptPrintsResume(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10 // many statements: still running when interrupted
	dump := writeGenDump(t, o)
	want := referenceRedump(t, dump)
	srv := testsandbox.Start(t)
	journal := filepath.Join(t.TempDir(), "journal.json")
	cmd := dumpscopeProcess(t, srv, "--checkpoint", journal, "--parallel", "2", "--batch-bytes", "64K", "--skip-warning-count", dump)
	waitForRows(t, srv, "sbtest1")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	out := cmd.Stdout.(*bytes.Buffer).String()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("after SIGINT: %v, want exit %d:\n%s", err, exitInterrupted, out)
	}
	i := strings.Index(out, "dumpscope import --resume")
	if i < 0 {
		t.Fatalf("no resume command printed:\n%s", out)
	}
	resume := strings.Fields(strings.SplitN(out[i:], "\n", 2)[0])
	next := exec.Command(os.Args[0], resume[1:]...)
	next.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
	if b, err := next.CombinedOutput(); err != nil {
		t.Fatalf("the printed resume command failed: %v\n%s", err, b)
	}
	if have := redump(t, srv, gen.DefaultDatabase); !bytes.Equal(want, have) {
		t.Fatalf("interrupted and resumed import differs (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
	}
}

// TestServerRestartMidImport: a server restart in the middle of an import ends it with a
// one-line error naming the position (exit 1) and a resume command; once the server is
// back, --resume completes an identical import.
func TestServerRestartMidImport(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	want := referenceRedump(t, dump)
	srv := testsandbox.Start(t)
	journal := filepath.Join(t.TempDir(), "journal.json")
	args := []string{"--checkpoint", journal, "--parallel", "2", "--batch-bytes", "64K", "--skip-warning-count"}
	cmd := dumpscopeProcess(t, srv, append(args, dump)...)
	waitForRows(t, srv, "sbtest1")
	if err := srv.Restart(context.Background()); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	out := cmd.Stdout.(*bytes.Buffer).String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailure {
		t.Fatalf("after the restart: %v, want exit %d:\n%s", err, exitFailure, out)
	}
	if !regexp.MustCompile(`dumpscope import: .*gen\.sql: offset \d+, line \d+: `).MatchString(out) || !strings.Contains(out, "dumpscope import --resume") {
		t.Fatalf("the error does not name the position or no resume command was printed:\n%s", out)
	}
	next := dumpscopeProcess(t, srv, append(append([]string{"--resume"}, args...), dump)...)
	if err := next.Wait(); err != nil {
		t.Fatalf("resume after the restart: %v\n%s", err, next.Stdout.(*bytes.Buffer).String())
	}
	if have := redump(t, srv, gen.DefaultDatabase); !bytes.Equal(want, have) {
		t.Fatalf("restarted and resumed import differs (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
	}
}

// waitForRows waits until a table of the generated dump has rows in srv: the import is
// then well under way (the sbtest tables are the last three quarters of the dump) and
// not yet finished, whatever the machine's speed.
func waitForRows(t *testing.T, srv *sandbox.Server, table string) {
	t.Helper()
	db := openDB(t, srv, "")
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		if db.QueryRow("SELECT COUNT(*) FROM "+gen.DefaultDatabase+"."+table).Scan(&n) == nil && n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s never got rows", table)
}

// TestFailureSaysProgressKept: an import under --parallel that fails leaves the progress
// schema in the target for --resume, and its summary says so in one line with the
// statement that removes it when no resume is wanted; so does a resume refused before it
// sends anything; that statement removes it.
func TestFailureSaysProgressKept(t *testing.T) {
	dump := writeDump(t, "fails.sql", []byte("CREATE DATABASE pk;\nUSE pk;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1);\nINSERT INTO nosuch VALUES (1);\n"))
	srv := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, srv, []string{"--parallel", "2"}, dump)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d:\n%s", code, exitFailure, stderr)
	}
	const line = "dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress\n"
	if !strings.Contains(stderr, line) {
		t.Fatalf("the summary does not say the progress schema is kept and how to drop it:\n%s", stderr)
	}
	// A resume refused before it sends anything (other filters) says it too.
	code, _, stderr = dumpscopeImport(t, srv, []string{"--resume", "--parallel", "2", "--tables", "t"}, dump)
	if code != exitFailure || !strings.Contains(stderr, "chose its statements with") || !strings.Contains(stderr, line) {
		t.Fatalf("refused resume: exit %d; want the refusal and the line:\n%s", code, stderr)
	}
	db := openDB(t, srv, "")
	if _, err := db.Exec("DROP DATABASE dumpscope_progress"); err != nil {
		t.Fatalf("the statement the summary gave: %v", err)
	}
}
