package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	importphase "github.com/dumpscope/dumpscope/internal/phase"
	"github.com/dumpscope/dumpscope/iostat"
)

// TestBufferPoolSmallIgnoresRowCheck: the inserts read few pages (5/s), then dumpscope's
// own row check (COUNT(*) per table) reads 1,500 in its first second. Spread over the
// 30 s window that is above 50 reads/s and, at 2 ms a read, 10 % of the time: the
// finding fired at the very end of a 256 MB sandbox import, blaming the buffer pool for
// reads the inserts never made. Reads while inserting still fire it.
func TestBufferPoolSmallIgnoresRowCheck(t *testing.T) {
	small := map[string]string{"innodb_buffer_pool_size": "134217728"}
	reading := dev("nvme0n1", iostat.DeviceStats{RPerSec: 300, RAwaitMs: 2, WPerSec: 800, WAwaitMs: 0.3, UtilPct: 60})
	inserting := rate("Innodb_rows_inserted", 60000)
	importPhase := func(at int) setter {
		return func(i int, s *advisor.Snapshot, _ map[string]float64) {
			p := importphase.Loading
			if i >= at {
				p = importphase.Verifying
			}
			s.Import = &advisor.ImportProgress{Phase: p, Rows: int64(i) * 60000}
		}
	}
	runCases(t, BufferPoolSmall{}, []ruleCase{
		{name: "reads only in the row check", env: maria(small),
			ticks: build(31, reading, inserting, importPhase(30),
				phase(30, rate("Innodb_buffer_pool_reads", 5), rate("Innodb_buffer_pool_reads", 1500))),
			wantFiredAt: -1},
		{name: "reads while inserting, then the row check", env: maria(small),
			ticks: build(31, reading, inserting, importPhase(30),
				phase(30, rate("Innodb_buffer_pool_reads", 300), rate("Innodb_buffer_pool_reads", 1500))),
			wantFiredAt: 5, wantClearedAt: -1},
	})
}
