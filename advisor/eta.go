package advisor

import (
	"fmt"
	"slices"
	"sort"
)

// etaWindowSeconds is the recent stretch whose pace the ETA blends with the average pace
// since the start. A dump's tables differ in cost per byte (the generated dump's first
// quarter, small rows with several indexes, loads at 0.6× the MiB/s of its sbtest bulk),
// so the average alone lags every change of table kind by the whole run so far; the last
// minute alone would jump with each checkpoint stall.
const etaWindowSeconds = 60

// ETAEstimator turns the completion fraction observed over time into a remaining time:
// the remaining share divided by the mean of two paces, the average since the first
// observation and the pace over the last etaWindowSeconds (over the second half of the
// run so far, until that is as long).
//
// With a Profile (how an earlier import of the same dump went), it follows that run's
// curve instead: the remaining time is the earlier run's time from here to the end, scaled
// by how much slower or faster this run has been (the same mean of average and recent,
// as a ratio of seconds). A dump's cost per byte changes from table to table, and only
// an earlier run of it knows where; the pace alone cannot.
// Not safe for concurrent use.
type ETAEstimator struct {
	Profile *ETAProfile
	samples []etaSample // the first observation, then those within the window
	curve   []ETAPoint  // this run's own profile (Curve), a point per etaCurveStep
	ratio   float64     // the last ratio followProfile found (VersusProfile)
	// finishes are the last estimates of when the import ends (seconds on Observe's
	// clock), kept until settled: see etaSettleRatio.
	finishes []float64
	settled  bool
}

// etaSettleCount estimates of the end in a row, the latest no more than etaSettleRatio
// apart (largest over smallest), settle the ETA; until then Observe gives none. The
// first seconds of an import say little of its pace: connections and the schema cost
// time and no bytes, and a --parallel --load-data import applies its rows in 16 MiB
// batches, so the applied share moves in steps of several percent and stands still
// between them. Recorded (TestETARecordedParallel): a 23 s run estimated 2:14, 3:20,
// 4:26, 0:40, 0:48 in its first six seconds. Once settled the ETA stays shown: a stall
// later moves it, as it should, instead of hiding it.
const (
	etaSettleCount = 3
	etaSettleRatio = 1.35
)

// etaCurveStep is the least progress between two points of Curve: at most 512 points,
// a few KB kept per dump however long the run.
const etaCurveStep = 1.0 / 512

type etaSample struct{ tSeconds, frac float64 }

// Observe records the fraction done at tSeconds (any fixed origin) and returns the
// estimated seconds left; ok is false until there is a pace to go by and its estimates
// have settled (etaSettleRatio).
func (e *ETAEstimator) Observe(tSeconds, frac float64) (remainingSeconds float64, ok bool) {
	remainingSeconds, ok = e.estimate(tSeconds, frac)
	if !ok || e.settled {
		return remainingSeconds, ok
	}
	e.finishes = append(e.finishes, tSeconds+remainingSeconds)
	if n := len(e.finishes); n > etaSettleCount {
		e.finishes = e.finishes[n-etaSettleCount:]
	}
	if len(e.finishes) < etaSettleCount || slices.Max(e.finishes) > etaSettleRatio*slices.Min(e.finishes) {
		return 0, false
	}
	e.settled = true
	return remainingSeconds, true
}

// Estimate sets p's ETASeconds (or ETAWithheld) and TimeVsEarlier from the estimator's
// observation of p's completion fraction at tSeconds: what an import session does at
// each tick.
func (e *ETAEstimator) Estimate(p *ImportProgress, tSeconds float64) {
	f, ok := p.Fraction()
	if !ok {
		return
	}
	if s, ok := e.Observe(tSeconds, f); ok {
		p.ETASeconds = s
	} else {
		p.ETAWithheld = true
	}
	p.TimeVsEarlier, _ = e.VersusProfile()
}

// estimate is Observe's estimate, settled or not.
func (e *ETAEstimator) estimate(tSeconds, frac float64) (remainingSeconds float64, ok bool) {
	if n := len(e.curve); frac > 0 && (n == 0 || frac >= min(e.curve[n-1].Fraction+etaCurveStep, 1) && e.curve[n-1].Fraction < 1) {
		e.curve = append(e.curve, ETAPoint{Fraction: min(frac, 1), Seconds: tSeconds})
	}
	e.samples = append(e.samples, etaSample{tSeconds, frac})
	// Keep the first sample and, of the rest, those inside the window plus the last one
	// before it (so the recent pace spans the whole window).
	keep := 1
	for keep+1 < len(e.samples) && e.samples[keep+1].tSeconds <= tSeconds-etaWindowSeconds {
		keep++
	}
	if keep > 1 {
		e.samples = append(e.samples[:1], e.samples[keep:]...)
	}
	first := e.samples[0]
	if frac >= 1 || tSeconds <= first.tSeconds || frac <= first.frac {
		return 0, false
	}
	if e.Profile != nil {
		return e.followProfile(tSeconds, frac)
	}
	pace := (frac - first.frac) / (tSeconds - first.tSeconds)
	if old, span, ok := e.windowStart(tSeconds); ok {
		recent := (frac - old.frac) / span
		pace = (pace + max(recent, 0)) / 2
	}
	if pace <= 0 {
		return 0, false
	}
	return (1 - frac) / pace, true
}

// windowStart is the observation the recent pace or ratio counts from and the seconds
// since it: the latest at least the window before tSeconds, where the window is the
// second half of the run so far until that is etaWindowSeconds long. A short run's recent
// pace so counts from its first seconds on (it waited for 30 s, when the generated
// dump's slow first fifth was over and a 256 MiB --parallel import nearly done, so its
// ETA ran 2–3× long throughout: TestETARecordedParallel). ok is false before there is one.
func (e *ETAEstimator) windowStart(tSeconds float64) (old etaSample, spanSeconds float64, ok bool) {
	if len(e.samples) <= 2 {
		return etaSample{}, 0, false
	}
	w := min(etaWindowSeconds, (tSeconds-e.samples[0].tSeconds)/2)
	old = e.samples[1]
	for _, s := range e.samples[2:] {
		if s.tSeconds > tSeconds-w {
			break
		}
		old = s
	}
	spanSeconds = tSeconds - old.tSeconds
	return old, spanSeconds, spanSeconds >= w && spanSeconds > 0
}

// Curve is this run's progress as observed so far, for the next run's Profile
// (NewETAProfile(e.Curve()) once the run reached the whole dump).
func (e *ETAEstimator) Curve() []ETAPoint { return slices.Clone(e.curve) }

// followProfile is Observe's estimate along the Profile: the earlier run's seconds from
// frac to the end, times the ratio of this run's seconds to the earlier run's over the
// same stretch of the dump (the mean of the whole run's and the last window's).
func (e *ETAEstimator) followProfile(tSeconds, frac float64) (float64, bool) {
	p, first := e.Profile, e.samples[0]
	then := p.SecondsAt(frac) - p.SecondsAt(first.frac)
	if then < etaProfileMinSeconds {
		return 0, false // too little of the earlier run to compare with
	}
	ratio := (tSeconds - first.tSeconds) / then
	if old, span, ok := e.windowStart(tSeconds); ok {
		if thenRecent := p.SecondsAt(frac) - p.SecondsAt(old.frac); thenRecent >= etaProfileMinSeconds {
			ratio = (ratio + span/thenRecent) / 2
		}
	}
	e.ratio = ratio
	return ratio * (p.TotalSeconds() - p.SecondsAt(frac)), true
}

// VersusProfile is the ratio of this run's time to the Profile's that the last estimate
// used (0.9: this run goes 11 % faster); ok is false without a Profile or before there was
// enough of it to compare with.
func (e *ETAEstimator) VersusProfile() (float64, bool) { return e.ratio, e.ratio > 0 }

// etaProfileMinSeconds is the least stretch of the earlier run a ratio is taken over: a
// second or two of it is mostly the start's noise (connections, the first commit).
const etaProfileMinSeconds = 3

// ETAProfile is an earlier import's progress curve: the seconds it took to reach each
// fraction of the dump. Build it with NewETAProfile.
type ETAProfile struct {
	points []ETAPoint // fractions and seconds strictly increasing, from (0, 0) to (1, total)
}

// ETAPoint is one point of an ETAProfile: Seconds after the start, Fraction of the dump
// applied.
type ETAPoint struct {
	Fraction float64 `json:"f"`
	Seconds  float64 `json:"s"`
}

// NewETAProfile makes a profile from an earlier run's points in time order. The run must
// have reached the whole dump (a last fraction of 1); points that go back or repeat a
// fraction are dropped. ok is false when the points do not make a curve.
func NewETAProfile(points []ETAPoint) (*ETAProfile, bool) {
	p := &ETAProfile{points: []ETAPoint{{0, 0}}}
	for _, pt := range points {
		last := p.points[len(p.points)-1]
		if pt.Fraction > last.Fraction && pt.Seconds > last.Seconds && pt.Fraction <= 1 {
			p.points = append(p.points, pt)
		}
	}
	if len(p.points) < 3 || p.points[len(p.points)-1].Fraction < 1 {
		return nil, false
	}
	return p, true
}

// TotalSeconds is how long the earlier run took to apply the whole dump.
func (p *ETAProfile) TotalSeconds() float64 { return p.points[len(p.points)-1].Seconds }

// Points is the curve, from (0, 0) to (1, TotalSeconds).
func (p *ETAProfile) Points() []ETAPoint { return slices.Clone(p.points) }

// SecondsAt is when the earlier run reached frac (linear between its points).
func (p *ETAProfile) SecondsAt(frac float64) float64 {
	pts := p.points
	i := sort.Search(len(pts), func(i int) bool { return pts[i].Fraction >= frac })
	switch {
	case i == 0:
		return 0
	case i == len(pts):
		return p.TotalSeconds()
	}
	a, b := pts[i-1], pts[i]
	return a.Seconds + (b.Seconds-a.Seconds)*(frac-a.Fraction)/(b.Fraction-a.Fraction)
}

// VersusEarlier says how this run's pace compares with the earlier import of the dump its
// ETA follows ("12% faster than the last run"), "" when it follows none. Twice as fast or
// slow and beyond it says a factor ("6.8× faster than the last run"): "576% faster" read
// as a percentage of something, not as a run taking a seventh of the time.
func (p ImportProgress) VersusEarlier() string {
	r := p.TimeVsEarlier
	switch {
	case r <= 0:
		return ""
	case r <= 0.5:
		return fmt.Sprintf("%.1f× faster than the last run", 1/r)
	case r < 0.98:
		return fmt.Sprintf("%.0f%% faster than the last run", 100*(1/r-1))
	case r >= 2:
		return fmt.Sprintf("%.1f× slower than the last run", r)
	case r > 1.02:
		return fmt.Sprintf("%.0f%% slower than the last run", 100*(r-1))
	}
	return "as fast as the last run"
}

// ETA is the remaining time of the import at elapsedSeconds: ETASeconds when the
// session's estimator set it, else (no estimator: a record of an older version) the
// remaining share at the average pace so far. ok is false without a completion fraction,
// before 0.1 % (noise), when done, and while the estimator withholds it (ETAWithheld):
// the average pace is what it withheld.
func (p ImportProgress) ETA(elapsedSeconds float64) (float64, bool) {
	f, ok := p.Fraction()
	if !ok || f <= 0.001 || f >= 1 || elapsedSeconds <= 0 || p.ETAWithheld {
		return 0, false
	}
	if p.ETASeconds > 0 {
		return p.ETASeconds, true
	}
	return elapsedSeconds * (1 - f) / f, true
}
