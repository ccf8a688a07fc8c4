package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestSyncWriteLatency(t *testing.T) {
	vars := map[string]string{"innodb_flush_log_at_trx_commit": "1", "log_bin": "OFF"}
	// Kernel ≥ 5.5: f_await is the flush latency. A consumer NVMe: 1.2 ms per flush.
	consumer := dev("nvme0n1", iostat.DeviceStats{WPerSec: 900, WkBPerSec: 20000, WAwaitMs: 0.3, FPerSec: f64(400), FAwaitMs: f64(1.2), UtilPct: 70})
	plp := dev("nvme0n1", iostat.DeviceStats{WPerSec: 900, WkBPerSec: 20000, WAwaitMs: 0.03, FPerSec: f64(400), FAwaitMs: f64(0.04), UtilPct: 8})
	// Old kernel, no flush columns: busy at low throughput with 1 ms writes.
	oldKernel := dev("nvme0n1", iostat.DeviceStats{WPerSec: 1400, WkBPerSec: 31000, WAwaitMs: 1.0, UtilPct: 99.5})
	bandwidthBound := dev("nvme0n1", iostat.DeviceStats{WPerSec: 3000, WkBPerSec: 900000, WAwaitMs: 1.0, UtilPct: 99.5})
	runCases(t, SyncWriteLatency{}, []ruleCase{
		{record: "sync-write-latency.json", name: "consumer flash, 400 fsyncs/s at 1.2 ms", env: maria(vars),
			ticks: build(40, consumer, rate("Innodb_data_fsyncs", 400)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "power-loss-protected flash", env: maria(vars),
			ticks: build(40, plp, rate("Innodb_data_fsyncs", 400)), wantFiredAt: -1},
		{name: "slow flushes but few of them (extended inserts)", env: maria(vars),
			ticks: build(40, consumer, rate("Innodb_data_fsyncs", 20)), wantFiredAt: -1},
		{name: "old kernel: w_await at low throughput, %util near 100", env: mysql("8.0.22", vars),
			ticks: build(40, oldKernel, rate("Innodb_os_log_fsyncs", 500), rate("Innodb_data_fsyncs", 540)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "old kernel: busy moving 900 MB/s is bandwidth, not flush latency", env: mysql("8.0.22", vars),
			ticks: build(40, bandwidthBound, rate("Innodb_data_fsyncs", 540)), wantFiredAt: -1},
		{name: "record without fsync counters, old kernel: the saturated device stands in", env: mysql("8.0.22", vars),
			ticks: build(40, oldKernel), wantFiredAt: 5, wantClearedAt: -1},
		{name: "record without fsync counters, new kernel: the device's flushes", env: maria(vars),
			ticks: build(40, consumer), wantFiredAt: 5, wantClearedAt: -1},
		{name: "record without fsync counters, power-loss-protected device", env: maria(vars),
			ticks: build(40, plp), wantFiredAt: -1},
		{name: "md RAID1: the slow member decides", env: mysql("8.0.22", vars,
			iostat.Device{Name: "md127", Role: []string{"datadir"}, Kind: "md", Members: []string{"nvme0n1", "nvme1n1"}},
			iostat.Device{Name: "nvme0n1", Kind: "disk"}, iostat.Device{Name: "nvme1n1", Kind: "disk"}),
			ticks: build(40, dev("md127", iostat.DeviceStats{WPerSec: 1700, WkBPerSec: 31000}),
				dev("nvme0n1", iostat.DeviceStats{WPerSec: 1400, WkBPerSec: 31000, WAwaitMs: 0.4, UtilPct: 71}),
				dev("nvme1n1", iostat.DeviceStats{WPerSec: 1400, WkBPerSec: 31000, WAwaitMs: 1.0, UtilPct: 99.7}),
				rate("Innodb_data_fsyncs", 540)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "probe says consumer flash, no device stats (remote)", env: func() *advisor.Env {
			e := maria(vars)
			e.Devices = nil
			e.Probe = &iostat.ProbeResult{Dir: "/var/lib/mysql", P50Ms: 1.6, Class: "consumer-flash"}
			return e
		}(), ticks: build(40, rate("Innodb_data_fsyncs", 300)), wantFiredAt: 5, wantClearedAt: -1},
		// fsyncs stop at 30 (flush_log_at_trx_commit=2 set by hand): the window's rate
		// (400·(59−T) + (T−29))/30 falls under 167/s (25 % of wall time at 0.3 + 1.2 ms
		// per durable write) at T = 47; the third quiet tick is 49.
		{name: "clears when the fsyncs stop", env: maria(vars),
			ticks: build(80, consumer, phase(30, rate("Innodb_data_fsyncs", 400), rate("Innodb_data_fsyncs", 1))), wantFiredAt: 5, wantClearedAt: 49},
	})
}
