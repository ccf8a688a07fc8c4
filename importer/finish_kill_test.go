package importer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestKilledDuringCountsLeavesClientDatabase: the checkpoint of a finished run now ends
// beside the row counts (finish, countRowsBeside), so a kill while a count runs finds no
// journal and no progress schema: every statement had committed. What it leaves must be
// the client's database, and a --resume must say there is nothing to resume (not send
// anything, not fail on half-removed progress). The kill is the import's context
// cancelled while the count of a waits behind a table lock taken before the replay ended;
// on main the checkpoint ended after the counts, so it was still there at that point.
func TestKilledDuringCountsLeavesClientDatabase(t *testing.T) {
	const dump = `CREATE DATABASE fk;
USE fk;
CREATE TABLE a (id INT PRIMARY KEY, v VARCHAR(20));
INSERT INTO a VALUES (1, 'x'), (2, 'y');
CREATE TABLE b (id INT PRIMARY KEY);
INSERT INTO b VALUES (1), (2), (3);
DO 1;
`
	ref := testsandbox.Start(t)
	f := newSessionFixture(t, dump)
	clientImport(t, ref, f.path)
	want := redump(t, ref, "fk")

	journal := filepath.Join(t.TempDir(), "journal")
	locker, err := f.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close()
	taken := make(chan struct{})
	var lockErr error
	o := importer.Options{Parallel: 2, CheckpointPath: journal, SkipWarningCount: true}
	o.OnStatement = lockAtDO1(f, locker, "fk.a", taken, &lockErr)
	kill, killed := context.WithCancel(context.Background())
	defer killed()
	done := make(chan *importer.Result, 1)
	go func() {
		res, err := importer.Import(kill, f.cfg, importer.Source{Path: f.path}, o)
		if err != nil {
			res = &importer.Result{Err: err}
		}
		done <- res
	}()
	if <-taken; lockErr != nil {
		t.Fatal(lockErr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), d.Add(-30*time.Second)) // a hang guard, not a measure
	}
	defer cancel()
	if err := waitFor(ctx, f, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO = 'SELECT COUNT(*) FROM `fk`.`a`'"); err != nil {
		t.Fatal("no count of fk.a waited for the lock:", err)
	}
	// The state a kill here leaves: the checkpoint gone while the count still waits.
	gone := waitFor(ctx, f, "SELECT COUNT(*) = 0 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'")
	_, statErr := os.Stat(journal)
	killed()
	if _, err := locker.ExecContext(context.Background(), "UNLOCK TABLES"); err != nil {
		t.Fatal(err)
	}
	res := <-done
	if gone != nil {
		t.Fatalf("the progress schema stayed while the count of a waited (%v): the checkpoint ends after the counts", gone)
	}
	if !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("journal %s still there while the count of a waited (%v)", journal, statErr)
	}
	if res.Replay == nil || res.Replay.Statements == 0 {
		t.Fatalf("the killed run: %v", res.Err)
	}

	o.OnStatement, o.Resume = nil, true
	var log strings.Builder
	o.Log = &log
	_, err = importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
	if err == nil || !strings.Contains(err.Error(), "nothing to resume") {
		t.Errorf("resume after a kill in the counts: %v, want it refused with nothing to resume\n%s", err, log.String())
	}
	if have := redump(t, f.srv, "fk"); have != want {
		t.Errorf("after a kill during the row counts the re-dump differs from the client's:\nclient:\n%s\ndumpscope:\n%s", want, have)
	}
	if n := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); n != "0" {
		t.Errorf("dumpscope_progress left after the resume was refused (%s)", n)
	}
}
