package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/crash"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestHangupRestoresDurability: SIGHUP (an SSH disconnect) during a --relax-durability
// import stops it as Ctrl-C does, and the server's settings are put back; before, the
// process died and left innodb_flush_log_at_trx_commit=2 on the server.
func TestHangupRestoresDurability(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	srv := testsandbox.Start(t)
	cmd := dumpscopeProcess(t, srv, "--relax-durability", "--skip-warning-count", dump)
	waitForRows(t, srv, "sbtest1")
	db := openDB(t, srv, "")
	var during int
	if err := db.QueryRow("SELECT @@global.innodb_flush_log_at_trx_commit").Scan(&during); err != nil {
		t.Fatal(err)
	}
	if during != 2 {
		t.Fatalf("innodb_flush_log_at_trx_commit = %d during the import, want 2 (relaxed)", during)
	}
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	out := cmd.Stdout.(*bytes.Buffer).String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("after SIGHUP: %v, want exit %d:\n%s", err, exitInterrupted, out)
	}
	var after int
	if err := db.QueryRow("SELECT @@global.innodb_flush_log_at_trx_commit").Scan(&after); err != nil {
		t.Fatal(err)
	}
	if after != 1 || !strings.Contains(out, "restored SET GLOBAL innodb_flush_log_at_trx_commit = 1") {
		t.Errorf("after SIGHUP innodb_flush_log_at_trx_commit = %d, want 1 restored:\n%s", after, out)
	}
}

// TestBrokenPipeStopsSandbox: `dumpscope import --sandbox … 2>&1 | head -2` — once the
// reader is gone, the next progress line raises SIGPIPE; dumpscope must stop the sandbox
// server and remove its directory, as on Ctrl-C, instead of dying and leaving both.
func TestBrokenPipeStopsSandbox(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	parent, err := os.MkdirTemp("", "ds-pipe-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(parent) })
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "import", "--sandbox", "--sandbox-dir", parent, "--no-advisor", "--interval", "100ms", dump)
	cmd.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	// Read until the import runs (the sandbox is up and the first progress line is out),
	// then go away as head does.
	sc := bufio.NewScanner(r)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.Contains(sc.Text(), " sql") && strings.Contains(strings.Join(seen, "\n"), "dumpscope: importing") {
			break
		}
	}
	r.Close()
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Errorf("dumpscope died of %v (after %q)", ws.Signal(), seen)
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		t.Errorf("left behind in the sandbox dir: %s", filepath.Join(parent, e.Name()))
	}
	if pids := serversUnder(t, parent); len(pids) > 0 {
		for _, p := range pids {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		t.Errorf("sandbox server(s) %v still running after the broken pipe (exit: %v)", pids, err)
	}
}

// serversUnder lists the processes whose command line names dir (a sandbox's server).
func serversUnder(t *testing.T, dir string) []int {
	t.Helper()
	var pids []int
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(b, []byte("--datadir="+dir)) {
			continue
		}
		var pid int
		for _, c := range strings.Split(p, "/")[2] {
			pid = pid*10 + int(c-'0')
		}
		// A zombie has an empty cmdline, so whatever matched is alive.
		pids = append(pids, pid)
	}
	return pids
}

// TestKilledConnectionRestoresDurability: the import's connection is killed on the
// server mid-import (an operator's KILL, wait_timeout); the import fails, and the
// settings --relax-durability changed are put back over a fresh connection instead of
// staying relaxed.
func TestKilledConnectionRestoresDurability(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	srv := testsandbox.Start(t)
	cmd := dumpscopeProcess(t, srv, "--relax-durability", "--skip-warning-count", dump)
	waitForRows(t, srv, "sbtest1")
	db := openDB(t, srv, "")
	var id int64
	if err := db.QueryRow("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ?", gen.DefaultDatabase).Scan(&id); err != nil {
		t.Fatalf("find the import's connection: %v", err)
	}
	if _, err := db.Exec("KILL CONNECTION " + strconv.FormatInt(id, 10)); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	out := cmd.Stdout.(*bytes.Buffer).String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailure {
		t.Fatalf("after KILL: %v, want exit %d:\n%s", err, exitFailure, out)
	}
	var after int
	if err := db.QueryRow("SELECT @@global.innodb_flush_log_at_trx_commit").Scan(&after); err != nil {
		t.Fatal(err)
	}
	if after != 1 {
		t.Errorf("innodb_flush_log_at_trx_commit = %d after the import's connection was killed, want 1 restored:\n%s", after, out)
	}
}

// TestWatchHangupWritesRecord: `watch --record` ended by SIGHUP (an SSH disconnect)
// writes its run record as Ctrl-C does; before, the process died and the record, saved
// once a minute, did not exist.
func TestWatchHangupWritesRecord(t *testing.T) {
	srv := testsandbox.Start(t)
	record := filepath.Join(t.TempDir(), "watch.json")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "watch", "--no-defaults", "-u", "root", "-S", srv.Socket, "--interval", "100ms", "--no-tui", "--record", record)
	cmd.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	sc := bufio.NewScanner(r)
	var seen []string
	for sc.Scan() && len(seen) < 1000 {
		seen = append(seen, sc.Text())
		if strings.HasPrefix(sc.Text(), "watching ") {
			break
		}
	}
	go func() { // keep draining stderr
		for sc.Scan() {
		}
	}()
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("watch after SIGHUP: %v (stderr so far %q)", err, seen)
	}
	if st, err := os.Stat(record); err != nil || st.Size() == 0 {
		t.Errorf("no run record after SIGHUP: %v", err)
	}
}

// TestAbortSignalsRestoreDurability: SIGQUIT (Ctrl-\) and SIGABRT, which Go's runtime
// answers with a stack dump and exit 2, abort a --relax-durability import at once but
// still put the server's settings back; before, the process died and left
// innodb_flush_log_at_trx_commit=2 on the server. The goroutines' stacks are still printed.
func TestAbortSignalsRestoreDurability(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	o.RowsPerInsertBytes = 16 << 10
	dump := writeGenDump(t, o)
	for _, sig := range []syscall.Signal{syscall.SIGQUIT, syscall.SIGABRT} {
		t.Run(sig.String(), func(t *testing.T) {
			srv := testsandbox.Start(t)
			cmd := dumpscopeProcess(t, srv, "--relax-durability", "--skip-warning-count", dump)
			waitForRows(t, srv, "sbtest1")
			db := openDB(t, srv, "")
			trxCommit := func() int {
				var v int
				if err := db.QueryRow("SELECT @@global.innodb_flush_log_at_trx_commit").Scan(&v); err != nil {
					t.Fatal(err)
				}
				return v
			}
			if v := trxCommit(); v != 2 {
				t.Fatalf("innodb_flush_log_at_trx_commit = %d during the import, want 2 (relaxed)", v)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			out := cmd.Stdout.(*bytes.Buffer).String()
			if _, ok := err.(*exec.ExitError); !ok {
				t.Errorf("after %v: %v, want a non-zero exit", sig, err)
			}
			if v := trxCommit(); v != 1 {
				t.Errorf("after %v innodb_flush_log_at_trx_commit = %d, want 1 restored:\n%s", sig, v, out)
			}
			if !strings.Contains(out, "goroutine ") {
				t.Errorf("after %v no goroutine stacks printed:\n%s", sig, out)
			}
		})
	}
}

// TestReportPanic: a panic recovered in the import (in Result.Err, Import's error or the
// sampling session's) is printed with its stack and makes the exit non-zero.
func TestReportPanic(t *testing.T) {
	var errb bytes.Buffer
	if reportPanic(stdio{Err: &errb}, nil, errors.New("plain")) || errb.Len() != 0 {
		t.Errorf("no panic: reported %q", errb.String())
	}
	var perr error
	func() {
		defer crash.Recover(func(err error) { perr = err })
		panic("sampler")
	}()
	if !reportPanic(stdio{Err: &errb}, nil, fmt.Errorf("import: %w", perr)) {
		t.Fatal("a wrapped panic is not reported")
	}
	if out := errb.String(); !strings.Contains(out, "panic: sampler") || !strings.Contains(out, "TestReportPanic") {
		t.Errorf("report lacks the panic or its stack:\n%s", out)
	}
}
