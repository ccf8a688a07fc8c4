package advisor

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// A run whose first quarter goes at 0.6× the pace of the rest (the generated dump's shop
// tables, then its sbtest bulk): one minute after the pace changes, the estimator's error
// is well under the average pace's, and at a steady pace both are exact.
func TestETAEstimatorPaceChange(t *testing.T) {
	const slow, fast = 0.25 / 100, 0.75 / 150 // fraction per second: 100 s, then 150 s
	final := 250.0
	var e ETAEstimator
	frac := 0.0
	var errAt170, avgErrAt170 float64
	for ts := 1.0; ts < final; ts++ {
		if frac < 0.25 {
			frac += slow
		} else {
			frac += fast
		}
		got, ok := e.Observe(ts, frac)
		if ts == 1 {
			if ok {
				t.Errorf("an ETA from one observation: %v", got)
			}
			continue
		}
		if !ok && ts > 1+etaSettleCount { // the first estimates settle it (a steady pace: at once)
			t.Fatalf("no ETA at %v s", ts)
		}
		if ts == 50 && math.Abs(ts+got-400) > 2 { // steady so far: the slow pace ends at 400 s
			t.Errorf("steady pace at 50 s: ETA %v, want %v", got, 400-ts)
		}
		if ts == 170 {
			errAt170 = math.Abs(ts+got-final) / final
			avgErrAt170 = math.Abs(ts+ts*(1-frac)/frac-final) / final
		}
	}
	if errAt170 > avgErrAt170/2 || errAt170 > 0.06 {
		t.Errorf("70 s after the pace changed: error %.1f %%, the average pace's %.1f %%", 100*errAt170, 100*avgErrAt170)
	}
}

// ETA prefers the session's estimate and falls back to the average pace.
func TestImportProgressETA(t *testing.T) {
	p := ImportProgress{Bytes: 25, ExpectedBytes: 100, ExpectedExact: true}
	if got, ok := p.ETA(10); !ok || got != 30 {
		t.Errorf("average pace: %v, %v; want 30", got, ok)
	}
	p.ETASeconds = 20
	if got, ok := p.ETA(10); !ok || got != 20 {
		t.Errorf("estimator's: %v, %v; want 20", got, ok)
	}
	p.Bytes = 100
	if _, ok := p.ETA(10); ok {
		t.Error("an ETA when done")
	}
}

// slowFirstQuarter is a run whose first quarter of the dump takes 100 s and the rest 150 s
// (the generated dump's shop tables, then its sbtest bulk), scaled by factor.
func slowFirstQuarter(frac, factor float64) float64 {
	if frac < 0.25 {
		return factor * frac / 0.25 * 100
	}
	return factor * (100 + (frac-0.25)/0.75*150)
}

// With the profile of an earlier run of the dump, the ETA is exact from the start on a run
// 1.3× slower all along, where the pace alone is off by half; a run that turns slower
// part way is followed within a window.
func TestETAEstimatorProfile(t *testing.T) {
	var pts []ETAPoint
	for f := 0.01; f < 1.0001; f += 0.01 {
		pts = append(pts, ETAPoint{min(f, 1), slowFirstQuarter(min(f, 1), 1)})
	}
	prof, ok := NewETAProfile(pts)
	if !ok {
		t.Fatal("no profile from a whole run")
	}
	if got := prof.SecondsAt(0.125); math.Abs(got-50) > 1e-9 {
		t.Errorf("SecondsAt(0.125) = %v, want 50", got)
	}

	e := ETAEstimator{Profile: prof}
	var plain ETAEstimator
	final := slowFirstQuarter(1, 1.3)
	for f := 0.0; f <= 0.5; f += 0.001 {
		ts := slowFirstQuarter(f, 1.3)
		got, ok := e.Observe(ts, f)
		base, _ := plain.Observe(ts, f)
		if f >= 0.05 && f < 0.051 {
			if !ok || math.Abs(ts+got-final) > 0.01*final {
				t.Errorf("at 5 %%: ETA %v (%v), want %v", got, ok, final-ts)
			}
			if math.Abs(ts+base-final) < 0.3*final {
				t.Errorf("the pace alone is within 30 %% at 5 %% (%v for %v): the test shows nothing", base, final-ts)
			}
		}
	}

	// The second half goes 2× slower than the earlier run: within two windows the ETA
	// is within 10 %.
	e = ETAEstimator{Profile: prof}
	at := func(f float64) float64 {
		if f <= 0.5 {
			return slowFirstQuarter(f, 1)
		}
		return slowFirstQuarter(0.5, 1) + 2*(slowFirstQuarter(f, 1)-slowFirstQuarter(0.5, 1))
	}
	final = at(1)
	for f := 0.0; f < 1; f += 0.001 {
		ts := at(f)
		got, _ := e.Observe(ts, f)
		if ts >= at(0.5)+2*etaWindowSeconds && math.Abs(ts+got-final) > 0.1*final {
			t.Fatalf("at %.0f s (%.1f %%): ETA %v, want %v", ts, 100*f, got, final-ts)
		}
	}

	// A resumed run starts part way: the ratio counts from its first observation.
	e = ETAEstimator{Profile: prof}
	for f := 0.4; f < 0.6; f += 0.001 {
		ts := 7 + slowFirstQuarter(f, 0.5) - slowFirstQuarter(0.4, 0.5)
		got, ok := e.Observe(ts, f)
		want := 0.5 * (prof.TotalSeconds() - prof.SecondsAt(f))
		if f > 0.45 && (!ok || math.Abs(got-want) > 0.01*want) {
			t.Fatalf("resumed at 40 %%, at %.1f %%: ETA %v, want %v", 100*f, got, want)
		}
	}
}

// NewETAProfile refuses runs that did not finish and drops points that go back.
func TestNewETAProfile(t *testing.T) {
	if _, ok := NewETAProfile([]ETAPoint{{0.2, 5}, {0.5, 9}}); ok {
		t.Error("a profile from a run that stopped at 50 %")
	}
	p, ok := NewETAProfile([]ETAPoint{{0.2, 5}, {0.1, 6}, {0.2, 7}, {0.6, 7}, {1, 10}})
	if !ok {
		t.Fatal("no profile")
	}
	want := []ETAPoint{{0, 0}, {0.2, 5}, {0.6, 7}, {1, 10}}
	if got := p.Points(); !slices.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
}

// Curve keeps a point per 1/512 of progress and the end, and makes the next run's profile.
func TestETAEstimatorCurve(t *testing.T) {
	var e ETAEstimator
	for i := 0; i <= 10000; i++ {
		e.Observe(float64(i)/10, min(float64(i)/9000, 1))
	}
	c := e.Curve()
	if len(c) < 500 || len(c) > 514 {
		t.Errorf("%d points for 10000 observations, want about 512", len(c))
	}
	if last := c[len(c)-1]; last.Fraction != 1 || last.Seconds != 900 {
		t.Errorf("last point %v, want the first to reach 1 (900 s)", last)
	}
	p, ok := NewETAProfile(c)
	if !ok || math.Abs(p.SecondsAt(0.5)-450) > 0.2 {
		t.Errorf("profile from the curve: %v; SecondsAt(0.5) = %v", ok, p.SecondsAt(0.5))
	}
}

// The progress line and the dashboard say how this run compares with the earlier one its
// ETA follows, once the estimator has compared them.
func TestVersusEarlier(t *testing.T) {
	prof, _ := NewETAProfile([]ETAPoint{{0.5, 50}, {1, 100}})
	e := ETAEstimator{Profile: prof}
	if _, ok := e.VersusProfile(); ok {
		t.Error("a ratio before any observation")
	}
	e.Observe(0, 0)
	e.Observe(40, 0.5) // 40 s where the earlier run took 50
	r, ok := e.VersusProfile()
	if !ok || math.Abs(r-0.8) > 1e-9 {
		t.Fatalf("ratio %v, %v; want 0.8", r, ok)
	}
	for _, c := range []struct {
		ratio float64
		want  string
	}{{0, ""}, {0.8, "25% faster than the last run"}, {1.01, "as fast as the last run"}, {1.5, "50% slower than the last run"},
		// A factor from twice as fast or slow on (bench-main.log of session 48 said "576%
		// faster" for a run 6.8 times as fast).
		{1 / 6.76, "6.8× faster than the last run"}, {0.5, "2.0× faster than the last run"}, {0.6, "67% faster than the last run"},
		{2, "2.0× slower than the last run"}, {3.3, "3.3× slower than the last run"}, {1.9, "90% slower than the last run"}} {
		if got := (ImportProgress{TimeVsEarlier: c.ratio}).VersusEarlier(); got != c.want {
			t.Errorf("ratio %v: %q, want %q", c.ratio, got, c.want)
		}
	}
	line := ImportLine(ImportProgress{}, ImportProgress{Bytes: 50, ExpectedBytes: 100, ExpectedExact: true, ETASeconds: 40, TimeVsEarlier: 0.8}, 1, 40)
	if !strings.Contains(line, "ETA 0:40, 25% faster than the last run, ") {
		t.Errorf("progress line %q does not compare with the last run", line)
	}
}
