package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// nonTransactionalScript writes MyISAM and Aria tables with statements that are wrong when
// applied twice. The first UPDATE sleeps, so that the test can kill dumpscope while it
// runs, or hold the progress table while it does and kill dumpscope once it has returned
// but before its progress row commits — the windows a kill -9 hits by chance.
const nonTransactionalScript = `CREATE DATABASE nt;
USE nt;
CREATE TABLE counter (id INT PRIMARY KEY, n INT) ENGINE=MyISAM;
INSERT INTO counter VALUES (1, 0);
CREATE TABLE src (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
INSERT INTO src VALUES (1, 10), (2, 20), (3, 30);
CREATE TABLE copy (id INT, v INT) ENGINE=Aria;
UPDATE counter SET n = n + 1 + SLEEP(1) * 0 WHERE id = 1;
INSERT INTO copy SELECT id, v FROM src;
DELETE FROM copy WHERE id = 2;
UPDATE counter SET n = n + 10;
`

// TestResumeNonTransactionalOnce: dumpscope killed (SIGKILL) around a MyISAM UPDATE whose
// progress row did not commit, then resumed, never applies the UPDATE twice. Killed after
// the UPDATE returned, the resume records it as applied and ends as the client's import
// does; killed while it ran (nobody saw it end), the resume refuses with one line naming
// the statement's position and table and what to check, and once checked complete,
// --resume-applied finishes the import as the client's.
func TestResumeNonTransactionalOnce(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	dump := writeDump(t, "nontx.sql", []byte(nonTransactionalScript))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redump(t, ref, "nt")

	t.Run("killed after it returned", func(t *testing.T) {
		srv := testsandbox.Start(t)
		journal := filepath.Join(t.TempDir(), "journal")
		db := sandboxDB(t, srv)
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		cmd := dumpscopeProcess(t, srv, "--checkpoint", journal, "--parallel", "2", dump)
		waitProcess(t, db, "UPDATE counter SET n = n + 1 + SLEEP%", "")
		if _, err := conn.ExecContext(context.Background(), "LOCK TABLES dumpscope_progress.done WRITE"); err != nil {
			t.Fatal(err)
		}
		waitProcess(t, db, "INSERT INTO dumpscope_progress.done%", "Waiting%")
		killAfterUpdate(t, db, cmd)
		// The orphaned connection's progress row goes in, then rolls back with its
		// transaction when the server sees the client gone.
		if _, err := conn.ExecContext(context.Background(), "UNLOCK TABLES"); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := dumpscopeImport(t, srv, []string{"--resume", "--checkpoint", journal, "--parallel", "2"}, dump)
		if code != 0 {
			t.Fatalf("resume: exit %d: %s", code, stderr)
		}
		if !strings.Contains(stderr, "line 8: UPDATE had run to its end on") {
			t.Errorf("resume did not say it settled the UPDATE:\n%s", stderr)
		}
		if have := redump(t, srv, "nt"); !bytes.Equal(want, have) {
			t.Errorf("after kill -9 and resume the re-dump differs from the client's; first difference at %s", firstDiff(want, have))
		}
	})

	t.Run("killed while it ran", func(t *testing.T) {
		srv := testsandbox.Start(t)
		journal := filepath.Join(t.TempDir(), "journal")
		db := sandboxDB(t, srv)
		cmd := dumpscopeProcess(t, srv, "--checkpoint", journal, "--parallel", "2", dump)
		waitProcess(t, db, "UPDATE counter SET n = n + 1 + SLEEP%", "")
		killAfterUpdate(t, db, cmd)
		code, _, stderr := dumpscopeImport(t, srv, []string{"--resume", "--checkpoint", journal, "--parallel", "2"}, dump)
		if code == 0 {
			t.Fatalf("the resume went on where the UPDATE may have been half applied:\n%s", stderr)
		}
		i := strings.Index(stderr, "resume: ")
		if i < 0 || !strings.Contains(stderr[i:], "line 8: UPDATE writes ") || !strings.Contains(stderr[i:], "`nt`.`counter` (not transactional)") || !strings.Contains(stderr[i:], "check whether its change is in") {
			t.Errorf("the refusal does not name the statement and what to check:\n%s", stderr)
		}
		var n int
		if err := db.QueryRow("SELECT n FROM nt.counter").Scan(&n); err != nil || n != 1 {
			t.Errorf("counter.n = %d (%v) after the refusal, want 1: the UPDATE ran once", n, err)
		}
		// The user checks: counter.n is 1, the UPDATE is complete. The refusal's way on.
		if !strings.Contains(stderr, "if it is complete, resume with --resume-applied 283") {
			t.Fatalf("the refusal does not say how to go on once the change is checked:\n%s", stderr)
		}
		code, _, stderr = dumpscopeImport(t, srv, []string{"--resume", "--resume-applied", "283", "--checkpoint", journal, "--parallel", "2"}, dump)
		if code != 0 || !strings.Contains(stderr, "was checked complete (--resume-applied)") {
			t.Fatalf("resume with --resume-applied: exit %d:\n%s", code, stderr)
		}
		if have := redump(t, srv, "nt"); !bytes.Equal(want, have) {
			t.Errorf("after --resume-applied the re-dump differs from the client's; first difference at %s", firstDiff(want, have))
		}
	})
}

// sandboxDB is a pool on srv for the test's own queries.
func sandboxDB(t *testing.T, srv *sandbox.Server) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// killAfterUpdate kills dumpscope (SIGKILL) and waits until the server has finished the
// sleeping UPDATE it was running for it: counter.n is 1, and no progress row says so.
func killAfterUpdate(t *testing.T, db *sql.DB, cmd *exec.Cmd) {
	t.Helper()
	_ = cmd.Process.Signal(os.Kill)
	_ = cmd.Wait()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		var n int
		if err := db.QueryRow("SELECT n FROM nt.counter").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("counter.n = %d a minute after the kill, want 1", n)
		}
	}
}

// waitProcess waits until a connection runs a statement like info, in a state like state
// ("" for any).
func waitProcess(t *testing.T, db *sql.DB, info, state string) {
	t.Helper()
	if state == "" {
		state = "%"
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND STATE LIKE ?", info, state).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection ran %q in state %q within a minute", info, state)
		}
	}
}

// TestResumeNonTransactionalKill9: a script of MyISAM and Aria statements that are wrong
// when applied twice, killed (SIGKILL) at random moments under --parallel 2 and resumed,
// ends as the client's import does, or with a refusal that names what to check.
func TestResumeNonTransactionalKill9(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	var b strings.Builder
	b.WriteString("CREATE DATABASE ntk;\nUSE ntk;\n")
	b.WriteString("CREATE TABLE counter (id INT PRIMARY KEY, n INT) ENGINE=MyISAM;\nINSERT INTO counter VALUES (1, 0), (2, 0);\n")
	b.WriteString("CREATE TABLE src (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "INSERT INTO src VALUES (%d, %d);\n", i, i*7)
	}
	b.WriteString("CREATE TABLE log (id INT, v INT) ENGINE=Aria;\n")
	for i := 0; i < 300; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "UPDATE counter SET n = n + 1 WHERE id = %d;\n", 1+i%2)
		case 1:
			fmt.Fprintf(&b, "INSERT INTO log SELECT id, v + %d FROM src WHERE id %% 10 = %d;\n", i, i%10)
		default:
			fmt.Fprintf(&b, "DELETE FROM log WHERE v %% 5 = %d LIMIT 1;\n", i%5)
		}
	}
	dump := writeDump(t, "ntk.sql", []byte(b.String()))
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, dump)
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("kill points from seed %d", seed)
	journal := filepath.Join(t.TempDir(), "ntk.journal")
	args := []string{"--checkpoint", journal, "--parallel", "2"}
	if refusal := killAndResume(t, srv, dump, journal, args, killPlan{kills: 4, maxDelay: 300 * time.Millisecond, rng: rng}, "may be half applied"); refusal != "" {
		// The other allowed outcome: a refusal naming the statement and the tables.
		if !strings.Contains(refusal, "ntk.sql: offset ") || !strings.Contains(refusal, "`ntk`.") {
			t.Errorf("the refusal does not name the statement and its tables:\n%s", refusal)
		}
		t.Logf("resume refused: %s", refusal)
		return
	}
	if want, have := redump(t, ref, "ntk"), redump(t, srv, "ntk"); !bytes.Equal(want, have) {
		t.Errorf("after kill -9 and resume the re-dump differs from the client's; first difference at %s", firstDiff(want, have))
	}
}

// killPlan is when killAndResume kills: in each of the first kills attempts, at a random
// moment up to maxDelay after the journal exists.
type killPlan struct {
	kills    int
	maxDelay time.Duration
	rng      *rand.Rand
}

// killAndResume imports dump into srv with args (which name journal), kills dumpscope
// (SIGKILL) as plan says and resumes with --resume, until an attempt ends by itself. It
// returns "" when the import finished, or the output from the line that contains refusal
// when an attempt refused. Any other failure fails
// the test.
func killAndResume(t *testing.T, srv *sandbox.Server, dump, journal string, args []string, plan killPlan, refusal string) string {
	t.Helper()
	for attempt := 0; ; attempt++ {
		a := args
		if attempt > 0 {
			if _, err := os.Stat(journal); os.IsNotExist(err) {
				return "" // the kill came after the import had finished
			}
			a = append([]string{"--resume"}, args...)
		}
		cmd := dumpscopeProcess(t, srv, append(a, dump)...)
		if attempt < plan.kills {
			for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
				if _, err := os.Stat(journal); err == nil {
					break
				}
			}
			time.Sleep(time.Duration(plan.rng.Int63n(int64(plan.maxDelay))))
			_ = cmd.Process.Signal(os.Kill)
		}
		err := cmd.Wait()
		out := cmd.Stdout.(*bytes.Buffer).String()
		if err == nil {
			return ""
		}
		if i := strings.Index(out, refusal); i >= 0 {
			return out[strings.LastIndex(out[:i], "\n")+1:] // from the refusal's line
		}
		if ee, ok := err.(*exec.ExitError); (ok && ee.ExitCode() > 0) || attempt >= plan.kills {
			t.Fatalf("%s: attempt %d failed on its own: %v\n%s", filepath.Base(dump), attempt, err, out)
		}
	}
}

// TestResumeAppliedUsage: --resume-applied takes the offsets a refusal named, with
// --resume only.
func TestResumeAppliedUsage(t *testing.T) {
	for args, want := range map[string]string{
		"--resume-applied 283 d.sql":                         "--resume-applied goes with --resume",
		"--resume --resume-applied 28x --checkpoint j d.sql": `--resume-applied "28x": want the byte offset the refusal named`,
	} {
		var out, errb bytes.Buffer
		code := runCommand(append([]string{"import", "--no-defaults"}, strings.Fields(args)...), stdio{Out: &out, Err: &errb})
		if code != exitUsage || !strings.Contains(errb.String(), want) {
			t.Errorf("%s: exit %d, %q; want usage naming %q", args, code, errb.String(), want)
		}
	}
}

// TestResumeNonTransactionalDottedNames: names that hold a dot (`nt.d`.`c.t`) get the same
// exactly-once protection as others: dumpscope killed (SIGKILL) while a MyISAM UPDATE of
// such a table ran is refused on resume, naming the table, instead of running the UPDATE
// a second time (the intent had checksummed another table, `nt`.`d.c.t`, that does not
// exist, and found it unchanged).
func TestResumeNonTransactionalDottedNames(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	dump := writeDump(t, "dotted.sql", []byte("CREATE DATABASE `nt.d`;\nUSE `nt.d`;\n"+
		"CREATE TABLE `c.t` (id INT PRIMARY KEY, n INT) ENGINE=MyISAM;\nINSERT INTO `c.t` VALUES (1, 0);\n"+
		"UPDATE `c.t` SET n = n + 1 + SLEEP(1) * 0 WHERE id = 1;\nUPDATE `c.t` SET n = n + 10;\n"))
	srv := testsandbox.Start(t)
	journal := filepath.Join(t.TempDir(), "journal")
	db := sandboxDB(t, srv)
	cmd := dumpscopeProcess(t, srv, "--checkpoint", journal, "--parallel", "2", dump)
	waitProcess(t, db, "UPDATE `c.t` SET n = n + 1 + SLEEP%", "")
	_ = cmd.Process.Signal(os.Kill)
	_ = cmd.Wait()
	n := func() int {
		var n int
		if err := db.QueryRow("SELECT n FROM `nt.d`.`c.t`").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for deadline := time.Now().Add(time.Minute); n() != 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("n = %d a minute after the kill, want 1", n())
		}
	}
	code, _, stderr := dumpscopeImport(t, srv, []string{"--resume", "--checkpoint", journal, "--parallel", "2"}, dump)
	if code == 0 {
		t.Fatalf("the resume went on where the UPDATE may have been half applied (n = %d):\n%s", n(), stderr)
	}
	if !strings.Contains(stderr, "`nt.d`.`c.t` (not transactional)") {
		t.Errorf("the refusal does not name the table:\n%s", stderr)
	}
	if got := n(); got != 1 {
		t.Errorf("n = %d after the refusal, want 1: the UPDATE ran once", got)
	}
}
