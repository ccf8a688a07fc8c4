package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// Sync-write thresholds (docs/rules.md "sync-write-latency").
const (
	// slowFlushMs: a datacenter SSD with power-loss protection makes a write durable in
	// tens of microseconds; consumer flash takes 0.5–2 ms, a 7200 rpm disk several ms.
	slowFlushMs = 0.5
	// lowThroughputKBPerSec: "busy but moving little data" — a device at %util ≥ 90
	// that writes less than 100 MB/s is waiting on flushes, not on bandwidth.
	lowThroughputKBPerSec = 100 * 1024
	// syncBoundShare: fsyncs × latency must take at least this share of wall time.
	syncBoundShare = 0.25
)

// SyncWriteLatency fires when the data devices make writes durable slowly (consumer
// flash without power-loss protection, or a disk) and the import spends a large share of
// its time waiting for those durable writes.
type SyncWriteLatency struct{}

func (SyncWriteLatency) ID() string { return "sync-write-latency" }

func (r SyncWriteLatency) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	leaves := dataDevices(env, w)
	lat, ok := syncLatency(env, w, leaves)
	if !ok {
		return nil
	}
	ev := map[string]any{
		"durable_write_ms":        round(lat.ms),
		"durable_write_source":    lat.source,
		"durable_write_device":    lat.device,
		"slow_flush_threshold_ms": slowFlushMs,
		"window_seconds":          round(w.Span()),
	}
	deviceSignal := syncDeviceSignal(env, w, lat, ev)
	if deviceSignal == "" {
		return nil
	}
	fsyncs, fsyncSource, share, ok := syncWaitShare(w, lat)
	if !ok {
		return nil
	}
	ev["fsyncs_per_sec"] = round(fsyncs)
	ev["fsync_source"] = fsyncSource
	ev["sync_wait_share_pct"] = round(100 * share)
	ev["sync_wait_share_threshold_pct"] = 100 * syncBoundShare
	ev["device_signal"] = deviceSignal
	if share < syncBoundShare {
		return nil
	}
	if u := w.DeviceMeans(leaves, advisor.UtilPct); len(u) > 0 {
		ev["util_pct_by_device"] = roundMap(u)
	}
	if a := w.DeviceMeans(leaves, advisor.WriteAwaitMs); len(a) > 0 {
		ev["w_await_ms_by_device"] = roundMap(a)
	}
	for _, d := range env.Devices {
		if d.Name == lat.device && d.Model != "" {
			ev["device_model"] = d.Model
			ev["device_write_cache"] = d.WriteCache
		}
	}
	sev := advisor.SeverityWarn
	if share >= 0.5 {
		sev = advisor.SeverityCritical
	}
	title := fmt.Sprintf("Slow durable writes on %s: %.2f ms each × %.0f fsyncs/s = %.0f%% of wall time",
		lat.device, lat.ms, fsyncs, 100*share)
	if fsyncs == 0 {
		title = fmt.Sprintf("Slow durable writes on %s: %.2f ms each, the device %.0f%% busy at low throughput",
			lat.device, lat.ms, 100*share)
	}
	return &advisor.Finding{
		Severity:       sev,
		Title:          title,
		Evidence:       ev,
		Recommendation: syncWriteRecommendation(env, serverOf(env)),
	}
}

// syncWriteRecommendation: the device is the cause; the server can only ask for fewer
// durable writes. It names the changes that are not already applied.
func syncWriteRecommendation(env *advisor.Env, s server) string {
	text := "the device acknowledges durable writes slowly (no power-loss protection): put the datadir on a datacenter SSD with power-loss protection for imports of this size."
	var changes []change
	if v, ok := varString(env, "innodb_flush_log_at_trx_commit"); !ok || v == "1" {
		changes = append(changes, change{name: "innodb_flush_log_at_trx_commit", value: "2", setValue: "2"})
	}
	if on, known := varOn(env, "log_bin"); on || !known {
		if v, ok := varString(env, "sync_binlog"); !ok || v == "1" {
			changes = append(changes, change{name: "sync_binlog", value: "0", setValue: "0"})
		}
	}
	if len(changes) == 0 {
		return text + " The server already avoids per-commit flushes."
	}
	return text + " Meanwhile, fewer flushes per commit: " + recommend(s, changes, "revert to the previous values (durability).")
}

// syncDeviceSignal says what shows the device itself is slow to make writes durable, and
// adds its numbers to ev: slow flushes measured by the kernel (f_await), or on kernels
// without flush columns a device saturated at low throughput with slow writes, or a
// probe that classed the device as not power-loss protected. "" when nothing does.
func syncDeviceSignal(env *advisor.Env, w advisor.Window, lat flushLatency, ev map[string]any) string {
	var deviceSignal string
	switch {
	case lat.source == "w_await+f_await":
		ev["f_await_ms"] = round(lat.flushMs)
		if lat.flushMs >= slowFlushMs {
			deviceSignal = "f_await"
		}
	case lat.source == "w_await":
		util, _ := w.DeviceMean(lat.device, advisor.UtilPct)
		kb, _ := w.DeviceMean(lat.device, advisor.WriteKBPerSec)
		ev["util_pct"] = round(util)
		ev["wkB_per_sec"] = round(kb)
		ev["busy_util_threshold_pct"] = busyUtilPct
		ev["low_throughput_threshold_kB_per_sec"] = lowThroughputKBPerSec
		if lat.flushMs >= slowFlushMs && util >= busyUtilPct && kb < lowThroughputKBPerSec {
			deviceSignal = "w_await at low throughput with %util near 100"
		}
	}
	if env.Probe != nil && env.Probe.P50Ms >= slowFlushMs && deviceSignal == "" {
		deviceSignal = "probe p50"
	}
	if env.Probe != nil {
		ev["probe_class"] = env.Probe.Class
		ev["probe_p50_ms"] = round(env.Probe.P50Ms)
		if deviceSignal == "" && (env.Probe.Class == "consumer-flash" || env.Probe.Class == "rotational") {
			deviceSignal = "probe class " + env.Probe.Class
		}
	}
	return deviceSignal
}

// syncWaitShare is how much of wall time goes to waiting for durable writes: fsyncs per
// second times their latency.
func syncWaitShare(w advisor.Window, lat flushLatency) (fsyncs float64, fsyncSource string, share float64, ok bool) {
	// How many durable writes: the server's fsync counters; a record without them
	// (a hand-made or filtered one) falls back to the device's own flushes per second,
	// and on a kernel without flush columns to the device's busy time, which for a device
	// saturated at low throughput is the time spent waiting on it.
	fsyncs, fsyncSource, ok = fsyncRate(w)
	share = fsyncs * lat.ms / 1000
	if !ok {
		if f, okF := w.DeviceMean(lat.device, advisor.FlushesPerSec); okF && f > 0 {
			fsyncs, fsyncSource = f, "device f/s"
			share = fsyncs * lat.ms / 1000
		} else if util, okU := w.DeviceMean(lat.device, advisor.UtilPct); okU && lat.source == "w_await" {
			fsyncs, fsyncSource = 0, "none: device %util stands for the wait share"
			share = util / 100
		} else {
			return 0, "", 0, false
		}
	}
	return fsyncs, fsyncSource, share, true
}
