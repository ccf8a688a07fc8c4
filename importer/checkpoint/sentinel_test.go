package checkpoint

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestProgressTablesNoBulkLock: seed 170102's lock. The dump's own connection, in its
// transaction (autocommit 0) under mysqldump's UNIQUE_CHECKS=0 and FOREIGN_KEY_CHECKS=0,
// writes the first row of the journal of user variables (or a progress row, or a DDL's
// mark); a worker's row into the same table must not wait for that transaction.
// Before sentinelRows the first INSERT into the empty table took InnoDB's bulk path, a
// lock on the whole table until the dump's COMMIT: the worker waited
// innodb_lock_wait_timeout and failed with ERROR 1205 (3 of 3 tables failed before).
func TestProgressTablesNoBulkLock(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dump, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer dump.Close()
	worker, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer worker.Close()
	target, err := ReadTarget(ctx, dump)
	if err != nil {
		t.Fatal(err)
	}
	cp := &Run{progressRows: progressRows{RunID: NewRunID()}}
	if err := cp.setup(ctx, dump, DumpIdentity{Name: "dump.sql", Size: 1}, target, nil); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"SET SESSION unique_checks = 0, foreign_key_checks = 0, autocommit = 0", "SET SESSION innodb_lock_wait_timeout = 1"} {
		if _, err := dump.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := worker.ExecContext(ctx, "SET SESSION innodb_lock_wait_timeout = 1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ table, dump, worker string }{
		{"vars", "INSERT INTO " + ProgressSchema + ".vars (run_id, start_offset, assign) VALUES (?, 10, 'SET @a = 1')", "INSERT INTO " + ProgressSchema + ".vars (run_id, start_offset, assign) VALUES (?, 20, 'SET @a = 2')"},
		{"done", "INSERT INTO " + ProgressSchema + ".done (run_id, start_offset, end_offset, statements, row_count) VALUES (?, 10, 20, 1, 1)", "INSERT INTO " + ProgressSchema + ".done (run_id, start_offset, end_offset, statements, row_count) VALUES (?, 30, 40, 1, 1)"},
		{"sent", "INSERT INTO " + ProgressSchema + ".sent VALUES (?, 10, 'y')", "INSERT INTO " + ProgressSchema + ".sent VALUES (?, 20, 'y')"},
	} {
		if _, err := dump.ExecContext(ctx, c.dump, cp.RunID); err != nil {
			t.Fatal(err)
		}
		if _, err := worker.ExecContext(ctx, c.worker, cp.RunID); err != nil {
			t.Errorf("%s: a worker's row while the dump's transaction holds its first: %v", c.table, err)
		}
	}
	if _, err := dump.ExecContext(ctx, "COMMIT"); err != nil {
		t.Fatal(err)
	}
}
