package runrecord

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// redoRule fires while the checkpoint age is above 80 % of its maximum in every snapshot
// of the window that has one, and reads a variable so replay must apply recorded changes.
type redoRule struct{}

func (redoRule) ID() string { return "redo-log-too-small" }
func (redoRule) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	s := w[len(w)-1]
	if s.InnoDB == nil || s.InnoDB.MaxCheckpointAgeBytes == 0 {
		return nil
	}
	pct := 100 * float64(s.InnoDB.CheckpointAgeBytes) / float64(s.InnoDB.MaxCheckpointAgeBytes)
	if pct < 80 || env.Server.Variables["innodb_log_file_size"] != "4194304" {
		return nil
	}
	return &advisor.Finding{Severity: advisor.SeverityCritical, Title: "redo small",
		Evidence: map[string]any{"checkpoint_age_pct": pct}, Recommendation: "innodb_log_file_size=1G"}
}

// redoServer plays the server sampler: like it, it updates the shared variables map in
// place when a variable changes, before the engine sees the tick.
type redoServer struct {
	ages []int64
	vars map[string]string
	i    int
}

func (s *redoServer) Sample(context.Context) (advisor.ServerSample, error) {
	age := s.ages[min(s.i, len(s.ages)-1)]
	var changes []advisor.VariableChange
	if s.i == 6 {
		// A DBA resized the redo log mid-run: the rule stops applying from here.
		changes = []advisor.VariableChange{{Name: "innodb_log_file_size", Value: int64(1 << 30)}}
		s.vars["innodb_log_file_size"] = "1073741824"
	}
	s.i++
	return advisor.ServerSample{
		Status:  map[string]float64{"Innodb_rows_inserted": float64(1000 * s.i)},
		InnoDB:  &advisor.InnoDB{LSN: int64(s.i+10) << 20, CheckpointLSN: int64(s.i+10)<<20 - age, CheckpointAgeBytes: age, MaxCheckpointAgeBytes: 2679645, RedoCapacityBytes: 4 << 20},
		Changes: changes,
	}, nil
}

// TestRecordAndReplay records a monitored run, checks the record against the format, and
// replays it: the replay must give the same findings as the live run.
func TestRecordAndReplay(t *testing.T) {
	start := time.Date(2026, 12, 2, 13, 0, 0, 0, time.UTC)
	now := start
	clockNow := func() time.Time { return now }
	after := func(d time.Duration) <-chan time.Time {
		now = now.Add(d)
		ch := make(chan time.Time, 1)
		ch <- now
		return ch
	}
	info := advisor.ServerInfo{Flavor: "mariadb", Version: "10.11.6-MariaDB", Variables: map[string]string{"innodb_log_file_size": "4194304"}}
	rec := New("0.1.0", start, []string{"dumpscope", "watch", "-psecret"}, 1)
	rec.Server = ServerFromInfo(info) // a copy: the record keeps the variables at start
	server := &redoServer{vars: info.Variables,
		ages: []int64{100, 2_500_000, 2_600_000, 2_500_000, 1000, 1000, 2_600_000, 2_600_000, 2_600_000, 1000, 1000, 1000, 1000}}
	env := &advisor.Env{Server: info}
	rot := false
	rec.Devices = []iostat.Device{{Name: "vda", Role: []string{"datadir"}, Kind: "disk", Rotational: &rot}}
	recorder := NewRecorder(rec)
	eng := advisor.NewEngine([]advisor.Rule{redoRule{}}, 5)
	savePath := filepath.Join(t.TempDir(), "partial.json")
	saver := &PeriodicSaver{Path: savePath, Every: 5, Recorder: recorder, Findings: eng.Findings, Now: clockNow}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ticks := 0
	m, err := advisor.NewMonitor(advisor.MonitorOptions{
		Interval: time.Second,
		Devices: func() (advisor.DeviceReading, error) {
			return advisor.DeviceReading{Devices: map[string]iostat.DeviceStats{"vda": {WPerSec: 100, UtilPct: 50}}, CPU: &iostat.CPUStats{IdlePct: 80}}, nil
		},
		Server: server,
		Engine: eng,
		Env:    env,
		Sinks: []advisor.Sink{recorder, saver, advisor.SinkFunc(func(advisor.Tick) {
			if ticks++; ticks == 13 {
				cancel()
			}
		})},
		Now:   clockNow,
		After: after,
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = m.Run(ctx)
	// The periodic save (every 5 ticks: the 10th tick was the last) is a valid record.
	if saver.Err != nil {
		t.Fatal(saver.Err)
	}
	partialDoc, err := os.ReadFile(savePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(partialDoc); err != nil {
		t.Errorf("periodic save does not validate: %v", err)
	}
	partial, err := ReadFile(savePath)
	if err != nil {
		t.Fatal(err)
	}
	if len(partial.Samples) != 10 || partial.Outcome.Status != OutcomeInterrupted {
		t.Errorf("periodic save: %d samples, outcome %q; want 10, interrupted", len(partial.Samples), partial.Outcome.Status)
	}
	live := eng.Findings()
	if len(live) != 1 || live[0].FiredAt != 1 || live[0].ClearedAt == nil {
		t.Fatalf("live findings = %+v, want redo-log-too-small fired at 1 and cleared", live)
	}
	final := recorder.Finish(now, live, Outcome{Status: OutcomeInterrupted})
	if err := ValidateRecord(final); err != nil {
		t.Fatalf("recorded run does not validate: %v", err)
	}
	if len(final.Server.VariableChanges) != 1 || final.Server.VariableChanges[0].T != 6 {
		t.Errorf("variable changes = %+v, want one at t=6", final.Server.VariableChanges)
	}

	var buf bytes.Buffer
	if err := Write(&buf, final); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// Replay must ignore the stored findings.
	back.Findings = []advisor.Finding{{ID: "bogus"}}
	replayed, events := Replay(back, []advisor.Rule{redoRule{}}, 5)
	// Evidence values round-trip through JSON as float64 either way.
	if diff := cmp.Diff(live, replayed); diff != "" {
		t.Errorf("replay differs from the live run (-live +replay):\n%s", diff)
	}
	if len(events) != 2 {
		t.Errorf("replay events = %d, want fire + clear", len(events))
	}
}
