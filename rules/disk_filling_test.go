package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

// space makes the datadir lose fillPerSec from free0 each tick; done(i) is the import's
// completion fraction (nil: no import).
func space(free0, fillPerSec float64, done func(i int) float64) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) {
		s.Space = &advisor.DiskSpace{Path: "/var/lib/mysql", FreeBytes: int64(free0 - fillPerSec*float64(i)), TotalBytes: 100 << 30}
		if done != nil {
			s.Import = &advisor.ImportProgress{Bytes: int64(done(i) * 1e9), ExpectedBytes: 1e9}
		}
	}
}

func TestDiskFilling(t *testing.T) {
	// 1 % of the dump per second: at tick 10, ETA 90 s.
	pace := func(i int) float64 { return 0.01 * float64(i+1) }
	runCases(t, DiskFilling{}, []ruleCase{
		{name: "full in 50 s, the restore needs 90 s more", env: maria(nil),
			ticks: build(40, space(100<<20, 2<<20, pace)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "10 GiB free at 2 MiB/s: plenty for a 100 s restore", env: maria(nil),
			ticks: build(40, space(10<<30, 2<<20, pace)), wantFiredAt: -1},
		{name: "free space steady", env: maria(nil),
			ticks: build(40, space(1<<30, 0, pace)), wantFiredAt: -1},
		{name: "watch without an ETA: full within a quarter of an hour", env: maria(nil),
			ticks: build(40, space(512<<20, 1<<20, nil)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "watch: 52 GiB free at 15.6 MiB/s (an hour) is no finding", env: maria(nil),
			ticks: build(40, space(52<<30, 15.6*(1<<20), nil)), wantFiredAt: -1},
		{name: "the dump is all applied: the index builds' writes are no finding", env: maria(nil),
			ticks: build(40, space(100<<20, 2<<20, constant(1))), wantFiredAt: -1},
		{name: "fills, then the writes stop: cleared", env: maria(nil),
			ticks: build(60, phase(20, space(100<<20, 2<<20, pace), space(60<<20, 0, pace))), wantFiredAt: 5, wantClearedAt: 42},
	})
}
