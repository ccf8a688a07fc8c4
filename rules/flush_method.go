package rules

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
)

// dataFsyncShare: data-file fsyncs × flush latency as a share of wall time.
const dataFsyncShare = 0.10

// FlushMethod fires when InnoDB writes data files through the page cache
// (innodb_flush_method fsync or O_DSYNC) and the data-file fsyncs, which must then push
// the cached pages out, take a real share of the time on busy devices. O_DIRECT writes
// pages straight to the device and leaves the page cache to the rest of the host.
type FlushMethod struct{}

func (FlushMethod) ID() string { return "flush-method" }

func (r FlushMethod) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	method, ok := varString(env, "innodb_flush_method")
	if !ok {
		return nil
	}
	switch strings.ToUpper(method) {
	case "FSYNC", "O_DSYNC", "LITTLESYNC", "0", "1":
		// buffered data-file I/O (MariaDB < 10.6 can show the numeric form).
	default:
		return nil // O_DIRECT, O_DIRECT_NO_FSYNC, nosync, or unknown: nothing to gain
	}
	if w.Span() < minSpanSeconds {
		return nil
	}
	all, ok := w.Rate("Innodb_data_fsyncs")
	if !ok {
		return nil
	}
	// Data-file fsyncs are the total minus the redo ones; MariaDB ≥ 10.5 has no
	// Innodb_os_log_fsyncs, where commits stand in for the redo fsyncs.
	redo, ok := w.Rate("Innodb_os_log_fsyncs")
	redoSource := "Innodb_os_log_fsyncs"
	if !ok {
		redo, redoSource, ok = commitRate(w)
		if !ok {
			return nil
		}
	}
	data := all - redo
	leaves := dataDevices(env, w)
	lat, ok := syncLatency(env, w, leaves)
	if !ok || data <= 0 {
		return nil
	}
	share := data * lat.ms / 1000
	_, busiest, ok := meanUtil(w, leaves)
	if !ok || share < dataFsyncShare || busiest < headroomUtilPct {
		return nil
	}
	s := serverOf(env)
	return &advisor.Finding{
		Severity: advisor.SeverityInfo,
		Title: fmt.Sprintf("innodb_flush_method=%s: data-file fsyncs take %.0f%% of wall time on devices %.0f%% busy",
			method, 100*share, busiest),
		Evidence: map[string]any{
			"innodb_flush_method":            method,
			"data_fsyncs_per_sec":            round(data),
			"redo_fsync_source":              redoSource,
			"durable_write_ms":               round(lat.ms),
			"durable_write_source":           lat.source,
			"data_fsync_share_pct":           round(100 * share),
			"data_fsync_share_threshold_pct": 100 * dataFsyncShare,
			"busiest_util_pct":               round(busiest),
			"window_seconds":                 round(w.Span()),
		},
		Recommendation: recommend(s, []change{{name: "innodb_flush_method", value: "O_DIRECT"}},
			"keep it (the default on MariaDB ≥ 10.6 and MySQL ≥ 8.4)."),
	}
}
