package metrics

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/phase"
	"github.com/dumpscope/dumpscope/iostat"
)

func f64(v float64) *float64 { return &v }
func u64(v uint64) *uint64   { return &v }

var testClock = time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC)

// seed002Tick is one tick of seed 002's slow restore: the PM981 at 1431 w/s, w_await
// 1 ms, %util 99.7, the checkpoint age near its maximum, redo-log-too-small active.
func seed002Tick() advisor.Tick {
	return advisor.Tick{
		Snapshot: advisor.Snapshot{
			T: 100,
			Import: &advisor.ImportProgress{Bytes: 400 << 20, Statements: 1200, Rows: 3_000_000,
				CompressedBytes: 100 << 20, CompressedTotalBytes: 400 << 20, Errors: 1, Warnings: 2, Table: "db.t2"},
			Devices: map[string]iostat.DeviceStats{
				"nvme1n1": {WPerSec: 1431.57, WAwaitMs: 1.0, UtilPct: 99.68, AquSz: 1.15,
					FPerSec: f64(0), FAwaitMs: f64(0.5),
					Counters: &iostat.DeviceCounters{ReadsCompleted: 118000, ReadBytes: 8800000 * 512, ReadTimeSeconds: 21,
						WritesCompleted: 5143157, WrittenBytes: 226284344 * 512, WriteTimeSeconds: 3143.157, IOTimeSeconds: 3599.68,
						FlushesCompleted: u64(800000), FlushTimeSeconds: f64(0.6)}},
			},
			Space: &advisor.DiskSpace{Path: "/var/lib/mysql", FreeBytes: 50 << 30, TotalBytes: 900 << 30},
			InnoDB: &advisor.InnoDB{LSN: 9_000_000_000, CheckpointLSN: 8_900_000_000, CheckpointAgeBytes: 100_000_000,
				MaxCheckpointAgeBytes: 108_000_000, RedoCapacityBytes: 134_217_728, DirtyPagesPct: 42.5},
		},
		Events: []advisor.Event{
			{Finding: advisor.Finding{ID: "redo-log-too-small", Severity: advisor.SeverityCritical}},
			{Finding: advisor.Finding{ID: "binlog-on", Severity: advisor.SeverityWarn}},
			{Finding: advisor.Finding{ID: "binlog-on", Severity: advisor.SeverityWarn}, Cleared: true},
		},
		SourceSeconds: map[string]float64{"progress": 0.0001, "devices": 0.002, "server": 0.008},
		Errors:        []error{&advisor.SourceError{Source: "server", T: 100, Err: errors.New("timeout")}},
	}
}

func newTestCollector() *Collector {
	c := New(Options{RunID: "r1", Dump: "dump.sql.gz", Target: "db1:3306", Version: "0.1.0",
		Now: func() time.Time { return testClock }})
	rot := false
	c.SetEnv(&advisor.Env{
		Server:  advisor.ServerInfo{Flavor: "mariadb", Version: "10.11.6", Variables: map[string]string{"x": "y"}},
		Devices: []iostat.Device{{Name: "nvme1n1", Kind: "disk", Role: []string{"datadir", "redo"}, Model: "SAMSUNG MZVLB1T0HBLR", Rotational: &rot, WriteCache: "write back"}},
		Probe:   &iostat.ProbeResult{Mode: "fdatasync", Ops: 6000, OpsPerSec: 600, P50Ms: 1.5, P99Ms: 2.5, Class: "consumer-flash"},
	})
	return c
}

const wantSeed002 = `
# HELP dumpscope_build_info dumpscope's version and the Go version it was built with; always 1.
# TYPE dumpscope_build_info gauge
dumpscope_build_info{goversion="GOVERSION",version="0.1.0"} 1
# HELP dumpscope_datadir_filesystem_avail_bytes Free space of the datadir's file system for an unprivileged writer (statfs f_bavail), as node_filesystem_avail_bytes.
# TYPE dumpscope_datadir_filesystem_avail_bytes gauge
dumpscope_datadir_filesystem_avail_bytes{path="/var/lib/mysql"} 5.36870912e+10
# HELP dumpscope_datadir_filesystem_size_bytes Size of the datadir's file system, as node_filesystem_size_bytes.
# TYPE dumpscope_datadir_filesystem_size_bytes gauge
dumpscope_datadir_filesystem_size_bytes{path="/var/lib/mysql"} 9.66367641600e+11
# HELP dumpscope_disk_flush_await_seconds Mean time a flush took over the last interval (iostat's f_await, kernel 5.5+).
# TYPE dumpscope_disk_flush_await_seconds gauge
dumpscope_disk_flush_await_seconds{device="nvme1n1"} 0.0005
# HELP dumpscope_disk_flush_requests_time_seconds_total Time spent on flush requests since boot (kernel 5.5+), as node_disk_flush_requests_time_seconds_total.
# TYPE dumpscope_disk_flush_requests_time_seconds_total counter
dumpscope_disk_flush_requests_time_seconds_total{device="nvme1n1"} 0.6
# HELP dumpscope_disk_flush_requests_total Flush requests completed since boot (kernel 5.5+), as node_disk_flush_requests_total.
# TYPE dumpscope_disk_flush_requests_total counter
dumpscope_disk_flush_requests_total{device="nvme1n1"} 800000
# HELP dumpscope_disk_info A device under the server's directories and its identity from sysfs; always 1.
# TYPE dumpscope_disk_info gauge
dumpscope_disk_info{device="nvme1n1",kind="disk",model="SAMSUNG MZVLB1T0HBLR",role="datadir,redo",rotational="0",write_cache="write back"} 1
# HELP dumpscope_disk_io_time_seconds_total Time the device had I/O in flight since boot (its rate is utilisation), as node_disk_io_time_seconds_total.
# TYPE dumpscope_disk_io_time_seconds_total counter
dumpscope_disk_io_time_seconds_total{device="nvme1n1"} 3599.68
# HELP dumpscope_disk_queue_size Mean number of requests in flight over the last interval (iostat's aqu-sz).
# TYPE dumpscope_disk_queue_size gauge
dumpscope_disk_queue_size{device="nvme1n1"} 1.15
# HELP dumpscope_disk_read_bytes_total Bytes read since boot (sectors × 512), as node_disk_read_bytes_total.
# TYPE dumpscope_disk_read_bytes_total counter
dumpscope_disk_read_bytes_total{device="nvme1n1"} 4.5056e+09
# HELP dumpscope_disk_read_time_seconds_total Time spent on reads since boot, as node_disk_read_time_seconds_total.
# TYPE dumpscope_disk_read_time_seconds_total counter
dumpscope_disk_read_time_seconds_total{device="nvme1n1"} 21
# HELP dumpscope_disk_reads_completed_total Reads completed since boot (/proc/diskstats field 4), as node_disk_reads_completed_total.
# TYPE dumpscope_disk_reads_completed_total counter
dumpscope_disk_reads_completed_total{device="nvme1n1"} 118000
# HELP dumpscope_disk_utilization_ratio Share of the last interval the device had I/O in flight (iostat's %util / 100).
# TYPE dumpscope_disk_utilization_ratio gauge
dumpscope_disk_utilization_ratio{device="nvme1n1"} 0.9968
# HELP dumpscope_disk_write_await_seconds Mean time a write took over the last interval, queueing included (iostat's w_await).
# TYPE dumpscope_disk_write_await_seconds gauge
dumpscope_disk_write_await_seconds{device="nvme1n1"} 0.001
# HELP dumpscope_disk_write_time_seconds_total Time spent on writes since boot, as node_disk_write_time_seconds_total.
# TYPE dumpscope_disk_write_time_seconds_total counter
dumpscope_disk_write_time_seconds_total{device="nvme1n1"} 3143.157
# HELP dumpscope_disk_writes_completed_total Writes completed since boot (/proc/diskstats field 8), as node_disk_writes_completed_total.
# TYPE dumpscope_disk_writes_completed_total counter
dumpscope_disk_writes_completed_total{device="nvme1n1"} 5.143157e+06
# HELP dumpscope_disk_written_bytes_total Bytes written since boot (sectors × 512), as node_disk_written_bytes_total.
# TYPE dumpscope_disk_written_bytes_total counter
dumpscope_disk_written_bytes_total{device="nvme1n1"} 1.15857584128e+11
# HELP dumpscope_finding_active 1 while a rule's finding is active, 0 once cleared (docs/rules.md lists the rules).
# TYPE dumpscope_finding_active gauge
dumpscope_finding_active{rule="binlog-on",severity="warn"} 0
dumpscope_finding_active{rule="redo-log-too-small",severity="critical"} 1
# HELP dumpscope_innodb_buffer_pool_dirty_pages_ratio Share of buffer pool pages modified and not yet flushed.
# TYPE dumpscope_innodb_buffer_pool_dirty_pages_ratio gauge
dumpscope_innodb_buffer_pool_dirty_pages_ratio 0.425
# HELP dumpscope_innodb_checkpoint_age_bytes Redo bytes written since the last checkpoint (LSN − checkpoint LSN).
# TYPE dumpscope_innodb_checkpoint_age_bytes gauge
dumpscope_innodb_checkpoint_age_bytes 1e+08
# HELP dumpscope_innodb_checkpoint_max_age_bytes The checkpoint age at which InnoDB must flush before it writes more redo.
# TYPE dumpscope_innodb_checkpoint_max_age_bytes gauge
dumpscope_innodb_checkpoint_max_age_bytes 1.08e+08
# HELP dumpscope_innodb_redo_capacity_bytes Total redo log size (innodb_redo_log_capacity, or file size × files).
# TYPE dumpscope_innodb_redo_capacity_bytes gauge
dumpscope_innodb_redo_capacity_bytes 1.34217728e+08
# HELP dumpscope_innodb_redo_written_bytes_total The log sequence number: redo bytes generated since the data directory was created.
# TYPE dumpscope_innodb_redo_written_bytes_total counter
dumpscope_innodb_redo_written_bytes_total 9e+09
# HELP dumpscope_last_tick_timestamp_seconds Unix time of the sampler tick the other values come from.
# TYPE dumpscope_last_tick_timestamp_seconds gauge
dumpscope_last_tick_timestamp_seconds 1.7963064e+09
# HELP dumpscope_probe_sync_write_latency_seconds Latency of one write made durable (write + fdatasync, or an O_DSYNC write) measured by --probe in the redo directory.
# TYPE dumpscope_probe_sync_write_latency_seconds summary
dumpscope_probe_sync_write_latency_seconds{class="consumer-flash",mode="fdatasync",quantile="0.5"} 0.0015
dumpscope_probe_sync_write_latency_seconds{class="consumer-flash",mode="fdatasync",quantile="0.99"} 0.0025
dumpscope_probe_sync_write_latency_seconds_sum{class="consumer-flash",mode="fdatasync"} 10
dumpscope_probe_sync_write_latency_seconds_count{class="consumer-flash",mode="fdatasync"} 6000
# HELP dumpscope_restore_bytes_expected Uncompressed size of the dump: bytes read × file size ÷ file bytes read (exact at the end), or a generated sample's size.
# TYPE dumpscope_restore_bytes_expected gauge
dumpscope_restore_bytes_expected 1.6777216e+09
# HELP dumpscope_restore_bytes_total Uncompressed SQL bytes of the dump applied to the server.
# TYPE dumpscope_restore_bytes_total counter
dumpscope_restore_bytes_total 4.194304e+08
# HELP dumpscope_restore_elapsed_seconds Seconds since sampling started.
# TYPE dumpscope_restore_elapsed_seconds gauge
dumpscope_restore_elapsed_seconds 100
# HELP dumpscope_restore_errors_total SQL errors tolerated under --force.
# TYPE dumpscope_restore_errors_total counter
dumpscope_restore_errors_total 1
# HELP dumpscope_restore_eta_seconds Estimated seconds until the dump is applied, from the share applied so far; 0 once finished.
# TYPE dumpscope_restore_eta_seconds gauge
dumpscope_restore_eta_seconds 300
# HELP dumpscope_restore_file_bytes Size of the dump file as stored; absent on stdin.
# TYPE dumpscope_restore_file_bytes gauge
dumpscope_restore_file_bytes 4.194304e+08
# HELP dumpscope_restore_file_read_bytes_total Bytes of the dump file read as stored (compressed).
# TYPE dumpscope_restore_file_read_bytes_total counter
dumpscope_restore_file_read_bytes_total 1.048576e+08
# HELP dumpscope_restore_phase 1 for the restore's current phase, 0 for the others.
# TYPE dumpscope_restore_phase gauge
dumpscope_restore_phase{phase="failed"} 0
dumpscope_restore_phase{phase="finished"} 0
dumpscope_restore_phase{phase="indexes"} 0
dumpscope_restore_phase{phase="interrupted"} 0
dumpscope_restore_phase{phase="loading"} 1
dumpscope_restore_phase{phase="starting"} 0
dumpscope_restore_phase{phase="verifying rows"} 0
# HELP dumpscope_restore_progress_ratio Share of the dump applied: SQL bytes applied ÷ the expected uncompressed size (advisor.ImportProgress.Fraction, as the progress line).
# TYPE dumpscope_restore_progress_ratio gauge
dumpscope_restore_progress_ratio 0.25
# HELP dumpscope_restore_rows_total Row tuples in the INSERT/REPLACE statements executed.
# TYPE dumpscope_restore_rows_total counter
dumpscope_restore_rows_total 3e+06
# HELP dumpscope_restore_statements_total Statements executed.
# TYPE dumpscope_restore_statements_total counter
dumpscope_restore_statements_total 1200
# HELP dumpscope_restore_tables_done Tables the import has moved past (sampled each tick, so a table loaded within one interval is missed until the end, where the importer's count of tables that received rows replaces it).
# TYPE dumpscope_restore_tables_done gauge
dumpscope_restore_tables_done 1
# HELP dumpscope_restore_warnings_total Server warnings raised by the dump's statements.
# TYPE dumpscope_restore_warnings_total counter
dumpscope_restore_warnings_total 2
# HELP dumpscope_run_info Identifies the run: join on it (group_left) to tell a fleet's restores apart; always 1.
# TYPE dumpscope_run_info gauge
dumpscope_run_info{dump="dump.sql.gz",run_id="r1",target="db1:3306"} 1
# HELP dumpscope_sampler_duration_seconds Time each sampler source took per tick (progress, devices, server queries).
# TYPE dumpscope_sampler_duration_seconds summary
dumpscope_sampler_duration_seconds_sum{source="devices"} 0.004
dumpscope_sampler_duration_seconds_count{source="devices"} 2
dumpscope_sampler_duration_seconds_sum{source="progress"} 0.0002
dumpscope_sampler_duration_seconds_count{source="progress"} 2
dumpscope_sampler_duration_seconds_sum{source="server"} 0.016
dumpscope_sampler_duration_seconds_count{source="server"} 2
# HELP dumpscope_sampler_errors_total Ticks on which a sampler source failed (the tick went on with the other sources).
# TYPE dumpscope_sampler_errors_total counter
dumpscope_sampler_errors_total{source="devices"} 0
dumpscope_sampler_errors_total{source="progress"} 0
dumpscope_sampler_errors_total{source="server"} 2
# HELP dumpscope_server_info The target server's flavour and version; always 1.
# TYPE dumpscope_server_info gauge
dumpscope_server_info{flavor="mariadb",version="10.11.6"} 1
`

// TestCollectorSeed002: two ticks (tables db.t1 then db.t2) give the exposition text
// above: counters in base units, await and util as seconds and ratios, the ETA from
// the share of the file read (25 % after 100 s: 300 s left), the probe as a summary,
// the sampler's cost summed over both ticks, one finding active and one cleared.
func TestCollectorSeed002(t *testing.T) {
	c := newTestCollector()
	first := seed002Tick()
	first.Snapshot.Import = &advisor.ImportProgress{Statements: 10, Table: "db.t1"}
	first.Snapshot.InnoDB = nil
	first.Events = nil
	c.Tick(first)
	c.Tick(seed002Tick())
	want := strings.ReplaceAll(wantSeed002, "GOVERSION", runtime.Version())
	if err := testutil.CollectAndCompare(c, strings.NewReader(want)); err != nil {
		t.Error(err)
	}
}

// TestCollectorPhases: before a statement runs the restore is "starting" with no ETA;
// Finish sets the final phase, the ETA to 0 and counts the current table as done.
func TestCollectorPhases(t *testing.T) {
	c := New(Options{RunID: "r1", Now: func() time.Time { return testClock }})
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 0.5, Import: &advisor.ImportProgress{CompressedTotalBytes: 1000}}})
	want := `
# HELP dumpscope_restore_phase 1 for the restore's current phase, 0 for the others.
# TYPE dumpscope_restore_phase gauge
dumpscope_restore_phase{phase="failed"} 0
dumpscope_restore_phase{phase="finished"} 0
dumpscope_restore_phase{phase="indexes"} 0
dumpscope_restore_phase{phase="interrupted"} 0
dumpscope_restore_phase{phase="loading"} 0
dumpscope_restore_phase{phase="starting"} 1
dumpscope_restore_phase{phase="verifying rows"} 0
# HELP dumpscope_restore_tables_done Tables the import has moved past (sampled each tick, so a table loaded within one interval is missed until the end, where the importer's count of tables that received rows replaces it).
# TYPE dumpscope_restore_tables_done gauge
dumpscope_restore_tables_done 0
`
	names := []string{"dumpscope_restore_phase", "dumpscope_restore_eta_seconds", "dumpscope_restore_tables_done"}
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), names...); err != nil {
		t.Error(err)
	}
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 9, Import: &advisor.ImportProgress{Statements: 5, Table: "a",
		CompressedBytes: 1000, CompressedTotalBytes: 1000}}})
	c.Finish(Final{Phase: PhaseInterrupted})
	want = `
# HELP dumpscope_restore_eta_seconds Estimated seconds until the dump is applied, from the share applied so far; 0 once finished.
# TYPE dumpscope_restore_eta_seconds gauge
dumpscope_restore_eta_seconds 0
# HELP dumpscope_restore_phase 1 for the restore's current phase, 0 for the others.
# TYPE dumpscope_restore_phase gauge
dumpscope_restore_phase{phase="failed"} 0
dumpscope_restore_phase{phase="finished"} 0
dumpscope_restore_phase{phase="indexes"} 0
dumpscope_restore_phase{phase="interrupted"} 1
dumpscope_restore_phase{phase="loading"} 0
dumpscope_restore_phase{phase="starting"} 0
dumpscope_restore_phase{phase="verifying rows"} 0
# HELP dumpscope_restore_tables_done Tables the import has moved past (sampled each tick, so a table loaded within one interval is missed until the end, where the importer's count of tables that received rows replaces it).
# TYPE dumpscope_restore_tables_done gauge
dumpscope_restore_tables_done 1
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), names...); err != nil {
		t.Error(err)
	}
}

// TestCollectorWatch: without an import (watch) there is no restore series, and a tick
// without device numbers keeps the previous interval's.
func TestCollectorWatch(t *testing.T) {
	c := New(Options{RunID: "w"})
	tick := seed002Tick()
	tick.Snapshot.Import = nil
	c.Tick(tick)
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 101}})
	n, err := testutil.GatherAndCount(registryOf(t, c), "dumpscope_restore_bytes_total", "dumpscope_restore_phase", "dumpscope_disk_write_await_seconds")
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d series of restore and await metrics, want the one await series", n)
	}
}

func registryOf(t *testing.T, c *Collector) *prometheus.Registry {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(c); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestCollectorExpectedBytes: a generated sample has no file size but a known
// uncompressed size, which gives the progress and ETA; the final totals keep it.
func TestCollectorExpectedBytes(t *testing.T) {
	c := New(Options{RunID: "g"})
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 10, Import: &advisor.ImportProgress{Bytes: 25, ExpectedBytes: 100, Statements: 3}}})
	names := []string{"dumpscope_restore_progress_ratio", "dumpscope_restore_eta_seconds", "dumpscope_restore_bytes_expected", "dumpscope_restore_file_bytes"}
	want := func(progress, eta float64) string {
		return fmt.Sprintf(`
# HELP dumpscope_restore_bytes_expected Uncompressed size of the dump: bytes read × file size ÷ file bytes read (exact at the end), or a generated sample's size.
# TYPE dumpscope_restore_bytes_expected gauge
dumpscope_restore_bytes_expected 100
# HELP dumpscope_restore_eta_seconds Estimated seconds until the dump is applied, from the share applied so far; 0 once finished.
# TYPE dumpscope_restore_eta_seconds gauge
dumpscope_restore_eta_seconds %g
# HELP dumpscope_restore_progress_ratio Share of the dump applied: SQL bytes applied ÷ the expected uncompressed size (advisor.ImportProgress.Fraction, as the progress line).
# TYPE dumpscope_restore_progress_ratio gauge
dumpscope_restore_progress_ratio %g
`, eta, progress)
	}
	if err := testutil.CollectAndCompare(c, strings.NewReader(want(0.25, 30)), names...); err != nil {
		t.Error(err)
	}
	c.Finish(Final{Phase: PhaseFinished, Progress: &advisor.ImportProgress{Bytes: 100, Statements: 9}})
	if err := testutil.CollectAndCompare(c, strings.NewReader(want(1, 0)), names...); err != nil {
		t.Error(err)
	}
}

// TestCollectorReadAhead: a parallel import that has read 80 % of the file but applied
// half of the SQL is half done, as its progress line says; what it read shows apart.
func TestCollectorReadAhead(t *testing.T) {
	c := New(Options{RunID: "p"})
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 20, Import: &advisor.ImportProgress{Bytes: 400, ReadBytes: 640,
		CompressedBytes: 80, CompressedTotalBytes: 100, Statements: 7}}})
	want := `
# HELP dumpscope_restore_bytes_expected Uncompressed size of the dump: bytes read × file size ÷ file bytes read (exact at the end), or a generated sample's size.
# TYPE dumpscope_restore_bytes_expected gauge
dumpscope_restore_bytes_expected 800
# HELP dumpscope_restore_eta_seconds Estimated seconds until the dump is applied, from the share applied so far; 0 once finished.
# TYPE dumpscope_restore_eta_seconds gauge
dumpscope_restore_eta_seconds 20
# HELP dumpscope_restore_progress_ratio Share of the dump applied: SQL bytes applied ÷ the expected uncompressed size (advisor.ImportProgress.Fraction, as the progress line).
# TYPE dumpscope_restore_progress_ratio gauge
dumpscope_restore_progress_ratio 0.5
# HELP dumpscope_restore_read_bytes_total Uncompressed SQL bytes read from the dump; ahead of dumpscope_restore_bytes_total while a parallel import reads ahead of its workers.
# TYPE dumpscope_restore_read_bytes_total counter
dumpscope_restore_read_bytes_total 640
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), "dumpscope_restore_bytes_expected",
		"dumpscope_restore_eta_seconds", "dumpscope_restore_progress_ratio", "dumpscope_restore_read_bytes_total"); err != nil {
		t.Error(err)
	}
}

// TestCollectorInvalidUTF8Labels: a dump path is bytes, not UTF-8 (a Latin-1 file name),
// and client_golang panics on a label value that is not valid UTF-8; a successful import
// with --listen or --metrics-textfile then exited 1 with a stack trace (issue 22, item
// 16). Every label value is made valid, invalid bytes becoming U+FFFD.
func TestCollectorInvalidUTF8Labels(t *testing.T) {
	c := New(Options{RunID: "r\xff", Dump: "/dumps/caf\xe9.sql", Target: "/run/\xfe.sock", Version: "0.1.0"})
	c.SetEnv(&advisor.Env{
		Server:  advisor.ServerInfo{Flavor: "mariadb", Version: "10.11\xff"},
		Devices: []iostat.Device{{Name: "sd\xffa", Kind: "disk", Model: "M\xff"}},
	})
	tick := seed002Tick()
	tick.Snapshot.Space.Path = "/var/lib/\xffmysql"
	c.Tick(tick)
	want := `
# HELP dumpscope_run_info Identifies the run: join on it (group_left) to tell a fleet's restores apart; always 1.
# TYPE dumpscope_run_info gauge
dumpscope_run_info{dump="/dumps/caf` + "\uFFFD" + `.sql",run_id="r` + "\uFFFD" + `",target="/run/` + "\uFFFD" + `.sock"} 1
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), "dumpscope_run_info"); err != nil {
		t.Error(err)
	}
	if _, err := registryOf(t, c).Gather(); err != nil {
		t.Errorf("Gather: %v", err)
	}
	if err := WriteTextfile(filepath.Join(t.TempDir(), "run.prom"), c); err != nil {
		t.Errorf("WriteTextfile: %v", err)
	}
}

// TestRestorePhaseFollowsTheImporter: dumpscope_restore_phase shows the phase the
// importer reports (index builds, the row count), by package phase's names, and
// "loading" for a restore that reports none; the outcome replaces it.
func TestRestorePhaseFollowsTheImporter(t *testing.T) {
	c := New(Options{RunID: "r"})
	reg := registryOf(t, c)
	gaugeOf := func(name string) float64 {
		t.Helper()
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range families {
			for _, m := range f.GetMetric() {
				if f.GetName() == "dumpscope_restore_phase" && m.GetLabel()[0].GetValue() == name {
					return m.GetGauge().GetValue()
				}
			}
		}
		t.Fatalf("no dumpscope_restore_phase{phase=%q}", name)
		return 0
	}
	for _, tc := range []struct {
		statements int64
		reported   string
		want       string
	}{
		{0, phase.Loading, phase.Starting},
		{3, "", phase.Loading},
		{3, phase.Indexes, phase.Indexes},
		{3, phase.Verifying, phase.Verifying},
	} {
		c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 1, Import: &advisor.ImportProgress{Statements: tc.statements, Phase: tc.reported}}})
		if got := gaugeOf(tc.want); got != 1 {
			t.Errorf("reported %q after %d statements: phase %q = %v, want 1", tc.reported, tc.statements, tc.want, got)
		}
	}
	c.Finish(Final{Phase: PhaseFinished})
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 2, Import: &advisor.ImportProgress{Statements: 3, Phase: phase.Indexes}}})
	if got := gaugeOf(phase.Finished); got != 1 {
		t.Errorf("after Finish: finished = %v, want 1", got)
	}
}
