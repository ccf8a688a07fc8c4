package advisor

import (
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestFormatEvidence(t *testing.T) {
	tests := []struct {
		ev   map[string]any
		want string
	}{
		{map[string]any{"util_pct_by_device": map[string]float64{"vda": 7.771}}, "util 7.8 % on vda"},
		{map[string]any{"util_pct_by_device": map[string]any{"vdb": 50.0, "vda": 7.771}}, "util 7.8 % on vda; 50.0 % on vdb"},
		{map[string]any{"redo_bytes_per_sec": 1.32e+07}, "redo 12.6 MiB/s"},
		{map[string]any{"checkpoint_age_pct_mean": 93.14, "sync_flush_threshold_pct": 93.75, "checkpoint_age_bytes_last": float64(96 << 20)},
			"checkpoint age (last) 96.0 MiB, checkpoint age (mean) 93.1 %, sync flush threshold 93.8 %"},
		{map[string]any{"durable_write_ms": 1.0234, "window_seconds": 30.0, "commits_per_sec": 1431.2}, "commits 1431/s, durable write 1.02 ms, window 30 s"},
		{map[string]any{"innodb_log_file_size": float64(128 << 20), "innodb_flush_log_at_trx_commit": 1.0, "device": "vda"},
			"device vda, innodb_flush_log_at_trx_commit = 1, innodb_log_file_size = 128.0 MiB"},
		{map[string]any{"window_seconds": 90.0, "log_waits_per_sec": 2.5}, "log waits 2.5/s, window 1:30"},
		{map[string]any{"w_await_ms_by_device": map[string]float64{"vda": 0.39}}, "w_await 0.39 ms on vda"},
		// I/O operations per second, not bytes; the redo capacity is bytes.
		{map[string]any{"innodb_io_capacity": 2000.0, "innodb_redo_log_capacity": float64(1 << 30)}, "innodb_io_capacity = 2000, innodb_redo_log_capacity = 1.0 GiB"},
		// No internal keys on a surface: sources in words, points, kB/s in IEC units,
		// a setting with a unit suffix under its real name, a core share.
		{map[string]any{"redo_rate_source": "lsn", "fsync_source": "Innodb_data_fsyncs", "durable_write_source": "w_await+f_await"},
			"durable write from w_await + f_await, fsync from Innodb_data_fsyncs, redo rate from the LSN"},
		{map[string]any{"checkpoint_age_pct_first": 0.4, "dirty_rise_threshold_points": 5.0, "host_cores": 2},
			"checkpoint age (first) 0.4 %, host cores 2, dirty rise threshold 5 points"},
		{map[string]any{"low_throughput_threshold_kB_per_sec": 102400.0, "innodb_buffer_pool_size_bytes": float64(128 << 20), "server_cpu_pct_of_core_mean": 97.2},
			"innodb_buffer_pool_size = 128.0 MiB, server cpu (mean) 97 % of a core, low throughput threshold 100.0 MiB/s"},
		// Facts a rule stores for the verdict (server-cpu-bound's busy-host form), as stored
		// and as a record's JSON gives them back.
		{map[string]any{"at_host_cpu_limit": true, "fixes": []string{"--load-data", "--defer-indexes"}},
			"at host cpu limit yes, fixes --load-data, --defer-indexes"},
		{map[string]any{"at_host_cpu_limit": false, "fixes": []any{"--defer-indexes"}}, "at host cpu limit no, fixes --defer-indexes"},
	}
	for _, tt := range tests {
		if got := FormatEvidence(tt.ev); got != tt.want {
			t.Errorf("FormatEvidence(%v)\n got %q\nwant %q", tt.ev, got, tt.want)
		}
	}
}

// TestLogSinkNoEvents: advise prints its findings once, at the end, so its LogSink
// leaves them out; import's keeps them, with "fired at" in Clock's format.
func TestLogSinkNoEvents(t *testing.T) {
	cleared := 12.0
	ev := Event{Finding: Finding{ID: "redo-log-too-small", Title: "redo log too small", Severity: "warn", FiredAt: 5, ClearedAt: &cleared}, Cleared: true}
	var quiet, loud strings.Builder
	(&LogSink{W: &quiet, Every: -1, NoEvents: true}).Tick(Tick{Events: []Event{ev}})
	(&LogSink{W: &loud, Every: -1}).Tick(Tick{Events: []Event{ev}})
	if quiet.Len() != 0 {
		t.Errorf("NoEvents printed %q", quiet.String())
	}
	if !strings.Contains(loud.String(), "cleared  redo-log-too-small (fired at 0:05)") {
		t.Errorf("event line %q", loud.String())
	}
}

// TestFitProgress: a progress line never exceeds its width; it loses the CPU, then the
// device, then the InnoDB part, and the import part is cut last.
func TestFitProgress(t *testing.T) {
	prev := Snapshot{T: 1, Import: &ImportProgress{}, InnoDB: &InnoDB{LSN: 1000}}
	cur := Snapshot{T: 2, Import: &ImportProgress{Bytes: 2 << 20, Rows: 5000, CompressedBytes: 1 << 20, CompressedTotalBytes: 4 << 20, Table: "shop.orders"},
		InnoDB:  &InnoDB{LSN: 1000 + 3<<20, CheckpointAgeBytes: 2 << 20, MaxCheckpointAgeBytes: 4 << 20, DirtyPagesPct: 12},
		Devices: map[string]iostat.DeviceStats{"vda": {WPerSec: 1431, WkBPerSec: 31421, WAwaitMs: 0.4, UtilPct: 99.7}},
		CPU:     &iostat.CPUStats{IdlePct: 94, ClientPct: 12}}
	head := " 25.0% ETA 0:06, 2.0 MiB SQL, 2.0 MiB/s, 5000 rows/s, shop.orders"
	for _, tt := range []struct {
		width int
		want  string
	}{
		{400, ProgressLine(prev, cur)},
		{143, head + " | redo 3.0 MiB/s ckpt 50% dirty 12% | vda util 100% w_await 0.40ms | idle 94%"},
		{132, head + " | redo 3.0 MiB/s ckpt 50% dirty 12% | vda util 100% w_await 0.40ms"},
		{120, head + " | redo 3.0 MiB/s ckpt 50% dirty 12%"},
		{100, head},
		{40, " 25.0% ETA 0:06, 2.0 MiB SQL, 2.0 MiB/s…"},
	} {
		got := FitProgress(prev, cur, tt.width)
		if got != tt.want {
			t.Errorf("width %d:\n got %q\nwant %q", tt.width, got, tt.want)
		}
		if n := len([]rune(got)); n > tt.width {
			t.Errorf("width %d: %d runes", tt.width, n)
		}
	}
	var b strings.Builder
	l := &LogSink{W: &b, Width: 100, Now: func() time.Time { return time.Date(2026, 12, 3, 14, 26, 5, 0, time.UTC) }}
	l.Tick(Tick{Snapshot: prev})
	l.Tick(Tick{Snapshot: cur})
	if want := "14:26:05  +0:02 " + head + "\n"; b.String() != want {
		t.Errorf("LogSink line\n got %q\nwant %q", b.String(), want)
	}
}
