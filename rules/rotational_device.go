package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// Spinning-disk thresholds (docs/rules.md "rotational-device").
const (
	// seekAwaitMs: a 7200 rpm disk needs 4+ ms per random I/O (rotation 4.2 ms average
	// plus seek); flash completes writes well under 1 ms at shallow queues.
	seekAwaitMs = 4.0
	// shallowQueue: above this queue depth any device shows queueing delay, so await says
	// nothing about the medium.
	shallowQueue = 4.0
)

// RotationalDevice fires when the data devices show spinning-disk latency — long awaits
// at a shallow queue while busy, or a probe that classed the device rotational — not when
// sysfs merely says rotational=1 (virtual disks report that).
type RotationalDevice struct{}

func (RotationalDevice) ID() string { return "rotational-device" }

func (r RotationalDevice) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	leaves := dataDevices(env, w)
	ev := map[string]any{
		"seek_await_threshold_ms": seekAwaitMs,
		"shallow_queue_threshold": shallowQueue,
		"window_seconds":          round(w.Span()),
	}
	var slow string
	for _, d := range leaves {
		util, ok := w.DeviceMean(d, advisor.UtilPct)
		if !ok || util < headroomUtilPct {
			continue
		}
		q, _ := w.DeviceMean(d, advisor.QueueSize)
		wa, okW := w.DeviceWeightedMean(d, advisor.WriteAwaitMs, advisor.WritesPerSec)
		ra, okR := w.DeviceWeightedMean(d, advisor.ReadAwaitMs, advisor.ReadsPerSec)
		if q <= shallowQueue && ((okW && wa >= seekAwaitMs) || (okR && ra >= seekAwaitMs)) {
			slow = d
			ev["device"] = d
			ev["util_pct"] = round(util)
			ev["aqu_sz"] = round(q)
			ev["w_await_ms"] = round(wa)
			ev["r_await_ms"] = round(ra)
			break
		}
	}
	if slow == "" && env.Probe != nil && (env.Probe.Class == "rotational" || env.Probe.P50Ms >= seekAwaitMs) {
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
