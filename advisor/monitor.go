package advisor

import (
	"context"
	"fmt"
	"time"

	"github.com/dumpscope/dumpscope/iostat"
)

// ProgressFunc returns the importer's cumulative progress; nil for watch and advise.
type ProgressFunc func() ImportProgress

// DeviceReading is one interval of the device sampler: the iostat -x columns of the
// watched devices, the CPU line, and the sampler's notes on what is missing and why (a
// device that vanished, counters that went backwards), which sinks show beside the numbers.
type DeviceReading struct {
	Devices map[string]iostat.DeviceStats
	CPU     *iostat.CPUStats
	// Space is the datadir's file system, when it could be read.
	Space *DiskSpace
	Notes []string
}

// DeviceSampleFunc returns the reading over the interval since its previous call. The
// first call primes the counters and its result is discarded. It adapts iostat's Sampler
// without this package depending on the sampler's concrete type.
type DeviceSampleFunc func() (DeviceReading, error)

// ServerSource is what the monitor needs of the server sampler.
type ServerSource interface {
	Sample(ctx context.Context) (ServerSample, error)
}

// Tick is what sinks receive once per interval.
type Tick struct {
	Snapshot Snapshot
	// Events are the findings that fired or cleared on this tick.
	Events []Event
	// Verdict is the run's verdict so far (nil when the engine builds none).
	Verdict *Verdict
	// Changes are global variables that changed since the previous tick, stamped with T.
	Changes []VariableChange
	// DeviceNotes are the device sampler's notes for this interval (iostat.Sample.Notes).
	DeviceNotes []string
	// Errors are failures of individual sources this tick (each a *SourceError); the
	// tick still happens with what the other sources measured.
	Errors []error
	// SourceSeconds is how long each source took this tick ("progress", "devices",
	// "server"), the sampler's own cost as an exporter reports it.
	SourceSeconds map[string]float64
}

// SourceError is one source's failure on one tick.
type SourceError struct {
	Source string // "devices" or "server"
	T      float64
	Err    error
}

func (e *SourceError) Error() string { return fmt.Sprintf("%s at t=%.1fs: %v", e.Source, e.T, e.Err) }

func (e *SourceError) Unwrap() error { return e.Err }

// Sink consumes ticks (the headless log printer, the run recorder, the TUI).
type Sink interface {
	Tick(Tick)
}

// SinkFunc adapts a function to Sink.
type SinkFunc func(Tick)

// Tick calls f.
func (f SinkFunc) Tick(t Tick) { f(t) }

// MonitorOptions wire a Monitor. Engine, Env and at least one source are required.
type MonitorOptions struct {
	Interval time.Duration // default 1 s
	Progress ProgressFunc  // nil for watch/advise
	Devices  DeviceSampleFunc
	Server   ServerSource
	Engine   *Engine
	// Env is shared with the rules; its Server.Variables map is the server sampler's, so
	// it stays current when a variable changes.
	Env   *Env
	Sinks []Sink
	// AsRecorded, when set, turns each snapshot into what the run record will store
	// (runrecord.RoundSnapshot) before the rules and the sinks see it: a percentage at a
	// rule's threshold (a server at 24.996 % of a core) must not count live and not in
	// the replay of the record, or the other way round.
	AsRecorded func(Snapshot) Snapshot
	// Now and After are the clock (default time.Now, time.After), injectable for tests.
	Now   func() time.Time
	After func(time.Duration) <-chan time.Time
}

// Monitor builds one Snapshot per interval from the import progress, the device sampler
// and the server sampler, in one time base (T = seconds since Run started), feeds it to
// the rule engine, and hands the result to the sinks.
type Monitor struct {
	o     MonitorOptions
	start time.Time
	lastT float64
}

// NewMonitor checks the options and fills the defaults.
func NewMonitor(o MonitorOptions) (*Monitor, error) {
	if o.Engine == nil || o.Env == nil {
		return nil, fmt.Errorf("monitor: engine and env are required")
	}
	if o.Progress == nil && o.Devices == nil && o.Server == nil {
		return nil, fmt.Errorf("monitor: no source to sample")
	}
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.After == nil {
		o.After = time.After
	}
	o.Env.IntervalSeconds = o.Interval.Seconds()
	return &Monitor{o: o, lastT: -1}, nil
}

// Start fixes the time base and primes the samplers: the device counters, and a T = 0
// snapshot with the server's cumulative counters (so the first interval has a delta).
// Run calls it; call it directly to drive ticks with Step.
func (m *Monitor) Start(ctx context.Context) {
	m.start = m.o.Now()
	if m.o.Devices != nil {
		_, _ = m.o.Devices() // priming read; its interval is undefined
	}
	m.step(ctx, false)
}

// Run samples every interval until ctx is done, then takes a last snapshot when at
// least half an interval has passed since the previous one (so a run's tail is recorded
// without a near-empty interval whose device rates mean nothing), and returns ctx's error.
func (m *Monitor) Run(ctx context.Context) error {
	m.Start(ctx)
	for k := 1; ; k++ {
		if ctx.Err() != nil {
			m.finalStep(ctx)
			return ctx.Err()
		}
		next := m.start.Add(time.Duration(k) * m.o.Interval)
		wait := next.Sub(m.o.Now())
		if wait < 0 {
			// Sampling fell behind (a slow server query): skip the missed ticks instead of
			// firing them back to back.
			k += int(-wait / m.o.Interval)
			wait = m.start.Add(time.Duration(k) * m.o.Interval).Sub(m.o.Now())
		}
		select {
		case <-ctx.Done():
			m.finalStep(ctx)
			return ctx.Err()
		case <-m.o.After(wait):
		}
		m.Step(ctx)
	}
}

// Step takes one snapshot now, runs the rules and calls the sinks.
func (m *Monitor) Step(ctx context.Context) Tick {
	return m.step(ctx, true)
}

func (m *Monitor) finalStep(ctx context.Context) {
	if m.o.Now().Sub(m.start).Seconds()-m.lastT >= m.o.Interval.Seconds()/2 {
		m.Step(ctx)
	}
}

// stepTimeout bounds one tick's server queries. A tick is not cancelled with the run's
// context: the run ending (Ctrl-C, --duration) while a query is in flight must not cost
// that tick its data; a hung server still cannot hold the tick longer than this.
const stepTimeout = 10 * time.Second

func (m *Monitor) step(ctx context.Context, withDevices bool) Tick {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stepTimeout)
	defer cancel()
	now := m.o.Now()
	var tick Tick
	s := Snapshot{T: now.Sub(m.start).Seconds()}
	if s.T <= m.lastT {
		// The engine and the record need strictly increasing T (a coarse clock, or a last
		// Step right after a tick).
		s.T = m.lastT + 1e-6
	}
	m.lastT = s.T
	tick.SourceSeconds = map[string]float64{}
	timed := func(source string, began time.Time) {
		tick.SourceSeconds[source] = m.o.Now().Sub(began).Seconds()
	}
	if m.o.Progress != nil {
		began := m.o.Now()
		p := m.o.Progress()
		s.Import = &p
		timed("progress", began)
	}
	if withDevices && m.o.Devices != nil {
		began := m.o.Now()
		r, err := m.o.Devices()
		timed("devices", began)
		if err != nil {
			tick.Errors = append(tick.Errors, &SourceError{Source: "devices", T: s.T, Err: err})
		}
		s.Devices, s.CPU, s.Space, tick.DeviceNotes = r.Devices, r.CPU, r.Space, r.Notes
	}
	if m.o.Server != nil {
		began := m.o.Now()
		ss, err := m.o.Server.Sample(ctx)
		timed("server", began)
		if err != nil {
			tick.Errors = append(tick.Errors, &SourceError{Source: "server", T: s.T, Err: err})
		}
		s.Status, s.InnoDB, s.InnoDBMetrics = ss.Status, ss.InnoDB, ss.Metrics
		for _, c := range ss.Changes {
			c.T = s.T
			tick.Changes = append(tick.Changes, c)
		}
	}
	if m.o.AsRecorded != nil {
		s = m.o.AsRecorded(s)
	}
	tick.Snapshot = s
	tick.Events = m.o.Engine.Observe(m.o.Env, s)
	if v, ok := m.o.Engine.Verdict(); ok {
		tick.Verdict = &v
	}
	for _, sink := range m.o.Sinks {
		sink.Tick(tick)
	}
	return tick
}
