package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

// TestWriteFindingsFits: a finding with long evidence and recommendation prints in lines
// of at most 100 columns, evidence in human units.
func TestWriteFindingsFits(t *testing.T) {
	f := advisor.Finding{ID: "redo-log-too-small", Severity: "critical", FiredAt: 5, Title: "Redo log too small: checkpoint age past 7/8 of its maximum on 70% of the last 25 s (mean 89%), a long title",
		Evidence: map[string]any{"checkpoint_age_pct_mean": 89.3, "redo_bytes_per_sec": 7.0e6, "max_checkpoint_age_bytes": 2.7e6,
			"recommended_redo_bytes": float64(1 << 30), "ticks_above_sync_pct": 50.5, "util_pct_by_device": map[string]float64{"vda": 7.771},
			"window_seconds": 25.5, "sync_flush_threshold_pct": 93.75, "aggressive_flush_threshold_pct": 87.5},
		Recommendation: "my.cnf [mysqld]: innodb_log_file_size = 1G; live: SET GLOBAL innodb_log_file_size = 1073741824; after the import: keep it; a larger redo log costs only disk space and a longer crash recovery."}
	var b bytes.Buffer
	WriteFindings(&b, []advisor.Finding{f})
	for _, line := range strings.Split(b.String(), "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
	for _, want := range []string{"(fired at 0:05, active)", "redo 6.7 MiB/s", "util 7.8 % on vda", "recommended redo 1.0 GiB"} {
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}
