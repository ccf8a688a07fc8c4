package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/rules"
)

// runWatch attaches to a server while another tool (the mysql client, myloader) restores
// into it: the same sampling, rules and findings as import, without an import.
func runWatch(args []string, s stdio) int {
	fs := flag.NewFlagSet("watch", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	conn := dbconn.AddFlags(fs)
	interval := fs.Duration("interval", time.Second, "sampling interval")
	recordPath := fs.String("record", "", "write the run record (JSON) to this `file` at the end")
	duration := fs.Duration("duration", 0, "stop after this long (0: until interrupted)")
	quiet := fs.Bool("quiet", false, "print findings only, no per-interval progress lines")
	probe := fs.Duration("probe", 0, "first measure sync-write latency in the server's redo directory for this long (local servers; adds writes to the device)")
	allStatus := fs.Bool("all-status", false, "record every SHOW GLOBAL STATUS counter each tick, not only those the rules read (several times the sampling cost)")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope watch [connection flags] [--interval 1s] [--record FILE] [--duration D] [--probe D]")
		fs.PrintDefaults()
	}
	if code, ok := parseConnFlags(fs, args, s); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "dumpscope watch: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *interval <= 0 {
		fmt.Fprintln(s.Err, "dumpscope watch: --interval must be positive")
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := resolveConn(conn, s)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
		return exitFailure
	}
	every := 1
	if *quiet {
		every = -1
	}
	sess, err := openAdvisorSession(ctx, cfg, sessionOptions{
		Interval: *interval,
		Command:  append([]string{"dumpscope", "watch"}, args...),
		Record:   *recordPath != "",
		// Saved every minute so a crash of a long watch keeps all but the last minute.
		SavePath:  *recordPath,
		SaveEvery: max(1, int(time.Minute / *interval)),
		Log:       s.Err,
		LogEvery:  every,

		ProbeDuration: *probe,
		AllStatus:     *allStatus,
	})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
		return exitFailure
	}
	defer sess.Close()
	fmt.Fprintf(s.Err, "watching %s every %v (Ctrl-C to stop)\n", sess.Describe(), *interval)
	runCtx := ctx
	if *duration > 0 { // counted from here, after connecting and any --probe
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	_ = sess.Run(runCtx) // ends on Ctrl-C or --duration: both are a normal end of a watch
	if sess.saver != nil && sess.saver.Err != nil {
		fmt.Fprintf(s.Err, "warning: periodic save of the run record stopped: %v\n", sess.saver.Err)
	}
	printFindings(s.Out, sess.engine.Findings())
	fmt.Fprintln(s.Err, sess.CostLine())
	if *recordPath != "" {
		rec := sess.Finish(report.Outcome{Status: report.OutcomeOK})
		if err := report.WriteFile(*recordPath, rec); err != nil {
			fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
			return exitFailure
		}
		fmt.Fprintf(s.Err, "run record written to %s (%d samples)\n", *recordPath, len(rec.Samples))
	}
	return exitOK
}

// runAdvise samples a live server briefly and prints findings, or with --run replays a
// run record's samples through the rules as if live.
func runAdvise(args []string, s stdio) int {
	fs := flag.NewFlagSet("advise", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	conn := dbconn.AddFlags(fs)
	duration := fs.Duration("duration", 10*time.Second, "how long to sample a live server")
	interval := fs.Duration("interval", time.Second, "sampling interval")
	asJSON := fs.Bool("json", false, "print findings as JSON on stdout")
	runFile := fs.String("run", "", "replay this run record `file` instead of sampling a server")
	probe := fs.Duration("probe", 0, "first measure sync-write latency in the server's redo directory for this long (local servers)")
	failOn := fs.String("fail-on", "", "exit 5 when a finding of this `severity` or worse fired: warn or critical")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope advise [connection flags] [--duration 10s] [--probe D] [--json]\n       dumpscope advise --run FILE [--json]")
		fs.PrintDefaults()
	}
	if code, ok := parseConnFlags(fs, args, s); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "dumpscope advise: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *interval <= 0 || *duration <= 0 {
		fmt.Fprintln(s.Err, "dumpscope advise: --interval and --duration must be positive")
		return exitUsage
	}
	if _, err := failOnSeverity(*failOn); err != nil {
		fmt.Fprintln(s.Err, "dumpscope advise:", err)
		return exitUsage
	}
	if *runFile != "" {
		return adviseReplay(*runFile, *asJSON, s, *failOn)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := resolveConn(conn, s)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
		return exitFailure
	}
	sess, err := openAdvisorSession(ctx, cfg, sessionOptions{Interval: *interval, Log: s.Err, LogEvery: -1, ProbeDuration: *probe})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
		return exitFailure
	}
	defer sess.Close()
	fmt.Fprintf(s.Err, "sampling %s for %v…\n", sess.Describe(), *duration)
	runCtx, cancel := context.WithTimeout(ctx, *duration)
	defer cancel()
	_ = sess.Run(runCtx)
	interrupted := ctx.Err() != nil
	findings := sess.engine.Findings()
	if *asJSON {
		if err := writeFindingsJSON(s.Out, sess.env.Server, sess.Cost().Ticks, findings); err != nil {
			fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
			return exitFailure
		}
	} else {
		printFindings(s.Out, findings)
	}
	if interrupted {
		return exitInterrupted
	}
	return failOnCode(*failOn, findings, exitOK)
}

// adviseReplay evaluates a run record's samples through rules.Default(), ignoring the
// findings stored in it.
func adviseReplay(path string, asJSON bool, s stdio, failOn string) int {
	rec, err := report.ReadFile(path)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
		return exitFailure
	}
	findings, _ := report.Replay(rec, rules.Default(), advisor.DefaultWindowSeconds)
	if asJSON {
		if err := writeFindingsJSON(s.Out, rec.Server.ServerInfo(-1), len(rec.Samples), findings); err != nil {
			fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
			return exitFailure
		}
		return failOnCode(failOn, findings, exitOK)
	}
	span := 0.0
	if n := len(rec.Samples); n > 0 {
		span = rec.Samples[n-1].T
	}
	fmt.Fprintf(s.Err, "replayed %d samples (%.0f s) of %s: %s %s\n", len(rec.Samples), span, path, rec.Server.Flavor, rec.Server.Version)
	printFindings(s.Out, findings)
	return failOnCode(failOn, findings, exitOK)
}

// parseConnFlags parses args with the mariadb client's attached forms (-uroot, -pX)
// accepted. ok is false when the command should exit with code.
func parseConnFlags(fs *flag.FlagSet, args []string, s stdio) (code int, ok bool) {
	pre, err := dbconn.PreprocessArgs(fs, args)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope %s: %v\n", fs.Name(), err)
		return exitUsage, false
	}
	if err := fs.Parse(pre); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return 0, true
}

func resolveConn(o *dbconn.Options, s stdio) (*mysql.Config, error) {
	cfg, err := o.Resolve()
	for _, w := range o.Warnings() {
		fmt.Fprintf(s.Err, "warning: %s\n", w)
	}
	return cfg, err
}

// sessionOptions configure an advisor session (watch, advise, and import's sampling).
type sessionOptions struct {
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
	// Log receives progress lines every LogEvery ticks (< 0: findings only) and findings.
	Log      io.Writer
	LogEvery int
	Dump     *advisor.DumpInfo
	// ProbeDuration > 0 runs the sync-write probe for that long in the server's redo
	// directory before sampling (local servers only; it adds its own writes to the
	// device, so it is opt-in).
	ProbeDuration time.Duration
	// AllStatus samples every status counter (advisor.ServerSamplerOptions.AllStatus).
	AllStatus bool
	// Sinks are extra sinks (a TUI).
	Sinks []advisor.Sink
}

// advisorSession is the sampling side of a run: its own connection to the server, the
// server sampler, the device sampler when the server is local, the rule engine, the
// monitor that ties them together, and the run record being collected. import uses it
// the same way as watch, passing its progress.
type advisorSession struct {
	db       *sql.DB
	conn     *sql.Conn
	server   *advisor.ServerSampler
	env      *advisor.Env
	engine   *advisor.Engine
	monitor  *advisor.Monitor
	rec      *report.Record
	recorder *report.Recorder
	saver    *report.PeriodicSaver
	local    bool
	interval time.Duration
	ticks    int
}

// openAdvisorSession connects (one connection of its own), detects the server, finds
// its pid and devices when it is local, and wires the monitor.
func openAdvisorSession(ctx context.Context, cfg *mysql.Config, o sessionOptions) (*advisorSession, error) {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	db, conn, err := dbconn.OpenConn(ctx, cfg)
	if err != nil {
		return nil, err
	}
	sess := &advisorSession{db: db, conn: conn, interval: o.Interval}
	ok := false
	defer func() {
		if !ok {
			sess.Close()
		}
	}()
	sess.server, err = advisor.NewServerSampler(ctx, conn, advisor.ServerSamplerOptions{AllStatus: o.AllStatus})
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
	sess.env = &advisor.Env{Server: info, Dump: o.Dump, IntervalSeconds: o.Interval.Seconds()}

	var devices advisor.DeviceSampleFunc
	ls, isLocal := advisor.FindLocal(info.Variables, advisor.LocalOptions{})
	for _, n := range ls.Notes {
		if o.Log != nil {
			fmt.Fprintf(o.Log, "note: %s\n", n)
		}
	}
	if isLocal {
		sess.local = true
		sess.env.Host = advisor.LocalHost("")
		sess.env.Devices = ls.Devices
		devices, err = localDeviceSampler(ls)
		if err != nil && o.Log != nil {
			fmt.Fprintf(o.Log, "note: no device metrics: %v\n", err)
		}
		if o.ProbeDuration > 0 {
			sess.env.Probe = runProbeOnce(ctx, ls, o.ProbeDuration, o.Log)
		}
	} else if o.ProbeDuration > 0 && o.Log != nil {
		fmt.Fprintln(o.Log, "note: --probe skipped: the server is not on this machine")
	}

	sess.engine = advisor.NewEngine(rules.Default(), advisor.DefaultWindowSeconds)
	sinks := append([]advisor.Sink{}, o.Sinks...)
	if o.Log != nil {
		sinks = append(sinks, &advisor.LogSink{W: o.Log, Every: o.LogEvery})
	}
	sess.rec = report.New(version, time.Now(), o.Command, o.Interval.Seconds())
	sess.rec.Server = report.ServerFromInfo(startInfo)
	sess.rec.Devices = sess.env.Devices
	sess.rec.Probe = sess.env.Probe
	sess.rec.Dump = o.Dump
	if sess.local {
		h := sess.env.Host
		sess.rec.Host = &h
	}
	sess.recorder = report.NewRecorder(sess.rec)
	if o.Record {
		sinks = append(sinks, sess.recorder)
		if o.SavePath != "" && o.SaveEvery > 0 {
			sess.saver = &report.PeriodicSaver{Path: o.SavePath, Every: o.SaveEvery, Recorder: sess.recorder, Findings: sess.engine.Findings}
			sinks = append(sinks, sess.saver)
		}
	} else {
		// Without a record only the tick count is kept (for the sampler's cost line).
		sinks = append(sinks, advisor.SinkFunc(func(advisor.Tick) { sess.ticks++ }))
	}
	sess.monitor, err = advisor.NewMonitor(advisor.MonitorOptions{
		Interval: o.Interval,
		Progress: o.Progress,
		Devices:  devices,
		Server:   sess.server,
		Engine:   sess.engine,
		Env:      sess.env,
		Sinks:    sinks,
	})
	if err != nil {
		return nil, err
	}
	ok = true
	return sess, nil
}

// localDeviceSampler samples the devices under the server's directories (only those:
// an empty chain, such as a datadir on tmpfs, reports CPU alone) and the server's CPU.
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
	return func() (map[string]iostat.DeviceStats, *iostat.CPUStats, error) {
		smp, err := sampler.Sample()
		if err != nil {
			return nil, nil, err
		}
		var devs map[string]iostat.DeviceStats
		for name, d := range smp.Devices {
			if want[name] {
				if devs == nil {
					devs = map[string]iostat.DeviceStats{}
				}
				devs[name] = d
			}
		}
		return devs, smp.CPU, nil
	}, nil
}

// runProbeOnce measures sync-write latency where the server writes its redo log; nil
// (with a note) when it cannot.
func runProbeOnce(ctx context.Context, ls advisor.LocalServer, d time.Duration, log io.Writer) *iostat.ProbeResult {
	dir := ls.Dirs["redo"]
	if dir == "" {
		dir = ls.Dirs["datadir"]
	}
	if log != nil {
		fmt.Fprintf(log, "probing sync-write latency in %s for %v…\n", dir, d)
	}
	p, err := iostat.Probe(ctx, iostat.ProbeOptions{Dir: dir, Duration: d})
	if err != nil {
		if log != nil {
			fmt.Fprintf(log, "note: probe: %v\n", err)
		}
		return nil
	}
	if log != nil {
		fmt.Fprintf(log, "probe: %.0f syncs/s, p50 %.2f ms, p99 %.2f ms (%s)\n", p.OpsPerSec, p.P50Ms, p.P99Ms, p.Class)
	}
	return p
}

// Run samples until ctx is done.
func (a *advisorSession) Run(ctx context.Context) error { return a.monitor.Run(ctx) }

// Describe names the server for the user.
func (a *advisorSession) Describe() string {
	where := "remote (no device metrics)"
	if a.local {
		names := make([]string, 0, len(a.env.Devices))
		for _, d := range a.env.Devices {
			names = append(names, d.Name)
		}
		where = "local, devices " + strings.Join(names, ",")
	}
	return fmt.Sprintf("%s %s (%s)", a.env.Server.Flavor, a.env.Server.Version, where)
}

// Cost is the sampler's own query cost so far.
func (a *advisorSession) Cost() report.SamplerCost {
	qt, n := a.server.QueryTime()
	ticks := max(a.ticks, a.recorder.Ticks())
	c := report.SamplerCost{Queries: n, QuerySeconds: qt.Seconds(), Ticks: ticks}
	if ticks > 0 {
		c.QueryMsPerTick = 1000 * c.QuerySeconds / float64(ticks)
		c.PctOfInterval = 100 * c.QueryMsPerTick / 1000 / a.interval.Seconds()
	}
	return c
}

// CostLine is Cost as one log line.
func (a *advisorSession) CostLine() string {
	c := a.Cost()
	return fmt.Sprintf("sampler: %d queries over %d ticks, %.2f ms per tick (%.2f %% of the %v interval)",
		c.Queries, c.Ticks, c.QueryMsPerTick, c.PctOfInterval, a.interval)
}

// Finish completes the run record with the findings so far and the sampler's cost.
func (a *advisorSession) Finish(outcome report.Outcome) *report.Record {
	cost := a.Cost()
	rec := a.recorder.Finish(time.Now(), a.engine.Findings(), outcome)
	rec.Sampler = &cost
	return rec
}

// Close closes the session's connection.
func (a *advisorSession) Close() {
	if a.conn != nil {
		a.conn.Close()
	}
	if a.db != nil {
		a.db.Close()
	}
}

// printFindings prints findings for people, in firing order.
func printFindings(w io.Writer, findings []advisor.Finding) {
	if len(findings) == 0 {
		fmt.Fprintln(w, "no findings")
		return
	}
	for _, f := range findings {
		state := "active"
		if f.ClearedAt != nil {
			state = fmt.Sprintf("cleared at %.1fs", *f.ClearedAt)
		}
		fmt.Fprintf(w, "%-8s %s: %s (fired at %.1fs, %s)\n", strings.ToUpper(string(f.Severity)), f.ID, f.Title, f.FiredAt, state)
		if ev := advisor.FormatEvidence(f.Evidence); ev != "" {
			fmt.Fprintf(w, "  evidence: %s\n", ev)
		}
		for _, line := range strings.Split(strings.TrimSpace(f.Recommendation), "\n") {
			if line != "" {
				fmt.Fprintf(w, "  %s\n", line)
			}
		}
	}
}

// findingsJSON is advise --json's output.
type findingsJSON struct {
	Server struct {
		Flavor  string `json:"flavor"`
		Version string `json:"version"`
	} `json:"server"`
	Samples  int               `json:"samples"`
	Findings []advisor.Finding `json:"findings"`
}

func writeFindingsJSON(w io.Writer, info advisor.ServerInfo, samples int, findings []advisor.Finding) error {
	var out findingsJSON
	out.Server.Flavor, out.Server.Version = info.Flavor, info.Version
	out.Samples = samples
	out.Findings = findings
	if out.Findings == nil {
		out.Findings = []advisor.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
