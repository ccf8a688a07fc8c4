package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// serialImport is a serial import's progress, 4 MiB/s and 20k rows/s, followed by the
// planner (checked) with reason as its first reason to run serially.
func serialImport(checked bool, reason string) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) {
		s.Import = &advisor.ImportProgress{Bytes: int64(i) << 22, Rows: int64(i) * 20000, Statements: int64(i) * 20,
			ParallelChecked: checked, SerialReason: reason}
	}
}

func TestSerialReplayIdleCores(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	busyDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 5000, WAwaitMs: 0.5, UtilPct: 95})
	conns := func(n, cores int, vars map[string]string) *advisor.Env {
		e := maria(vars)
		e.ImportConnections, e.Host.Cores = n, cores
		return e
	}
	// Two cores: the server at 70 % of one, dumpscope at 30 %, half the host idle.
	serial2 := cpu(iostat.CPUStats{UserPct: 45, SystemPct: 5, IdlePct: 50, ClientPct: 30, ServerPct: f64(70)})
	userVar := "offset 105, line 5: SET @n = ( SELECT COUNT ( * ) FROM a ) reads what differs between connections or over time: the rest of the dump runs on one connection"
	runCases(t, SerialReplayIdleCores{}, []ruleCase{
		{record: "serial-replay-idle-cores.json", name: "serial on 2 cores, one idle, the dump parallel-exact", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, serial2, serialImport(true, "")), wantFiredAt: 5, wantClearedAt: -1},
		{name: "the dump sets a user variable", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, serial2, serialImport(true, userVar)), wantFiredAt: -1},
		{name: "turns quiet once a statement needs one connection", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, serial2, phase(20, serialImport(true, ""), serialImport(true, userVar))), wantFiredAt: 5, wantClearedAt: 22},
		{name: "the host's cores are busy", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{UserPct: 85, SystemPct: 10, IdlePct: 5, ClientPct: 30, ServerPct: f64(70)}), serialImport(true, "")), wantFiredAt: -1},
		{name: "already --parallel 2", env: conns(2, 2, nil),
			ticks: build(40, idleDisk, serial2, serialImport(true, "")), wantFiredAt: -1},
		{name: "not followed by the planner (watch, an older record)", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, serial2, serialImport(false, "")), wantFiredAt: -1},
		{name: "the disk is the limit", env: conns(1, 2, nil),
			ticks: build(40, busyDisk, serial2, serialImport(true, "")), wantFiredAt: -1},
		{name: "the server does little: under the estimate's floor", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{UserPct: 20, IdlePct: 80, ClientPct: 20, ServerPct: f64(25)}), serialImport(true, "")), wantFiredAt: -1},
		{name: "a remote server", env: conns(1, 2, nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{UserPct: 20, IdlePct: 80, ClientPct: 30}), serialImport(true, "")), wantFiredAt: -1},
	})
}

// TestSerialReplayIdleCoresAdvice: the hint names the flags and an estimate labelled as
// one, --load-data only where the server allows LOAD DATA LOCAL (its cheaper rows in the
// estimate then), and the verdict prints the same estimate as the hint.
func TestSerialReplayIdleCoresAdvice(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	serial2 := cpu(iostat.CPUStats{UserPct: 45, SystemPct: 5, IdlePct: 50, ClientPct: 30, ServerPct: f64(70)})
	for _, tc := range []struct {
		name       string
		vars       map[string]string
		cmd        []string
		want, not  string
		wantFixCmd string
		// The server at 70 % of a core, dumpscope 30 %, both cores free for them:
		// (1 − 0.7) + 0.7 × k / 2, k = 0.9 with LOAD DATA, 1 without.
		wantEst string
	}{
		{"local_infile on", map[string]string{"local_infile": "ON"}, nil, "dumpscope import --parallel 2 --load-data: ", "it is OFF", "--parallel 2 --load-data", "up to 1.6× faster"},
		{"local_infile off", map[string]string{"local_infile": "OFF"}, nil, "dumpscope import --parallel 2: ", "costs the server about", "--parallel 2", "up to 1.5× faster"},
		// The run used --load-data: its server CPU was measured under it, so k = 1 and
		// the advice does not offer LOAD DATA again (loadDataApplies, as server-cpu-bound).
		{"run with --load-data", map[string]string{"local_infile": "ON"}, []string{"dumpscope", "import", "--load-data", "dump.sql"},
			"dumpscope import --parallel 2: ", "costs the server about", "--parallel 2", "up to 1.5× faster"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := maria(tc.vars)
			e.ImportConnections, e.Host.Cores, e.Command = 1, 2, tc.cmd
			eng := NewEngine()
			for _, s := range build(40, idleDisk, serial2, serialImport(true, "")) {
				eng.Observe(e, s)
			}
			var f *advisor.Finding
			for _, x := range eng.Findings() {
				if x.ID == "serial-replay-idle-cores" {
					f = &x
				}
			}
			if f == nil {
				t.Fatalf("no hint: %v", eng.Findings())
			}
			if !strings.HasPrefix(f.Recommendation, tc.want) || strings.Contains(f.Recommendation, tc.not) ||
				!strings.Contains(f.Recommendation, tc.wantEst) || !strings.Contains(f.Title, tc.wantEst) {
				t.Errorf("title: %s\nrecommendation: %s", f.Title, f.Recommendation)
			}
			v := VerdictOf(eng)
			if v.Bottleneck == nil || v.Bottleneck.FindingID != "serial-replay-idle-cores" || v.Bottleneck.Fix != tc.wantFixCmd {
				t.Fatalf("verdict: %+v", v)
			}
			if got, want := v.Bottleneck.EstimatedSpeedup, f.Evidence["estimated_speedup"]; got != want {
				t.Errorf("the verdict's estimate %.2f× is not the hint's %v", got, want)
			}
		})
	}
}

// TestSerialReplayIdleCoresRecorded: real serial imports recorded with the planner's
// check, replayed as advise --run does. On a host kept busy by other work (load ≈15 on
// 2 cores) the hint stays quiet although the dump could run in parallel exactly: more
// connections would find no core to run on.
func TestSerialReplayIdleCoresRecorded(t *testing.T) {
	for _, tc := range []struct {
		path  string
		fires bool
	}{
		{"testdata/sandbox-serial-64M-busy-host.json.gz", false},
	} {
		rec := readRecord(t, tc.path)
		last := rec.Samples[len(rec.Samples)-1].Import
		if rec.ImportConnections != 1 || last == nil || !last.ParallelChecked || last.SerialReason != "" {
			t.Fatalf("%s: not a serial import of a parallel-exact dump followed by the planner", tc.path)
		}
		eng := NewEngine()
		runrecord.ReplayInto(rec, eng)
		fired := false
		for _, f := range eng.Findings() {
			fired = fired || f.ID == "serial-replay-idle-cores"
		}
		if fired != tc.fires {
			idle, _ := idleCores(rec.Env(), rec.Samples)
			t.Errorf("%s: hint fired %v, want %v (idle cores over the run %.2f)", tc.path, fired, tc.fires, idle)
		}
	}
}
