package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// Neighbour-flush thresholds (docs/rules.md "flush-neighbors-on-ssd").
const (
	// flashWriteAwaitMs: writes that complete faster than this on average are not
	// waiting for a disk head.
	flashWriteAwaitMs = 2.0
	// minPagesFlushedPerSec: below this page flushing is too light to matter.
	minPagesFlushedPerSec = 100.0
)

// FlushNeighborsOnSSD fires when innodb_flush_neighbors is on, the data devices behave
// like flash (measured latency or the probe, not the sysfs flag), page flushing is
// heavy and the devices are busy: neighbour flushing writes pages that did not need
// writing yet. Silent on MariaDB ≥ 10.4.4 when sysfs reports every data device as
// non-rotational, because MariaDB already skips neighbours there (MDEV-17380).
type FlushNeighborsOnSSD struct{}

func (FlushNeighborsOnSSD) ID() string { return "flush-neighbors-on-ssd" }

func (r FlushNeighborsOnSSD) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	n, ok := varInt(env, "innodb_flush_neighbors")
	if !ok || n == 0 || w.Span() < minSpanSeconds {
		return nil
	}
	leaves := dataDevices(env, w)
	s := serverOf(env)
	if s.mariaDB() && s.v.AtLeast(10, 4, 4) && allNonRotational(env, leaves) {
		return nil
	}
	// Flash by measurement: the probe's class, else every leaf's write latency.
	flash := false
	ev := map[string]any{"innodb_flush_neighbors": n, "window_seconds": round(w.Span())}
	if env.Probe != nil && (env.Probe.Class == "plp-flash" || env.Probe.Class == "consumer-flash") {
		flash = true
		ev["probe_class"] = env.Probe.Class
	} else if env.Probe == nil || env.Probe.Class == "" {
		awaits := w.DeviceMeans(leaves, advisor.WriteAwaitMs)
		writes := w.DeviceMeans(leaves, advisor.WritesPerSec)
		flash = len(awaits) > 0
		for d, a := range awaits {
			if a >= flashWriteAwaitMs || writes[d] < 10 {
				flash = false
			}
		}
		ev["w_await_ms_by_device"] = roundMap(awaits)
		ev["flash_w_await_threshold_ms"] = flashWriteAwaitMs
	}
	if !flash {
		return nil
	}
	flushed, ok := w.Rate("Innodb_buffer_pool_pages_flushed")
	if !ok || flushed < minPagesFlushedPerSec {
		return nil
	}
	util, busiest, ok := meanUtil(w, leaves)
	if !ok || busiest < headroomUtilPct {
		return nil
	}
	ev["pages_flushed_per_sec"] = round(flushed)
	ev["min_pages_flushed_per_sec"] = minPagesFlushedPerSec
	ev["util_pct_by_device"] = roundMap(util)
	ev["busy_util_threshold_pct"] = headroomUtilPct
	return &advisor.Finding{
		Severity: advisor.SeverityInfo,
		Title:    fmt.Sprintf("innodb_flush_neighbors=%d on flash: %.0f pages/s flushed on devices %.0f%% busy", n, flushed, busiest),
		Evidence: ev,
		Recommendation: recommend(s, []change{{name: "innodb_flush_neighbors", value: "0", setValue: "0"}},
			"keep it: neighbour flushing only helps spinning disks."),
	}
}

// allNonRotational: sysfs says every leaf is non-rotational (what MariaDB's own SSD
// detection reads).
func allNonRotational(env *advisor.Env, leaves []string) bool {
	if len(leaves) == 0 {
		return false
	}
	for _, name := range leaves {
		found := false
		for _, d := range env.Devices {
			if d.Name == name {
				found = true
				if d.Rotational == nil || *d.Rotational {
					return false
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}
