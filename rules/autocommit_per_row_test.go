package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestAutocommitPerRow(t *testing.T) {
	one := map[string]string{"innodb_flush_log_at_trx_commit": "1"}
	disk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 900, WkBPerSec: 9000, WAwaitMs: 0.5, UtilPct: 60})
	perRow := all(disk, rate("Handler_commit", 800), rate("Innodb_rows_inserted", 800))
	runCases(t, AutocommitPerRow{}, []ruleCase{
		{name: "one row per commit, flushes 40% of the time", env: maria(one), ticks: build(40, perRow), wantFiredAt: 5, wantClearedAt: -1},
		{name: "MariaDB without Innodb_rows_inserted: Handler_write", env: maria(one),
			ticks: build(40, disk, rate("Handler_commit", 800), rate("Handler_write", 1300)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "extended inserts: 10000 rows per commit", env: maria(one),
			ticks: build(40, disk, rate("Handler_commit", 3), rate("Innodb_rows_inserted", 30000)), wantFiredAt: -1},
		{name: "per-row commits without a durable flush (flush_log_at_trx_commit=2)", env: maria(map[string]string{"innodb_flush_log_at_trx_commit": "2"}),
			ticks: build(40, perRow), wantFiredAt: -1},
		{name: "per-row commits on a fast device (under 10% of wall time)", env: maria(one),
			ticks: build(40, dev("nvme0n1", iostat.DeviceStats{WPerSec: 900, WAwaitMs: 0.05}), rate("Handler_commit", 800), rate("Innodb_rows_inserted", 800)), wantFiredAt: -1},
		// The next table is dumped with extended inserts from tick 30: its first second
		// (30000 rows, 3 commits) already lifts the window's rows per commit to 2.3; the
		// third quiet tick is 32.
		{record: "autocommit-per-row.json", name: "clears when the import reaches extended inserts", env: maria(one),
			ticks: build(80, disk, phase(30, all(rate("Handler_commit", 800), rate("Innodb_rows_inserted", 800)),
				all(rate("Handler_commit", 3), rate("Innodb_rows_inserted", 30000)))), wantFiredAt: 5, wantClearedAt: 32},
	})
}
