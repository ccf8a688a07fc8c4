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
