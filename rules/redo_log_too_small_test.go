package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

func TestRedoLogTooSmall(t *testing.T) {
	const maxAge = 2679645 // MariaDB 10.11, innodb_log_file_size=4M
	vars := map[string]string{"innodb_log_file_size": "4194304"}
	pinned := redo(5e6, maxAge, func(i int) float64 { return 90 + 4*float64(i%3) })
	runCases(t, RedoLogTooSmall{}, []ruleCase{
		{record: "redo-log-too-small.json", name: "checkpoint age pinned near the maximum", env: maria(vars),
			ticks: build(60, pinned), wantFiredAt: 5, wantClearedAt: -1},
		{name: "age at 60% of the maximum", env: maria(vars),
			ticks: build(60, redo(5e6, maxAge, constant(60))), wantFiredAt: -1},
		{name: "pinned but no redo written (left over, not this import)", env: maria(vars),
			ticks: build(60, redo(0, maxAge, constant(95))), wantFiredAt: -1},
		{name: "past 7/8 on a quarter of the ticks only", env: maria(vars),
			ticks: build(60, redo(5e6, maxAge, func(i int) float64 { return []float64{40, 40, 40, 95}[i%4] })), wantFiredAt: -1},
		{name: "saw-tooth past 7/8 on 40 % of the ticks (the default 96 MB log under 9 MB/s of redo)", env: maria(vars),
			ticks: build(60, redo(9e6, maxAge, func(i int) float64 { return []float64{95, 99, 60, 70, 80}[i%5] })), wantFiredAt: 5, wantClearedAt: -1},
		// Pinned until 40, then the log is resized: (70−T) of the window's 31 ticks are
		// past 7/8, under a third from T = 60; the third quiet tick is 62.
		{name: "clears after the log grows", env: maria(vars),
			ticks: build(80, phase(40, pinned, redo(5e6, maxAge, constant(20)))), wantFiredAt: 5, wantClearedAt: 62},
		{name: "status counters only (no derived InnoDB state)", env: maria(vars),
			ticks: build(60, rate("Innodb_os_log_written", 5e6), gauge("Innodb_checkpoint_age", constant(0.93*maxAge)),
				gauge("Innodb_checkpoint_max_age", constant(maxAge))), wantFiredAt: 5, wantClearedAt: -1},
		{name: "MySQL 8.0.36 counters only: LSN pair, maximum derived from innodb_redo_log_capacity",
			env: mysql("8.0.36", map[string]string{"innodb_redo_log_capacity": "104857600"}),
			ticks: build(60, rate("Innodb_redo_log_current_lsn", 5e6), gauge("Innodb_redo_log_checkpoint_lsn", func(i int) float64 {
				return 1e6 + 5e6*float64(i) - 0.92*86e6 // age 79.1 MB: 90 % of the derived maximum, 87.6 MB
			})), wantFiredAt: 5, wantClearedAt: -1},
	})
}

func TestRedoTarget(t *testing.T) {
	tests := []struct {
		name        string
		bytesPerSec float64
		capacity    int64
		want        int64
	}{
		{"an hour of 1 MB/s is 3.6 GB, rounded up to 4 GiB", 1e6, 256 << 20, 4 << 30},
		{"seed 002: 1.8 MB/s is 6.5 GB, rounded up to 8 GiB", 1.8e6, 256 << 20, 8 << 30},
		{"capped at 16 GiB", 50e6, 256 << 20, 16 << 30},
		{"floor 1 GiB", 1e3, 4 << 20, 1 << 30},
		{"at least twice the current capacity", 1e5, 2 << 30, 4 << 30},
	}
	for _, tt := range tests {
		if got := redoTarget(tt.bytesPerSec, tt.capacity); got != tt.want {
			t.Errorf("%s: redoTarget = %d; want %d", tt.name, got, tt.want)
		}
	}
}

func TestRedoTargetCappedAtBufferPool(t *testing.T) {
	const maxAge = 2679645
	pinned := redo(6.4e6, maxAge, constant(92))
	for _, tc := range []struct {
		pool string
		want int64
	}{{"134217728", 1 << 30}, {"6442450944", 6 << 30}, {"68719476736", 16 << 30}} {
		f := RedoLogTooSmall{}.Check(maria(map[string]string{"innodb_log_file_size": "4194304", "innodb_buffer_pool_size": tc.pool}), advisor.Window(build(20, pinned)))
		if f == nil || f.Evidence["recommended_redo_bytes"] != tc.want {
			t.Errorf("pool %s: %v; want recommended_redo_bytes %d", tc.pool, f, tc.want)
		}
	}
}

func TestRedoRecommendationByVersion(t *testing.T) {
	tests := []struct {
		env  *advisor.Env
		want []string
	}{
		{maria(nil), []string{"innodb_log_file_size = 8G;", "SET GLOBAL innodb_log_file_size = 8589934592;"}},
		{env(advisor.FlavorMariaDB, "10.6.16-MariaDB", nil), []string{"innodb_log_file_size = 8G;", "not dynamic on MariaDB 10.6.16"}},
		{mysql("8.0.36", nil), []string{"innodb_redo_log_capacity = 8G;", "SET GLOBAL innodb_redo_log_capacity = 8589934592;"}},
		{mysql("8.0.22", map[string]string{"innodb_log_files_in_group": "2"}),
			[]string{"innodb_log_file_size = 4G (× innodb_log_files_in_group = 2 → 8G in total)", "not dynamic on MySQL 8.0.22"}},
		{env(advisor.FlavorPercona, "5.7.44-48", map[string]string{"innodb_log_files_in_group": "4"}),
			[]string{"innodb_log_file_size = 2G (× innodb_log_files_in_group = 4 → 8G in total)", "not dynamic"}},
	}
	for _, tt := range tests {
		got := redoRecommendation(tt.env, serverOf(tt.env), 8<<30)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: recommendation %q lacks %q", tt.env.Server.Flavor, tt.env.Server.Version, got, w)
			}
		}
	}
}
