package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestBinlogDuringImport(t *testing.T) {
	on := map[string]string{"log_bin": "ON", "sync_binlog": "0"}
	busy := dev("nvme0n1", iostat.DeviceStats{WPerSec: 2000, WkBPerSec: 80000, WAwaitMs: 0.4, UtilPct: 80})
	idle := dev("nvme0n1", iostat.DeviceStats{WPerSec: 2000, WkBPerSec: 80000, WAwaitMs: 0.4, UtilPct: 20})
	runCases(t, BinlogDuringImport{}, []ruleCase{
		{record: "binlog-during-import.json", name: "MariaDB: binlog is 37% of a busy device's writes", env: maria(on),
			ticks: build(40, busy, rate("Binlog_bytes_written", 30e6)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "binlog off", env: maria(map[string]string{"log_bin": "OFF"}),
			ticks: build(40, busy, rate("Binlog_bytes_written", 30e6)), wantFiredAt: -1},
		{name: "binlog on, device has headroom, no sync cost", env: maria(on),
			ticks: build(40, idle, rate("Binlog_bytes_written", 30e6)), wantFiredAt: -1},
		{name: "MySQL: sync_binlog=1, 500 binlog commits/s × 0.4 ms", env: mysql("8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "1"}),
			ticks: build(40, idle, rate("Binlog_cache_use", 500)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "MySQL: sync_binlog=1 but extended inserts commit twice a second", env: mysql("8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "1"}),
			ticks: build(40, busy, rate("Binlog_cache_use", 2)), wantFiredAt: -1},
		// The import session turns sql_log_bin off at 30: the window's binlog rate
		// 1 MB/s·(59−T) drops under 20 % of 81.9 MB/s at T = 43; cleared at 45.
		{name: "clears when the import stops writing the binlog", env: maria(on),
			ticks: build(80, busy, phase(30, rate("Binlog_bytes_written", 30e6), rate("Binlog_bytes_written", 0))), wantFiredAt: 5, wantClearedAt: 45},
	})
}
