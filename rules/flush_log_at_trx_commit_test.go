package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestFlushLogAtTrxCommit(t *testing.T) {
	one := map[string]string{"innodb_flush_log_at_trx_commit": "1"}
	two := map[string]string{"innodb_flush_log_at_trx_commit": "2"}
	disk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 900, WkBPerSec: 9000, WAwaitMs: 0.6, UtilPct: 60})
	perRow := all(disk, rate("Handler_commit", 800), rate("Innodb_rows_inserted", 800))
	extended := all(disk, rate("Handler_commit", 3), rate("Innodb_rows_inserted", 30000))
	runCases(t, FlushLogAtTrxCommit{}, []ruleCase{
		{name: "800 commits/s × 0.6 ms", env: maria(one), ticks: build(40, perRow), wantFiredAt: 5, wantClearedAt: -1},
		{name: "already 2", env: maria(two), ticks: build(40, perRow), wantFiredAt: -1},
		{name: "a few hundred 1 MB extended inserts", env: maria(one), ticks: build(40, extended), wantFiredAt: -1},
		{name: "importer's own commit count wins over Handler_commit", env: maria(one),
			ticks: build(40, disk, rate("Handler_commit", 5), importRows(700, 700)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "no latency measurement: cannot tell", env: func() *advisor.Env { e := maria(one); e.Devices = nil; return e }(),
			ticks: build(40, rate("Handler_commit", 800)), wantFiredAt: -1},
		{record: "flush-log-at-trx-commit.json", name: "clears three ticks after SET GLOBAL innodb_flush_log_at_trx_commit=2", env: maria(one), envAt: maria(two), envChangeAt: 30,
			ticks: build(40, perRow), wantFiredAt: 5, wantClearedAt: 32},
	})
}
