package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestRotationalDevice(t *testing.T) {
	sda := iostat.Device{Name: "sda", Role: []string{"datadir"}, Kind: "disk", Rotational: boolp(true)}
	virtual := iostat.Device{Name: "vda", Role: []string{"datadir"}, Kind: "disk", Transport: "virtio", Rotational: boolp(true)}
	seeking := dev("sda", iostat.DeviceStats{WPerSec: 150, WkBPerSec: 3000, WAwaitMs: 8.5, AquSz: 1.3, UtilPct: 92})
	runCases(t, RotationalDevice{}, []ruleCase{
		{name: "8.5 ms writes at queue depth 1.3", env: maria(nil, sda), ticks: build(40, seeking), wantFiredAt: 5, wantClearedAt: -1},
		{name: "virtual disk says rotational=1 but writes in 0.3 ms", env: maria(nil, virtual),
			ticks: build(40, dev("vda", iostat.DeviceStats{WPerSec: 2000, WAwaitMs: 0.3, AquSz: 0.6, UtilPct: 70})), wantFiredAt: -1},
		{name: "flash behind a deep queue: await is queueing, service time 0.05 ms", env: maria(nil, sda),
			ticks: build(40, dev("sda", iostat.DeviceStats{WPerSec: 20000, WAwaitMs: 8, AquSz: 160, UtilPct: 100})), wantFiredAt: -1},
		{name: "a disk behind a deep queue: 60 ms awaits, 6.7 ms per I/O", env: maria(nil, sda),
			ticks: build(40, dev("sda", iostat.DeviceStats{RPerSec: 50, WPerSec: 100, RAwaitMs: 40, WAwaitMs: 60, AquSz: 8, UtilPct: 100})), wantFiredAt: 5, wantClearedAt: -1},
		{name: "seed 002's slow consumer NVMe is not a disk (0.70 ms per I/O)", env: maria(nil, sda),
			ticks: build(40, dev("sda", iostat.DeviceStats{WPerSec: 1431.57, WAwaitMs: 1.0, AquSz: 1.15, UtilPct: 99.68})), wantFiredAt: -1},
		{name: "slow but idle device costs nothing", env: maria(nil, sda),
			ticks: build(40, dev("sda", iostat.DeviceStats{WPerSec: 2, WAwaitMs: 9, AquSz: 0.02, UtilPct: 2})), wantFiredAt: -1},
		{name: "probe classed the datadir rotational (remote, no device stats)", env: func() *advisor.Env {
			e := maria(nil)
			e.Devices = nil
			e.Probe = &iostat.ProbeResult{Dir: "/var/lib/mysql", P50Ms: 8.2, Class: "rotational"}
			return e
		}(), ticks: build(40), wantFiredAt: 5, wantClearedAt: -1},
		// The import ends at 30 and the disk goes idle: the window's mean service time
		// (6.13·(60−T) + 0.5·(T−29))/31 ms is under 4 ms from T = 41, cleared at 43.
		{record: "rotational-device.json", name: "clears when the disk is no longer busy", env: maria(nil, sda),
			ticks: build(80, phase(30, seeking, dev("sda", iostat.DeviceStats{WPerSec: 20, WAwaitMs: 8, UtilPct: 1}))), wantFiredAt: 5, wantClearedAt: 43},
	})
}
