package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
)

func TestBufferPoolSmall(t *testing.T) {
	small := map[string]string{"innodb_buffer_pool_size": "134217728"}
	reading := dev("nvme0n1", iostat.DeviceStats{RPerSec: 300, RAwaitMs: 0.5, WPerSec: 800, WAwaitMs: 0.3, UtilPct: 60})
	inserting := rate("Innodb_rows_inserted", 20000)
	runCases(t, BufferPoolSmall{}, []ruleCase{
		{name: "300 page reads/s × 0.5 ms while inserting", env: maria(small),
			ticks: build(40, reading, inserting, rate("Innodb_buffer_pool_reads", 300)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "pool already 60% of RAM", env: maria(map[string]string{"innodb_buffer_pool_size": "42949672960"}),
			ticks: build(40, reading, inserting, rate("Innodb_buffer_pool_reads", 300)), wantFiredAt: -1},
		{name: "few reads (append-only inserts)", env: maria(small),
			ticks: build(40, reading, inserting, rate("Innodb_buffer_pool_reads", 5)), wantFiredAt: -1},
		{name: "reads but not inserting (someone else's queries)", env: maria(small),
			ticks: build(40, reading, rate("Innodb_rows_inserted", 0), rate("Innodb_buffer_pool_reads", 300)), wantFiredAt: -1},
		// Reads stop at 30: 10·(59−T) reads/s × 0.5 ms falls under 10 % at T = 40.
		{record: "buffer-pool-small.json", name: "clears when the reads stop", env: maria(small),
			ticks:       build(80, reading, inserting, phase(30, rate("Innodb_buffer_pool_reads", 300), rate("Innodb_buffer_pool_reads", 0))),
			wantFiredAt: 5, wantClearedAt: 42},
	})
}
