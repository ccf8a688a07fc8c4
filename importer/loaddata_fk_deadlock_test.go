package importer_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestLoadDataParentDDLWaitsForChildLoad: DDL on a table that another table's foreign
// key references waits for that table's batches in flight. Committing an ALTER TABLE of
// the parent takes InnoDB's X lock on the child table, and a LOAD DATA into the child
// (an AUTO_INCREMENT table) that holds its IX lock and then asks for the AUTO-INC lock
// queues behind that X: a deadlock, and the server rolled the ALTER back — ERROR 1213
// where the client, one statement after the other, succeeded (difffuzz seed 30015, the
// load-data profile: 1 import in 10 to 25 under --load-data). INSERTs take no AUTO-INC
// table lock for rows with explicit ids, so they only waited.
//
// Made deterministic: the test holds a gap lock on the child while its LOAD runs (the
// LOAD waits inside the statement, past its IX lock), lets the import dispatch the ALTER,
// and lets the LOAD go on once the ALTER waits for its X lock, or, when the import holds
// the ALTER back for the child's batch, after a while.
func TestLoadDataParentDDLWaitsForChildLoad(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE p (id INT PRIMARY KEY, c0 VARCHAR(20)) ENGINE=InnoDB;\n" +
		"INSERT INTO p VALUES (1,'a'),(2,'b');\n" +
		"CREATE TABLE c (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, pid INT, note VARCHAR(20), KEY kp (pid),\n" +
		"  CONSTRAINT fk FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB;\n" +
		"INSERT INTO c VALUES (2000,1,'x'),(2001,2,'y');\n" +
		"ALTER TABLE p ADD INDEX ix (c0);\n" +
		"INSERT INTO p VALUES (3,'c');\n"
	f, ref, got, db, lock := heldLoadTarget(t, dump)
	ctx := context.Background()
	// waitFor polls the server until it runs a statement that begins with verb (with
	// lockWait, one that waits for an InnoDB lock); false after about 3 s.
	waitFor := func(verb string, lockWait bool) bool {
		q := "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ?"
		if lockWait {
			q = "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE ?"
		}
		for range 60 {
			var n int
			if err := db.QueryRow(q, verb+"%").Scan(&n); err != nil {
				t.Error(err)
				return false
			}
			if n > 0 {
				return true
			}
			time.Sleep(50 * time.Millisecond)
		}
		return false
	}
	released := make(chan struct{})
	o := importer.Options{LoadData: true, Parallel: 2, BatchBytes: 16 << 20}
	o.OnStatement = func(_ context.Context, st *split.Statement) error {
		switch {
		case strings.HasPrefix(string(st.SQL), "INSERT INTO c"):
			// A gap lock above every id: the child's rows wait inside their statement.
			for _, q := range []string{"BEGIN", "SELECT * FROM d.c WHERE id > 0 FOR UPDATE"} {
				if _, err := lock.ExecContext(ctx, q); err != nil {
					return err
				}
			}
		case strings.HasPrefix(string(st.SQL), "ALTER TABLE p"):
			// The child's batch goes to a worker at this statement's barrier.
			go func() {
				defer close(released)
				if !waitFor("LOAD DATA", false) {
					t.Error("the child's rows never went in as a LOAD DATA")
				}
				alterWaited := waitFor("ALTER TABLE", true)
				t.Logf("the ALTER waited for a lock while the LOAD was held: %v", alterWaited)
				if _, err := lock.ExecContext(ctx, "COMMIT"); err != nil {
					t.Error(err)
				}
			}()
		}
		return nil
	}
	res, err := tryImport(t, got, "", importer.Source{Path: f}, o)
	<-released
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	finished(t, res)
	if res.Replay.LoadData == nil || res.Replay.LoadData.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
	sameDump(t, "--load-data", redumps(t, ref, "d"), redumps(t, got, "d"))
}

// heldLoadTarget writes dump to a file, imports it with the client into a reference
// sandbox, and starts the sandbox dumpscope imports into, with a connection there of the
// test's own (lock) on which it holds a gap lock, so that a LOAD into the held table waits
// inside its statement. Both are closed when the test ends.
func heldLoadTarget(t *testing.T, dump string) (path string, ref, got *sandbox.Server, db *sql.DB, lock *sql.Conn) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(path, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, got = testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, path)
	db, err := sql.Open("mysql", got.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if lock, err = db.Conn(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lock.Close() })
	return path, ref, got, db, lock
}
