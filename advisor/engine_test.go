package advisor

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// thresholdRule fires while the newest snapshot's "x" status is above limit, and puts
// the window's length in the evidence so tests can see what the rule was shown.
type thresholdRule struct {
	id    string
	limit float64
}

func (r thresholdRule) ID() string { return r.id }

func (r thresholdRule) Check(env *Env, w Window) *Finding {
	if w.Last().Status["x"] <= r.limit {
		return nil
	}
	return &Finding{Severity: SeverityWarn, Title: r.id, Evidence: map[string]any{"x": w.Last().Status["x"], "snapshots": len(w)}}
}

func tick(t, x float64) Snapshot {
	return Snapshot{T: t, Status: map[string]float64{"x": x}}
}

type eventLine struct {
	T       float64
	ID      string
	Cleared bool
}

func TestEngineFireHoldClearRefire(t *testing.T) {
	e := NewEngine([]Rule{thresholdRule{"high", 10}}, 30)
	xs := []float64{0, 20, 20, 0, 20, 0, 0, 0, 0, 30, 30}
	var got []eventLine
	for i, x := range xs {
		for _, ev := range e.Observe(&Env{}, tick(float64(i), x)) {
			got = append(got, eventLine{float64(i), ev.Finding.ID, ev.Cleared})
		}
	}
	// Fires at 1; the single quiet tick at 3 does not clear it; quiet 5,6,7 clears at 7;
	// fires again at 9 as a new finding.
	want := []eventLine{{1, "high", false}, {7, "high", true}, {9, "high", false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	fs := e.Findings()
	if len(fs) != 2 {
		t.Fatalf("findings = %d; want 2", len(fs))
	}
	if fs[0].FiredAt != 1 || fs[0].ClearedAt == nil || *fs[0].ClearedAt != 7 {
		t.Errorf("first finding fired %v cleared %v; want 1, 7", fs[0].FiredAt, fs[0].ClearedAt)
	}
	if fs[1].FiredAt != 9 || fs[1].ClearedAt != nil {
		t.Errorf("second finding fired %v cleared %v; want 9, nil", fs[1].FiredAt, fs[1].ClearedAt)
	}
	// Evidence follows the latest tick while the finding persists.
	if got := fs[1].Evidence["x"]; got != 30.0 {
		t.Errorf("evidence x = %v; want 30", got)
	}
	if diff := cmp.Diff([]string{"high"}, e.Active()); diff != "" {
		t.Errorf("Active (-want +got):\n%s", diff)
	}
}

func TestEngineWindowSlides(t *testing.T) {
	e := NewEngine([]Rule{thresholdRule{"w", -1}}, 5)
	for i := 0; i <= 20; i++ {
		e.Observe(&Env{}, tick(float64(i), 0))
	}
	// Window of 5 s at 1-s ticks: snapshots 15..20.
	if got := e.Findings()[0].Evidence["snapshots"]; got != 6 {
		t.Errorf("window snapshots = %v; want 6", got)
	}
	// Time going backwards starts a new window.
	e.Observe(&Env{}, tick(0, 0))
	if got := e.Findings()[0].Evidence["snapshots"]; got != 1 {
		t.Errorf("after time reset window snapshots = %v; want 1", got)
	}
}

func TestEngineRuleOrderAndIndependence(t *testing.T) {
	e := NewEngine([]Rule{thresholdRule{"a", 5}, thresholdRule{"b", 15}}, 0)
	var got []string
	for i, x := range []float64{10, 20, 0, 0, 0} {
		for _, ev := range e.Observe(&Env{}, tick(float64(i), x)) {
			got = append(got, fmt.Sprintf("%d %s %v", i, ev.Finding.ID, ev.Cleared))
		}
	}
	want := []string{"0 a false", "1 b false", "4 a true", "4 b true"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// xAttributor gives each interval to CauseRedo in the proportion x/100 of its newest
// snapshot.
type xAttributor struct{}

func (xAttributor) Attribute(env *Env, w Window) (CauseShares, bool) {
	return CauseShares{CauseRedo: w.Last().Status["x"] / 100}, true
}

// TestEngineAttributionWhileActive: each finding's own sum holds only the intervals it
// was active at the end of (the one it fired on included, the quiet ones before it
// clears too), and a returned attribution does not move with later ticks.
func TestEngineAttributionWhileActive(t *testing.T) {
	e := NewEngine([]Rule{thresholdRule{"high", 10}, thresholdRule{"higher", 40}}, 30)
	e.ClearTicks = 1
	e.Attributor = xAttributor{}
	for i, x := range []float64{0, 20, 50, 50, 20, 0, 0} {
		e.Observe(&Env{}, tick(float64(i), x))
	}
	a := e.Attribution()
	got := map[string][2]float64{}
	for id, w := range a.WhileActive {
		got[id] = [2]float64{w.AttributedSeconds, w.SecondsByCause[CauseRedo]}
	}
	// high: active at the end of the intervals ending at t=1..4 (x 20, 50, 50, 20);
	// higher: t=2, 3 (x 50, 50).
	want := map[string][2]float64{"high": {4, 1.4}, "higher": {2, 1}}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y float64) bool { return x-y < 1e-9 && y-x < 1e-9 })); diff != "" {
		t.Errorf("while active (-want +got):\n%s", diff)
	}
	e.Observe(&Env{}, tick(7, 50))
	if a.WhileActive["high"].AttributedSeconds != 4 {
		t.Errorf("an earlier attribution moved: %v", a.WhileActive["high"])
	}
	if a.AttributedSeconds != 6 {
		t.Errorf("attributed %v s, want 6", a.AttributedSeconds)
	}
}

// TestEngineAttributionByPhase: each interval counts for the import phase at its end,
// phases in the order they came; the verdict's phases are those with the minimum time,
// when two or more have it, each with the wait that held most of it.
func TestEngineAttributionByPhase(t *testing.T) {
	e := NewEngine(nil, 30)
	e.Attributor = xAttributor{}
	phases := []string{"loading", "loading", "loading", "loading", "indexes", "indexes", "indexes", "verifying rows"}
	for i, ph := range phases {
		s := tick(float64(i), 60)
		if ph == "indexes" {
			s.Status["x"] = 20
		}
		s.Import = &ImportProgress{Phase: ph}
		e.Observe(&Env{}, s)
	}
	a := e.Attribution()
	var got []string
	for _, p := range a.ByPhase {
		got = append(got, fmt.Sprintf("%s %.0f s, redo %.1f s", p.Phase, p.Time.AttributedSeconds, p.Time.SecondsByCause[CauseRedo]))
	}
	want := []string{"loading 3 s, redo 1.8 s", "indexes 3 s, redo 0.6 s", "verifying rows 1 s, redo 0.6 s"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("by phase (-want +got):\n%s", diff)
	}
	v := Verdict{Reason: "no finding fired", Phases: a.PhaseVerdicts(2)}
	if got, want := v.Line(), "verdict: inconclusive: no finding fired; by phase: loading 0:03 (redo checkpoint waits ~60 %), indexes 0:03 (redo checkpoint waits ~20 %)"; got != want {
		t.Errorf("line:\n got %q\nwant %q", got, want)
	}
	if p := a.PhaseVerdicts(3.5); p != nil {
		t.Errorf("one phase or none with the minimum time: no phases, got %v", p)
	}
}
