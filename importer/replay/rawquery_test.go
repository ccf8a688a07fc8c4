package replay

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// rawSetup is a sandbox (max_allowed_packet 64M, for statements over 16 MiB), a pool
// whose connections are watched as an import's are, and its max_allowed_packet.
type rawSetup struct {
	db        *sql.DB
	ww        *WireWatch
	maxPacket int64
}

func newRawSetup(t *testing.T) *rawSetup {
	t.Helper()
	srv := testsandbox.Start(t, "max_allowed_packet=64M")
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxAllowedPacket = 0 // read from the server, as dbconn configures it
	cfg, ww := WatchWire(cfg)
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(conn)
	t.Cleanup(func() { db.Close() })
	s := &rawSetup{db: db, ww: ww}
	if err := db.QueryRow("SELECT @@max_allowed_packet").Scan(&s.maxPacket); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"CREATE DATABASE r", "CREATE TABLE r.t (id INT PRIMARY KEY, v VARCHAR(100)) ENGINE=InnoDB", "INSERT INTO r.t VALUES (1,'a'),(2,'b')"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// conn is a pinned connection and its raw path (never nil: the test needs it).
func (s *rawSetup) conn(t *testing.T) (*sql.Conn, *rawQuery) {
	t.Helper()
	ctx := context.Background()
	c, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	var id int64
	if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	rq := newRawQuery(c, s.ww.watchOf(ctx, c, uint32(id)), s.maxPacket)
	if rq == nil {
		t.Fatal("no raw path on a watched Unix-socket connection")
	}
	return c, rq
}

func (s *rawSetup) exec(t *testing.T, q string) {
	t.Helper()
	if _, err := s.db.Exec(q); err != nil {
		t.Fatal(err)
	}
}

// outcome is what a statement's run tells its caller, raw or through the driver.
type outcome struct {
	Affected, InsertID int64
	Warnings           int64
	Err                *mysql.MySQLError
	Other              string
}

func outcomeOf(res sql.Result, warnings int64, err error) outcome {
	var o outcome
	var me *mysql.MySQLError
	switch {
	case errors.As(err, &me):
		o.Err = me
	case err != nil:
		o.Other = err.Error()
	default:
		o.Affected, _ = res.RowsAffected()
		o.InsertID, _ = res.LastInsertId()
		o.Warnings = warnings
	}
	return o
}

// TestRawQueryLikeDriver: a statement sent by the raw path tells the caller what the
// driver's ExecContext and @@warning_count tell: affected rows of an INSERT IGNORE with
// duplicates and its warnings, an insert id, a duplicate key's error (Number, SQLState,
// Message, which --force and the retries read), statements over 16 MiB split into packets
// (one of exactly 0xFFFFFF payload bytes, which an empty packet ends), and one the
// driver refuses unsent for max_allowed_packet. The connection's PacketWatch still reads
// the reply (its warning count), and the connection goes on.
func TestRawQueryLikeDriver(t *testing.T) {
	s := newRawSetup(t)
	ctx := context.Background()
	c, rq := s.conn(t)
	w := rq.w
	rows := func(from, payloadBytes int) string {
		var b strings.Builder
		b.WriteString("INSERT INTO r.t VALUES ")
		for i := from; b.Len() < payloadBytes-200; i++ {
			if i > from {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,'%s')", i, strings.Repeat("x", 60))
		}
		// pad to the exact payload (the command byte and the SQL)
		b.WriteString(strings.Repeat(" ", payloadBytes-1-b.Len()))
		return b.String()
	}
	tests := []struct {
		name string
		q    string
	}{
		{"insert", "INSERT INTO r.t VALUES (20,'a'),(21,'b')"},
		{"insert ignore with duplicates", "INSERT IGNORE INTO r.t VALUES (1,'a'),(3,'c'),(3,'c')"},
		{"truncated value warns", "INSERT IGNORE INTO r.t VALUES (4,'" + strings.Repeat("y", 120) + "')"},
		{"duplicate key", "INSERT INTO r.t VALUES (2,'again')"},
		{"syntax error", "INSERT INTO r.t VALUES (5,"},
		{"payload of exactly 0xFFFFFF bytes", rows(1000, pktMaxPayload)},
		{"payload of 17 MiB", rows(1_000_000, 17<<20)},
		{"over max_allowed_packet", "INSERT INTO r.t VALUES (6,'" + strings.Repeat("z", int(s.maxPacket)) + "')"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The driver first, then the raw path on the same state (each rolls back).
			drv, err := s.db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer drv.Close()
			for _, q := range []string{"SET SESSION sql_mode = ''", "START TRANSACTION"} {
				if _, err := drv.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			res, err := drv.ExecContext(ctx, tt.q)
			var warnings int64
			if err == nil {
				if err := drv.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&warnings); err != nil {
					t.Fatal(err)
				}
			}
			want := outcomeOf(res, warnings, err)
			if _, err := drv.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Fatal(err)
			}

			for _, q := range []string{"SET SESSION sql_mode = ''", "START TRANSACTION"} {
				if _, err := c.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			w.arm()
			res, n, known, err := rq.exec(ctx, c, tt.q)
			if err == nil && !known {
				t.Fatal("the raw path did not give the warning count")
			}
			got := outcomeOf(res, int64(n), err)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("raw path differs from the driver (-driver +raw):\n%s", diff)
			}
			if err == nil {
				if wn, ok := w.lastWarnings(); !ok || int64(wn) != want.Warnings {
					t.Errorf("PacketWatch.lastWarnings() = %d, %v; want %d, true", wn, ok, want.Warnings)
				}
			}
			if _, err := c.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Fatalf("the connection after the raw statement: %v", err)
			}
		})
	}
}

// TestRawQueryCancel: a cancelled context ends a statement under way on the raw path as
// it does on the driver's: the call returns the context's error, the connection is
// dropped, and the next statement on a fresh connection works.
func TestRawQueryCancel(t *testing.T) {
	s := newRawSetup(t)
	c, rq := s.conn(t)
	var id int64
	if err := c.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, _, err := rq.exec(ctx, c, "INSERT INTO r.t SELECT 10, SLEEP(600)")
		done <- err
	}()
	// Cancel once the server runs it.
	for {
		select {
		case err := <-done:
			t.Fatalf("the statement ended before it was cancelled: %v", err)
		default:
		}
		var n int
		if err := s.db.QueryRow("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE 'INSERT INTO r.t SELECT%'", id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
	}
	cancel()
	err := <-done
	_, _ = s.db.Exec(fmt.Sprintf("KILL %d", id)) // the server's side of the statement, if still sleeping
	if !errors.Is(err, context.Canceled) || !errors.Is(err, driver.ErrBadConn) {
		t.Fatalf("cancelled raw statement: %v; want context.Canceled and driver.ErrBadConn", err)
	}
	if _, err := c.ExecContext(context.Background(), "SELECT 1"); !errors.Is(err, sql.ErrConnDone) {
		t.Errorf("the connection after the cancelled statement: %v; want sql.ErrConnDone (dropped)", err)
	}
	c2, rq2 := s.conn(t)
	if _, _, _, err := rq2.exec(context.Background(), c2, "INSERT INTO r.t VALUES (11,'after')"); err != nil {
		t.Errorf("a statement on a fresh connection: %v", err)
	}
}

// TestRawQueryResultSetDropsConn: a statement that returns rows is not read on by the
// raw path: a clear error, the connection dropped (the driver would otherwise take the
// rows for the reply to its next command), and the pool's next connection works.
func TestRawQueryResultSetDropsConn(t *testing.T) {
	s := newRawSetup(t)
	ctx := context.Background()
	c, rq := s.conn(t)
	_, _, _, err := rq.exec(ctx, c, "SELECT 1, 2, 3")
	if !errors.Is(err, driver.ErrBadConn) || !strings.Contains(err.Error(), "result set") {
		t.Fatalf("SELECT through the raw path: %v; want an error naming the result set, wrapping driver.ErrBadConn", err)
	}
	if _, err := c.ExecContext(ctx, "SELECT 1"); !errors.Is(err, sql.ErrConnDone) {
		t.Errorf("the connection after it: %v; want sql.ErrConnDone (dropped)", err)
	}
	var one int
	if err := s.db.QueryRow("SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("the pool's next connection: %d, %v", one, err)
	}
}

// TestRawQueryOnlyWhereReadable: a worker sends its statements itself only on a
// connection whose wire its watch reads and whose driver has nothing rawQuery would skip
// (deadlines, RejectReadOnly); elsewhere the driver does, and the outcome is the driver's.
func TestRawQueryOnlyWhereReadable(t *testing.T) {
	var c Conn = &sql.Conn{}
	readable := &PacketWatch{reg: &WireWatch{raw: true}}
	if newRawQuery(c, readable, 1<<20) == nil {
		t.Error("no raw path on a readable watch")
	}
	if newRawQuery(&liveConn{Conn: c}, readable, 1<<20) == nil {
		t.Error("no raw path under the keepalive's wrapper")
	}
	if newRawQuery(c, nil, 1<<20) != nil {
		t.Error("a raw path without a watch")
	}
	if newRawQuery(c, &PacketWatch{reg: &WireWatch{raw: true}, blind: true}, 1<<20) != nil {
		t.Error("a raw path on a blind watch (TLS or compression in the driver)")
	}
	if newRawQuery(c, &PacketWatch{reg: &WireWatch{}}, 1<<20) != nil {
		t.Error("a raw path where the driver has deadlines or RejectReadOnly")
	}
	for _, mod := range []func(*mysql.Config){
		func(c *mysql.Config) { c.ReadTimeout = 1e9 },
		func(c *mysql.Config) { c.WriteTimeout = 1e9 },
		func(c *mysql.Config) { c.RejectReadOnly = true },
	} {
		cfg := mysql.NewConfig()
		mod(cfg)
		if _, ww := WatchWire(cfg); ww.raw {
			t.Errorf("WatchWire(%s) allows the raw path", cfg.FormatDSN())
		}
	}
	if _, ww := WatchWire(mysql.NewConfig()); !ww.raw {
		t.Error("WatchWire of a plain configuration does not allow the raw path")
	}
	blind := &WireWatch{byID: map[uint32]*PacketWatch{7: {blind: true}, 8: {}}}
	if blind.watchOf(context.Background(), nil, 7) != nil || blind.watchOf(context.Background(), nil, 9) != nil {
		t.Error("watchOf: a blind or unknown connection's watch given")
	}
}
