package advisor

import "sort"

// DefaultWindowSeconds is the sliding window rules see. 30 s holds enough 1-s ticks for a
// rate to settle (checkpoint flushing cycles last seconds) yet follows a restore that
// moves from a big table to a small one within half a minute.
const DefaultWindowSeconds = 30

// DefaultClearTicks is the hysteresis: a finding clears only after its rule has returned
// nil on this many consecutive ticks, so one quiet second (a DDL between two tables) does
// not clear and re-fire the same finding.
const DefaultClearTicks = 3

// Event is what Observe reports: a finding that fired on this tick, or one that cleared.
type Event struct {
	Finding Finding
	Cleared bool
}

// Engine keeps the sliding window, runs every rule on each tick, and turns the rules'
// per-tick answers into findings that fire once, may update their evidence while they
// persist, and clear after DefaultClearTicks quiet ticks. It is pure: time comes only
// from Snapshot.T, so replaying a run record gives the same findings as the live run.
type Engine struct {
	rules         []Rule
	windowSeconds float64
	// ClearTicks is the hysteresis in ticks (DefaultClearTicks unless changed before the
	// first Observe).
	ClearTicks int
	// Attributor, when set before the first Observe, attributes each interval's time to
	// where the restore waits (Attribution); the verdict is built from that sum. Live
	// runs and replays of their records use the same engine, so they sum the same time.
	Attributor Attributor
	// BuildVerdict, when set, turns the findings and the attribution into the verdict
	// (rules.BuildVerdict); the monitor hands it to the sinks on every tick.
	BuildVerdict func(findings []Finding, a TimeAttribution) Verdict

	attribution TimeAttribution
	window      Window
	active      map[string]*activeFinding // by rule ID
	findings    []Finding                 // in firing order
}

type activeFinding struct {
	index      int // into findings
	quietTicks int
}

// NewEngine returns an engine over rules with a window of windowSeconds (≤ 0 means
// DefaultWindowSeconds).
func NewEngine(rules []Rule, windowSeconds float64) *Engine {
	if windowSeconds <= 0 {
		windowSeconds = DefaultWindowSeconds
	}
	return &Engine{
		rules:         rules,
		windowSeconds: windowSeconds,
		ClearTicks:    DefaultClearTicks,
		active:        make(map[string]*activeFinding),
	}
}

// Observe adds snapshot s to the window (dropping snapshots older than s.T minus the
// window length), runs every rule, and returns the findings that fired and cleared on
// this tick, fired ones first, each group in rule order. A snapshot whose T is not after
// the previous one restarts the window (a new time base), keeping active findings.
func (e *Engine) Observe(env *Env, s Snapshot) []Event {
	if n := len(e.window); n > 0 && s.T <= e.window[n-1].T {
		e.window = e.window[:0]
	}
	e.window = append(e.window, s)
	cut := 0
	for cut < len(e.window)-1 && e.window[cut].T < s.T-e.windowSeconds {
		cut++
	}
	if cut > 0 {
		e.window = append(e.window[:0], e.window[cut:]...)
	}
	// Rules get their own copy of the slice header over a stable backing array: a rule
	// cannot see snapshots appended later, and the window is not shared by reference.
	w := e.window[:len(e.window):len(e.window)]

	var shares CauseShares
	attributed, dt := false, 0.0
	if e.Attributor != nil && len(w) >= 2 {
		if step := w[len(w)-1].T - w[len(w)-2].T; step > 0 {
			e.attribution.SampledSeconds += step
		}
		if shares, attributed = e.Attributor.Attribute(env, w); attributed {
			dt = w[len(w)-1].T - w[len(w)-2].T
			e.attribution.Add(shares, dt)
		}
	}

	var fired, cleared []Event
	for _, r := range e.rules {
		id := r.ID()
		f := r.Check(env, w)
		a := e.active[id]
		switch {
		case f != nil && a != nil:
			a.quietTicks = 0
			cur := &e.findings[a.index]
			cur.Severity, cur.Title = f.Severity, f.Title
			cur.Evidence, cur.Recommendation = f.Evidence, f.Recommendation
		case f != nil:
			nf := *f
			nf.ID = id
			nf.FiredAt = s.T
			nf.ClearedAt = nil
			e.findings = append(e.findings, nf)
			e.active[id] = &activeFinding{index: len(e.findings) - 1}
			fired = append(fired, Event{Finding: nf})
		case a != nil:
			a.quietTicks++
			if a.quietTicks >= e.ClearTicks {
				t := s.T
				e.findings[a.index].ClearedAt = &t
				cleared = append(cleared, Event{Finding: e.findings[a.index], Cleared: true})
				delete(e.active, id)
			}
		}
	}
	// The interval also counts for every finding active at its end (one that fired on
	// this tick saw this interval in its window), so the verdict can tell which
	// findings held during which wait.
	if attributed {
		for id := range e.active {
			e.attribution.addWhileActive(id, shares, dt)
		}
		if p := s.Import; p != nil && p.Phase != "" {
			e.attribution.addInPhase(p.Phase, shares, dt)
		}
	}
	return append(fired, cleared...)
}

// Findings returns every finding so far in firing order, active ones with ClearedAt nil
// and their latest evidence.
func (e *Engine) Findings() []Finding {
	out := make([]Finding, len(e.findings))
	copy(out, e.findings)
	return out
}

// Active returns the IDs of the findings that have fired and not cleared, sorted.
func (e *Engine) Active() []string {
	ids := make([]string, 0, len(e.active))
	for id := range e.active {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Attribution returns the run's time so far as the Attributor split it (zero without
// one).
func (e *Engine) Attribution() TimeAttribution {
	return e.attribution.clone()
}

// Verdict is the verdict of everything observed so far; ok is false without
// BuildVerdict.
func (e *Engine) Verdict() (v Verdict, ok bool) {
	if e.BuildVerdict == nil {
		return Verdict{}, false
	}
	return e.BuildVerdict(e.Findings(), e.Attribution()), true
}
