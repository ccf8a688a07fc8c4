package advisor

// etaWindowSeconds is the recent stretch whose pace the ETA blends with the average pace
// since the start. A dump's tables differ in cost per byte (the generated dump's first
// quarter, small rows with several indexes, loads at 0.6× the MiB/s of its sbtest bulk),
// so the average alone lags every change of table kind by the whole run so far; the last
// minute alone would jump with each checkpoint stall.
const etaWindowSeconds = 60

// ETAEstimator turns the completion fraction observed over time into a remaining time:
// the remaining share divided by the mean of two paces, the average since the first
// observation and the pace over the last etaWindowSeconds (once half of it has passed).
// Not safe for concurrent use.
type ETAEstimator struct {
	samples []etaSample // the first observation, then those within the window
}

type etaSample struct{ tSeconds, frac float64 }

// Observe records the fraction done at tSeconds (any fixed origin) and returns the
// estimated seconds left; ok is false until there is a pace to go by.
func (e *ETAEstimator) Observe(tSeconds, frac float64) (remainingSeconds float64, ok bool) {
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
	pace := (frac - first.frac) / (tSeconds - first.tSeconds)
	if len(e.samples) > 2 {
		old := e.samples[1]
		if span := tSeconds - old.tSeconds; span >= etaWindowSeconds/2 {
			recent := (frac - old.frac) / span
			pace = (pace + max(recent, 0)) / 2
		}
	}
	if pace <= 0 {
		return 0, false
	}
	return (1 - frac) / pace, true
}

// ETA is the remaining time of the import at elapsedSeconds: ETASeconds when the
// session's estimator set it, else the remaining share at the average pace so far. ok is
// false without a completion fraction, before 0.1 % (noise), and when done.
func (p ImportProgress) ETA(elapsedSeconds float64) (float64, bool) {
	f, ok := p.Fraction()
	if !ok || f <= 0.001 || f >= 1 || elapsedSeconds <= 0 {
		return 0, false
	}
	if p.ETASeconds > 0 {
		return p.ETASeconds, true
	}
	return elapsedSeconds * (1 - f) / f, true
}
