package importer

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/go-sql-driver/mysql"
)

// syncBuffer is a bytes.Buffer the import's goroutines and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStopWaitSaysWhatItWaitsFor: a graceful stop (one Ctrl-C or SIGTERM) finishes the
// statement in flight. When that statement waits for a lock another session holds, the
// import said "stopping after the statement in flight" once and then nothing, for as long
// as the lock was held (on main before this test neither case printed a further line).
// Now it says, again and again, how long it has waited and what the server shows the
// import's statement doing, and the statement still ends before the import does: the
// dump's statement in flight (a user lock) and the preflight's own emptiness check of a
// table another session keeps under LOCK TABLES … WRITE.
func TestStopWaitSaysWhatItWaitsFor(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	old := stopWaitEvery
	stopWaitEvery = 200 * time.Millisecond
	t.Cleanup(func() { stopWaitEvery = old })
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, hold, release, dump, waiting string
		hint                               string // Options.StopAbortHint; "": the default
		want                               []string
		rows                               int // in sw.t at the end
	}{
		{
			name: "statement", hold: "SELECT GET_LOCK('swlock', 0)", release: "SELECT RELEASE_LOCK('swlock')",
			dump:    "DO GET_LOCK('swlock', 600);\nINSERT INTO sw.t VALUES (1);\n",
			waiting: "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User lock' AND INFO LIKE 'DO GET_LOCK%'",
			want:    []string{"User lock: DO GET_LOCK('swlock', 600)"},
			rows:    0, // the INSERT after the stop is not sent
		},
		{
			name: "preflight", hold: "LOCK TABLES sw.t WRITE", release: "UNLOCK TABLES",
			hint:    "press q then y on the dashboard",
			dump:    "INSERT INTO sw.t VALUES (1);\n",
			waiting: "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'Waiting for table metadata lock' AND INFO LIKE '%`sw`.`t`%'",
			want:    []string{"Waiting for table metadata lock: SELECT"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range []string{"DROP DATABASE IF EXISTS sw", "CREATE DATABASE sw", "CREATE TABLE sw.t (id int PRIMARY KEY) ENGINE=InnoDB"} {
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			t.Cleanup(func() { _, _ = db.Exec("DROP DATABASE IF EXISTS sw") })
			holder, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer holder.Close()
			if _, err := holder.ExecContext(ctx, c.hold); err != nil {
				t.Fatal(err)
			}
			released := false
			release := func() {
				if !released {
					released = true
					if _, err := holder.ExecContext(ctx, c.release); err != nil {
						t.Error(err)
					}
				}
			}
			defer release()
			path := filepath.Join(t.TempDir(), "wait.sql")
			if err := os.WriteFile(path, []byte(c.dump), 0o644); err != nil {
				t.Fatal(err)
			}
			var log, notes syncBuffer
			stop := make(chan struct{})
			type outcome struct {
				res *Result
				err error
			}
			ended := make(chan outcome, 1)
			go func() {
				res, err := Import(ctx, cfg, Source{Path: path}, Options{Parallel: 1, Stop: stop, Log: &log, OnStopWait: func(what string) { fmt.Fprintln(&notes, what) }, StopAbortHint: c.hint})
				ended <- outcome{res, err}
			}()
			pollCount(t, db, c.waiting)
			close(stop)
			hint := "press Ctrl-C again"
			if c.hint != "" {
				hint = c.hint + " to abort it"
			}
			want := append([]string{"dumpscope: stopping: still waiting for the statement in flight to end", "on the server: session ", hint}, c.want...)
			for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				got := log.String()
				all := true
				for _, w := range want {
					all = all && strings.Contains(got, w)
				}
				if all {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the stop never said %q; log:\n%s", want, got)
				}
			}
			if c.hint != "" && strings.Contains(log.String(), "Ctrl-C") {
				t.Errorf("with StopAbortHint %q the log still advises Ctrl-C:\n%s", c.hint, log.String())
			}
			// The dashboard's copy: the same news, without the log's prefix and advice.
			if n := notes.String(); !strings.HasPrefix(n, "still waiting for the statement in flight to end") || !strings.Contains(n, "on the server: session ") || strings.Contains(n, "Ctrl-C") {
				t.Errorf("OnStopWait got %q", n)
			}
			release()
			o := <-ended
			switch {
			case o.err != nil && !errors.Is(o.err, ErrStopped):
				t.Fatalf("Import: %v", o.err)
			case o.err == nil && o.res.Status != Interrupted:
				t.Errorf("status %v (err %v), want interrupted", o.res.Status, o.res.Err)
			}
			var n int
			if err := db.QueryRow("SELECT COUNT(*) FROM sw.t").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != c.rows {
				t.Errorf("sw.t has %d rows, want %d: the statement in flight ends, the next is not sent", n, c.rows)
			}
			for _, line := range strings.Split(log.String(), "\n") {
				if strings.Contains(line, "still waiting") {
					t.Logf("%s", line)
					break
				}
			}
		})
	}
}

// pollCount polls q (a count) until it is positive; the test's own timeout bounds it.
func pollCount(t *testing.T, db *sql.DB, q string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if n > 0 {
			return
		}
		if time.Now().After(deadline) {
			rows, _ := db.Query("SELECT ID, COMMAND, TIME, COALESCE(STATE,''), COALESCE(INFO,'') FROM information_schema.PROCESSLIST")
			for rows != nil && rows.Next() {
				var id, secs int64
				var c, st, info string
				_ = rows.Scan(&id, &c, &secs, &st, &info)
				t.Logf("session %d %s %d s %q %q", id, c, secs, st, info)
			}
			t.Fatalf("%s stayed 0", q)
		}
	}
}
