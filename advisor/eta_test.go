package advisor

import (
	"math"
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
		if !ok {
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
