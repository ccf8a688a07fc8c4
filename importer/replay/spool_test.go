package replay_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// spoolDump is a dump of rows into the given tables, one after the other, n statements of
// four rows each per table.
func spoolDump(n int, tables ...string) []byte {
	var dump bytes.Buffer
	dump.WriteString("USE s;\n")
	for _, t := range tables {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&dump, "INSERT INTO %s VALUES ", t)
			for r := 0; r < 4; r++ {
				if r > 0 {
					dump.WriteByte(',')
				}
				fmt.Fprintf(&dump, "(%d,'%s')", i*4+r, strings.Repeat("x", 50))
			}
			dump.WriteString(";\n")
		}
	}
	return dump.Bytes()
}

// spoolReplayer prepares a replay of dump on two workers with a spool, 8 KiB batches and
// queueBytes of memory (0: the default).
func spoolReplayer(t *testing.T, ctx context.Context, db *sql.DB, dump []byte, queueBytes int64) *replay.ParallelReplayer {
	t.Helper()
	conns := make([]replay.Conn, 3) // control + 2 workers
	for i := range conns {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		conns[i] = c
	}
	rep, err := replay.NewParallelReplayer(ctx, conns, split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{}), replay.ParallelOptions{
		ReplayOptions: replay.ReplayOptions{Name: "spool.sql", SkipWarningCount: true},
		BatchBytes:    8 << 10, QueueBytes: queueBytes, SpoolBytes: 16 << 20, SpoolDir: t.TempDir(),
		StreamBytes: func() int64 { return int64(len(dump)) }, // a plain file's length
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func spoolDB(t *testing.T, ddl ...string) *sql.DB {
	t.Helper()
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, q := range append([]string{"CREATE DATABASE s"}, ddl...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func countRows(t *testing.T, db *sql.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestParallelOwnTablesSpoolLittle: once each worker has a table of its own, the
// dispatcher waits for memory rather than writing what it reads ahead to the spool
// (issue 24: a 200M dump went nearly whole through the spool, an eighth of the client's
// CPU). Two tables with primary keys, the first within the memory budget: the second
// worker goes on to the second table as soon as the dispatcher reaches it, and nearly
// nothing is spooled (before: all of the second table beyond memory, about a third of
// the dump).
func TestParallelOwnTablesSpoolLittle(t *testing.T) {
	ctx := context.Background()
	db := spoolDB(t,
		"CREATE TABLE s.a (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB",
		"CREATE TABLE s.b (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB")
	const stmts = 1500
	dump := spoolDump(stmts, "a", "b")
	rep := spoolReplayer(t, ctx, db, dump, int64(len(dump))*2/3)
	if _, err := rep.Run(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tb := range []string{"s.a", "s.b"} {
		if n := countRows(t, db, tb); n != 4*stmts {
			t.Fatalf("%s: %d rows, want %d", tb, n, 4*stmts)
		}
	}
	if n := rep.Progress().SpooledBytes; n > int64(len(dump))/10 {
		t.Errorf("%d of the dump's %d bytes spooled with each worker on its own table, want at most a tenth", n, len(dump))
	}
}

// TestParallelSpoolFeedsIdleWorker: the spool still does what it is for. The rows of a
// table without a primary key keep stream order on worker 0, which another session's lock
// holds on the table's first batch; memory fills with that table's batches, which worker
// 1 may not run. Worker 1 starves, so the dispatcher reads on through the spool to the
// next table's rows, which worker 1 loads whole while the lock still holds the first.
func TestParallelSpoolFeedsIdleWorker(t *testing.T) {
	ctx := context.Background()
	db := spoolDB(t,
		"CREATE TABLE s.a (id INT, v VARCHAR(200)) ENGINE=InnoDB",
		"CREATE TABLE s.b (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB")
	blocker, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer blocker.Close()
	// A locking read of the empty table locks its supremum: every insert into it waits.
	for _, q := range []string{"SET SESSION innodb_lock_wait_timeout = 600", "BEGIN", "SELECT * FROM s.a FOR UPDATE"} {
		if _, err := blocker.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	const stmts = 1000
	rep := spoolReplayer(t, ctx, db, spoolDump(stmts, "a", "b"), 0)
	done := make(chan error, 1)
	go func() { _, err := rep.Run(ctx); done <- err }()
	deadline := time.Now().Add(2 * time.Minute)
	for countRows(t, db, "s.b") < 4*stmts {
		if time.Now().After(deadline) {
			_, _ = blocker.ExecContext(ctx, "ROLLBACK")
			<-done
			t.Fatalf("s.b has %d of %d rows while s.a is held: the idle worker never got them", countRows(t, db, "s.b"), 4*stmts)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := countRows(t, db, "s.a"); n != 0 {
		t.Errorf("s.a has %d rows under the lock", n)
	}
	spooled := rep.Progress().SpooledBytes
	if _, err := blocker.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, db, "s.a"); n != 4*stmts {
		t.Fatalf("s.a: %d rows, want %d", n, 4*stmts)
	}
	if spooled == 0 {
		t.Error("nothing spooled: the read-ahead past the held table came from memory alone")
	}
}
