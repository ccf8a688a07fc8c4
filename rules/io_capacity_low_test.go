package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestIOCapacityLow(t *testing.T) {
	const maxAge = 800 << 20
	vars := map[string]string{"innodb_io_capacity": "200", "innodb_io_capacity_max": "2000"}
	idle := dev("nvme0n1", iostat.DeviceStats{WPerSec: 300, WkBPerSec: 5000, WAwaitMs: 0.1, UtilPct: 12})
	busy := dev("nvme0n1", iostat.DeviceStats{WPerSec: 9000, WkBPerSec: 300000, WAwaitMs: 0.5, UtilPct: 97})
	rising := redo(4e6, maxAge, func(i int) float64 { return 30 + float64(i) })
	runCases(t, IOCapacityLow{}, []ruleCase{
		// The age must have climbed 10 points and reached 50 %: at T = 20 (30 → 50).
		{name: "checkpoint age climbs while the device idles", env: maria(vars),
			ticks: build(40, idle, rising, rate("Innodb_buffer_pool_pages_flushed", 200)), wantFiredAt: 20, wantClearedAt: -1},
		{name: "device busy: flushing is limited by the device, not the setting", env: maria(vars),
			ticks: build(40, busy, rising, rate("Innodb_buffer_pool_pages_flushed", 200)), wantFiredAt: -1},
		{name: "flushing between the two paces (adaptive flushing, not the setting)", env: maria(vars),
			ticks: build(40, idle, rising, rate("Innodb_buffer_pool_pages_flushed", 774)), wantFiredAt: -1},
		{name: "flushing at io_capacity_max", env: maria(vars),
			ticks: build(40, idle, rising, rate("Innodb_buffer_pool_pages_flushed", 2000)), wantFiredAt: 20, wantClearedAt: -1},
		{name: "flushing faster than io_capacity_max allows", env: maria(vars),
			ticks: build(40, idle, rising, rate("Innodb_buffer_pool_pages_flushed", 5000)), wantFiredAt: -1},
		{name: "checkpoint age steady: flushing keeps up", env: maria(vars),
			ticks: build(40, idle, redo(4e6, maxAge, constant(60)), rate("Innodb_buffer_pool_pages_flushed", 200)), wantFiredAt: -1},
		// 62.5 % + 0.75 points/s: past 67.5 % (3/4 of innodb_max_dirty_pages_pct=90)
		// with 5 points of rise at T = 7.
		{name: "dirty pages climb toward innodb_max_dirty_pages_pct", env: maria(vars),
			ticks: build(40, idle, gauge("Innodb_buffer_pool_pages_dirty", func(i int) float64 { return float64(5000 + 60*i) }),
				gauge("Innodb_buffer_pool_pages_total", constant(8000)), rate("Innodb_buffer_pool_pages_flushed", 190)), wantFiredAt: 7, wantClearedAt: -1},
		{name: "dirty pages climb far from the limit (lazy flushing is normal)", env: maria(vars),
			ticks: build(40, idle, gauge("Innodb_buffer_pool_pages_dirty", func(i int) float64 { return float64(100 * i) }),
				gauge("Innodb_buffer_pool_pages_total", constant(8000)), rate("Innodb_buffer_pool_pages_flushed", 0)), wantFiredAt: -1},
		{name: "checkpoint age above 7/8: flushing ignores io_capacity (innodb_flush_sync)", env: maria(vars),
			ticks: build(40, idle, redo(4e6, maxAge, func(i int) float64 { return 80 + float64(i)/2 }), rate("Innodb_buffer_pool_pages_flushed", 900)), wantFiredAt: -1},
		// The age stops climbing at 50 (80 %); a 30-s window sees under 10 points of rise
		// from T = 71 on, the third quiet tick is 73.
		{record: "io-capacity-low.json", name: "clears when flushing catches up", env: maria(vars),
			ticks:       build(80, idle, redo(4e6, maxAge, func(i int) float64 { return 30 + float64(min(i, 50)) }), rate("Innodb_buffer_pool_pages_flushed", 200)),
			wantFiredAt: 20, wantClearedAt: 73},
	})
}
