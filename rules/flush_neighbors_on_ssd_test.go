package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestFlushNeighborsOnSSD(t *testing.T) {
	on := map[string]string{"innodb_flush_neighbors": "1"}
	flash := dev("nvme0n1", iostat.DeviceStats{WPerSec: 4000, WkBPerSec: 64000, WAwaitMs: 0.3, UtilPct: 75})
	hdd := dev("sda", iostat.DeviceStats{WPerSec: 150, WkBPerSec: 4000, WAwaitMs: 9, UtilPct: 90})
	flushing := rate("Innodb_buffer_pool_pages_flushed", 1500)
	virtualDisk := iostat.Device{Name: "nvme0n1", Role: []string{"datadir"}, Kind: "disk", Rotational: boolp(true)}
	runCases(t, FlushNeighborsOnSSD{}, []ruleCase{
		{name: "MySQL 5.7 on flash, heavy flushing", env: mysql("5.7.44", on), ticks: build(40, flash, flushing), wantFiredAt: 5, wantClearedAt: -1},
		{name: "MariaDB already skips neighbours on a non-rotational device (MDEV-17380)", env: maria(on),
			ticks: build(40, flash, flushing), wantFiredAt: -1},
		{record: "flush-neighbors-on-ssd.json", name: "MariaDB on a virtual disk that says rotational but writes like flash", env: maria(on, virtualDisk),
			ticks: build(40, flash, flushing), wantFiredAt: 5, wantClearedAt: -1},
		{name: "MariaDB 10.3 predates the SSD detection", env: env(advisor.FlavorMariaDB, "10.3.39-MariaDB", on),
			ticks: build(40, flash, flushing), wantFiredAt: 5, wantClearedAt: -1},
		{name: "already 0", env: mysql("5.7.44", map[string]string{"innodb_flush_neighbors": "0"}), ticks: build(40, flash, flushing), wantFiredAt: -1},
		{name: "a spinning disk: neighbours help", env: mysql("5.7.44", on, iostat.Device{Name: "sda", Role: []string{"datadir"}, Kind: "disk"}),
			ticks: build(40, hdd, flushing), wantFiredAt: -1},
		{name: "light flushing", env: mysql("5.7.44", on), ticks: build(40, flash, rate("Innodb_buffer_pool_pages_flushed", 20)), wantFiredAt: -1},
		{name: "clears after SET GLOBAL innodb_flush_neighbors=0", env: mysql("5.7.44", on),
			envAt: mysql("5.7.44", map[string]string{"innodb_flush_neighbors": "0"}), envChangeAt: 20,
			ticks: build(40, flash, flushing), wantFiredAt: 5, wantClearedAt: 22},
	})
}
