package advisor

import "github.com/dumpscope/dumpscope/iostat"

// Window helpers. Everything here is computed from differences inside the window (first
// and last snapshot, or consecutive pairs), never from since-start averages: a server
// that idled for a day before the restore must not dilute what the restore does now.
//
// Status counters (Snapshot.Status) are cumulative, so a value needs two snapshots.
// Device and CPU columns are already per-interval values (iostat over the interval that
// ends at the snapshot), so every snapshot carries one.

// Span returns the seconds between the first and the last snapshot; 0 when the window
// holds fewer than two.
func (w Window) Span() float64 {
	if len(w) < 2 {
		return 0
	}
	return w[len(w)-1].T - w[0].T
}

// Last returns the newest snapshot, nil for an empty window.
func (w Window) Last() *Snapshot {
	if len(w) == 0 {
		return nil
	}
	return &w[len(w)-1]
}

// Delta returns how much the cumulative status counter name grew from the first to the
// last snapshot. ok is false when the window holds fewer than two snapshots, the counter
// is missing at either end, or it went backwards between any two consecutive snapshots
// that both have it (a server restart or FLUSH STATUS): a difference across a reset
// means nothing.
func (w Window) Delta(name string) (delta float64, ok bool) {
	if len(w) < 2 {
		return 0, false
	}
	first, ok1 := w[0].Status[name]
	last, ok2 := w[len(w)-1].Status[name]
	if !ok1 || !ok2 {
		return 0, false
	}
	prev, havePrev := first, true
	for i := 1; i < len(w); i++ {
		v, ok := w[i].Status[name]
		if !ok {
			continue
		}
		if havePrev && v < prev {
			return 0, false
		}
		prev, havePrev = v, true
	}
	return last - first, true
}

// Rate returns Delta(name) per second over the window's span. ok is false when Delta is
// not ok or the span is not positive.
func (w Window) Rate(name string) (perSec float64, ok bool) {
	d, ok := w.Delta(name)
	span := w.Span()
	if !ok || span <= 0 {
		return 0, false
	}
	return d / span, true
}

// RateOf returns the first counter of names that has a Rate in this window, with the
// name it used; ok is false when none has. Rules use it for counters that differ by
// flavour (Innodb_os_log_fsyncs on MySQL, Innodb_data_fsyncs on MariaDB ≥ 10.5).
func (w Window) RateOf(names ...string) (perSec float64, name string, ok bool) {
	for _, n := range names {
		if r, ok := w.Rate(n); ok {
			return r, n, true
		}
	}
	return 0, "", false
}

// Rates returns the per-interval rates of counter name: one value per consecutive pair
// of snapshots that both have it, with a positive time step and no reset. The result is
// shorter than len(w)-1 where pairs were skipped.
func (w Window) Rates(name string) []float64 {
	var out []float64
	for i := 1; i < len(w); i++ {
		a, ok1 := w[i-1].Status[name]
		b, ok2 := w[i].Status[name]
		dt := w[i].T - w[i-1].T
		if !ok1 || !ok2 || dt <= 0 || b < a {
			continue
		}
		out = append(out, (b-a)/dt)
	}
	return out
}

// Gauge returns the newest value of a status variable that is a level, not a counter
// (Innodb_buffer_pool_pages_dirty, Innodb_checkpoint_age).
func (w Window) Gauge(name string) (v float64, ok bool) {
	for i := len(w) - 1; i >= 0; i-- {
		if v, ok := w[i].Status[name]; ok {
			return v, true
		}
	}
	return 0, false
}

// Fraction returns the share (0..1) of snapshots for which holds returns true; 0 for an
// empty window. A predicate that cannot decide (a missing value) should return false, so
// a sparse signal never looks sustained.
func (w Window) Fraction(holds func(s *Snapshot) bool) float64 {
	if len(w) == 0 {
		return 0
	}
	n := 0
	for i := range w {
		if holds(&w[i]) {
			n++
		}
	}
	return float64(n) / float64(len(w))
}

// Count returns how many snapshots satisfy holds.
func (w Window) Count(holds func(s *Snapshot) bool) int {
	n := 0
	for i := range w {
		if holds(&w[i]) {
			n++
		}
	}
	return n
}

// DeviceColumn picks one iostat column from a device's interval stats; ok is false when
// the column is absent (flush columns on kernels before 5.5).
type DeviceColumn func(d iostat.DeviceStats) (v float64, ok bool)

// Columns rules read, named as iostat -x names them.
func WritesPerSec(d iostat.DeviceStats) (float64, bool)  { return d.WPerSec, true }
func WriteKBPerSec(d iostat.DeviceStats) (float64, bool) { return d.WkBPerSec, true }
func WriteAwaitMs(d iostat.DeviceStats) (float64, bool)  { return d.WAwaitMs, true }
func ReadsPerSec(d iostat.DeviceStats) (float64, bool)   { return d.RPerSec, true }
func ReadAwaitMs(d iostat.DeviceStats) (float64, bool)   { return d.RAwaitMs, true }
func UtilPct(d iostat.DeviceStats) (float64, bool)       { return d.UtilPct, true }
func QueueSize(d iostat.DeviceStats) (float64, bool)     { return d.AquSz, true }

// FlushesPerSec is f/s; absent before kernel 5.5.
func FlushesPerSec(d iostat.DeviceStats) (float64, bool) {
	if d.FPerSec == nil {
		return 0, false
	}
	return *d.FPerSec, true
}

// FlushAwaitMs is f_await; absent before kernel 5.5 and meaningless in an interval
// without flushes, so it is reported only when f/s > 0.
func FlushAwaitMs(d iostat.DeviceStats) (float64, bool) {
	if d.FAwaitMs == nil || d.FPerSec == nil || *d.FPerSec <= 0 {
		return 0, false
	}
	return *d.FAwaitMs, true
}

// DeviceMean returns the mean of col over the snapshots in which device name has stats
// and the column is present; ok is false when there are none.
func (w Window) DeviceMean(name string, col DeviceColumn) (mean float64, ok bool) {
	sum, n := 0.0, 0
	for i := range w {
		d, found := w[i].Devices[name]
		if !found {
			continue
		}
		if v, ok := col(d); ok {
			sum += v
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

// DeviceMeans returns DeviceMean for each of names that has one.
func (w Window) DeviceMeans(names []string, col DeviceColumn) map[string]float64 {
	out := make(map[string]float64, len(names))
	for _, n := range names {
		if v, ok := w.DeviceMean(n, col); ok {
			out[n] = v
		}
	}
	return out
}

// DeviceWeightedMean returns the mean of col weighted by weight (an await weighted by
// the operations per second of its interval), which is what iostat would print over the
// whole window; ok is false when the weights sum to zero.
func (w Window) DeviceWeightedMean(name string, col, weight DeviceColumn) (mean float64, ok bool) {
	sum, wsum := 0.0, 0.0
	for i := range w {
		d, found := w[i].Devices[name]
		if !found {
			continue
		}
		v, ok1 := col(d)
		wt, ok2 := weight(d)
		if !ok1 || !ok2 || wt <= 0 {
			continue
		}
		sum += v * wt
		wsum += wt
	}
	if wsum <= 0 {
		return 0, false
	}
	return sum / wsum, true
}

// CPUMean returns the mean of a CPU column over the snapshots that have CPU stats and
// for which col is ok.
func (w Window) CPUMean(col func(c *iostat.CPUStats) (float64, bool)) (mean float64, ok bool) {
	sum, n := 0.0, 0
	for i := range w {
		if w[i].CPU == nil {
			continue
		}
		if v, ok := col(w[i].CPU); ok {
			sum += v
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

// ImportDelta returns how far the importer's cumulative progress moved over the window
// (bytes, statements, rows, commits); ok is false when either end lacks progress or it
// went backwards.
func (w Window) ImportDelta() (d ImportProgress, ok bool) {
	if len(w) < 2 || w[0].Import == nil || w[len(w)-1].Import == nil {
		return ImportProgress{}, false
	}
	a, b := w[0].Import, w[len(w)-1].Import
	d = ImportProgress{
		Bytes:      b.Bytes - a.Bytes,
		Statements: b.Statements - a.Statements,
		Rows:       b.Rows - a.Rows,
		Commits:    b.Commits - a.Commits,
	}
	if d.Bytes < 0 || d.Statements < 0 || d.Rows < 0 || d.Commits < 0 {
		return ImportProgress{}, false
	}
	return d, true
}
