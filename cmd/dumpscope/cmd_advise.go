package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/run"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/tui"
)

// runWatch attaches to a server while another tool (the mysql client, myloader) restores
// into it: the same sampling, rules and findings as import, without an import.
func runWatch(args []string, s stdio) int {
	f := newCmdFlags("watch",
		"Sample a server while another tool (the mariadb client, myloader) restores into it: the same sampling, rules and findings as import, without an import. Findings go to stdout, progress lines to stderr.",
		"[OPTIONS]")
	conn := f.connection()
	f.section(groupOutput)
	var interval, duration, probe time.Duration
	f.duration(&interval, "interval", time.Second, "sampling `INTERVAL` (seconds, or 500ms, 2m)")
	f.duration(&duration, "duration", 0, "stop after this `DURATION` (0: until interrupted)")
	recordPath := f.String("record", "", "write the run record (JSON) to this `FILE` at the end")
	quiet := f.Bool("quiet", false, "print findings only, no per-interval progress lines")
	f.duration(&probe, "probe", 0, "first measure sync-write latency in the server's redo directory for this `DURATION` (local servers; adds writes to the device)")
	noTUI := f.Bool("no-tui", false, "headless: progress on stderr instead of the dashboard on a terminal")
	allStatus := f.Bool("all-status", false, "record every SHOW GLOBAL STATUS counter each tick, not only those the rules read (several times the sampling cost)")
	mflags := addMetricsFlags(f.FlagSet)
	f.examples = []string{
		"dumpscope watch -u root -p --record myloader.json  # while myloader runs in another terminal",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if err := f.noArgs(); err != nil {
		return f.fail(s, err)
	}
	if interval <= 0 {
		return f.fail(s, usagef("--interval %v: want more than 0", interval))
	}
	var screen *tui.StatusScreen // on a terminal, the progress is one status line under the rest
	s.Out, s.Err, screen = tui.NewStatusScreen(s.Out, s.Err)
	defer screen.End()
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals()...) // HUP/PIPE too: the record is written at the end
	defer stop()
	cfg, err := resolveConn(conn, s)
	if err != nil {
		printError(s.Err, "watch", err)
		return exitFailure
	}
	if err := mflags.start(s, "", cfg); err != nil {
		fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
		return exitFailure
	}
	defer mflags.exp.Close(s.Err)
	every := 1
	if *quiet {
		every = -1
	}
	ctx, stopUI := context.WithCancel(ctx) // the dashboard's "stop watching? y"
	defer stopUI()
	dash := newDashboard(tui.ModeWatch, *noTUI, s, stopUI, nil)
	defer dash.Close() // prints held notes when the session fails to open
	sess, err := run.Open(ctx, cfg, run.Options{ToolVersion: version,
		Interval: interval,
		Command:  append([]string{"dumpscope", "watch"}, args...),
		Record:   *recordPath != "",
		// Saved every minute so a crash of a long watch keeps all but the last minute.
		SavePath:  *recordPath,
		SaveEvery: max(1, int(time.Minute/interval)),
		Log:       dash.Log(s.Err),
		LogEvery:  dash.LogEvery(every),
		Status:    screen.Under(dash),
		Sinks:     append(dash.Sinks(), mflags.exp.Sinks()...),

		ProbeDuration: probe,
		AllStatus:     *allStatus,
	})
	if err != nil {
		printError(s.Err, "watch", err)
		return exitFailure
	}
	defer sess.Close()
	mflags.exp.SetEnv(sess.Env())
	fmt.Fprintf(s.Err, "watching %s every %v (Ctrl-C to stop)\n", sess.Describe(), interval)
	runCtx := ctx
	if duration > 0 { // counted from here, after connecting and any --probe
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, duration)
		defer cancel()
	}
	dash.Show(sess, interval, tui.Header{Target: dbconn.Describe(cfg)}, nil)
	_ = sess.Run(runCtx) // ends on Ctrl-C or --duration: both are a normal end of a watch
	dash.Close()
	if sess.SaveErr() != nil {
		fmt.Fprintf(s.Err, "warning: periodic save of the run record stopped: %v\n", sess.SaveErr())
	}
	report.WriteFindings(s.Out, sess.Findings())
	printVerdict(s.Out, sess)
	fmt.Fprintln(s.Err, sess.CostLine())
	if *recordPath != "" {
		rec := sess.Finish(runrecord.Outcome{Status: runrecord.OutcomeOK})
		if err := runrecord.WriteFile(*recordPath, rec); err != nil {
			printError(s.Err, "watch", err)
			return exitFailure
		}
		fmt.Fprintf(s.Err, "run record written to %s (%d samples)\n", *recordPath, len(rec.Samples))
	}
	return mflags.finish(exitOK, s)
}

// runAdvise samples a live server briefly and prints findings, or with --run replays a
// run record's samples through the rules as if live.
func runAdvise(args []string, s stdio) int {
	f := newCmdFlags("advise",
		"Sample a live server briefly and print findings, or replay a run record's samples through today's rules (--run) as if live.",
		"[OPTIONS]", "--run FILE [--json]")
	conn := f.connection()
	f.section(groupOutput)
	var duration, interval, probe time.Duration
	f.duration(&duration, "duration", 10*time.Second, "sample a live server for `DURATION` (seconds, or 500ms, 2m)")
	f.duration(&interval, "interval", time.Second, "sampling `INTERVAL`")
	runFile := f.String("run", "", "replay this run record `FILE` instead of sampling a server")
	asJSON := f.Bool("json", false, "print findings as JSON on stdout")
	f.duration(&probe, "probe", 0, "first measure sync-write latency in the server's redo directory for this `DURATION` (local servers)")
	failOn := f.String("fail-on", "", "exit 5 when a finding of this `SEVERITY` or worse fired: warn or critical")
	f.examples = []string{
		"dumpscope advise -u root -p --duration 30  # sample for 30 seconds",
		"dumpscope advise --run run.json  # the findings today's rules make of an old run",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if err := f.noArgs(); err != nil {
		return f.fail(s, err)
	}
	if interval <= 0 || duration <= 0 {
		return f.fail(s, usagef("--interval and --duration want more than 0"))
	}
	if _, err := failOnSeverity(*failOn); err != nil {
		return f.fail(s, usagef("%v", err))
	}
	if *runFile != "" {
		f.noEffect(s, "with --run (a run record is replayed; no server is sampled)",
			append(f.connectionFlags(), "duration", "interval", "probe")...)
		return adviseReplay(*runFile, *asJSON, s, *failOn)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := resolveConn(conn, s)
	if err != nil {
		printError(s.Err, "advise", err)
		return exitFailure
	}
	sess, err := run.Open(ctx, cfg, run.Options{ToolVersion: version, Interval: interval, Log: s.Err, LogEvery: -1, LogNoFindings: true, ProbeDuration: probe})
	if err != nil {
		printError(s.Err, "advise", err)
		return exitFailure
	}
	defer sess.Close()
	fmt.Fprintf(s.Err, "sampling %s for %v…\n", sess.Describe(), duration)
	runCtx, cancel := context.WithTimeout(ctx, duration)
	defer cancel()
	_ = sess.Run(runCtx)
	interrupted := ctx.Err() != nil
	findings := sess.Findings()
	verdict := sess.Verdict()
	if *asJSON {
		if err := report.WriteFindingsJSON(s.Out, sess.Env().Server, sess.Cost().Ticks, findings, verdict); err != nil {
			printError(s.Err, "advise", err)
			return exitFailure
		}
	} else {
		report.WriteFindings(s.Out, findings)
		fmt.Fprintln(s.Out, verdict.Line())
	}
	if interrupted {
		return exitInterrupted
	}
	return failOnCode(s, *failOn, findings, exitOK)
}

// adviseReplay evaluates a run record's samples through rules.Default(), ignoring the
// findings stored in it.
func adviseReplay(path string, asJSON bool, s stdio, failOn string) int {
	rec, err := runrecord.ReadFile(path)
	if err != nil {
		printError(s.Err, "advise", err)
		return exitFailure
	}
	eng := rules.NewEngine()
	runrecord.ReplayInto(rec, eng)
	findings, verdict := eng.Findings(), rules.VerdictOf(eng)
	if asJSON {
		if err := report.WriteFindingsJSON(s.Out, rec.Server.ServerInfo(-1), len(rec.Samples), findings, verdict); err != nil {
			printError(s.Err, "advise", err)
			return exitFailure
		}
		return failOnCode(s, failOn, findings, exitOK)
	}
	span := 0.0
	if n := len(rec.Samples); n > 0 {
		span = rec.Samples[n-1].T
	}
	fmt.Fprintf(s.Err, "replayed %d samples (%s) of %s: %s %s\n", len(rec.Samples), units.FormatSpan(span), path, rec.Server.Flavor, rec.Server.Version)
	report.WriteFindings(s.Out, findings)
	fmt.Fprintln(s.Out, verdict.Line())
	return failOnCode(s, failOn, findings, exitOK)
}

func resolveConn(o *dbconn.Options, s stdio) (*mysql.Config, error) {
	cfg, err := o.Resolve()
	for _, w := range o.Warnings() {
		fmt.Fprintf(s.Err, "warning: %s\n", w)
	}
	return cfg, err
}

// printVerdict prints the session's verdict line (nil session: the server was not
// sampled); every command that samples ends its findings with it.
func printVerdict(w io.Writer, sess *run.Session) {
	v := advisor.Verdict{Reason: "the server was not sampled"}
	if sess != nil {
		v = sess.Verdict()
	}
	fmt.Fprintln(w, v.Line())
}
