package rules

import (
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/advisor"
)

// Flushing-behind thresholds (docs/rules.md "io-capacity-low").
const (
	// checkpointRisePoints / dirtyRisePoints: how far the checkpoint age (% of its
	// maximum) or dirty pages (% of the pool) must climb over the window.
	checkpointRisePoints = 10.0
	checkpointFloorPct   = 50.0
	dirtyRisePoints      = 5.0
	// dirtyNearLimit: dirty pages count as falling behind only near
	// innodb_max_dirty_pages_pct (default 90), where InnoDB starts forced flushing; a
	// pool filling with dirty pages far from it is InnoDB's normal lazy flushing.
	dirtyNearLimit = 0.75
	// flushPacedTolerance: pages flushed per second within ±20 % of innodb_io_capacity
	// (background pace) or innodb_io_capacity_max (adaptive flushing's ceiling) means
	// InnoDB is flushing at the pace it was told; anywhere else the setting is not what
	// limits it.
	flushPacedTolerance = 0.2
	ioCapacityFloor     = 2000
	ioCapacityCap       = 20000
)

// IOCapacityLow fires when flushing falls behind (checkpoint age or dirty pages climb)
// while InnoDB flushes at the pace innodb_io_capacity(_max) allows and the data devices
// have headroom: the limit is the setting, not the device. Above 7/8 of the maximum
// checkpoint age InnoDB flushes without regard to innodb_io_capacity (innodb_flush_sync,
// ON by default), so a checkpoint age up there is redo-log-too-small's, not this rule's.
type IOCapacityLow struct{}

func (IOCapacityLow) ID() string { return "io-capacity-low" }

func dirtyPct(s *advisor.Snapshot) (float64, bool) {
	if s.InnoDB != nil && s.InnoDB.DirtyPagesPct > 0 {
		return s.InnoDB.DirtyPagesPct, true
	}
	d, ok1 := s.Status["Innodb_buffer_pool_pages_dirty"]
	t, ok2 := s.Status["Innodb_buffer_pool_pages_total"]
	if ok1 && ok2 && t > 0 {
		return 100 * d / t, true
	}
	return 0, false
}

// firstLast returns the first and last value of f over the window's snapshots that have one.
func firstLast(w advisor.Window, f func(s *advisor.Snapshot) (float64, bool)) (first, last float64, ok bool) {
	n := 0
	for i := range w {
		if v, ok := f(&w[i]); ok {
			if n == 0 {
				first = v
			}
			last = v
			n++
		}
	}
	return first, last, n >= 2
}

func (r IOCapacityLow) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	ioCap, ok := varInt(env, "innodb_io_capacity")
	if !ok || ioCap <= 0 || w.Span() < minSpanSeconds {
		return nil
	}
	ioMax, ok := varInt(env, "innodb_io_capacity_max")
	if !ok || ioMax <= 0 || ioMax > 1<<31 {
		ioMax = 2 * ioCap // the effective default when unset (MariaDB shows 4294967295)
	}
	ev := map[string]any{"innodb_io_capacity": ioCap, "innodb_io_capacity_max": ioMax, "window_seconds": round(w.Span())}
	var behind string
	ages := newAgeReader(env)
	if a, b, ok := firstLast(w, func(s *advisor.Snapshot) (float64, bool) {
		age, m, ok := ages.age(s)
		return pct(age, m), ok
	}); ok {
		ev["checkpoint_age_pct_first"], ev["checkpoint_age_pct_last"] = round(a), round(b)
		ceiling := 100 * redoAggressiveFraction
		if on, known := varOn(env, "innodb_flush_sync"); known && !on {
			ceiling = 101 // io_capacity also paces sync flushing
		}
		if b-a >= checkpointRisePoints && b >= checkpointFloorPct && b < ceiling {
			behind = fmt.Sprintf("checkpoint age rose from %.0f%% to %.0f%% of its maximum", a, b)
		}
	}
	if a, b, ok := firstLast(w, dirtyPct); ok {
		ev["dirty_pages_pct_first"], ev["dirty_pages_pct_last"] = round(a), round(b)
		limit, ok := varInt(env, "innodb_max_dirty_pages_pct")
		if !ok || limit <= 0 {
			limit = 90
		}
		ev["dirty_near_limit_threshold_pct"] = round(dirtyNearLimit * float64(limit))
		if behind == "" && b-a >= dirtyRisePoints && b >= dirtyNearLimit*float64(limit) {
			behind = fmt.Sprintf("dirty pages rose from %.0f%% to %.0f%% of the buffer pool", a, b)
		}
	}
	if behind == "" {
		return nil
	}
	flushed, ok := w.Rate("Innodb_buffer_pool_pages_flushed")
	near := func(v, target float64) bool {
		return v >= (1-flushPacedTolerance)*target && v <= (1+flushPacedTolerance)*target
	}
	if !ok || !(near(flushed, float64(ioCap)) || near(flushed, float64(ioMax))) {
		return nil // not flushing at a configured pace: the setting is not the limit
	}
	util, busiest, ok := meanUtil(w, dataDevices(env, w))
	if !ok || busiest >= headroomUtilPct {
		return nil
	}
	ev["pages_flushed_per_sec"] = round(flushed)
	ev["paced_tolerance_pct"] = 100 * flushPacedTolerance
	ev["util_pct_by_device"] = roundMap(util)
	ev["headroom_util_threshold_pct"] = headroomUtilPct
	ev["checkpoint_rise_threshold_points"] = checkpointRisePoints
	ev["dirty_rise_threshold_points"] = dirtyRisePoints
	newCap := min(max(ioCapacityFloor, 4*ioCap), ioCapacityCap)
	s := serverOf(env)
	return &advisor.Finding{
		Severity: advisor.SeverityWarn,
		Title: fmt.Sprintf("Flushing falls behind (%s) at %.0f pages/s while the data devices are %.0f%% busy",
			behind, flushed, busiest),
		Evidence: ev,
		Recommendation: recommend(s, []change{
			{name: "innodb_io_capacity", value: strconv.FormatInt(newCap, 10), setValue: strconv.FormatInt(newCap, 10)},
			{name: "innodb_io_capacity_max", value: strconv.FormatInt(2*newCap, 10), setValue: strconv.FormatInt(2*newCap, 10)},
		}, "keep it on flash storage; revert if the device is shared with latency-sensitive work."),
	}
}
