package replay_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestParallelStopTakesABatch: a graceful stop (the first Ctrl-C) under --parallel ends
// after the batches in flight, not after the backlog the dispatcher read ahead. Another
// session holds a gap lock on the table, so the workers block on their first batches
// while the dispatcher fills the queue and the spool behind them; the stop comes then,
// the lock is released, and at most the batches the two workers held (and one each
// claimed before the dispatcher saw the stop) may commit.
func TestParallelStopTakesABatch(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"CREATE DATABASE s", "CREATE TABLE s.t (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	const rowsPerStmt, stmts, batchBytes = 4, 4000, 8 << 10
	var dump bytes.Buffer
	dump.WriteString("USE s;\n")
	stmtBytes := 1 << 20 // the shortest statement's SQL, without its delimiter
	for i := 0; i < stmts; i++ {
		n := dump.Len()
		dump.WriteString("INSERT INTO t VALUES ")
		for r := 0; r < rowsPerStmt; r++ {
			if r > 0 {
				dump.WriteByte(',')
			}
			fmt.Fprintf(&dump, "(%d,'%s')", i*rowsPerStmt+r, strings.Repeat("x", 50))
		}
		stmtBytes = min(stmtBytes, dump.Len()-n)
		dump.WriteString(";\n")
	}

	blocker, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer blocker.Close()
	// A locking read of the empty table takes the next-key lock on its supremum: every
	// insert waits for this transaction.
	for _, q := range []string{"SET SESSION innodb_lock_wait_timeout = 600", "BEGIN", "SELECT * FROM s.t WHERE id >= 0 FOR UPDATE"} {
		if _, err := blocker.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}

	conns := make([]replay.Conn, 3) // control + 2 workers
	for i := range conns {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns[i] = c
	}
	stop := make(chan struct{})
	split := split.NewSplitter(bytes.NewReader(dump.Bytes()), split.SplitOptions{})
	rep, err := replay.NewParallelReplayer(ctx, conns, split, replay.ParallelOptions{
		ReplayOptions: replay.ReplayOptions{Name: "stop.sql", Stop: stop, SkipWarningCount: true},
		BatchBytes:    batchBytes, SpoolBytes: 4 << 20, SpoolDir: t.TempDir(),
	})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := rep.Run(ctx); done <- err }()

	// A worker is stuck in its batch's INSERT (one or both: how a table's batches are
	// spread is the planner's choice), and the dispatcher has read well past them.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var waiting int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'INSERT INTO t %'").Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting >= 1 && rep.Progress().Bytes > 40*batchBytes {
			break
		}
		if time.Now().After(deadline) {
			var pl []string
			if rows, err := db.Query("SELECT ID, COMMAND, COALESCE(STATE,''), LEFT(COALESCE(INFO,''), 80) FROM information_schema.PROCESSLIST"); err == nil {
				for rows.Next() {
					var id int64
					var c, st, info string
					_ = rows.Scan(&id, &c, &st, &info)
					pl = append(pl, fmt.Sprintf("%d %s %s %q", id, c, st, info))
				}
				rows.Close()
			}
			t.Fatalf("the workers never blocked (%d waiting, %d bytes read); processlist:\n%s", waiting, rep.Progress().Bytes, strings.Join(pl, "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	if _, err := blocker.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, replay.ErrStopped) {
		t.Fatalf("Run: %v, want ErrStopped", err)
	}
	var rows int
	if err := db.QueryRow("SELECT COUNT(*) FROM s.t").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	// The two batches in flight, and at most one more per worker: a worker freed by the
	// ROLLBACK may claim the next entry of the backlog before the dispatcher has seen the
	// stop and dropped the backlog (CI on a loaded machine: 388 rows, 2.9 batches). The
	// backlog itself is over 40 batches.
	perBatch := (batchBytes/stmtBytes + 1) * rowsPerStmt
	if rows > 4*perBatch {
		t.Errorf("%d rows committed after the stop; the two batches in flight and one more per worker hold at most %d (the read-ahead backlog of over 40 batches ran)", rows, 4*perBatch)
	}
}
