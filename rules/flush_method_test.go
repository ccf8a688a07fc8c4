package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestFlushMethod(t *testing.T) {
	fsync := map[string]string{"innodb_flush_method": "fsync"}
	disk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 3000, WkBPerSec: 90000, WAwaitMs: 0.5, UtilPct: 80})
	fsyncs := all(rate("Innodb_data_fsyncs", 600), rate("Innodb_os_log_fsyncs", 200))
	runCases(t, FlushMethod{}, []ruleCase{
		{name: "400 data-file fsyncs/s × 0.5 ms through the page cache", env: mysql("8.0.36", fsync), ticks: build(40, disk, fsyncs), wantFiredAt: 5, wantClearedAt: -1},
		{name: "already O_DIRECT", env: mysql("8.0.36", map[string]string{"innodb_flush_method": "O_DIRECT"}), ticks: build(40, disk, fsyncs), wantFiredAt: -1},
		{name: "fsync method but data fsyncs are rare", env: mysql("8.0.36", fsync),
			ticks: build(40, disk, rate("Innodb_data_fsyncs", 210), rate("Innodb_os_log_fsyncs", 200)), wantFiredAt: -1},
		{name: "MariaDB: redo fsyncs estimated from commits", env: env("mariadb", "10.5.23-MariaDB", fsync),
			ticks: build(40, disk, rate("Innodb_data_fsyncs", 600), rate("Handler_commit", 200)), wantFiredAt: 5, wantClearedAt: -1},
		// Data fsyncs stop at 30: 400·(59−T)/30 × 0.5 ms falls under 10 % at T = 45.
		{record: "flush-method.json", name: "clears when data-file fsyncs stop", env: mysql("8.0.36", fsync),
			ticks:       build(80, disk, rate("Innodb_os_log_fsyncs", 200), phase(30, rate("Innodb_data_fsyncs", 600), rate("Innodb_data_fsyncs", 200))),
			wantFiredAt: 5, wantClearedAt: 47},
	})
}
