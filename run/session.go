// Package run is one run of dumpscope with its sampling session: the server sampler on
// its own connection, the device sampler when the server is on this machine, the
// optional sync-write probe, the rule engine, the run recorder, and the sinks (headless
// log lines, the TUI, the metrics endpoint), all driven by one advisor.Monitor, the only
// clock of a run (session.go); an import under that session (import.go); the one mapping
// of an import's Result to its run record (record.go); and the ETA history file that an
// import of the same dump follows next time (eta_history.go).
//
// It is what cmd/dumpscope, bench and the scripts call, so that an import, a watch and a
// bench variant are sampled, recorded and finished the same way. It sits above advisor,
// rules, runrecord and importer and below the commands: data flows samplers →
// advisor.Monitor (one Tick per interval) → engine → sinks; import progress arrives
// through importer.Options.OnReplay as an advisor.ProgressFunc.
package run

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/runrecord"
)

// Options configure a Session.
type Options struct {
	// ToolVersion is recorded in the run record.
	ToolVersion string
	// Interval is the tick period (default 1 s).
	Interval time.Duration
	// Progress is the importer's progress; nil for watch/advise.
	Progress advisor.ProgressFunc
	// Command is the command line for the record (redacted there).
	Command []string
	// Record keeps every snapshot for a run record.
	Record bool
	// SavePath, when set with Record, receives the record so far every SaveEvery ticks
	// (a crash loses at most that much).
	SavePath  string
	SaveEvery int
	// Log receives the session's notes (why device metrics are missing, the probe's
	// result) and, through the headless LogSink, progress lines every LogEvery ticks (< 0:
	// findings only) and findings. Nil: no LogSink (a TUI shows the ticks instead).
	Log      io.Writer
	LogEvery int
	// Status, when set, is where the LogSink's live status line goes (a command's
	// screen; advisor.LogSink.Status).
	Status advisor.StatusLine
	Dump   *advisor.DumpInfo
	// ProbeDuration > 0 runs the sync-write probe for that long in the server's redo
	// directory before sampling (local servers only; it adds its own writes to the
	// device, so it is opt-in).
	ProbeDuration time.Duration
	// AllStatus samples every status counter (advisor.ServerSamplerOptions.AllStatus).
	AllStatus bool
	// ImportConnections is the import's --parallel (advisor.Env.ImportConnections).
	ImportConnections int
	// Sinks are extra sinks (a TUI, a metrics endpoint), called before the LogSink and
	// the recorder on every tick.
	Sinks []advisor.Sink

	// LogNoFindings keeps findings off Log: the caller prints them once at the end.
	LogNoFindings bool
}

// Session is the sampling side of a run. import uses it the same way as watch, passing
// its progress.
type Session struct {
	db       *sql.DB
	conn     *sql.Conn
	server   *advisor.ServerSampler
	env      *advisor.Env
	engine   *advisor.Engine
	monitor  *advisor.Monitor
	rec      *runrecord.Record
	recorder *runrecord.Recorder
	saver    *runrecord.PeriodicSaver
	local    bool
	interval time.Duration
	ticks    int
}

// Open connects (one connection of its own), detects the server, finds its pid and
// devices when it is local, runs the probe if asked, and wires the monitor.
func Open(ctx context.Context, cfg *mysql.Config, o Options) (*Session, error) {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	db, conn, err := dbconn.OpenConn(ctx, cfg)
	if err != nil {
		return nil, err
	}
	// The sampler keeps no session state, so it queries through the one-connection pool
	// rather than a pinned connection: when the server closes it between ticks (an
	// --interval longer than wait_timeout, a KILL), the pool's liveness check drops it and
	// the next tick reconnects. A pinned connection would fail on every tick after.
	conn.Close()
	sess := &Session{db: db, interval: o.Interval}
	ok := false
	defer func() {
		if !ok {
			sess.Close()
		}
	}()
	sess.server, err = advisor.NewServerSampler(ctx, db, advisor.ServerSamplerOptions{AllStatus: o.AllStatus})
	if err != nil {
		return nil, err
	}
	info := sess.server.Info()
	// The record keeps the variables as they were at the start; info.Variables is the
	// sampler's live map.
	startInfo := advisor.ServerInfo{Flavor: info.Flavor, Version: info.Version, Variables: map[string]string{}}
	for k, v := range info.Variables {
		startInfo.Variables[k] = v
	}
	sess.env = &advisor.Env{Server: info, Dump: o.Dump, IntervalSeconds: o.Interval.Seconds(), ImportConnections: o.ImportConnections,
		Command: o.Command}

	var devices advisor.DeviceSampleFunc
	ls, isLocal := advisor.FindLocal(info.Variables, advisor.LocalOptions{})
	for _, n := range ls.Notes {
		logf(o.Log, "note: %s\n", n)
	}
	if isLocal {
		sess.local = true
		sess.env.Host = advisor.LocalHost("")
		sess.env.Devices = ls.Devices
		devices, err = localDeviceSampler(ls)
		if err != nil {
			logf(o.Log, "note: no device metrics: %v\n", err)
		}
		if o.ProbeDuration > 0 {
			sess.env.Probe = runProbeOnce(ctx, ls, o.ProbeDuration, o.Log)
		}
	} else if o.ProbeDuration > 0 {
		logf(o.Log, "note: --probe skipped: the server is not on this machine\n")
	}
	sess.engine = rules.NewEngine()
	sess.rec = runrecord.New(o.ToolVersion, time.Now(), o.Command, o.Interval.Seconds())
	sess.rec.ImportConnections = o.ImportConnections
	sess.rec.Server = runrecord.ServerFromInfo(startInfo)
	sess.rec.Devices = sess.env.Devices
	sess.rec.Probe = sess.env.Probe
	sess.rec.Dump = o.Dump
	if sess.local {
		h := sess.env.Host
		sess.rec.Host = &h
	}
	if err := sess.wire(o, devices, sess.server); err != nil {
		return nil, err
	}
	ok = true
	return sess, nil
}

// OpenProgressOnly is a session without a server connection (import --no-advisor): the
// same clock and sinks, ticks carrying the import's progress alone, no rules.
func OpenProgressOnly(o Options) (*Session, error) {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	sess := &Session{interval: o.Interval, env: &advisor.Env{Dump: o.Dump, IntervalSeconds: o.Interval.Seconds()}}
	sess.engine = advisor.NewEngine(nil, advisor.DefaultWindowSeconds)
	sess.rec = runrecord.New(o.ToolVersion, time.Now(), o.Command, o.Interval.Seconds())
	sess.rec.Dump = o.Dump
	if err := sess.wire(o, nil, nil); err != nil {
		return nil, err
	}
	return sess, nil
}

// wire builds the sink list and the monitor. Extra sinks come first so a TUI sees a tick
// before the recorder's save (which may touch the disk) runs.
func (s *Session) wire(o Options, devices advisor.DeviceSampleFunc, server *advisor.ServerSampler) error {
	sinks := append([]advisor.Sink{}, o.Sinks...)
	if o.Log != nil {
		sinks = append(sinks, &advisor.LogSink{W: o.Log, Every: o.LogEvery, NoEvents: o.LogNoFindings, Status: o.Status})
	}
	s.recorder = runrecord.NewRecorder(s.rec)
	if o.Record {
		sinks = append(sinks, s.recorder)
		if o.SavePath != "" && o.SaveEvery > 0 {
			s.saver = &runrecord.PeriodicSaver{Path: o.SavePath, Every: o.SaveEvery, Recorder: s.recorder, Findings: s.engine.Findings}
			sinks = append(sinks, s.saver)
		}
	}
	// The tick count is kept for the sampler's cost line whether or not there is a record.
	sinks = append(sinks, advisor.SinkFunc(func(advisor.Tick) { s.ticks++ }))
	mo := advisor.MonitorOptions{
		Interval: o.Interval,
		Progress: o.Progress,
		Devices:  devices,
		Engine:   s.engine,
		Env:      s.env,
		Sinks:    sinks,
		// The rules see each snapshot as the record stores it: the verdict of advise
		// --run on the record is the live one.
		AsRecorded: runrecord.RoundSnapshot,
	}
	if server != nil { // a nil *ServerSampler in the interface would not compare nil
		mo.Server = server
	}
	var err error
	s.monitor, err = advisor.NewMonitor(mo)
	return err
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

// localDeviceSampler samples the devices under the server's directories (only those:
// an empty chain, such as a datadir on tmpfs, reports CPU alone) and the server's CPU,
// passing the sampler's notes on.
func localDeviceSampler(ls advisor.LocalServer) (advisor.DeviceSampleFunc, error) {
	names := iostat.SampleNames(ls.Devices)
	sampler, err := iostat.NewSampler(iostat.SamplerOptions{Devices: names, ServerPID: ls.PID})
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	return func() (advisor.DeviceReading, error) {
		smp, err := sampler.Sample()
		if err != nil {
			return advisor.DeviceReading{}, err
		}
		r := advisor.DeviceReading{CPU: smp.CPU, Notes: smp.Notes, Space: diskSpace(ls.Dirs["datadir"])}
		for name, d := range smp.Devices {
			if want[name] {
				if r.Devices == nil {
					r.Devices = map[string]iostat.DeviceStats{}
				}
				r.Devices[name] = d
			}
		}
		return r, nil
	}, nil
}

// diskSpace reads the file system under dir (one statfs: cheap enough for every tick);
// nil when it cannot.
func diskSpace(dir string) *advisor.DiskSpace {
	var fs unix.Statfs_t
	if dir == "" || unix.Statfs(dir, &fs) != nil {
		return nil
	}
	bsize := int64(fs.Bsize) // int64 on Linux, uint32 on darwin
	return &advisor.DiskSpace{Path: dir, FreeBytes: int64(fs.Bavail) * bsize, TotalBytes: int64(fs.Blocks) * bsize}
}

// runProbeOnce measures sync-write latency where the server writes its redo log; nil
// (with a note) when it cannot.
func runProbeOnce(ctx context.Context, ls advisor.LocalServer, d time.Duration, log io.Writer) *iostat.ProbeResult {
	dir := ls.Dirs["redo"]
	if dir == "" {
		dir = ls.Dirs["datadir"]
	}
	logf(log, "probing sync-write latency in %s for %v…\n", dir, d)
	p, err := iostat.Probe(ctx, iostat.ProbeOptions{Dir: dir, Duration: d})
	if err != nil {
		logf(log, "note: probe: %v\n", err)
		return nil
	}
	logf(log, "probe: %.0f syncs/s, p50 %.2f ms, p99 %.2f ms (%s)\n", p.OpsPerSec, p.P50Ms, p.P99Ms, p.Class)
	return p
}

// Run samples until ctx is done.
func (s *Session) Run(ctx context.Context) error { return s.monitor.Run(ctx) }

// Env is what the rules see: server info (its Variables map stays current), host,
// devices, probe, dump.
func (s *Session) Env() *advisor.Env { return s.env }

// Findings are the findings so far, in firing order.
func (s *Session) Findings() []advisor.Finding { return s.engine.Findings() }

// Verdict is the run's verdict so far (docs/rules.md "The verdict"), the same that
// advise --run builds from the run record; without server sampling it is inconclusive
// and says so.
func (s *Session) Verdict() advisor.Verdict {
	if s.server == nil {
		return advisor.Verdict{Reason: "the server was not sampled (--no-advisor, or the advisor could not connect)"}
	}
	return rules.VerdictOf(s.engine)
}

// Local reports whether the server runs on this machine (device metrics are sampled).
func (s *Session) Local() bool { return s.local }

// SaveErr is the error that stopped the periodic save of the run record, if any.
func (s *Session) SaveErr() error {
	if s.saver == nil {
		return nil
	}
	return s.saver.Err
}

// Describe names the server for the user.
func (s *Session) Describe() string {
	if s.server == nil {
		return "no server sampling (--no-advisor)"
	}
	where := "remote (no device metrics)"
	if s.local {
		names := make([]string, 0, len(s.env.Devices))
		for _, d := range s.env.Devices {
			names = append(names, d.Name)
		}
		where = "local, devices " + strings.Join(names, ",")
	}
	return fmt.Sprintf("%s %s (%s)", s.env.Server.Flavor, s.env.Server.Version, where)
}

// Cost is the sampler's own query cost so far.
func (s *Session) Cost() runrecord.SamplerCost {
	c := runrecord.SamplerCost{Ticks: s.ticks}
	if s.server != nil {
		qt, n := s.server.QueryTime()
		c.Queries, c.QuerySeconds = n, qt.Seconds()
	}
	if c.Ticks > 0 {
		c.QueryMsPerTick = 1000 * c.QuerySeconds / float64(c.Ticks)
		c.PctOfInterval = 100 * c.QueryMsPerTick / 1000 / s.interval.Seconds()
	}
	return c
}

// CostLine is Cost as one log line.
func (s *Session) CostLine() string {
	c := s.Cost()
	return fmt.Sprintf("sampler: %s over %s, %.2f ms per tick (%.2f %% of the %v interval)",
		units.Count(c.Queries, "query", "queries"), units.Count(int64(c.Ticks), "tick", "ticks"), c.QueryMsPerTick, c.PctOfInterval, s.interval)
}

// Finish completes the run record with the findings so far and the sampler's cost.
func (s *Session) Finish(outcome runrecord.Outcome) *runrecord.Record {
	cost := s.Cost()
	rec := s.recorder.Finish(time.Now(), s.engine.Findings(), outcome)
	rec.Sampler = &cost
	v := s.Verdict()
	rec.Verdict = &v
	return rec
}

// Close closes the session's connection.
func (s *Session) Close() {
	if s.conn != nil {
		s.conn.Close()
	}
	if s.db != nil {
		s.db.Close()
	}
}
