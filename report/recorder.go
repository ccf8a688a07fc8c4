package report

import (
	"strings"
	"sync"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
)

// Recorder is an advisor.Sink that collects a run's samples and variable changes into a
// Record. Safe for concurrent use (the monitor ticks while the command may snapshot).
type Recorder struct {
	mu  sync.Mutex
	rec *Record
}

// NewRecorder records into rec (from New, with Server, Devices, Probe, Host, Dump set by
// the caller).
func NewRecorder(rec *Record) *Recorder { return &Recorder{rec: rec} }

// Tick appends the tick's snapshot and variable changes.
func (r *Recorder) Tick(t advisor.Tick) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rec.Samples = append(r.rec.Samples, t.Snapshot)
	r.rec.Server.VariableChanges = append(r.rec.Server.VariableChanges, t.Changes...)
}

// Finish sets the end time, the findings and the outcome, and returns the record.
func (r *Recorder) Finish(endedAt time.Time, findings []advisor.Finding, outcome Outcome) *Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rec.EndedAt = endedAt.UTC()
	if findings == nil {
		findings = []advisor.Finding{}
	}
	r.rec.Findings = findings
	r.rec.Outcome = outcome
	return r.rec
}

// Env is what the rules see of a recorded run at its start: the server as recorded (with
// no variable changes applied), host, devices, probe, dump and interval.
func (rec *Record) Env() *advisor.Env {
	env := &advisor.Env{
		Server:          rec.Server.ServerInfo(-1),
		Devices:         rec.Devices,
		Probe:           rec.Probe,
		Dump:            rec.Dump,
		IntervalSeconds: rec.IntervalSeconds,
	}
	if rec.Host != nil {
		env.Host = *rec.Host
	}
	if env.IntervalSeconds <= 0 && len(rec.Samples) > 1 {
		// interval_seconds is optional: take the typical spacing of the samples.
		n := len(rec.Samples)
		env.IntervalSeconds = (rec.Samples[n-1].T - rec.Samples[0].T) / float64(n-1)
	}
	return env
}

// Replay evaluates a recorded run's samples through the rules as if they were arriving
// live — same engine, same window, variable changes applied at their recorded times — and
// returns the findings and every fire/clear event in order. Findings stored in the record
// are ignored.
func Replay(rec *Record, rules []advisor.Rule, windowSeconds float64) ([]advisor.Finding, []advisor.Event) {
	env := rec.Env()
	eng := advisor.NewEngine(rules, windowSeconds)
	var events []advisor.Event
	changes := rec.Server.VariableChanges
	for _, s := range rec.Samples {
		for len(changes) > 0 && changes[0].T <= s.T {
			env.Server.Variables[strings.ToLower(changes[0].Name)] = variableString(changes[0].Value)
			changes = changes[1:]
		}
		events = append(events, eng.Observe(env, s)...)
	}
	return eng.Findings(), events
}

// Snapshot returns a copy of the record so far, completed as if the run had been
// interrupted now: what a periodic save writes, so a crash keeps all but the last minute.
func (r *Recorder) Snapshot(now time.Time, findings []advisor.Finding) *Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := *r.rec
	c.Samples = append([]advisor.Snapshot(nil), r.rec.Samples...)
	c.Server.VariableChanges = append([]advisor.VariableChange(nil), r.rec.Server.VariableChanges...)
	c.EndedAt = now.UTC()
	c.Findings = append([]advisor.Finding{}, findings...)
	c.Outcome = Outcome{Status: OutcomeInterrupted, Error: "run still in progress at this save"}
	return &c
}

// PeriodicSaver is an advisor.Sink that writes the recorder's snapshot to Path every
// Every ticks (put it after the Recorder in the sink list). Write errors are kept in Err
// and stop further saves.
type PeriodicSaver struct {
	Path     string
	Every    int
	Recorder *Recorder
	// Findings returns the findings so far (the engine's).
	Findings func() []advisor.Finding
	Now      func() time.Time
	Err      error
	ticks    int
}

// Tick saves on every Every-th tick.
func (p *PeriodicSaver) Tick(advisor.Tick) {
	p.ticks++
	if p.Err != nil || p.Every <= 0 || p.ticks%p.Every != 0 {
		return
	}
	now := time.Now
	if p.Now != nil {
		now = p.Now
	}
	var findings []advisor.Finding
	if p.Findings != nil {
		findings = p.Findings()
	}
	p.Err = WriteFile(p.Path, p.Recorder.Snapshot(now(), findings))
}
