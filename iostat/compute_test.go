package iostat

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/prometheus/procfs/blockdevice"
)

// approx compares iostat columns the way a person reads iostat's two decimals.
var approx = cmpopts.EquateApprox(0, 0.005)

func f(v float64) *float64 { return &v }

// readFixture reads one diskstats snapshot through procfs's own parser.
func readFixture(t *testing.T, procRoot, sysRoot string) map[string]blockdevice.Diskstats {
	t.Helper()
	fs, err := blockdevice.NewFS(procRoot, sysRoot)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := fs.ProcDiskstats()
	if err != nil {
		t.Fatalf("%s: %v", procRoot, err)
	}
	m := map[string]blockdevice.Diskstats{}
	for _, l := range lines {
		m[l.DeviceName] = l
	}
	return m
}

// TestComputeFixtures drives Compute with the fixture snapshot pairs; seed002 reproduces
// the slow server of seed 002 (an iostat -x line printed on CentOS 8.3, kernel 4.18).
func TestComputeFixtures(t *testing.T) {
	tests := []struct {
		name   string
		dir    string
		dt     time.Duration
		device string
		want   DeviceStats
	}{
		{"seed002 nvme0n1 (4.18, no flush)", "seed002", 100 * time.Second, "nvme0n1", DeviceStats{
			WPerSec: 1431.60, WkBPerSec: 31421.85, WrqmPerSec: 290.07, WrqmPct: 16.85, WAwaitMs: 0.40, WareqSzkB: 21.95,
			DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0),
			AquSz: 0.26, UtilPct: 71.40,
		}},
		{"seed002 nvme1n1 (4.18, no flush)", "seed002", 100 * time.Second, "nvme1n1", DeviceStats{
			WPerSec: 1431.57, WkBPerSec: 31421.72, WrqmPerSec: 290.07, WrqmPct: 16.85, WAwaitMs: 1.00, WareqSzkB: 21.95,
			DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0),
			AquSz: 1.15, UtilPct: 99.68,
		}},
		{"seed002 md127 (md keeps no time counters on 4.18)", "seed002", 100 * time.Second, "md127", DeviceStats{
			WPerSec: 1431.60, WkBPerSec: 31421.85, WareqSzkB: 21.95,
			DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0),
		}},
		{"nvme-dm nvme0n1 (5.5+, every column)", "nvme-dm", 10 * time.Second, "nvme0n1", DeviceStats{
			RPerSec: 500, RkBPerSec: 20000, RrqmPerSec: 100, RrqmPct: 16.67, RAwaitMs: 0.30, RareqSzkB: 40,
			WPerSec: 2000, WkBPerSec: 64000, WrqmPerSec: 500, WrqmPct: 20, WAwaitMs: 0.50, WareqSzkB: 32,
			DPerSec: f(10), DkBPerSec: f(10240), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0.50), DareqSzkB: f(1024),
			FPerSec: f(200), FAwaitMs: f(0.50),
			AquSz: 1.20, UtilPct: 60,
		}},
		{"nvme-dm dm-0 (weighted ticks wrap at 2^32)", "nvme-dm", 10 * time.Second, "dm-0", DeviceStats{
			RPerSec: 600, RkBPerSec: 20000, RAwaitMs: 1600.0 / 6000, RareqSzkB: 200000.0 / 6000,
			WPerSec: 2500, WkBPerSec: 64000, WAwaitMs: 0.60, WareqSzkB: 25.6,
			DPerSec: f(10), DkBPerSec: f(10240), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0.6), DareqSzkB: f(1024),
			FPerSec: f(0), FAwaitMs: f(0),
			AquSz: 0.10, UtilPct: 60,
		}},
		{"virtio-loop vda (this machine's kind of line)", "virtio-loop", time.Second, "vda", DeviceStats{
			RPerSec: 3, RkBPerSec: 28, RAwaitMs: 1.0 / 3, RareqSzkB: 28.0 / 3,
			WPerSec: 28, WkBPerSec: 380, WrqmPerSec: 67, WrqmPct: 70.53, WAwaitMs: 26.0 / 28, WareqSzkB: 380.0 / 28,
			DPerSec: f(2), DkBPerSec: f(8), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(4),
			FPerSec: f(3), FAwaitMs: f(2.0 / 3),
			AquSz: 0.03, UtilPct: 1.4,
		}},
		{"virtio-loop loop0 (re-attached: counters reset, all 0)", "virtio-loop", time.Second, "loop0", DeviceStats{
			DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0),
			FPerSec: f(0), FAwaitMs: f(0),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sys := filepath.Join("testdata", tt.dir, "sys")
			prev := readFixture(t, filepath.Join("testdata", tt.dir, "t0", "proc"), sys)[tt.device]
			cur := readFixture(t, filepath.Join("testdata", tt.dir, "t1", "proc"), sys)[tt.device]
			got := Compute(prev, cur, tt.dt)
			if diff := cmp.Diff(tt.want, got, approx); diff != "" {
				t.Errorf("Compute %s (-want +got):\n%s", tt.device, diff)
			}
		})
	}
}

// line builds a Diskstats with the given field count; counters not named are 0.
func line(fields int, s blockdevice.IOStats) blockdevice.Diskstats {
	return blockdevice.Diskstats{Info: blockdevice.Info{DeviceName: "sdx"}, IOStats: s, IoStatsCount: fields}
}

func TestComputeEdges(t *testing.T) {
	zeroD := DeviceStats{DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0)}
	tests := []struct {
		name      string
		prev, cur blockdevice.Diskstats
		dt        time.Duration
		want      DeviceStats
	}{
		{"14 fields: no discard, no flush columns",
			line(14, blockdevice.IOStats{WriteIOs: 10, WriteSectors: 80, WriteTicks: 5, IOsTotalTicks: 100, WeightedIOTicks: 7}),
			line(14, blockdevice.IOStats{WriteIOs: 110, WriteSectors: 880, WriteTicks: 105, IOsTotalTicks: 600, WeightedIOTicks: 207}),
			time.Second,
			DeviceStats{WPerSec: 100, WkBPerSec: 400, WAwaitMs: 1, WareqSzkB: 4, AquSz: 0.2, UtilPct: 50}},
		{"mixed 18 and 20 fields: flush columns only when both lines have them",
			line(18, blockdevice.IOStats{}),
			line(20, blockdevice.IOStats{FlushRequestsCompleted: 5}),
			time.Second,
			zeroD},
		{"zero interval: all 0, no division by zero",
			line(14, blockdevice.IOStats{}),
			line(14, blockdevice.IOStats{ReadIOs: 5}),
			0,
			DeviceStats{}},
		{"reads went backwards (device re-created): all 0, never negative",
			line(14, blockdevice.IOStats{ReadIOs: 500, ReadTicks: 50, IOsTotalTicks: 900}),
			line(14, blockdevice.IOStats{ReadIOs: 3, ReadTicks: 1, IOsTotalTicks: 2}),
			time.Second,
			DeviceStats{}},
		{"32-bit millisecond counters wrap: unwrapped",
			line(14, blockdevice.IOStats{ReadIOs: 10, ReadTicks: math.MaxUint32 - 9, IOsTotalTicks: math.MaxUint32 - 99}),
			line(14, blockdevice.IOStats{ReadIOs: 20, ReadTicks: 10, IOsTotalTicks: 400}),
			time.Second,
			DeviceStats{RPerSec: 10, RAwaitMs: 2, UtilPct: 50}},
		{"a millisecond counter above 32 bits going backwards is not a wrap: 0",
			line(14, blockdevice.IOStats{WriteIOs: 1, WriteTicks: 1 << 40}),
			line(14, blockdevice.IOStats{WriteIOs: 2, WriteTicks: 5}),
			time.Second,
			DeviceStats{WPerSec: 1}},
		{"merges only: %rrqm 100",
			line(14, blockdevice.IOStats{}),
			line(14, blockdevice.IOStats{ReadMerges: 4}),
			2 * time.Second,
			DeviceStats{RrqmPerSec: 2, RrqmPct: 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compute(tt.prev, tt.cur, tt.dt)
			if diff := cmp.Diff(tt.want, got, approx); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzCompute: whatever two readings the kernel (or a broken file) gives, every column
// is finite and non-negative.
func FuzzCompute(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint64(3), uint64(4), uint64(5), uint64(6), uint64(math.MaxUint32), uint64(0), int64(1e9), 20)
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), int64(0), 14)
	f.Fuzz(func(t *testing.T, ios, merges, sectors, ticks, ios2, merges2, ticks2, sectors2 uint64, dtNs int64, fields int) {
		prev := line(fields, blockdevice.IOStats{ReadIOs: ios, ReadMerges: merges, ReadSectors: sectors, ReadTicks: ticks,
			WriteIOs: ios2, WriteTicks: ticks2, IOsTotalTicks: ticks, WeightedIOTicks: ticks2,
			DiscardIOs: merges2, FlushRequestsCompleted: sectors2, TimeSpentFlushing: ticks})
		cur := line(fields, blockdevice.IOStats{ReadIOs: ios2, ReadMerges: merges2, ReadSectors: sectors2, ReadTicks: ticks2,
			WriteIOs: ios, WriteTicks: ticks, IOsTotalTicks: ticks2, WeightedIOTicks: ticks,
			DiscardIOs: merges, FlushRequestsCompleted: sectors, TimeSpentFlushing: ticks2})
		s := Compute(prev, cur, time.Duration(dtNs))
		vals := []float64{s.RPerSec, s.RkBPerSec, s.RrqmPerSec, s.RrqmPct, s.RAwaitMs, s.RareqSzkB,
			s.WPerSec, s.WkBPerSec, s.WrqmPerSec, s.WrqmPct, s.WAwaitMs, s.WareqSzkB, s.AquSz, s.UtilPct}
		for _, p := range []*float64{s.DPerSec, s.DkBPerSec, s.DrqmPerSec, s.DrqmPct, s.DAwaitMs, s.DareqSzkB, s.FPerSec, s.FAwaitMs} {
			if p != nil {
				vals = append(vals, *p)
			}
		}
		for i, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("column %d = %v for %+v → %+v over %v", i, v, prev, cur, time.Duration(dtNs))
			}
		}
		if s.RrqmPct > 100 || s.WrqmPct > 100 {
			t.Fatalf("merge percentage above 100: %+v", s)
		}
	})
}

func TestCountersFlushFields(t *testing.T) {
	lines, err := parseDiskstats([]byte(" 259 0 nvme0n1 10 0 16 3 20 0 4096 7 0 1500 9 2 0 8 1 5 2500\n 8 0 sda 1 0 8 1 2 0 16 1 0 3 2\n"), "fixture")
	if err != nil {
		t.Fatal(err)
	}
	five, sec := uint64(5), 2.5
	want := []*DeviceCounters{
		{ReadsCompleted: 10, ReadBytes: 16 * 512, ReadTimeSeconds: 0.003, WritesCompleted: 20, WrittenBytes: 4096 * 512,
			WriteTimeSeconds: 0.007, IOTimeSeconds: 1.5, FlushesCompleted: &five, FlushTimeSeconds: &sec},
		{ReadsCompleted: 1, ReadBytes: 8 * 512, ReadTimeSeconds: 0.001, WritesCompleted: 2, WrittenBytes: 16 * 512,
			WriteTimeSeconds: 0.001, IOTimeSeconds: 0.003},
	}
	for i, l := range lines {
		if diff := cmp.Diff(want[i], counters(l)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", l.DeviceName, diff)
		}
	}
}
