package rules

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/iostat"
)

// liveRun loads rows into a real server while sampling it (server counters, the datadir's
// devices, CPU) once per tickEvery, and feeds every tick to rules.Default() — what
// `dumpscope watch` does, minus the command. The load keeps going until it has written
// minBytes of INSERT text and lasted minTicks ticks, so the window has something to see.
// rowsPerStatement 1 makes a row-per-statement, autocommit-per-row dump.
func liveRun(t *testing.T, db *sql.DB, datadir string, serverPID int, rowsPerStatement int, minBytes int64, minTicks int) (fs []advisor.Finding, commitFlushShare float64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE IF NOT EXISTS ld"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS ld.t (id BIGINT AUTO_INCREMENT PRIMARY KEY, k INT, pad VARCHAR(200), KEY(k)) ENGINE=InnoDB"); err != nil {
		t.Fatal(err)
	}
	samplerConn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer samplerConn.Close()
	ss, err := advisor.NewServerSampler(ctx, samplerConn, advisor.ServerSamplerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	devs, err := iostat.ResolveDir(iostat.ResolveOptions{}, datadir, "datadir")
	if err != nil {
		t.Fatal(err)
	}
	is, err := iostat.NewSampler(iostat.SamplerOptions{Devices: iostat.SampleNames(devs), ServerPID: serverPID})
	if err != nil {
		t.Fatal(err)
	}
	is.Sample() // prime

	// The load: one connection, like `mysql < dump.sql`.
	loadConn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer loadConn.Close()
	var written atomic.Int64
	done := make(chan error, 1)
	stop := make(chan struct{})
	go func() {
		pad := strings.Repeat("x", 180)
		var b strings.Builder
		for n := 0; ; n++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			b.Reset()
			b.WriteString("INSERT INTO ld.t (k, pad) VALUES ")
			for r := 0; r < rowsPerStatement; r++ {
				if r > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "(%d,'%s')", (n*rowsPerStatement+r)*7919%1000003, pad)
			}
			if _, err := loadConn.ExecContext(ctx, b.String()); err != nil {
				done <- err
				return
			}
			written.Add(int64(b.Len()))
		}
	}()

	e := advisor.NewEngine(Default(), advisor.DefaultWindowSeconds)
	var all advisor.Window
	start := time.Now()
	var env *advisor.Env
	const tickEvery = time.Second
	for ticks := 1; ; ticks++ {
		select {
		case err := <-done:
			t.Fatalf("load stopped early: %v", err)
		case <-time.After(tickEvery):
		}
		srv, err := ss.Sample(ctx)
		if err != nil {
			t.Fatal(err)
		}
		dev, _ := is.Sample()
		env = &advisor.Env{Server: ss.Info(), Devices: devs, IntervalSeconds: tickEvery.Seconds(),
			Host: advisor.HostInfo{Cores: runtime.NumCPU()}}
		snap := advisor.Snapshot{T: time.Since(start).Seconds(), Devices: dev.Devices, CPU: dev.CPU,
			InnoDB: srv.InnoDB, Status: srv.Status}
		all = append(all, snap)
		e.Observe(env, snap)
		if ticks >= minTicks && written.Load() >= minBytes {
			close(stop)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			t.Logf("load: %d bytes of INSERT text in %d ticks", written.Load(), ticks)
			break
		}
	}
	// What the commit-flush rules measured over the last window, fired or not.
	if len(all) > 31 {
		all = all[len(all)-31:]
	}
	commits, src, _ := commitRate(all)
	fsyncs, _, _ := fsyncRate(all)
	lat, _ := syncLatency(env, all, dataDevices(env, all))
	t.Logf("last window: %.0f commits/s (%s), %.0f fsyncs/s, flush latency %.3f ms (%s on %s): commit flushes %.1f%% of wall time",
		commits, src, fsyncs, lat.ms, lat.source, lat.device, commits*lat.ms/10)
	for _, d := range dataDevices(env, all) {
		wa, _ := all.DeviceWeightedMean(d, advisor.WriteAwaitMs, advisor.WritesPerSec)
		ws, _ := all.DeviceMean(d, advisor.WritesPerSec)
		fs, _ := all.DeviceMean(d, advisor.FlushesPerSec)
		u, _ := all.DeviceMean(d, advisor.UtilPct)
		q, _ := all.DeviceMean(d, advisor.QueueSize)
		t.Logf("  %s: w/s %.0f w_await %.3f f/s %.0f util %.1f aqu %.2f", d, ws, wa, fs, u, q)
	}
	fs = e.Findings()
	for _, f := range fs {
		t.Logf("%s %s fired %.1f: %s\n  %v", f.Severity, f.ID, f.FiredAt, f.Title, f.Evidence)
	}
	return fs, commits * lat.ms / 1000
}

func hasID(fs []advisor.Finding, id string) bool {
	return slices.ContainsFunc(fs, func(f advisor.Finding) bool { return f.ID == id })
}

// TestIntegrationRedoLogSize: with a 4 MB redo log the checkpoint age sits near its
// maximum and redo-log-too-small fires; with 1 GB it does not.
func TestIntegrationRedoLogSize(t *testing.T) {
	if testing.Short() {
		t.Skip("integration: starts MariaDB")
	}
	for _, tc := range []struct {
		logFileSize string
		want        bool
	}{{"4M", true}, {"1G", false}} {
		t.Run(tc.logFileSize, func(t *testing.T) {
			s := testsandbox.Start(t, "innodb_log_file_size="+tc.logFileSize, "innodb_buffer_pool_size=256M")
			db, err := sql.Open("mysql", s.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			fs, _ := liveRun(t, db, s.DataDir, s.PID, 1000, 80<<20, 15)
			if got := hasID(fs, "redo-log-too-small"); got != tc.want {
				t.Errorf("redo-log-too-small fired = %v; want %v (findings %v)", got, tc.want, firedIDs(fs))
			}
		})
	}
}

// TestIntegrationRowPerStatement: a row-per-statement load with autocommit and
// innodb_flush_log_at_trx_commit=1 raises flush-log-at-trx-commit and/or
// autocommit-per-row; with 2 it raises neither. The rules fire only when commits ×
// durable-write latency is a real share of the time, so on a machine whose device makes
// writes durable so fast that the share stays under autocommit-per-row's 10 %, the =1
// case skips with the measurement instead of asserting.
func TestIntegrationRowPerStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("integration: starts MariaDB")
	}
	for _, trx := range []string{"1", "2"} {
		t.Run("flush_log_at_trx_commit="+trx, func(t *testing.T) {
			s := testsandbox.Start(t, "innodb_flush_log_at_trx_commit="+trx, "innodb_log_file_size=256M")
			db, err := sql.Open("mysql", s.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			fs, share := liveRun(t, db, s.DataDir, s.PID, 1, 1<<20, 15)
			flush := hasID(fs, "flush-log-at-trx-commit") || hasID(fs, "autocommit-per-row")
			switch {
			case trx == "2" && flush:
				t.Errorf("commit-flush finding with innodb_flush_log_at_trx_commit=2: %v", firedIDs(fs))
			case trx == "1" && !flush && share < rowCommitShare:
				t.Skipf("durable commits cost only %.1f%% of wall time on this machine: below every threshold", 100*share)
			case trx == "1" && !flush:
				t.Errorf("no commit-flush finding with innodb_flush_log_at_trx_commit=1 although commit flushes took %.1f%% of wall time: %v", 100*share, firedIDs(fs))
			}
		})
	}
}
