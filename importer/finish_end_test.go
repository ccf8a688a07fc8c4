package importer_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
)

// TestFinishEndsCheckpointBesideCounts: a finished run's checkpoint ends (progress rows
// deleted, schema dropped, journal removed) while the row counts run, not after them: the
// DELETEs and the DROP DATABASE were serial time at the end of every --parallel import
// (p-srv: 0.11–0.44 s of DROP after 0.29 s of counts). A count is held up by a table lock
// taken before the replay ends; the progress schema must go while it waits. The counts
// still come out, and the journal is gone.
func TestFinishEndsCheckpointBesideCounts(t *testing.T) {
	f := newSessionFixture(t, `CREATE DATABASE fe;
USE fe;
CREATE TABLE a (id INT PRIMARY KEY);
INSERT INTO a VALUES (1), (2);
CREATE TABLE b (id INT PRIMARY KEY);
INSERT INTO b VALUES (1);
DO 1;
`)
	for i, o := range []importer.Options{
		{Parallel: 2},
		{Parallel: 1, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
	} {
		f.exec("DROP DATABASE IF EXISTS fe")
		locker, err := f.db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		taken := make(chan struct{})
		var lockErr error
		o.OnStatement = lockAtDO1(f, locker, "fe.a", taken, &lockErr)
		done := make(chan *importer.Result, 1)
		go func() { done <- f.dumpscope(o) }()
		if <-taken; lockErr != nil {
			t.Fatal(lockErr)
		}
		ctx, cancel := context.WithCancel(context.Background())
		if d, ok := t.Deadline(); ok {
			ctx, cancel = context.WithDeadline(context.Background(), d.Add(-30*time.Second)) // a hang guard, not a measure
		}
		if err := waitFor(ctx, f, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT COUNT(*) FROM `fe`.`a`'"); err != nil {
			t.Fatal("no count of fe.a waited for the lock:", err, f.query("SELECT GROUP_CONCAT(CONCAT(ID, ' ', COMMAND, ' ', IFNULL(STATE, ''), ' ', IFNULL(INFO, '')) SEPARATOR ' | ') FROM information_schema.PROCESSLIST"))
		}
		err = waitFor(ctx, f, "SELECT COUNT(*) = 0 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'")
		cancel()
		if _, uerr := locker.ExecContext(context.Background(), "UNLOCK TABLES"); uerr != nil {
			t.Fatal(uerr)
		}
		locker.Close()
		res := <-done
		if err != nil {
			t.Errorf("run %d: the progress schema stayed while a row count waited: the checkpoint's end waits for the counts (%v)", i, err)
		}
		if res.Err != nil || res.Status != importer.Finished {
			t.Fatalf("run %d: %v %v", i, res.Status, res.Err)
		}
		var got []string
		for _, rc := range res.RowCounts {
			got = append(got, fmt.Sprintf("%s=%d", rc.Table, rc.ServerRows))
		}
		if strings.Join(got, " ") != "a=2 b=1" {
			t.Errorf("run %d: row counts %v, want a=2 b=1", i, got)
		}
		if res.Journal != "" {
			t.Errorf("run %d: journal %q kept after a finished run", i, res.Journal)
		}
	}
}

// waitFor polls q (one number) on f's server until it is non-zero or ctx ends.
func waitFor(ctx context.Context, f *sessionFixture, q string) error {
	for {
		var n int
		if err := f.db.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return err
		}
		if n != 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// lockAtDO1 is an OnStatement hook that, at the dump's DO 1 (its last statement), queues
// LOCK TABLES table WRITE on locker and returns once the server has it waiting or taken
// (closing taken when it is taken, its error in *lockErr): queued before the replay
// ends (the table's rows may still be in a worker's transaction), so every COUNT(*) of
// the table waits behind it. It acts once; OnStatement is called again at a barrier.
func lockAtDO1(f *sessionFixture, locker *sql.Conn, table string, taken chan struct{}, lockErr *error) func(context.Context, *split.Statement) error {
	asked := false
	lock := "LOCK TABLES " + table + " WRITE"
	return func(ctx context.Context, st *split.Statement) error {
		if asked || !strings.HasPrefix(string(st.SQL), "DO 1") {
			return nil
		}
		asked = true
		go func() {
			_, *lockErr = locker.ExecContext(context.Background(), lock)
			close(taken)
		}()
		for {
			select {
			case <-taken:
				return nil
			case <-time.After(10 * time.Millisecond):
			}
			var n int
			if err := f.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO = ?", lock).Scan(&n); err != nil || n > 0 {
				return err
			}
		}
	}
}
