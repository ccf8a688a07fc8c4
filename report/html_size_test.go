package report

import (
	"bytes"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestHTMLSize24h: a 24-hour run at 1 s renders as a few MB of HTML (each chart keeps at
// most four points per pixel column), not the hundreds of MB pgBadger's users met.
func TestHTMLSize24h(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 86,400 samples")
	}
	rec := runrecord.New("test", time.Unix(0, 0), nil, 1)
	rec.Server = runrecord.Server{Flavor: "mariadb", Version: "10.11.6"}
	rec.Samples = make([]advisor.Snapshot, 0, 86400)
	for i := 1; i <= 86400; i++ {
		s := busyTick(i)
		rec.Samples = append(rec.Samples, s)
	}
	rec.EndedAt = rec.StartedAt.Add(24 * time.Hour)
	var b bytes.Buffer
	if err := HTML(&b, rec, Analyze(rec, nil)); err != nil {
		t.Fatal(err)
	}
	t.Logf("24 h at 1 s: HTML report %.2f MB", float64(b.Len())/1e6)
	if b.Len() > 4e6 {
		t.Errorf("the 24-hour HTML report is %.1f MB, want ≤ 4 MB", float64(b.Len())/1e6)
	}
}

// busyTick is a tick of a busy import without status counters (the HTML report charts
// devices, CPU and InnoDB, never the raw counters).
func busyTick(i int) advisor.Snapshot {
	dev := iostat.DeviceStats{WPerSec: 1431.6 + float64(i%13)/3, WkBPerSec: 31421.85 + float64(i%17)*1.234567,
		WAwaitMs: 0.4012345, WareqSzkB: 21.95, AquSz: 0.26, UtilPct: 71.4 + float64(i%5)/7}
	return advisor.Snapshot{T: float64(i),
		Import:  &advisor.ImportProgress{Bytes: int64(i) << 20, Statements: int64(i) * 10, Rows: int64(i) * 10000},
		Devices: map[string]iostat.DeviceStats{"nvme0n1": dev, "nvme1n1": dev},
		CPU:     &iostat.CPUStats{UserPct: 0.8123, SystemPct: 0.27, IowaitPct: 4.74, IdlePct: 94.19},
		InnoDB:  &advisor.InnoDB{LSN: int64(i) << 22, CheckpointLSN: int64(i+100)<<22 - 100<<20, CheckpointAgeBytes: 100 << 20, MaxCheckpointAgeBytes: 217 << 20},
	}
}
