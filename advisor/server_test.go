package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

func captureRows(t *testing.T, name string) map[string]string {
	t.Helper()
	rows, err := ParseGlobalRows(strings.NewReader(readCapture(t, name)))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestDeriveInnoDBCaptures derives the redo state per flavour from captured status,
// variables and engine status, with the expected values worked out by hand.
func TestDeriveInnoDBCaptures(t *testing.T) {
	t.Run("percona 8.0.32: status has everything", func(t *testing.T) {
		vars := captureRows(t, "global-variables-percona-server-8.0.32-24.txt")
		st := NumericStatus(captureRows(t, "global-status-percona-server-8.0.32-24.txt"))
		flavor, v, err := DetectFlavor(vars["version"], vars["version_comment"])
		if err != nil || flavor != FlavorPercona {
			t.Fatalf("DetectFlavor = %s, %v", flavor, err)
		}
		got := DeriveInnoDB(flavor, v, CapabilitiesFor(flavor, v), vars, st, nil)
		want := &InnoDB{
			LSN: 32368884, CheckpointLSN: 32298273,
			CheckpointAgeBytes:    70611,    // Innodb_checkpoint_age
			MaxCheckpointAgeBytes: 7945216,  // Innodb_checkpoint_max_age
			RedoCapacityBytes:     10485760, // Innodb_redo_log_capacity_resized, not the 100 MiB variable
			DirtyPagesPct:         100 * 110.0 / 1024,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("percona 8.0.32 without Innodb_checkpoint_max_age: engine status", func(t *testing.T) {
		vars := captureRows(t, "global-variables-percona-server-8.0.32-24.txt")
		st := NumericStatus(captureRows(t, "global-status-percona-server-8.0.32-24.txt"))
		delete(st, "Innodb_checkpoint_max_age")
		eng, err := ParseEngineStatus(readCapture(t, "innodb-status-percona-server-8.0.32-24.txt"))
		if err != nil {
			t.Fatal(err)
		}
		v := Version{8, 0, 32}
		got := DeriveInnoDB(FlavorPercona, v, CapabilitiesFor(FlavorPercona, v), vars, st, &eng)
		if got.MaxCheckpointAgeBytes != 7945216 {
			t.Errorf("MaxCheckpointAgeBytes = %d, want 7945216 from the engine status", got.MaxCheckpointAgeBytes)
		}
	})
	t.Run("mysql 8.0.30: redo LSN counters, derived max age", func(t *testing.T) {
		st := NumericStatus(captureRows(t, "global-status-mysql-8.0.30.txt"))
		vars := map[string]string{"innodb_redo_log_capacity": "104857600"}
		v := Version{8, 0, 30}
		got := DeriveInnoDB(FlavorMySQL, v, CapabilitiesFor(FlavorMySQL, v), vars, st, nil)
		want := &InnoDB{
			LSN: 31758453, CheckpointLSN: 31758453, CheckpointAgeBytes: 0,
			MaxCheckpointAgeBytes: MaxCheckpointAgeBytes(FlavorMySQL, v, 104857600, 1, 16384, 0),
			RedoCapacityBytes:     104857600,
			DirtyPagesPct:         0,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		if got.MaxCheckpointAgeBytes < 75<<20 || got.MaxCheckpointAgeBytes > 85<<20 {
			t.Errorf("MaxCheckpointAgeBytes = %d, want about 0.76–0.81 of 100 MiB", got.MaxCheckpointAgeBytes)
		}
	})
	t.Run("mysql 5.7.34: engine status only", func(t *testing.T) {
		eng, err := ParseEngineStatus(readCapture(t, "innodb-status-mysql-5.7.34.txt"))
		if err != nil {
			t.Fatal(err)
		}
		// SHOW GLOBAL STATUS of 5.7 has no LSN counters; variables are the 5.7 defaults.
		st := map[string]float64{"Innodb_buffer_pool_pages_total": 8192, "Innodb_buffer_pool_pages_dirty": 58}
		vars := map[string]string{"innodb_log_file_size": "50331648", "innodb_log_files_in_group": "2", "innodb_page_size": "16384"}
		v := Version{5, 7, 34}
		got := DeriveInnoDB(FlavorMySQL, v, CapabilitiesFor(FlavorMySQL, v), vars, st, &eng)
		// 2 × 48 MiB: (100663296 − 2×2048) → −10 % = 90593280; − (4×16384×10 + 8×16384)
		// = 89806848; −10 % = 80826164.
		want := &InnoDB{
			LSN: 12672763, CheckpointLSN: 12664782, CheckpointAgeBytes: 12672763 - 12664782,
			MaxCheckpointAgeBytes: 80826164, RedoCapacityBytes: 100663296,
			DirtyPagesPct: 100 * 58.0 / 8192,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("no LSN anywhere", func(t *testing.T) {
		if got := DeriveInnoDB(FlavorMySQL, Version{5, 7, 0}, Capabilities{}, nil, map[string]float64{"Uptime": 1}, nil); got != nil {
			t.Errorf("got %+v, want nil", got)
		}
	})
}

// TestServerSamplerMariaDB samples a real MariaDB with a 4 MiB redo log while the test
// inserts rows, and checks the derived redo state against what the server reports.
func TestServerSamplerMariaDB(t *testing.T) {
	srv := testsandbox.Start(t, "innodb_log_file_size=4M", "innodb_buffer_pool_size=64M")
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	samplerDB, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer samplerDB.Close()
	samplerConn, err := samplerDB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer samplerConn.Close()

	// Two INNODB_METRICS the sampler asks for, off by default: enabled here so the
	// metrics path is exercised (dumpscope itself never enables them).
	for _, m := range []string{"log_lsn_checkpoint_age", "log_max_modified_age_async"} {
		if _, err := db.ExecContext(ctx, "SET GLOBAL innodb_monitor_enable = '"+m+"'"); err != nil {
			t.Fatal(err)
		}
	}
	s, err := NewServerSampler(ctx, samplerConn, ServerSamplerOptions{FullVariablesEvery: 5})
	if err != nil {
		t.Fatal(err)
	}
	if s.Info().Flavor != FlavorMariaDB {
		t.Fatalf("flavor = %q (version %q), want mariadb", s.Info().Flavor, s.Info().Version)
	}
	// The sandbox runs here: its pid and the devices under its datadir are found.
	ls, local := FindLocal(s.Info().Variables, LocalOptions{})
	if !local || ls.PID != srv.PID || len(ls.Devices) == 0 || ls.Dirs["datadir"] == "" {
		t.Errorf("FindLocal = %+v, local %v; want pid %d and the datadir's devices", ls, local, srv.PID)
	}
	if _, local := FindLocal(s.Info().Variables, LocalOptions{Hostname: "elsewhere.example"}); local {
		t.Error("FindLocal with another host name: want remote")
	}
	for _, q := range []string{
		"CREATE DATABASE t",
		"CREATE TABLE t.r (id INT AUTO_INCREMENT PRIMARY KEY, pad VARCHAR(255))",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// Each batch writes ~1000 rows × 255 bytes ≈ 0.3 MB of redo; 40 batches ≈ 3 × the
	// 4 MiB log, enough to push the checkpoint age up against its limit.
	var values strings.Builder
	for i := range 1000 {
		if i > 0 {
			values.WriteByte(',')
		}
		fmt.Fprintf(&values, "(NULL, REPEAT('%c', 250))", 'a'+i%26)
	}
	insert := "INSERT INTO t.r VALUES " + values.String()

	var importTime time.Duration
	var samples []ServerSample
	if _, err := s.Sample(ctx); err != nil { // first tick: baseline
		t.Fatal(err)
	}
	for range 40 {
		t0 := time.Now()
		if _, err := db.ExecContext(ctx, insert); err != nil {
			t.Fatal(err)
		}
		importTime += time.Since(t0)
		ss, err := s.Sample(ctx)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, ss)
	}

	var maxAge, prevLSN int64
	for i, ss := range samples {
		d := ss.InnoDB
		if d == nil {
			t.Fatalf("sample %d: no InnoDB state (status has %d counters)", i, len(ss.Status))
		}
		if d.RedoCapacityBytes != 4<<20 {
			t.Errorf("sample %d: RedoCapacityBytes = %d, want %d", i, d.RedoCapacityBytes, 4<<20)
		}
		// The server reports its maximum; the derivation must agree with it exactly.
		derived := MaxCheckpointAgeBytes(FlavorMariaDB, s.Version(), d.RedoCapacityBytes, 1, 16384, 0)
		if d.MaxCheckpointAgeBytes != derived {
			t.Errorf("sample %d: Innodb_checkpoint_max_age = %d, derivation gives %d", i, d.MaxCheckpointAgeBytes, derived)
		}
		if d.CheckpointAgeBytes < 0 || d.CheckpointAgeBytes > d.MaxCheckpointAgeBytes {
			t.Errorf("sample %d: checkpoint age %d outside [0, max %d]", i, d.CheckpointAgeBytes, d.MaxCheckpointAgeBytes)
		}
		if d.CheckpointAgeBytes != d.LSN-d.CheckpointLSN {
			t.Errorf("sample %d: checkpoint age %d ≠ LSN %d − checkpoint %d", i, d.CheckpointAgeBytes, d.LSN, d.CheckpointLSN)
		}
		if d.LSN <= prevLSN {
			t.Errorf("sample %d: LSN %d did not advance past %d", i, d.LSN, prevLSN)
		}
		if d.DirtyPagesPct < 0 || d.DirtyPagesPct > 100 {
			t.Errorf("sample %d: dirty pages %.1f %%", i, d.DirtyPagesPct)
		}
		if len(ss.Metrics) != 2 {
			t.Errorf("sample %d: metrics %v, want the two enabled ones", i, ss.Metrics)
		}
		// InnoDB starts asynchronous flushing at 7/8 of the maximum checkpoint age
		// (log_t::set_capacity: max_modified_age_async = margin − margin/8).
		if got, want := int64(ss.Metrics["log_max_modified_age_async"]), d.MaxCheckpointAgeBytes-d.MaxCheckpointAgeBytes/8; got != want {
			t.Errorf("sample %d: log_max_modified_age_async = %d, want %d (7/8 of the max age)", i, got, want)
		}
		prevLSN = d.LSN
		maxAge = max(maxAge, d.CheckpointAgeBytes)
	}
	if maxAge == 0 {
		t.Error("checkpoint age never above 0 while inserting")
	}
	lsnBytes := samples[len(samples)-1].InnoDB.LSN - samples[0].InnoDB.LSN
	if lsnBytes < 4<<20 {
		t.Errorf("redo written %d bytes, want more than the 4 MiB log", lsnBytes)
	}
	qt, n := s.QueryTime()
	t.Logf("max checkpoint age seen %d of %d (%.0f %%); redo written %d bytes",
		maxAge, samples[0].InnoDB.MaxCheckpointAgeBytes, 100*float64(maxAge)/float64(samples[0].InnoDB.MaxCheckpointAgeBytes), lsnBytes)
	t.Logf("sampler: %d queries in %v (%.2f ms per tick); inserts took %v", n, qt, float64(qt.Microseconds())/1000/41, importTime)

	// A SET GLOBAL mid-run is reported as a change, with a numeric value.
	if _, err := db.ExecContext(ctx, "SET GLOBAL innodb_io_capacity = 1234"); err != nil {
		t.Fatal(err)
	}
	ss, err := s.Sample(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []VariableChange{{Name: "innodb_io_capacity", Value: int64(1234)}}
	if diff := cmp.Diff(want, ss.Changes); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
	if got := s.Info().Variables["innodb_io_capacity"]; got != "1234" {
		t.Errorf("Info().Variables[innodb_io_capacity] = %q, want 1234", got)
	}
}

func TestSameVariableValue(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"90.000000", "90", true},
		{"ON", "1", true},
		{"OFF", "0", true},
		{"ON", "0", false},
		{"O_DIRECT", "O_DIRECT", true},
		{"O_DIRECT", "fsync", false},
		{"200", "2000", false},
		{"", "0", false},
	}
	for _, tt := range tests {
		if got := sameVariableValue(tt.a, tt.b); got != tt.want {
			t.Errorf("sameVariableValue(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestServerSamplerWithoutProcess: a user without the PROCESS privilege cannot read SHOW
// ENGINE INNODB STATUS. The sampler says so once and keeps sampling the status.
func TestServerSamplerWithoutProcess(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	root, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := root.ExecContext(ctx, "CREATE USER plain@localhost"); err != nil {
		t.Fatal(err)
	}
	cfg := strings.Replace(srv.DSN(""), "root@", "plain@", 1)
	db, err := sql.Open("mysql", cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := NewServerSampler(ctx, db, ServerSamplerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s.caps.NeedsEngineStatus = true // as on MySQL 5.7 / 8.0 < 8.0.30
	first, err := s.Sample(ctx)
	if err == nil || !strings.Contains(err.Error(), "PROCESS") {
		t.Fatalf("first Sample error = %v, want one naming the PROCESS privilege", err)
	}
	if len(first.Status) < 20 || first.InnoDB == nil {
		t.Errorf("first Sample lost the status (%d counters) or the derived state (%v)", len(first.Status), first.InnoDB)
	}
	if _, err := s.Sample(ctx); err != nil {
		t.Errorf("second Sample = %v, want no error (reported once)", err)
	}
}
