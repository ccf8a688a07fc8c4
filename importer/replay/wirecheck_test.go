package replay

import (
	"context"
	"database/sql"
	"encoding/binary"
	"io"
	"net"
	"sync/atomic"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// greetingAs is a connection whose server greeting announces connection id fake instead of
// the server's, as a protocol proxy's does (ProxySQL, MaxScale: their own session id).
type greetingAs struct {
	net.Conn
	fake    uint32
	pending []byte
	read    bool
}

func (g *greetingAs) Read(p []byte) (int, error) {
	if !g.read {
		g.read = true
		h := make([]byte, 4)
		if _, err := io.ReadFull(g.Conn, h); err != nil {
			return 0, err
		}
		b := make([]byte, 4+(int(h[0])|int(h[1])<<8|int(h[2])<<16))
		copy(b, h)
		if _, err := io.ReadFull(g.Conn, b[4:]); err != nil {
			return 0, err
		}
		if g.fake != 0 {
			i := 5 // after the protocol version, the NUL-terminated server version
			for b[i] != 0 {
				i++
			}
			binary.LittleEndian.PutUint32(b[i+1:], g.fake)
		}
		g.pending = b
	}
	if len(g.pending) > 0 {
		n := copy(p, g.pending)
		g.pending = g.pending[n:]
		return n, nil
	}
	return g.Conn.Read(p)
}

// TestWatchOfProxyIDs: behind a proxy another connection's greeting can carry a worker's
// CONNECTION_ID(). The watch found by that id is not the worker's, and is refused: before
// the check, the raw path sent the worker's INSERT on the other session (autocommitted,
// outside the worker's transaction, kept after its ROLLBACK), and the serial replay would
// have read the other connection's warning counts.
func TestWatchOfProxyIDs(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	var fake atomic.Uint32
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &greetingAs{Conn: c, fake: fake.Load()}, nil
	}
	cfg, ww := WatchWire(cfg)
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(connector)
	defer db.Close()
	ctx := context.Background()
	for _, q := range []string{"CREATE DATABASE r", "CREATE TABLE r.t (id INT PRIMARY KEY, who BIGINT) ENGINE=InnoDB"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	pinned := func() (*sql.Conn, uint32) {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		var id uint32
		if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
			t.Fatal(err)
		}
		return c, id
	}
	b, id := pinned()
	if ww.watchOf(ctx, b, id) == nil || ww.Of(ctx, b) == nil {
		t.Fatal("no watch for a connection whose greeting is its own")
	}
	fake.Store(id)
	_, _ = pinned() // its greeting says id: the watch registered under id is now its
	if w := ww.watchOf(ctx, b, id); w != nil {
		t.Fatal("watchOf gave another connection's watch, found by an id its greeting shares")
	}
	if ww.Of(ctx, b) != nil {
		t.Fatal("Of gave another connection's watch, found by an id its greeting shares")
	}
	// What the worker then does: its rows through the driver, in its own transaction.
	rq := newRawQuery(b, ww.watchOf(ctx, b, id), 64<<20)
	if _, err := b.ExecContext(ctx, "START TRANSACTION"); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := rq.exec(ctx, b, "INSERT INTO r.t VALUES (1, CONNECTION_ID())"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM r.t").Scan(&n); err != nil || n != 0 {
		t.Fatalf("after the worker's ROLLBACK: %d rows (%v), want 0", n, err)
	}
}
