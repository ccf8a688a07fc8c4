package main

import (
	"context"
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
	"github.com/dumpscope/dumpscope/advisor/session"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/tui"
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
	noTUI := fs.Bool("no-tui", false, "headless: log lines on stderr instead of the dashboard on a terminal")
	allStatus := fs.Bool("all-status", false, "record every SHOW GLOBAL STATUS counter each tick, not only those the rules read (several times the sampling cost)")
	mflags := addMetricsFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope watch [connection flags] [--interval 1s] [--record FILE] [--duration D] [--probe D] [--listen ADDR]")
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
	if err := mflags.start(s, "", cfg); err != nil {
		fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
		return exitFailure
	}
	defer mflags.close(s)
	every := 1
	if *quiet {
		every = -1
	}
	ctx, stopUI := context.WithCancel(ctx) // the dashboard's "stop watching? y"
	defer stopUI()
	dash := newDashboard(tui.ModeWatch, *noTUI, s, stopUI)
	defer dash.close() // prints held notes when the session fails to open
	sess, err := session.Open(ctx, cfg, session.Options{ToolVersion: version,
		Interval: *interval,
		Command:  append([]string{"dumpscope", "watch"}, args...),
		Record:   *recordPath != "",
		// Saved every minute so a crash of a long watch keeps all but the last minute.
		SavePath:  *recordPath,
		SaveEvery: max(1, int(time.Minute / *interval)),
		Log:       dash.log(s.Err),
		LogEvery:  dash.logEvery(every),
		Sinks:     append(dash.sinks(), mflags.sinks()...),

		ProbeDuration: *probe,
		AllStatus:     *allStatus,
	})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
		return exitFailure
	}
	defer sess.Close()
	mflags.setEnv(sess.Env())
	fmt.Fprintf(s.Err, "watching %s every %v (Ctrl-C to stop)\n", sess.Describe(), *interval)
	runCtx := ctx
	if *duration > 0 { // counted from here, after connecting and any --probe
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	dash.show(sess, *interval, tui.Header{Target: dbconn.Describe(cfg)}, nil)
	_ = sess.Run(runCtx) // ends on Ctrl-C or --duration: both are a normal end of a watch
	dash.close()
	if sess.SaveErr() != nil {
		fmt.Fprintf(s.Err, "warning: periodic save of the run record stopped: %v\n", sess.SaveErr())
	}
	printFindings(s.Out, sess.Findings())
	fmt.Fprintln(s.Err, sess.CostLine())
	if *recordPath != "" {
		rec := sess.Finish(report.Outcome{Status: report.OutcomeOK})
		if err := report.WriteFile(*recordPath, rec); err != nil {
			fmt.Fprintf(s.Err, "dumpscope watch: %v\n", err)
			return exitFailure
		}
		fmt.Fprintf(s.Err, "run record written to %s (%d samples)\n", *recordPath, len(rec.Samples))
	}
	return mflags.finish(exitOK, s)
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
	if *runFile != "" {
		return adviseReplay(*runFile, *asJSON, s)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := resolveConn(conn, s)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
		return exitFailure
	}
	sess, err := session.Open(ctx, cfg, session.Options{ToolVersion: version, Interval: *interval, Log: s.Err, LogEvery: -1, ProbeDuration: *probe})
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
	findings := sess.Findings()
	if *asJSON {
		if err := writeFindingsJSON(s.Out, sess.Env().Server, sess.Cost().Ticks, findings); err != nil {
			fmt.Fprintf(s.Err, "dumpscope advise: %v\n", err)
			return exitFailure
		}
	} else {
		printFindings(s.Out, findings)
	}
	if interrupted {
		return exitInterrupted
	}
	return exitOK
}

// adviseReplay evaluates a run record's samples through rules.Default(), ignoring the
// findings stored in it.
func adviseReplay(path string, asJSON bool, s stdio) int {
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
		return exitOK
	}
	span := 0.0
	if n := len(rec.Samples); n > 0 {
		span = rec.Samples[n-1].T
	}
	fmt.Fprintf(s.Err, "replayed %d samples (%.0f s) of %s: %s %s\n", len(rec.Samples), span, path, rec.Server.Flavor, rec.Server.Version)
	printFindings(s.Out, findings)
	return exitOK
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
