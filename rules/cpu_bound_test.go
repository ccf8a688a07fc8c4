package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestClientCPUBound(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	busyDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 5000, WAwaitMs: 0.5, UtilPct: 95})
	client := func(clientPct, serverPct float64) setter {
		return cpu(iostat.CPUStats{UserPct: 20, IdlePct: 75, ClientPct: clientPct, ServerPct: f64(serverPct)})
	}
	runCases(t, ClientCPUBound{}, []ruleCase{
		{record: "client-cpu-bound.json", name: "importer at 98% of a core, server 40%, disk 20%", env: maria(nil), ticks: build(40, idleDisk, client(98, 40)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "server saturated too", env: maria(nil), ticks: build(40, idleDisk, client(98, 95)), wantFiredAt: -1},
		{name: "disk saturated", env: maria(nil), ticks: build(40, busyDisk, client(98, 40)), wantFiredAt: -1},
		{name: "importer at 60%", env: maria(nil), ticks: build(40, idleDisk, client(60, 40)), wantFiredAt: -1},
		// From 30 the importer waits on the server: (60−T) of the window's 31 ticks are
		// saturated, under half from T = 45; the third quiet tick is 47.
		{name: "clears when the importer stops being the limit", env: maria(nil),
			ticks: build(80, idleDisk, phase(30, client(98, 40), client(30, 40))), wantFiredAt: 5, wantClearedAt: 47},
	})
}

func TestServerCPUBound(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	busyDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 5000, WAwaitMs: 0.5, UtilPct: 95})
	runCases(t, ServerCPUBound{}, []ruleCase{
		{name: "one server thread saturates a core", env: maria(nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{IdlePct: 85, ClientPct: 30, ServerPct: f64(99)})), wantFiredAt: 5, wantClearedAt: -1},
		{name: "the server keeps all 8 cores busy", env: maria(nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{UserPct: 90, IdlePct: 4, ClientPct: 30, ServerPct: f64(600)})), wantFiredAt: 5, wantClearedAt: -1},
		{name: "host busy with someone else's work", env: maria(nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{UserPct: 95, IdlePct: 2, ClientPct: 30, ServerPct: f64(40)})), wantFiredAt: -1},
		{name: "server busy but the disk is the limit", env: maria(nil),
			ticks: build(40, busyDisk, cpu(iostat.CPUStats{IdlePct: 85, ClientPct: 30, ServerPct: f64(99)})), wantFiredAt: -1},
		{name: "server pid unknown and host idle", env: maria(nil),
			ticks: build(40, idleDisk, cpu(iostat.CPUStats{IdlePct: 85, ClientPct: 30})), wantFiredAt: -1},
		{record: "server-cpu-bound.json", name: "clears when the server stops being the limit", env: maria(nil),
			ticks:       build(80, idleDisk, phase(30, cpu(iostat.CPUStats{IdlePct: 85, ServerPct: f64(99)}), cpu(iostat.CPUStats{IdlePct: 95, ServerPct: f64(30)}))),
			wantFiredAt: 5, wantClearedAt: 47},
	})
}

// TestCPUBoundAtParallel: a run already on several connections is not told to "replay in
// parallel".
func TestCPUBoundAtParallel(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	parallel := func(n int) *advisor.Env { e := maria(nil); e.ImportConnections = n; return e }
	fourCores := func(n int) *advisor.Env { e := parallel(n); e.Host.Cores = 4; return e }
	for _, tc := range []struct {
		name string
		rule advisor.Rule
		env  *advisor.Env
		cpu  iostat.CPUStats
		want string
	}{
		{"client, serial", ClientCPUBound{}, parallel(1), iostat.CPUStats{IdlePct: 75, ClientPct: 98, ServerPct: f64(40)}, "replay in parallel"},
		{"client, --parallel 2", ClientCPUBound{}, parallel(2), iostat.CPUStats{IdlePct: 75, ClientPct: 98, ServerPct: f64(40)}, "already runs on 2 connections"},
		{"server, --parallel 2 of 8 cores", ServerCPUBound{}, parallel(2), iostat.CPUStats{IdlePct: 85, ClientPct: 30, ServerPct: f64(99)}, "more connections"},
		{"server, --parallel 8 of 8 cores", ServerCPUBound{}, parallel(8), iostat.CPUStats{IdlePct: 85, ClientPct: 30, ServerPct: f64(99)}, "no more cores"},
		// 4 cores, 15 % idle: 0.6 of a core to spare, under idleCores' threshold.
		{"server, --parallel 2 of 4 cores, under a core idle", ServerCPUBound{}, fourCores(2), iostat.CPUStats{IdlePct: 15, ClientPct: 30, ServerPct: f64(99)}, "no more cores"},
	} {
		e := advisor.NewEngine([]advisor.Rule{tc.rule}, advisor.DefaultWindowSeconds)
		for _, s := range build(20, idleDisk, cpu(tc.cpu)) {
			e.Observe(tc.env, s)
		}
		fs := e.Findings()
		if len(fs) != 1 || !strings.Contains(fs[0].Recommendation, tc.want) {
			t.Errorf("%s: %v; want one finding advising %q", tc.name, fs, tc.want)
			continue
		}
		if tc.env.ImportConnections > 1 && strings.Contains(fs[0].Recommendation, "replay in parallel") {
			t.Errorf("%s: still advises replaying in parallel: %s", tc.name, fs[0].Recommendation)
		}
	}
}

// TestCPUBoundSerialOnlyDump: a serial import whose dump must run on one connection (the
// planner's reason, from the importer's check) is not told to replay in parallel.
func TestCPUBoundSerialOnlyDump(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	why := "offset 10, line 2: SAVEPOINT lives in one connection's transaction: the rest of the dump runs on one connection"
	progress := func(i int, s *advisor.Snapshot, _ map[string]float64) {
		s.Import = &advisor.ImportProgress{Bytes: int64(i) << 20, ParallelChecked: true, SerialReason: why}
	}
	e := maria(nil)
	e.ImportConnections = 1
	for _, tc := range []struct {
		rule advisor.Rule
		cpu  iostat.CPUStats
		fix  string
	}{
		{ClientCPUBound{}, iostat.CPUStats{IdlePct: 75, ClientPct: 98, ServerPct: f64(40)}, "a faster codec (zstd) or an uncompressed dump"},
		{ServerCPUBound{}, iostat.CPUStats{IdlePct: 85, ClientPct: 30, ServerPct: f64(99)}, "--defer-indexes"},
	} {
		eng := advisor.NewEngine([]advisor.Rule{tc.rule}, advisor.DefaultWindowSeconds)
		for _, s := range build(20, idleDisk, cpu(tc.cpu), progress) {
			eng.Observe(e, s)
		}
		fs := eng.Findings()
		if len(fs) != 1 {
			t.Fatalf("%s: %v", tc.rule.ID(), fs)
		}
		if rec := fs[0].Recommendation; strings.Contains(rec, "replay in parallel") || !strings.Contains(rec, "SAVEPOINT") {
			t.Errorf("%s: %s", tc.rule.ID(), rec)
		}
		if got := shortFix(fs[0]); got != tc.fix {
			t.Errorf("%s: fix %q, want %q", tc.rule.ID(), got, tc.fix)
		}
	}
}

// TestServerCPUBoundSerialEstimate: "replay in parallel" carries an estimate only where it
// can be founded: a serial import with a core to spare gets fastPathEstimate for
// --parallel N alone, and the verdict prints it; under watch (another tool's restore, on
// connections dumpscope does not know) and for --defer-indexes alone there is none.
func TestServerCPUBoundSerialEstimate(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	// Two cores: the server at 99 % of one, dumpscope 10 %, the rest idle.
	serial := cpu(iostat.CPUStats{UserPct: 50, SystemPct: 4.5, IdlePct: 45.5, ClientPct: 10, ServerPct: f64(99)})
	why := "offset 10, line 2: SAVEPOINT lives in one connection's transaction: the rest of the dump runs on one connection"
	for _, tc := range []struct {
		name     string
		conns    int
		reason   string
		want     string
		estimate float64
	}{
		// The server's part spread, (1 − 0.99) + 0.99 / 2 = 0.505 of the time, is under
		// what server and client need of the two cores, (0.99 + 0.10) / 2 = 0.545.
		{"serial import", 1, "", "dumpscope import --parallel 2, or myloader) so more cores insert (estimate from this run: up to 1.8× faster", 1.83},
		{"watch", 0, "", "dumpscope import --parallel N, or myloader) so more cores insert. Secondary", 0},
		{"a dump that must run on one connection", 1, why, "--parallel would not change that", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := maria(nil)
			e.ImportConnections, e.Host.Cores = tc.conns, 2
			progress := func(i int, s *advisor.Snapshot, _ map[string]float64) {
				s.Import = &advisor.ImportProgress{Bytes: int64(i) << 20, ParallelChecked: tc.conns == 1, SerialReason: tc.reason}
			}
			eng := advisor.NewEngine([]advisor.Rule{ServerCPUBound{}}, advisor.DefaultWindowSeconds)
			for _, s := range build(20, idleDisk, serial, progress) {
				eng.Observe(e, s)
			}
			fs := eng.Findings()
			if len(fs) != 1 || !strings.Contains(fs[0].Recommendation, tc.want) {
				t.Fatalf("want advice with %q: %v", tc.want, fs)
			}
			v := BuildVerdict(fs, attribution(20, map[advisor.Cause]float64{advisor.CauseServerCPU: 15}))
			if v.Bottleneck == nil || v.Bottleneck.EstimatedSpeedup != tc.estimate {
				t.Errorf("estimate: want %.2f×: %s", tc.estimate, v.Line())
			}
		})
	}
}

// TestUsedFlag: a boolean flag reads as Go's flag package reads it (strconv.ParseBool
// after '='; the last one given counts), so a run with --load-data=1 is not told
// --load-data again.
func TestUsedFlag(t *testing.T) {
	for _, tc := range []struct {
		cmd  []string
		want bool
	}{
		{[]string{"import", "--load-data"}, true},
		{[]string{"import", "-load-data"}, true},
		{[]string{"import", "--load-data=true"}, true},
		{[]string{"import", "--load-data=1"}, true},
		{[]string{"import", "--load-data=t"}, true},
		{[]string{"import", "--load-data=TRUE"}, true},
		{[]string{"import", "--load-data=True"}, true},
		{[]string{"import", "--load-data=0"}, false},
		{[]string{"import", "--load-data=f"}, false},
		{[]string{"import", "--load-data=false"}, false},
		{[]string{"import", "--load-data", "--load-data=false"}, false},
		{[]string{"import", "--load-data=0", "--load-data"}, true},
		{[]string{"import", "--load-datax"}, false},
		{[]string{"import", "load-data"}, false},
		{nil, false},
	} {
		if got := usedFlag(&advisor.Env{Command: tc.cmd}, "load-data"); got != tc.want {
			t.Errorf("%q: usedFlag %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
