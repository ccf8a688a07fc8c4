package rules

import (
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/google/go-cmp/cmp"
)

// A timeline is built tick by tick (1 s apart) from small setters, so each rule's table
// test states only the signals it is about. Counters are cumulative: rate(name, r)
// accumulates r per second, so a rate that changes mid-timeline behaves like the real
// counter.
type setter func(i int, s *advisor.Snapshot, acc map[string]float64)

func build(n int, set ...setter) []advisor.Snapshot {
	acc := map[string]float64{}
	out := make([]advisor.Snapshot, n)
	for i := range out {
		s := advisor.Snapshot{T: float64(i), Status: map[string]float64{}, Devices: map[string]iostat.DeviceStats{}}
		for _, f := range set {
			f(i, &s, acc)
		}
		out[i] = s
	}
	return out
}

// phase switches between two setters at tick `at` (the condition stops, or starts).
func phase(at int, before, after setter) setter {
	return func(i int, s *advisor.Snapshot, acc map[string]float64) {
		if i < at {
			before(i, s, acc)
		} else {
			after(i, s, acc)
		}
	}
}

func all(set ...setter) setter {
	return func(i int, s *advisor.Snapshot, acc map[string]float64) {
		for _, f := range set {
			f(i, s, acc)
		}
	}
}

// rate makes name a cumulative counter growing perSec per tick (from a non-zero base, as
// on a server that has been up for a while).
func rate(name string, perSec float64) setter {
	return func(i int, s *advisor.Snapshot, acc map[string]float64) {
		if _, ok := acc[name]; !ok {
			acc[name] = 1e6
		}
		if i > 0 {
			acc[name] += perSec
		}
		s.Status[name] = acc[name]
	}
}

func gauge(name string, v func(i int) float64) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) { s.Status[name] = v(i) }
}

func dev(name string, d iostat.DeviceStats) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) { s.Devices[name] = d }
}

func cpu(c iostat.CPUStats) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) { cc := c; s.CPU = &cc }
}

// redo sets the derived InnoDB state: the LSN advancing bytesPerSec and the checkpoint
// age at agePct(i) of maxAge.
func redo(bytesPerSec float64, maxAge int64, agePct func(i int) float64) setter {
	return func(i int, s *advisor.Snapshot, acc map[string]float64) {
		if _, ok := acc["lsn"]; !ok {
			acc["lsn"] = 1e9
		}
		if i > 0 {
			acc["lsn"] += bytesPerSec
		}
		age := int64(agePct(i) / 100 * float64(maxAge))
		lsn := int64(acc["lsn"])
		s.InnoDB = &advisor.InnoDB{LSN: lsn, CheckpointLSN: lsn - age, CheckpointAgeBytes: age, MaxCheckpointAgeBytes: maxAge}
	}
}

func importRows(rowsPerSec, commitsPerSec float64) setter {
	return func(i int, s *advisor.Snapshot, acc map[string]float64) {
		if i > 0 {
			acc["import.rows"] += rowsPerSec
			acc["import.commits"] += commitsPerSec
		}
		s.Import = &advisor.ImportProgress{Rows: int64(acc["import.rows"]), Statements: int64(acc["import.commits"]), Commits: int64(acc["import.commits"])}
	}
}

func constant(v float64) func(int) float64 { return func(int) float64 { return v } }

func f64(v float64) *float64 { return &v }
func boolp(v bool) *bool     { return &v }

// env builds the static context: flavour, version, variables and the datadir device.
func env(flavor, version string, vars map[string]string, devs ...iostat.Device) *advisor.Env {
	if len(devs) == 0 {
		devs = []iostat.Device{{Name: "nvme0n1", Role: []string{"datadir"}, Kind: "disk", Rotational: boolp(false)}}
	}
	return &advisor.Env{Server: advisor.ServerInfo{Flavor: flavor, Version: version, Variables: vars}, Devices: devs,
		Host: advisor.HostInfo{Cores: 8, MemoryBytes: 64 << 30}, IntervalSeconds: 1}
}

func maria(vars map[string]string, devs ...iostat.Device) *advisor.Env {
	return env(advisor.FlavorMariaDB, "10.11.6-MariaDB-0+deb12u1", vars, devs...)
}

func mysql(version string, vars map[string]string, devs ...iostat.Device) *advisor.Env {
	return env(advisor.FlavorMySQL, version, vars, devs...)
}

// ruleCase is one recorded timeline for one rule. envAt, when set, replaces env from
// tick envChangeAt on (a SET GLOBAL during the run).
type ruleCase struct {
	name        string
	env         *advisor.Env
	envAt       *advisor.Env
	envChangeAt int
	ticks       []advisor.Snapshot
	// wantFiredAt is when the finding must fire (-1: never); wantClearedAt when it must
	// clear (-1: never, it persists to the end).
	wantFiredAt, wantClearedAt float64
	// record, when set, names a run record in testdata/ that holds this timeline
	// (written with -update), so `dumpscope advise --run` can replay it.
	record string
}

// recordOf turns a timeline into a run record (RUN-RECORD.md), variables as the sampler
// records them (numbers where numeric).
func recordOf(tc ruleCase) *runrecord.Record {
	rec := runrecord.New("0.1.0", time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC), []string{"dumpscope", "watch"}, 1)
	rec.EndedAt = rec.StartedAt.Add(time.Duration(len(tc.ticks)) * time.Second)
	rec.Server = runrecord.ServerFromInfo(tc.env.Server)
	if tc.envAt != nil {
		for name, v := range tc.envAt.Server.Variables {
			if tc.env.Server.Variables[name] != v {
				rec.Server.VariableChanges = append(rec.Server.VariableChanges,
					advisor.VariableChange{T: tc.ticks[tc.envChangeAt].T, Name: name, Value: advisor.VariableValue(v)})
			}
		}
	}
	rec.Devices, rec.Probe, rec.Dump = tc.env.Devices, tc.env.Probe, tc.env.Dump
	rec.ImportConnections = tc.env.ImportConnections
	host := tc.env.Host
	rec.Host = &host
	rec.Samples = tc.ticks
	return rec
}

// runCases drives each timeline through an engine with only rule r and checks that the
// finding fires once at wantFiredAt, carries evidence and a recommendation, and clears
// at wantClearedAt.
func runCases(t *testing.T, r advisor.Rule, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := advisor.NewEngine([]advisor.Rule{r}, advisor.DefaultWindowSeconds)
			for i, s := range tc.ticks {
				en := tc.env
				if tc.envAt != nil && i >= tc.envChangeAt {
					en = tc.envAt
				}
				e.Observe(en, s)
			}
			fs := e.Findings()
			if tc.record != "" {
				// The same timeline as a run record, replayed as advise --run would.
				back := golden(t, tc.record, recordOf(tc))
				rfs, _ := replay(back, []advisor.Rule{r})
				if diff := cmp.Diff(e.Findings(), rfs); diff != "" {
					t.Errorf("replaying %s differs from the live run (-live +replay):\n%s", tc.record, diff)
				}
			}
			if tc.wantFiredAt < 0 {
				if len(fs) != 0 {
					t.Fatalf("fired at %v: %s %v; want no finding", fs[0].FiredAt, fs[0].Title, fs[0].Evidence)
				}
				return
			}
			if len(fs) != 1 {
				t.Fatalf("%d findings; want exactly 1", len(fs))
			}
			f := fs[0]
			if f.ID != r.ID() || f.FiredAt != tc.wantFiredAt {
				t.Errorf("fired %s at %v; want %s at %v", f.ID, f.FiredAt, r.ID(), tc.wantFiredAt)
			}
			switch {
			case tc.wantClearedAt < 0 && f.ClearedAt != nil:
				t.Errorf("cleared at %v; want it to persist", *f.ClearedAt)
			case tc.wantClearedAt >= 0 && f.ClearedAt == nil:
				t.Errorf("never cleared; want cleared at %v", tc.wantClearedAt)
			case tc.wantClearedAt >= 0 && *f.ClearedAt != tc.wantClearedAt:
				t.Errorf("cleared at %v; want %v", *f.ClearedAt, tc.wantClearedAt)
			}
			if f.Title == "" || f.Recommendation == "" || len(f.Evidence) == 0 || f.Severity == "" {
				t.Errorf("incomplete finding: %+v", f)
			}
			t.Logf("%s: %s\n  %v\n  %s", f.Severity, f.Title, f.Evidence, f.Recommendation)
		})
	}
}
