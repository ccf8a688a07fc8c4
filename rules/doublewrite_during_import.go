package rules

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
)

// doublewriteShare: doublewrite bytes as a share of the data device's write bytes.
const doublewriteShare = 0.25

// DoublewriteDuringImport fires when the doublewrite buffer doubles page writes on a data
// device that is bandwidth-bound: busy (%util ≥ 90) while moving a lot of data. A device
// saturated at low throughput is waiting on flush latency instead (sync-write-latency);
// doublewrite batches are large sequential writes with one fsync each, so halving the
// volume would not help it.
type DoublewriteDuringImport struct{}

func (DoublewriteDuringImport) ID() string { return "doublewrite-during-import" }

func (r DoublewriteDuringImport) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	mode, ok := varString(env, "innodb_doublewrite")
	if !ok {
		return nil
	}
	switch strings.ToUpper(mode) {
	case "OFF", "0", "DETECT_ONLY":
		return nil // already off (DETECT_ONLY writes no page content)
	}
	if w.Span() < minSpanSeconds {
		return nil
	}
	pages, ok := w.Rate("Innodb_dblwr_pages_written")
	if !ok || pages <= 0 {
		return nil
	}
	pageBytes, ok := varInt(env, "innodb_page_size")
	if !ok || pageBytes <= 0 {
		pageBytes = 16 * kiB
	}
	dev, util, name := deviceWriteBytes(w, dataDevices(env, w))
	if dev <= 0 {
		return nil
	}
	dblwr := pages * float64(pageBytes)
	share := dblwr / dev
	if share < doublewriteShare || util < busyUtilPct || dev/kiB < lowThroughputKBPerSec {
		return nil
	}
	s := serverOf(env)
	after := "turn it back on (it protects against torn pages on power loss)."
	rec := recommend(s, []change{{name: "innodb_doublewrite", value: "OFF"}}, after)
	if s.mysqlLike() && dynamic(s, "innodb_doublewrite") {
		// MySQL ≥ 8.0.30 changes innodb_doublewrite online only between enabled modes;
		// DETECT_ONLY stops writing page content, OFF needs a restart.
		rec = "my.cnf [mysqld]: innodb_doublewrite = OFF; live: SET GLOBAL innodb_doublewrite = DETECT_ONLY; " +
			"(writes only metadata; OFF needs a restart on " + s.String() + ") after the import: " + after
	}
	return &advisor.Finding{
		Severity: advisor.SeverityWarn,
		Title: fmt.Sprintf("Doublewrite is %.0f%% of the writes of %s, which is bandwidth-bound (%.0f%% util, %s/s)",
			100*share, name, util, units.FormatBytes(dev)),
		Evidence: map[string]any{
			"innodb_doublewrite":                mode,
			"doublewrite_pages_per_sec":         round(pages),
			"doublewrite_bytes_per_sec":         round(dblwr),
			"device":                            name,
			"device_write_bytes_per_sec":        round(dev),
			"device_util_pct":                   round(util),
			"doublewrite_share_pct":             round(100 * share),
			"doublewrite_share_threshold_pct":   100 * doublewriteShare,
			"busy_util_threshold_pct":           busyUtilPct,
			"min_throughput_threshold_kB_per_s": lowThroughputKBPerSec,
			"window_seconds":                    round(w.Span()),
		},
		Recommendation: rec,
	}
}
