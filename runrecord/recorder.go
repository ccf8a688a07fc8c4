package runrecord

import (
	"strings"
	"sync"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// DefaultMaxSamples bounds the samples a Recorder keeps in memory: an hour at 1 s at full
// resolution, coarser beyond (see Recorder).
const DefaultMaxSamples = 3600

// Recorder is an advisor.Sink that collects a run into a Record with flat memory. The
// record's Samples are a bounded view: at most MaxSamples, every sample up to that, then
// the view halves its resolution (adjacent samples merged: rates averaged, cumulative
// counters from the later one) each time it fills, so a 24-hour watch at 1 s keeps
// ~2,700 samples of 32 s. Full resolution goes to the file: a PeriodicSaver appends the
// samples since its last save (version 2 lines), so a save costs what was added, not the
// whole record. Safe for concurrent use (the monitor ticks while the command may snapshot).
type Recorder struct {
	mu  sync.Mutex
	rec *Record
	// MaxSamples bounds the in-memory view (DefaultMaxSamples when 0); set before the
	// first tick.
	MaxSamples int

	ticks  int
	stride int              // ticks merged into one sample of the view
	acc    advisor.Snapshot // the view's sample being merged
	accN   int

	// pending are full-resolution samples and changes not yet appended to the file.
	pending        []advisor.Snapshot
	pendingChanges []advisor.VariableChange
	pendingDropped bool

	prevT  float64
	tables map[string]int // index into rec.Tables
	last   string
}

// NewRecorder records into rec (from New, with Server, Devices, Probe, Host, Dump set by
// the caller).
func NewRecorder(rec *Record) *Recorder { return &Recorder{rec: rec, stride: 1} }

func (r *Recorder) maxSamples() int {
	if r.MaxSamples > 0 {
		return max(2, r.MaxSamples)
	}
	return DefaultMaxSamples
}

// Tick adds the tick's snapshot and variable changes.
func (r *Recorder) Tick(t advisor.Tick) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ticks++
	s := t.Snapshot
	r.rec.Server.VariableChanges = append(r.rec.Server.VariableChanges, t.Changes...)
	if !r.pendingDropped {
		r.pending = append(r.pending, s)
		r.pendingChanges = append(r.pendingChanges, t.Changes...)
		// Without a saver draining them, pending samples would be a second unbounded
		// copy: past the view's size they are dropped and the record is the view.
		if r.rec.Appender == nil && len(r.pending) > r.maxSamples() {
			r.pending, r.pendingChanges, r.pendingDropped = nil, nil, true
		}
	}
	r.trackTable(s)
	r.acc = mergeSnapshot(r.acc, r.accN, s)
	r.accN++
	if r.accN < r.stride {
		return
	}
	r.rec.Samples = append(r.rec.Samples, r.acc)
	r.acc, r.accN = advisor.Snapshot{}, 0
	if len(r.rec.Samples) >= r.maxSamples() {
		r.rec.Samples = halve(r.rec.Samples)
		r.stride *= 2
	}
}

// trackTable attributes the time since the previous tick to the table the importer was
// on at this tick.
func (r *Recorder) trackTable(s advisor.Snapshot) {
	dt := s.T - r.prevT
	r.prevT = s.T
	if s.Import == nil || s.Import.Table == "" {
		r.last = ""
		return
	}
	name := s.Import.Table
	if r.tables == nil {
		r.tables = map[string]int{}
	}
	i, ok := r.tables[name]
	if !ok {
		i = len(r.rec.Tables)
		r.tables[name] = i
		r.rec.Tables = append(r.rec.Tables, TableTime{Name: name, FirstT: s.T})
	}
	tt := &r.rec.Tables[i]
	tt.Seconds += dt
	tt.LastT = s.T
	r.last = name
}

// Ticks is how many ticks the recorder has seen (the view may hold fewer samples).
func (r *Recorder) Ticks() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ticks
}

// drain returns the samples and changes not yet appended to the file.
func (r *Recorder) drain() ([]advisor.Snapshot, []advisor.VariableChange) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, c := r.pending, r.pendingChanges
	r.pending, r.pendingChanges = nil, nil
	return s, c
}

// halve merges adjacent samples pairwise.
func halve(samples []advisor.Snapshot) []advisor.Snapshot {
	out := samples[:0]
	for i := 0; i < len(samples); i += 2 {
		if i+1 == len(samples) {
			out = append(out, samples[i])
			break
		}
		out = append(out, mergeSnapshot(samples[i], 1, samples[i+1]))
	}
	clear(samples[len(out):])
	return out[:len(out):len(out)]
}

// mergeSnapshot folds s into acc, which already holds n ticks: per-interval rates (device
// columns, CPU, dirty pages) are averaged, cumulative values and positions (import,
// LSNs, status) are s's, as is T.
func mergeSnapshot(acc advisor.Snapshot, n int, s advisor.Snapshot) advisor.Snapshot {
	if n == 0 {
		return s
	}
	w := float64(n)
	avg := func(a, b float64) float64 { return (a*w + b) / (w + 1) }
	avgPtr := func(a, b *float64) *float64 {
		if a == nil || b == nil {
			return b
		}
		v := avg(*a, *b)
		return &v
	}
	out := s
	if acc.Devices != nil && s.Devices != nil {
		out.Devices = make(map[string]iostat.DeviceStats, len(s.Devices))
		for name, b := range s.Devices {
			a, ok := acc.Devices[name]
			if !ok {
				out.Devices[name] = b
				continue
			}
			out.Devices[name] = iostat.DeviceStats{
				RPerSec: avg(a.RPerSec, b.RPerSec), RkBPerSec: avg(a.RkBPerSec, b.RkBPerSec),
				RrqmPerSec: avg(a.RrqmPerSec, b.RrqmPerSec), RrqmPct: avg(a.RrqmPct, b.RrqmPct),
				RAwaitMs: avg(a.RAwaitMs, b.RAwaitMs), RareqSzkB: avg(a.RareqSzkB, b.RareqSzkB),
				WPerSec: avg(a.WPerSec, b.WPerSec), WkBPerSec: avg(a.WkBPerSec, b.WkBPerSec),
				WrqmPerSec: avg(a.WrqmPerSec, b.WrqmPerSec), WrqmPct: avg(a.WrqmPct, b.WrqmPct),
				WAwaitMs: avg(a.WAwaitMs, b.WAwaitMs), WareqSzkB: avg(a.WareqSzkB, b.WareqSzkB),
				DPerSec: avgPtr(a.DPerSec, b.DPerSec), DkBPerSec: avgPtr(a.DkBPerSec, b.DkBPerSec),
				DrqmPerSec: avgPtr(a.DrqmPerSec, b.DrqmPerSec), DrqmPct: avgPtr(a.DrqmPct, b.DrqmPct),
				DAwaitMs: avgPtr(a.DAwaitMs, b.DAwaitMs), DareqSzkB: avgPtr(a.DareqSzkB, b.DareqSzkB),
				FPerSec: avgPtr(a.FPerSec, b.FPerSec), FAwaitMs: avgPtr(a.FAwaitMs, b.FAwaitMs),
				AquSz: avg(a.AquSz, b.AquSz), UtilPct: avg(a.UtilPct, b.UtilPct),
			}
		}
	}
	if acc.CPU != nil && s.CPU != nil {
		a, b := acc.CPU, s.CPU
		out.CPU = &iostat.CPUStats{UserPct: avg(a.UserPct, b.UserPct), NicePct: avg(a.NicePct, b.NicePct),
			SystemPct: avg(a.SystemPct, b.SystemPct), IowaitPct: avg(a.IowaitPct, b.IowaitPct),
			StealPct: avg(a.StealPct, b.StealPct), IdlePct: avg(a.IdlePct, b.IdlePct),
			ClientPct: avg(a.ClientPct, b.ClientPct), ServerPct: avgPtr(a.ServerPct, b.ServerPct)}
	}
	if acc.InnoDB != nil && s.InnoDB != nil {
		in := *s.InnoDB
		in.DirtyPagesPct = avg(acc.InnoDB.DirtyPagesPct, in.DirtyPagesPct)
		// The checkpoint age that matters is the highest: the view keeps the peak.
		in.CheckpointAgeBytes = max(in.CheckpointAgeBytes, acc.InnoDB.CheckpointAgeBytes)
		out.InnoDB = &in
	}
	return out
}

// Finish sets the end time, the findings and the outcome, and returns the record.
func (r *Recorder) Finish(endedAt time.Time, findings []advisor.Finding, outcome Outcome) *Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.accN > 0 {
		r.rec.Samples = append(r.rec.Samples, r.acc)
		r.acc, r.accN = advisor.Snapshot{}, 0
	}
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

		ImportConnections: rec.ImportConnections,
		Command:           rec.Command,
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
	eng := advisor.NewEngine(rules, windowSeconds)
	events := ReplayInto(rec, eng)
	return eng.Findings(), events
}

// ReplayInto feeds a recorded run's samples to eng as Replay does, for a caller that
// set the engine up itself (with an Attributor, for the verdict), and returns every
// fire/clear event in order.
func ReplayInto(rec *Record, eng *advisor.Engine) []advisor.Event {
	env := rec.Env()
	var events []advisor.Event
	changes := rec.Server.VariableChanges
	for _, s := range rec.Samples {
		for len(changes) > 0 && changes[0].T <= s.T {
			env.Server.Variables[strings.ToLower(changes[0].Name)] = variableString(changes[0].Value)
			changes = changes[1:]
		}
		events = append(events, eng.Observe(env, s)...)
	}
	return events
}

// Snapshot returns a copy of the record so far (its in-memory view), completed as if the
// run had been interrupted now.
func (r *Recorder) Snapshot(now time.Time, findings []advisor.Finding) *Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := *r.rec
	c.Appender = nil
	c.Samples = append([]advisor.Snapshot(nil), r.rec.Samples...)
	c.Tables = append([]TableTime(nil), r.rec.Tables...)
	c.Server.VariableChanges = append([]advisor.VariableChange(nil), r.rec.Server.VariableChanges...)
	c.EndedAt = now.UTC()
	c.Findings = append([]advisor.Finding{}, findings...)
	c.Outcome = Outcome{Status: OutcomeInterrupted, Error: "run still in progress at this save"}
	return &c
}

// stateSoFar is the record's end state if the run stopped now (no samples: a save's
// state line carries none).
func (r *Recorder) stateSoFar(now time.Time, findings []advisor.Finding) *Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return &Record{EndedAt: now.UTC(), Findings: append([]advisor.Finding{}, findings...), Dump: r.rec.Dump,
		Tables:  append([]TableTime(nil), r.rec.Tables...),
		Outcome: Outcome{Status: OutcomeInterrupted, Error: "run still in progress at this save"}}
}

// PeriodicSaver is an advisor.Sink that appends the recorder's new samples to Path every
// Every ticks (put it after the Recorder in the sink list), with a state line (findings
// so far, outcome "interrupted") so a crash keeps all but the last Every ticks. The first
// save creates the file; WriteFile of the recorder's record to the same Path completes
// it. Write errors are kept in Err and stop further saves.
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
	r := p.Recorder
	r.mu.Lock()
	if r.rec.Appender == nil {
		st, err := openStream(p.Path, r.rec)
		if err != nil {
			r.mu.Unlock()
			p.Err = err
			return
		}
		st.recorder = r
		r.rec.Appender = st
	}
	stream := r.rec.Appender
	r.mu.Unlock()
	samples, changes := r.drain()
	p.Err = stream.append(samples, changes, r.stateSoFar(now(), findings))
}
