package difffuzz

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hangStandin is a stand-in for dumpscope whose import hangs on a row lock a second
// connection holds: it runs the script with the client, then opens a transaction that
// updates the script's row and sleeps (8 s), and updates the row itself (waiting for the
// lock, longer than the test's bound).
const hangStandin = `#!/bin/sh
sock=
prev=
for a; do
	[ "$prev" = "-S" ] && sock=$a
	prev=$a
	file=$a
done
c="mariadb --no-defaults -u root -S $sock"
$c < "$file" || exit 1
$c -e "START TRANSACTION; UPDATE fzh.t SET v = 'held' WHERE id = 1; DO SLEEP(8); COMMIT" &
sleep 1
exec $c -e "UPDATE fzh.t SET v = 'waits' WHERE id = 1"
`

// TestRunnerSavesServerAtBound: an import that reaches the runner's bound (4 s here; 2
// minutes in a search) on a row lock a second connection holds is reported as a hang, the
// finding's files hold what the server was doing — the processlist with the waiting
// UPDATE and InnoDB's TRANSACTIONS section with its lock wait — and the finding's line
// names that file. Before session 52 a hang said only "dumpscope did not finish" (seed
// 162111).
func TestRunnerSavesServerAtBound(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hang-standin")
	if err := os.WriteFile(bin, []byte(hangStandin), 0o755); err != nil {
		t.Fatal(err)
	}
	r := newTestRunner(t, bin)
	r.Timeout = 4 * time.Second
	script := Script{Seed: 7, Stmts: []Stmt{
		{Head: "CREATE DATABASE fzh"},
		{Head: "CREATE TABLE fzh.t (id int NOT NULL PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"},
		{Head: "INSERT INTO fzh.t VALUES ", Rows: []Row{{"1", "'a'"}, {"2", "'b'"}}},
	}}
	modes, err := ModeNames("serial")
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.CheckScript(context.Background(), script, modes[0], rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	if d == nil || d.Kind != "hang" {
		t.Fatalf("difference %v, want a hang", d)
	}
	for _, want := range []string{"SHOW FULL PROCESSLIST", "UPDATE fzh.t SET v = 'waits' WHERE id = 1", "TRANSACTIONS", "LOCK WAIT"} {
		if !strings.Contains(d.Server, want) {
			t.Errorf("the server's state at the bound has no %q:\n%s", want, d.Server)
		}
	}
	out := t.TempDir()
	shrunk, server, err := writeFinding(out, Result{Diff: d, Original: script, Shrunk: script}, modes[0], r)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(server)
	if err != nil || !strings.Contains(string(saved), "'waits'") {
		t.Fatalf("the server's state next to %s: %q, %v", shrunk, saved, err)
	}
	head, _ := os.ReadFile(shrunk)
	if !strings.Contains(string(head), server) {
		t.Errorf("the shrunk script's header does not name %s:\n%s", server, head)
	}
	line := Finding{Seed: 7, Mode: "serial", Kind: d.Kind, File: shrunk, Server: server}.Line()
	if !strings.Contains(line, server) || strings.Contains(line, "\n") {
		t.Errorf("the finding's line: %q", line)
	}
	t.Logf("%s\n%s", line, saved)
}

// TestTimeoutFollowsClient: the bound of one import is at least baseTimeout, grows with the
// client's time on the same script (clientTimes × it), and a Runner.Timeout set by its
// caller wins over both.
func TestTimeoutFollowsClient(t *testing.T) {
	for _, c := range []struct {
		set, client, want time.Duration
	}{
		{0, 0, baseTimeout},
		{0, time.Second, baseTimeout},
		{0, 10 * time.Second, 10 * clientTimes * time.Second},
		{time.Minute, 10 * time.Second, time.Minute},
	} {
		r := &Runner{Timeout: c.set, clientTook: c.client}
		if got := r.timeout(); got != c.want {
			t.Errorf("Timeout %v, client %v: bound %v, want %v", c.set, c.client, got, c.want)
		}
	}
}
