package report

// This file builds the host and server side of an Analysis from the record's samples:
// the devices' iostat columns, the CPU and InnoDB's redo and buffer pool; analysis.go
// builds the restore side.

import (
	"sort"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// deviceColumn is one iostat column the report shows.
type deviceColumn struct {
	name, unit string
	get        func(iostat.DeviceStats) (float64, bool)
}

func col(name, unit string, f func(iostat.DeviceStats) float64) deviceColumn {
	return deviceColumn{name, unit, func(d iostat.DeviceStats) (float64, bool) { return f(d), true }}
}

func colPtr(name, unit string, f func(iostat.DeviceStats) *float64) deviceColumn {
	return deviceColumn{name, unit, func(d iostat.DeviceStats) (float64, bool) {
		if p := f(d); p != nil {
			return *p, true
		}
		return 0, false
	}}
}

var deviceColumns = []deviceColumn{
	col("w/s", "", func(d iostat.DeviceStats) float64 { return d.WPerSec }),
	col("wkB/s", "KiB/s", func(d iostat.DeviceStats) float64 { return d.WkBPerSec }),
	col("wareq-sz", "KiB", func(d iostat.DeviceStats) float64 { return d.WareqSzkB }),
	col("w_await", "ms", func(d iostat.DeviceStats) float64 { return d.WAwaitMs }),
	colPtr("f/s", "", func(d iostat.DeviceStats) *float64 { return d.FPerSec }),
	colPtr("f_await", "ms", func(d iostat.DeviceStats) *float64 { return d.FAwaitMs }),
	col("r/s", "", func(d iostat.DeviceStats) float64 { return d.RPerSec }),
	col("rkB/s", "KiB/s", func(d iostat.DeviceStats) float64 { return d.RkBPerSec }),
	col("r_await", "ms", func(d iostat.DeviceStats) float64 { return d.RAwaitMs }),
	col("aqu-sz", "", func(d iostat.DeviceStats) float64 { return d.AquSz }),
	col("%util", "%", func(d iostat.DeviceStats) float64 { return d.UtilPct }),
}

func deviceViews(rec *runrecord.Record) []DeviceView {
	seen := map[string]bool{}
	var names []string
	for _, d := range rec.Devices {
		names = append(names, d.Name)
		seen[d.Name] = true
	}
	var extra []string
	for _, s := range rec.Samples {
		for name := range s.Devices {
			if !seen[name] {
				seen[name] = true
				extra = append(extra, name)
			}
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	var out []DeviceView
	for _, name := range names {
		dv := DeviceView{Device: iostat.Device{Name: name}}
		for _, d := range rec.Devices {
			if d.Name == name {
				dv.Device = d
			}
		}
		var fAwait []float64
		for _, c := range deviceColumns {
			var xs []float64
			for _, s := range rec.Samples {
				if d, ok := s.Devices[name]; ok {
					if v, ok := c.get(d); ok {
						xs = append(xs, v)
					}
				}
			}
			if c.name == "f_await" {
				fAwait = xs
			}
			if p := percentiles(xs); p != nil {
				dv.Columns = append(dv.Columns, ColumnStats{Name: c.name, Unit: c.unit, Avg: p.Avg, P95: p.P95, Max: p.Max})
			}
		}
		switch {
		case rec.Probe != nil && rec.Probe.Class != "" && hasRole(dv.Device, rec):
			dv.Class, dv.ClassSource = rec.Probe.Class, "probe"
		case len(fAwait) > 0:
			// Ticks with flushes only: an idle tick's f_await is 0, not a fast flush.
			var busy []float64
			for _, x := range fAwait {
				if x > 0 {
					busy = append(busy, x)
				}
			}
			if p := percentiles(busy); p != nil {
				dv.Class, dv.ClassSource = iostat.Classify(time.Duration(p.Median*float64(time.Millisecond))), "f_await median"
			}
		}
		if len(dv.Columns) > 0 || dv.Model != "" || dv.Kind != "" {
			out = append(out, dv)
		}
	}
	return out
}

// hasRole: the probe measured the directory of the redo log or datadir; it classifies the
// devices with a directory role and the members under them.
func hasRole(d iostat.Device, rec *runrecord.Record) bool {
	return len(d.Role) > 0 || len(rec.Devices) == 1
}

func cpuStats(samples []advisor.Snapshot) []ColumnStats {
	cols := []struct {
		name string
		get  func(*iostat.CPUStats) (float64, bool)
	}{
		{"user %", func(c *iostat.CPUStats) (float64, bool) { return c.UserPct, true }},
		{"system %", func(c *iostat.CPUStats) (float64, bool) { return c.SystemPct, true }},
		{"iowait %", func(c *iostat.CPUStats) (float64, bool) { return c.IowaitPct, true }},
		{"idle %", func(c *iostat.CPUStats) (float64, bool) { return c.IdlePct, true }},
		{"dumpscope % of a core", func(c *iostat.CPUStats) (float64, bool) { return c.ClientPct, true }},
		{"server % of a core", func(c *iostat.CPUStats) (float64, bool) {
			if c.ServerPct == nil {
				return 0, false
			}
			return *c.ServerPct, true
		}},
	}
	var out []ColumnStats
	for _, c := range cols {
		var xs []float64
		for _, s := range samples {
			if s.CPU != nil {
				if v, ok := c.get(s.CPU); ok {
					xs = append(xs, v)
				}
			}
		}
		if p := percentiles(xs); p != nil {
			out = append(out, ColumnStats{Name: c.name, Avg: p.Avg, P95: p.P95, Max: p.Max})
		}
	}
	return out
}

func innodbView(rec *runrecord.Record) *InnoDBView {
	var v InnoDBView
	var ages, ts, rates []float64
	var prev *advisor.Snapshot
	for i := range rec.Samples {
		s := &rec.Samples[i]
		if s.InnoDB == nil {
			continue
		}
		in := s.InnoDB
		v.MaxCheckpointAgeBytes = max(v.MaxCheckpointAgeBytes, in.MaxCheckpointAgeBytes)
		v.RedoCapacityBytes = max(v.RedoCapacityBytes, in.RedoCapacityBytes)
		v.DirtyPctMax = max(v.DirtyPctMax, in.DirtyPagesPct)
		dt := rec.Env().IntervalSeconds
		if prev != nil {
			dt = s.T - prev.T
			if dt > 0 && in.LSN >= prev.InnoDB.LSN && prev.InnoDB.LSN > 0 {
				rates = append(rates, float64(in.LSN-prev.InnoDB.LSN)/dt)
			}
		}
		if in.MaxCheckpointAgeBytes > 0 {
			pct := agePct(in)
			ages = append(ages, pct)
			ts = append(ts, s.T)
			if pct >= 87.5 {
				v.SecondsAboveAsync += dt
			}
			if pct >= 93.75 {
				v.SecondsAboveSync += dt
			}
		}
		prev = s
	}
	if len(ages) == 0 && len(rates) == 0 {
		return nil
	}
	v.AgePct = percentiles(ages)
	v.RedoRate = percentiles(rates)
	if v.RedoRate != nil {
		v.HourOfRedo = v.RedoRate.Avg * 3600
	}
	if len(ts) > 0 {
		t0, t1 := ts[0], ts[len(ts)-1]
		span := (t1 - t0) / 10
		for k := 0; k < 10 && span > 0; k++ {
			from, to := t0+float64(k)*span, t0+float64(k+1)*span
			var sum, mx float64
			n := 0
			for i, t := range ts {
				if t >= from && (t < to || (k == 9 && t <= to)) {
					sum += ages[i]
					mx = max(mx, ages[i])
					n++
				}
			}
			if n > 0 {
				v.Tenths = append(v.Tenths, TenthPct{FromT: from, ToT: to, Mean: sum / float64(n), Max: mx})
			}
		}
	}
	return &v
}

// agePct is the checkpoint age as a percentage of its maximum, at most 100: the age
// overshoots MariaDB's Innodb_checkpoint_max_age by a few kB while InnoDB flushes
// furiously, and "101 % of the maximum" reads as a measuring error.
func agePct(in *advisor.InnoDB) float64 {
	return min(100, 100*float64(in.CheckpointAgeBytes)/float64(in.MaxCheckpointAgeBytes))
}
