package iostat

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestServerCPUAndDatadir runs a real MariaDB sandbox: its pid read from @@pid_file is
// the Sampler's ServerPID, a CPU-bound query (BENCHMARK) must show up as server CPU and
// not as client CPU, and the server's @@datadir must resolve to the device under it.
func TestServerCPUAndDatadir(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var pidFile, datadir string
	if err := db.QueryRowContext(ctx, "SELECT @@pid_file, @@datadir").Scan(&pidFile, &datadir); err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(pidFile) {
		pidFile = filepath.Join(datadir, pidFile)
	}
	pid, err := ReadPIDFile("", pidFile)
	if err != nil {
		t.Fatal(err)
	}
	if pid != srv.PID {
		t.Errorf("pid file says %d, the sandbox started %d", pid, srv.PID)
	}

	s, err := NewSampler(SamplerOptions{ServerPID: pid})
	if err != nil {
		t.Fatal(err)
	}
	s.Sample()
	var r int
	if err := db.QueryRowContext(ctx, "SELECT BENCHMARK(10000000, MD5('dumpscope'))").Scan(&r); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Sample()
	if got.CPU == nil || got.CPU.ServerPct == nil {
		t.Fatalf("no server CPU: %+v", got)
	}
	t.Logf("server %.1f %% of a core, client %.1f %%, avg-cpu user %.1f %%", *got.CPU.ServerPct, got.CPU.ClientPct, got.CPU.UserPct)
	// The query keeps one server thread on a CPU while the client waits for the row.
	if *got.CPU.ServerPct < 10 || *got.CPU.ServerPct < 5*got.CPU.ClientPct {
		t.Errorf("server %.1f %%, client %.1f %%: want the server's CPU to dominate", *got.CPU.ServerPct, got.CPU.ClientPct)
	}

	devs, err := ResolveDir(ResolveOptions{}, datadir, "datadir")
	if err != nil {
		t.Fatal(err)
	}
	if len(devs) == 0 || devs[0].Role[0] != "datadir" || devs[0].FSType == "" {
		t.Errorf("datadir %s resolved to %+v", datadir, devs)
	}
}
