package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// Spinning-disk thresholds (docs/rules.md "rotational-device").
const (
	// seekServiceMs: a 7200 rpm disk needs 4.2 ms of rotation on average plus the seek
	// per random I/O; flash serves an I/O in well under a millisecond.
	seekServiceMs = 4.0
	// minOpsPerSec: below this a device is too idle for its service time to mean much.
	minOpsPerSec = 10.0
)

// serviceMs is the device's time per I/O, sysstat's old svctm: busy time over operations,
// %util·10 / (r/s + w/s) ms. Unlike await it does not grow with the queue depth, and a
// device that serves requests in parallel (flash, NVMe, RAID) only looks faster — never
// like a disk head. Seed 002's nvme1n1: 99.68 % / 1431.57 w/s = 0.70 ms, the svctm its
// iostat printed.
func serviceMs(d iostat.DeviceStats) (float64, bool) {
	ops := d.RPerSec + d.WPerSec
	if ops < minOpsPerSec {
		return 0, false
	}
	return d.UtilPct * 10 / ops, true
}

// RotationalDevice fires when the data devices show spinning-disk latency — a busy device
// whose service time per I/O is that of a disk head, or a probe that classed the device
// rotational — not when sysfs merely says rotational=1 (virtual disks report that).
type RotationalDevice struct{}

func (RotationalDevice) ID() string { return "rotational-device" }

func (r RotationalDevice) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	leaves := dataDevices(env, w)
	ev := map[string]any{
		"seek_service_threshold_ms": seekServiceMs,
		"busy_util_threshold_pct":   headroomUtilPct,
		"window_seconds":            round(w.Span()),
	}
	var slow string
	for _, d := range leaves {
		util, ok := w.DeviceMean(d, advisor.UtilPct)
		if !ok || util < headroomUtilPct {
			continue
		}
		svc, ok := w.DeviceMean(d, serviceMs)
		if !ok || svc < seekServiceMs {
			continue
		}
		slow = d
		ev["device"] = d
		ev["util_pct"] = round(util)
		ev["service_ms"] = round(svc)
		wa, _ := w.DeviceWeightedMean(d, advisor.WriteAwaitMs, advisor.WritesPerSec)
		ra, _ := w.DeviceWeightedMean(d, advisor.ReadAwaitMs, advisor.ReadsPerSec)
		q, _ := w.DeviceMean(d, advisor.QueueSize)
		ev["w_await_ms"], ev["r_await_ms"], ev["aqu_sz"] = round(wa), round(ra), round(q)
		break
	}
	if slow == "" && env.Probe != nil && (env.Probe.Class == "rotational" || env.Probe.P50Ms >= seekServiceMs) {
		slow = env.Probe.Dir
	}
	if slow == "" && env.Probe != nil && (env.Probe.Class == "rotational" || env.Probe.P50Ms >= seekServiceMs) {
		slow = env.Probe.Dir
	}
	if env.Probe != nil {
		ev["probe_class"] = env.Probe.Class
		ev["probe_p50_ms"] = round(env.Probe.P50Ms)
	}
	if slow == "" {
		return nil
	}
	for _, d := range env.Devices {
		if d.Name == slow && d.Rotational != nil {
			ev["sysfs_rotational"] = *d.Rotational // reported, never the reason
		}
	}
	s := serverOf(env)
	rec := "the datadir is on a spinning disk (or storage that behaves like one): move it to flash for large imports."
	var changes []change
	if v, ok := varString(env, "innodb_flush_log_at_trx_commit"); ok && v == "1" {
		changes = append(changes, change{name: "innodb_flush_log_at_trx_commit", value: "2", setValue: "2"})
	}
	if n, ok := varInt(env, "innodb_flush_neighbors"); ok && n == 0 {
		changes = append(changes, change{name: "innodb_flush_neighbors", value: "1", setValue: "1"})
	}
	if len(changes) > 0 {
		rec += " On this disk meanwhile: " + recommend(s, changes,
			"revert innodb_flush_log_at_trx_commit to 1; keep innodb_flush_neighbors=1 while on a spinning disk.")
	}
	return &advisor.Finding{
		Severity:       advisor.SeverityWarn,
		Title:          fmt.Sprintf("Spinning-disk latency on %s", slow),
		Evidence:       ev,
		Recommendation: rec,
	}
}
