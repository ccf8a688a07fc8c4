package advisor

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/iostat"
)

// fakeClock advances only when the monitor waits, so ticks land exactly on the interval.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.now = c.now.Add(d)
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

// scriptedServer returns a cumulative counter that grows by the given per-tick deltas.
type scriptedServer struct {
	deltas []float64
	i      int
	total  float64
}

func (s *scriptedServer) Sample(context.Context) (ServerSample, error) {
	if s.i < len(s.deltas) {
		s.total += s.deltas[s.i]
	}
	s.i++
	ss := ServerSample{Status: map[string]float64{"Innodb_log_waits": s.total}}
	if s.i == 3 {
		ss.Changes = []VariableChange{{Name: "innodb_log_buffer_size", Value: int64(67108864)}}
	}
	return ss, nil
}

// waitsRule fires while Innodb_log_waits grew in the last interval.
type waitsRule struct{}

func (waitsRule) ID() string { return "log-buffer-waits" }
func (waitsRule) Check(_ *Env, w Window) *Finding {
	if len(w) < 2 {
		return nil
	}
	d := w[len(w)-1].Status["Innodb_log_waits"] - w[len(w)-2].Status["Innodb_log_waits"]
	if d <= 0 {
		return nil
	}
	return &Finding{Severity: SeverityWarn, Title: "log buffer waits", Evidence: map[string]any{"waits": d}}
}

func TestMonitorRun(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}
	server := &scriptedServer{deltas: []float64{0, 0, 5, 5, 0, 0, 0, 0, 0}}
	var bytesDone int64
	deviceCalls := 0
	var ticks []Tick
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log bytes.Buffer
	m, err := NewMonitor(MonitorOptions{
		Interval: 500 * time.Millisecond,
		Progress: func() ImportProgress { bytesDone += 100; return ImportProgress{Bytes: bytesDone} },
		Devices: func() (DeviceReading, error) {
			deviceCalls++
			if deviceCalls == 4 {
				return DeviceReading{}, errors.New("diskstats vanished")
			}
			return DeviceReading{Devices: map[string]iostat.DeviceStats{"vda": {WPerSec: float64(deviceCalls)}}, CPU: &iostat.CPUStats{IdlePct: 50}}, nil
		},
		Server: server,
		Engine: NewEngine([]Rule{waitsRule{}}, 10),
		Env:    &Env{},
		Sinks: []Sink{&LogSink{W: &log}, SinkFunc(func(tk Tick) {
			ticks = append(ticks, tk)
			if len(ticks) == 8 {
				cancel()
			}
		})},
		Now:   clock.Now,
		After: clock.After,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	// 8 ticks (T=0 baseline + 7 intervals); no final one, as the cancel came right
	// after a tick.
	var gotT []float64
	for _, tk := range ticks {
		gotT = append(gotT, tk.Snapshot.T)
	}
	wantT := []float64{0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5}
	if diff := cmp.Diff(wantT, gotT); diff != "" {
		t.Errorf("T (-want +got):\n%s", diff)
	}
	if ticks[0].Snapshot.Devices != nil {
		t.Errorf("baseline tick has device stats from the priming read: %v", ticks[0].Snapshot.Devices)
	}
	if got := ticks[1].Snapshot.Devices["vda"].WPerSec; got != 2 {
		t.Errorf("first interval's device sample = %v, want the second call's (2)", got)
	}
	if len(ticks[3].Errors) != 1 || !strings.Contains(ticks[3].Errors[0].Error(), "diskstats vanished") {
		t.Errorf("tick 3 errors = %v", ticks[3].Errors)
	}
	if ticks[3].Snapshot.Status == nil {
		t.Error("a device error must not drop the server's sample")
	}
	if diff := cmp.Diff([]VariableChange{{T: 1, Name: "innodb_log_buffer_size", Value: int64(67108864)}}, ticks[2].Changes); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
	// The waits grew in the intervals ending at T=1 and T=1.5: fire at 1, clear after
	// DefaultClearTicks quiet ticks (2, 2.5, 3).
	var events []string
	for _, tk := range ticks {
		for _, e := range tk.Events {
			if e.Cleared {
				events = append(events, "clear "+e.Finding.ID)
			} else {
				events = append(events, "fire "+e.Finding.ID)
			}
		}
	}
	if diff := cmp.Diff([]string{"fire log-buffer-waits", "clear log-buffer-waits"}, events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	f := m.o.Engine.Findings()
	if len(f) != 1 || f[0].FiredAt != 1 || f[0].ClearedAt == nil || *f[0].ClearedAt != 3 {
		t.Errorf("findings = %+v", f)
	}
	for _, want := range []string{"WARN", "log-buffer-waits: log buffer waits", "cleared  log-buffer-waits (fired at 0:01)",
		"variable changed: innodb_log_buffer_size = 67108864", "warning: devices at t=1.5s: diskstats vanished"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

func TestMonitorOptions(t *testing.T) {
	if _, err := NewMonitor(MonitorOptions{Engine: NewEngine(nil, 0), Env: &Env{}}); err == nil {
		t.Error("no source: want an error")
	}
	if _, err := NewMonitor(MonitorOptions{Server: &scriptedServer{}}); err == nil {
		t.Error("no engine: want an error")
	}
}

func TestProgressLine(t *testing.T) {
	prev := Snapshot{T: 1, Import: &ImportProgress{Bytes: 0, Statements: 0, Rows: 0},
		InnoDB: &InnoDB{LSN: 1000}}
	cur := Snapshot{T: 2, Import: &ImportProgress{Bytes: 2 << 20, Statements: 10, Rows: 5000,
		CompressedBytes: 1 << 20, CompressedTotalBytes: 4 << 20, Table: "shop.orders"},
		InnoDB:  &InnoDB{LSN: 1000 + 3<<20, CheckpointAgeBytes: 2 << 20, MaxCheckpointAgeBytes: 4 << 20, DirtyPagesPct: 12},
		Devices: map[string]iostat.DeviceStats{"vda": {WPerSec: 1431, WkBPerSec: 31421, WAwaitMs: 0.4, UtilPct: 99.7}, "vdb": {UtilPct: 1}},
		CPU:     &iostat.CPUStats{IdlePct: 94, ClientPct: 12}}
	// A quarter of the file in 2 s: 6 s to go.
	want := " 25.0% ETA 0:06, 2.0 MiB SQL, 2.0 MiB/s, 5000 rows/s, shop.orders | redo 3.0 MiB/s, checkpoint age 2.0 MiB (50% of max), dirty 12% | " +
		"vda 1431 w/s 30.7 MiB/s w_await 0.40ms util 100% | cpu idle 94% client 12%"
	if got := ProgressLine(prev, cur); got != want {
		t.Errorf("ProgressLine =\n%q\nwant\n%q", got, want)
	}
}

// TestMonitorFinalStep: a run cancelled in the middle of an interval records its tail
// as a last, shorter interval.
func TestMonitorFinalStep(t *testing.T) {
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	var gotT []float64
	m, err := NewMonitor(MonitorOptions{
		Interval: time.Second,
		Server:   &scriptedServer{},
		Engine:   NewEngine(nil, 0),
		Env:      &Env{},
		Sinks:    []Sink{SinkFunc(func(tk Tick) { gotT = append(gotT, tk.Snapshot.T) })},
		Now:      func() time.Time { return now },
		After: func(d time.Duration) <-chan time.Time {
			ch := make(chan time.Time, 1)
			if calls++; calls == 3 {
				now = now.Add(600 * time.Millisecond) // Ctrl-C 0.6 s into the third interval
				cancel()
				return ch
			}
			now = now.Add(d)
			ch <- now
			return ch
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = m.Run(ctx)
	if diff := cmp.Diff([]float64{0, 1, 2, 2.6}, gotT); diff != "" {
		t.Errorf("T (-want +got):\n%s", diff)
	}
}

func TestLogSinkEvery(t *testing.T) {
	for _, tt := range []struct{ every, wantLines int }{{-1, 0}, {0, 3}, {1, 3}, {2, 2}} {
		var b bytes.Buffer
		l := &LogSink{W: &b, Every: tt.every}
		for i := range 4 { // the first tick has no interval to print
			l.Tick(Tick{Snapshot: Snapshot{T: float64(i), Import: &ImportProgress{Bytes: int64(i)}}})
		}
		if got := strings.Count(b.String(), "\n"); got != tt.wantLines {
			t.Errorf("Every=%d: %d progress lines, want %d:\n%s", tt.every, got, tt.wantLines, b.String())
		}
	}
}

// slowServer takes its time from the clock it shares with the monitor, and fails when told.
type slowServer struct {
	now  *time.Time
	took time.Duration
	err  error
}

func (s *slowServer) Sample(context.Context) (ServerSample, error) {
	*s.now = s.now.Add(s.took)
	return ServerSample{}, s.err
}

// TestMonitorSourceCost: each source's time and failure reach the sinks under its name.
func TestMonitorSourceCost(t *testing.T) {
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	boom := errors.New("connection refused")
	srv := &slowServer{now: &now, took: 30 * time.Millisecond}
	m, err := NewMonitor(MonitorOptions{
		Devices: func() (DeviceReading, error) {
			now = now.Add(2 * time.Millisecond)
			return DeviceReading{}, nil
		},
		Server: srv,
		Engine: NewEngine(nil, 0),
		Env:    &Env{},
		Now:    func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	m.Start(context.Background())
	srv.err = boom
	tick := m.Step(context.Background())
	if diff := cmp.Diff(map[string]float64{"devices": 0.002, "server": 0.030}, tick.SourceSeconds,
		cmp.Comparer(func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 })); diff != "" {
		t.Errorf("SourceSeconds (-want +got):\n%s", diff)
	}
	var se *SourceError
	if len(tick.Errors) != 1 || !errors.As(tick.Errors[0], &se) || se.Source != "server" || !errors.Is(se, boom) {
		t.Fatalf("Errors = %v, want one server SourceError wrapping %v", tick.Errors, boom)
	}
	if got, want := se.Error(), "server at t=0.0s: connection refused"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestImportFraction: a parallel import that has read 80 % of the file but applied half
// of it is half done: completion counts what committed, projected on the uncompressed size
// the ratio read so far gives.
func TestImportFraction(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    ImportProgress
		want float64
		ok   bool
	}{
		{"read ahead", ImportProgress{Bytes: 400, ReadBytes: 640, CompressedBytes: 80, CompressedTotalBytes: 100}, 0.5, true},
		{"serial", ImportProgress{Bytes: 320, ReadBytes: 320, CompressedBytes: 40, CompressedTotalBytes: 100}, 0.4, true},
		{"no read bytes (v1 record)", ImportProgress{Bytes: 320, CompressedBytes: 40, CompressedTotalBytes: 100}, 0.4, true},
		{"generated sample", ImportProgress{Bytes: 25, ExpectedBytes: 100}, 0.25, true},
		// A gzip whose head compresses 4:1 and the whole 2:1: the exact size (ISIZE resolved
		// by sampling) gives the truth where the ratio read so far would say 0.1.
		{"exact size", ImportProgress{Bytes: 400, ReadBytes: 400, CompressedBytes: 100, CompressedTotalBytes: 2000, ExpectedBytes: 4000, ExpectedExact: true}, 0.1, true},
		{"exact size, head projection", ImportProgress{Bytes: 400, ReadBytes: 400, CompressedBytes: 100, CompressedTotalBytes: 2000}, 0.05, true},
		// A sampled estimate (multi-member gzip) weighs as much as the file is still unread:
		// 5 % read, total 0.95·4000 + 0.05·8000 = 4200.
		{"estimated size", ImportProgress{Bytes: 420, ReadBytes: 400, CompressedBytes: 100, CompressedTotalBytes: 2000, ExpectedBytes: 4000}, 0.1, true},
		{"stdin", ImportProgress{Bytes: 25}, 0, false},
	} {
		got, ok := tc.p.Fraction()
		if ok != tc.ok || math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: Fraction = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// seenRule records the server CPU each Check sees.
type seenRule struct{ seen *[]float64 }

func (seenRule) ID() string { return "seen" }
func (r seenRule) Check(_ *Env, w Window) *Finding {
	if c := w[len(w)-1].CPU; c != nil && c.ServerPct != nil {
		*r.seen = append(*r.seen, *c.ServerPct)
	}
	return nil
}

// TestMonitorAsRecorded: with AsRecorded the rules and the sinks see the snapshot as the
// record will store it, so a value at a threshold (24.996 % recorded as 25) counts the
// same live and in advise --run.
func TestMonitorAsRecorded(t *testing.T) {
	var seen, sunk []float64
	m, err := NewMonitor(MonitorOptions{
		Devices: func() (DeviceReading, error) {
			return DeviceReading{CPU: &iostat.CPUStats{IdlePct: 50, ServerPct: f64(24.996)}}, nil
		},
		Engine: NewEngine([]Rule{seenRule{&seen}}, 10),
		Env:    &Env{},
		Sinks: []Sink{SinkFunc(func(tk Tick) {
			if c := tk.Snapshot.CPU; c != nil && c.ServerPct != nil {
				sunk = append(sunk, *c.ServerPct)
			}
		})},
		AsRecorded: func(s Snapshot) Snapshot {
			if s.CPU != nil && s.CPU.ServerPct != nil {
				c := *s.CPU
				c.ServerPct = f64(math.Round(*c.ServerPct*100) / 100)
				s.CPU = &c
			}
			return s
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	m.Start(context.Background())
	m.Step(context.Background())
	if diff := cmp.Diff([]float64{25}, seen); diff != "" {
		t.Errorf("the rules saw (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(seen, sunk); diff != "" {
		t.Errorf("the sinks got other values than the rules (-rules +sinks):\n%s", diff)
	}
}
