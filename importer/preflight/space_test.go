package preflight_test

import (
	"compress/gzip"
	"context"
	"database/sql"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/preflight"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestEstimateSpace: a plain dump larger than the datadir's free space is flagged (a
// sparse file, so the test needs no space); a small one is not; a gzip dump's size comes
// from Open's sampled estimate, exact here; StartEstimateSpace compares without the
// connection.
func TestEstimateSpace(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(c)
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var fs unix.Statfs_t
	if err := unix.Statfs(srv.DataDir, &fs); err != nil {
		t.Fatal(err)
	}
	free := int64(fs.Bavail) * int64(fs.Bsize) // Bsize is int64 on Linux, uint32 on darwin
	dir := t.TempDir()
	estimate := func(path string) preflight.SpaceEstimate {
		t.Helper()
		in, err := dumpfile.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		e, ok, err := preflight.EstimateSpace(ctx, conn, path, in)
		if err != nil || !ok {
			t.Fatalf("EstimateSpace(%s) = %v, %v", path, ok, err)
		}
		return e
	}

	big := filepath.Join(dir, "big.sql")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("SELECT 1;\n")
	if err := f.Truncate(free + 1<<30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if e := estimate(big); e.FreeBytes >= e.NeedBytes || e.Estimated || e.DumpBytes != free+1<<30 {
		t.Errorf("big dump: %+v, want need > free and the exact size", e)
	}

	small := filepath.Join(dir, "small.sql")
	os.WriteFile(small, []byte("SELECT 1;\n"), 0o600)
	if e := estimate(small); e.FreeBytes < e.NeedBytes {
		t.Errorf("small dump flagged: %+v", e)
	}

	g := gen.DefaultOptions()
	g.SizeBytes = 96 << 20
	var sqlBytes int64
	gz := filepath.Join(dir, "gen.sql.gz")
	out, _ := os.Create(gz)
	zw := gzip.NewWriter(out)
	r := gen.Reader(g)
	sqlBytes, err = io.Copy(zw, r)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	zw.Close()
	out.Close()
	// Open's sampled estimate settles a single-member gzip's size under 4 GiB exactly.
	if e := estimate(gz); e.Estimated || e.DumpBytes != sqlBytes {
		t.Errorf("gzip estimate %d for %d bytes of SQL (%+v), want it exact", e.DumpBytes, sqlBytes, e)
	}

	// StartEstimateSpace's second step, which Import takes after the preflight, no longer
	// uses the connection (the replay's control connection by then): it compares with
	// the connection closed, as EstimateSpace does with it open.
	own, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	in, err := dumpfile.Open(big)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	later := preflight.StartEstimateSpace(ctx, own, big, in)
	own.Close()
	if e, ok, err := later(); err != nil || !ok || e.FreeBytes >= e.NeedBytes || e.DumpBytes != free+1<<30 {
		t.Errorf("StartEstimateSpace(big), compared after the connection closed: %+v, %v, %v; want need > free", e, ok, err)
	}
}
