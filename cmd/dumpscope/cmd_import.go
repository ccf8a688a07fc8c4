package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/crash"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/run"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/sandbox"
	"github.com/dumpscope/dumpscope/tui"
)

// importOptions are the flags of `dumpscope import`.
type importOptions struct {
	conn *dbconn.Options

	sandbox      bool
	sandboxDir   string
	sandboxSet   multiFlag
	serverBinary string
	keepSandbox  bool
	// sandboxSocket is the started sandbox's socket (for the resume command of a kept one).
	sandboxSocket string
	sampleSize    string

	parallel         int
	batchBytes       string
	readAhead        string
	force, overwrite bool
	allowSystem      bool // --allow-system-schemas
	preflightScan    bool
	stripDefiners    bool
	localInfile      bool
	binaryMode       bool
	comments         bool
	skipWarningCount bool
	skipRowCounts    bool
	noTUI, noAdvisor bool
	interval         time.Duration
	record           string
	etaFrom          string      // --eta-from: a run record whose progress curve the ETA follows
	reportFlags      reportFlags // --report, --fail-on (cmd_report.go)
	probe            time.Duration
	checkpoint       string
	resume           bool
	resumeApplied    string  // --resume-applied OFFSET[,OFFSET…]
	appliedOffsets   []int64 // resumeApplied, read
	skipBinlog       bool
	relaxDurability  bool
	deferIndexes     bool
	metrics          *metricsFlags
	loadData         bool
	transform        *transformFlags // filters and rewrites (import_transform.go)

	file    string
	command []string
	// expectedBytes is the SQL size when known without a file size (the generated sample).
	expectedBytes int64
	// closeInput, when set, releases what feeds a caller-owned input (the generator).
	closeInput func() error
	// screen keeps the headless progress in one status line on a terminal.
	screen *tui.StatusScreen
	// onStatement is the streaming preflight for stdin (see importPreflight).
	onStatement func(context.Context, *split.Statement) error
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
func (m *multiFlag) Type() string       { return "strings" }

func runImport(args []string, s stdio) int {
	o, code := parseImport(args, s)
	if o == nil {
		return code
	}
	// The progress line, the advisor's findings and the signal handler write from their
	// own goroutines; dump bytes in messages reach the terminal with controls escaped
	// (termsafe keeps the status line's own redraw prefix).
	out, errW, screen := tui.NewStatusScreen(s.Out, s.Err)
	defer screen.End()
	o.screen = screen
	s.Out, s.Err = &lockedWriter{w: termsafe.NewWriter(out)}, &lockedWriter{w: termsafe.NewWriter(errW)}
	ctx, stop := signalContext(s)
	defer stop.cleanup()
	return importRun(ctx, stop, o, s)
}

func parseImport(args []string, s stdio) (*importOptions, int) {
	f := newCmdFlags("import",
		"Replay a dump (.sql, .sql.gz, .sql.zst, or - for stdin) into a server exactly as `mariadb < FILE` would, while sampling the server and the disks under it and printing findings: what holds the restore back and the setting that would change it.",
		"[OPTIONS] FILE|-", "--sandbox [OPTIONS] [FILE]")
	o := &importOptions{command: append([]string{"dumpscope", "import"}, args...)}
	o.conn = f.connection()

	f.section(groupImport)
	f.BoolVar(&o.force, "force", false, "continue after SQL errors; they are counted and listed at the end (exit status 4)")
	f.BoolVar(&o.overwrite, "overwrite", false, "allow the dump to drop or write into existing databases and tables")
	f.BoolVar(&o.allowSystem, "allow-system-schemas", false, "allow the dump to change mysql.*, sys, performance_schema or accounts and grants")
	f.BoolVar(&o.preflightScan, "preflight-scan", false, "into a target that holds databases, read the whole FILE before the first statement and refuse every overwrite before anything runs (as on a terminal, which asks); without it each statement is checked just before it runs and the import stops before the first overwrite")
	f.BoolVar(&o.stripDefiners, "strip-definers", false, "remove DEFINER= clauses (objects are then owned by the importing user)")
	f.BoolVar(&o.localInfile, "local-infile", false, "allow LOAD DATA LOCAL INFILE (sends the file each statement names, from this machine)")
	f.BoolVar(&o.binaryMode, "binary-mode", false, "accept raw NUL bytes in the dump (the client's --binary-mode)")
	f.BoolVar(&o.comments, "comments", false, "send comments to the server instead of stripping them (the client's --comments)")
	f.StringVar(&o.checkpoint, "checkpoint", "", "checkpoint journal `FILE` (default: FILE.dumpscope-checkpoint; required for stdin); enables progress rows for --resume")
	f.BoolVar(&o.resume, "resume", false, "continue an interrupted import from the target's progress rows (same dump, same target)")
	f.StringVar(&o.resumeApplied, "resume-applied", "", "with --resume: the MyISAM/Aria statement at this byte `OFFSET`, which a resume refused as maybe half applied, was checked and is complete; record it and go on")
	f.BoolVar(&o.skipWarningCount, "skip-warning-count", false, "do not count server warnings (saves a round trip per statement that raised any; per statement under --parallel)")
	f.BoolVar(&o.skipRowCounts, "skip-row-counts", false, "do not compare each table's COUNT(*) with the dump's rows at the end (it reads a whole index per table: minutes on a large restore)")

	f.section(groupSpeed)
	f.IntVar(&o.parallel, "parallel", 1, "replay on `N` connections (1: exactly the client's statement stream)")
	f.StringVar(&o.batchBytes, "batch-bytes", "", "with --parallel: SQL `SIZE` committed per transaction (default 4M; 16M with --load-data, where bigger transactions take InnoDB's bulk path into empty tables; about 100 MB of client memory, 150 MB with --load-data)")
	f.StringVar(&o.readAhead, "read-ahead", "1G", "with --parallel: SQL `SIZE` read ahead of the workers beyond the memory queue, kept in an unlinked file in $TMPDIR, only so that they can load different tables at once (0: memory only)")
	f.BoolVar(&o.deferIndexes, "defer-indexes", false, "create plain secondary indexes after each table's rows (same final schema)")
	f.BoolVar(&o.loadData, "load-data", false, "send plain row inserts as LOAD DATA LOCAL streams from memory where provably exact (the server's bulk path; InnoDB tables; see docs/import.md)")
	f.BoolVar(&o.skipBinlog, "skip-binlog", false, "SET SESSION sql_log_bin=0 on the import's connections (needs SUPER or BINLOG ADMIN; replicas will not see the data)")
	f.BoolVar(&o.relaxDurability, "relax-durability", false, "innodb_flush_log_at_trx_commit=2 and sync_binlog=0 during the import, restored afterwards (see dumpscope restore-settings)")

	f.section(groupSandbox)
	f.BoolVar(&o.sandbox, "sandbox", false, "start a throwaway server and import into it (without FILE: a generated sample dump)")
	f.StringVar(&o.sandboxDir, "sandbox-dir", "", "parent `DIR` for the sandbox server (default: the system temp dir)")
	f.Var(&o.sandboxSet, "sandbox-set", "server setting `NAME=VALUE` for the sandbox (repeatable)")
	f.StringVar(&o.serverBinary, "server-binary", "", "mariadbd or mysqld `PATH` for the sandbox (default: search PATH and /usr/sbin)")
	f.BoolVar(&o.keepSandbox, "keep-sandbox", false, "keep the sandbox server's directory (datadir, error log) afterwards")
	f.StringVar(&o.sampleSize, "sample-size", "64M", "`SIZE` of the generated sample dump imported with --sandbox and no FILE")

	f.section(groupOutput)
	f.BoolVar(&o.noTUI, "no-tui", false, "headless: progress on stderr instead of the dashboard on a terminal")
	f.BoolVar(&o.noAdvisor, "no-advisor", false, "do not sample the server or run the rules")
	f.duration(&o.interval, "interval", time.Second, "progress and sampling `INTERVAL` (seconds, or 500ms, 2m)")
	f.StringVar(&o.record, "record", "", "write a run record (JSON) to this `FILE` (saved every minute while it runs)")
	f.StringVar(&o.etaFrom, "eta-from", "", "the ETA follows the progress of the import in this run `RECORD` (the same dump, on another server); by default it follows this dump's last finished import here, if any")
	o.reportFlags.add(f.FlagSet)
	f.duration(&o.probe, "probe", 0, "before the import, measure sync-write latency in the server's redo directory for this `DURATION` (local servers; adds writes to the device)")
	o.metrics = addMetricsFlags(f.FlagSet)
	f.section("Filter and rewrite (docs/filters.md)")
	o.transform = addTransformFlags(f.FlagSet)
	f.examples = []string{
		"dumpscope import -u root -p --parallel 2 --load-data dump.sql.gz  # fast and exact; prompt for the password, default socket",
		"dumpscope import -h db1 -u app -p --parallel 4 --record run.json dump.sql  # four connections, keep a run record for dumpscope report",
		"dumpscope import -u root -p dump.sql.gz  # one connection, the statements as the mariadb client sends them",
		"zcat dump.sql.gz | dumpscope import --checkpoint dump.ckpt -  # from stdin; resumable with --resume",
		"dumpscope import --sandbox --sandbox-set innodb_log_file_size=2G dump.sql  # try a setting on a throwaway server",
		"dumpscope import --sandbox  # the demo: a generated sample into a throwaway server",
	}
	if code, ok := f.parse(args, s); !ok {
		return nil, code
	}
	fail := func(err error) (*importOptions, int) { return nil, f.fail(s, err) }
	switch f.NArg() {
	case 0:
		if !o.sandbox {
			return fail(usagef("missing FILE (a dump file, or - for stdin)"))
		}
	case 1:
		o.file = f.Arg(0)
	default:
		return fail(usagef("one FILE expected, got %d: %s", f.NArg(), strings.Join(f.Args(), " ")))
	}
	if err := o.checkResume(); err != nil {
		return fail(usagef("%v", err))
	}
	if o.interval <= 0 {
		return fail(usagef("--interval %v: want more than 0", o.interval))
	}
	if o.parallel < 1 {
		return fail(usagef("--parallel %d: want 1 or more (1 replays exactly as the client)", o.parallel))
	}
	if err := o.metrics.check(o.noAdvisor); err != nil {
		return fail(usagef("%v", err))
	}
	if err := o.reportFlags.check(); err != nil {
		return fail(usagef("%v", err))
	}
	if err := o.transform.checkImport(o); err != nil {
		return fail(usagef("%v", err))
	}
	for _, b := range []struct{ name, v string }{{"sample-size", o.sampleSize}, {"batch-bytes", o.batchBytes}, {"read-ahead", o.readAhead}} {
		if b.name == "read-ahead" && strings.TrimSpace(b.v) == "0" {
			continue // memory only, as its help says
		}
		if _, err := units.ParseBytes(b.v); err != nil && b.v != "" {
			return fail(usagef("--%s %q: %v", b.name, b.v, err))
		}
	}
	importWarnings(f, o, s)
	return o, exitOK
}

// importWarnings names every flag given that does nothing in this combination, and a
// --parallel beyond what the machine can use.
func importWarnings(f *cmdFlags, o *importOptions, s stdio) {
	if o.sandbox {
		f.noEffect(s, "with --sandbox (the sandbox is reached as root over its own socket)",
			"host", "port", "user", "password", "socket", "protocol")
		if o.file != "" {
			f.noEffect(s, "with a FILE (it sizes the generated sample imported when there is none)", "sample-size")
		}
	} else {
		f.noEffect(s, "without --sandbox", "sandbox-dir", "sandbox-set", "server-binary", "keep-sandbox", "sample-size")
	}
	if o.parallel == 1 {
		f.noEffect(s, "without --parallel N (N > 1)", "batch-bytes", "read-ahead")
	}
	if o.noAdvisor {
		f.noEffect(s, "with --no-advisor (nothing is sampled)", "probe")
	}
	if w := parallelWarning(o.parallel, runtime.NumCPU()); w != "" {
		fmt.Fprintf(s.Err, "dumpscope import: warning: %s\n", w)
	}
}

// parallelPerCPU is how many connections per CPU --parallel may ask for before it only
// adds memory (each worker holds a batch) and contention: a replay is bound by the
// server's CPU, its redo log and the disk, which more connections do not add.
const parallelPerCPU = 4

// parallelWarning says why a --parallel of n on a machine with cpus CPUs is too many, or
// "" when it is not.
func parallelWarning(n, cpus int) string {
	if n <= max(8, parallelPerCPU*cpus) {
		return ""
	}
	return fmt.Sprintf("--parallel %d on %d CPUs: more connections than %d rarely make a restore faster and each holds a batch in memory; the server refuses connections beyond max_connections (Error 1040)", n, cpus, max(8, parallelPerCPU*cpus))
}

func importRun(ctx context.Context, stop *stopper, o *importOptions, s stdio) int {
	// Input first: a missing file is reported before any server is started.
	src, err := importSource(o, s)
	if err != nil {
		printError(s.Err, "import", err)
		return exitFailure
	}
	if o.closeInput != nil {
		defer o.closeInput()
	}
	if o.record != "" {
		p, err := run.RecordPath(o.record, o.resume)
		if err != nil {
			printError(s.Err, "import", err)
			return exitUsage
		}
		if p != o.record {
			fmt.Fprintf(s.Err, "dumpscope: %s holds the interrupted run's record; this run's goes to %s\n", o.record, p)
			o.record = p
		}
	}
	topt, _ := o.transform.options() // a bad flag is said where the import takes them
	eta, err := run.NewETA(run.ETAOptions{Source: src, From: o.etaFrom, Filters: topt.Fingerprint(),
		Parallel: o.parallel, LoadData: o.loadData, Partial: o.resume || topt.StartAt != 0, Log: s.Err})
	if err != nil {
		printError(s.Err, "import", err)
		return exitUsage
	}
	srv, err := importSandbox(ctx, o, s)
	if err != nil {
		printError(s.Err, "import", err)
		return exitFailure
	}
	if srv != nil {
		defer endSandbox(srv, o, s)
	}
	cfg, err := resolveConn(o.conn, s)
	if err != nil {
		printError(s.Err, "import", err)
		return exitFailure
	}
	if err := o.metrics.start(s, cmp.Or(src.Name, src.Path), cfg); err != nil {
		printError(s.Err, "import", err)
		return exitFailure
	}
	defer o.metrics.exp.Close(s.Err)
	dash := newDashboard(tui.ModeImport, o.noTUI, s, func() { stop.once.Do(func() { close(stop.graceful) }) }, func() {
		fmt.Fprintln(s.Err, "dumpscope: aborting the statements in flight (asked on the dashboard)")
		stop.abort()
	})
	iopt := importOptionsFor(o, stop, s, dash)
	finishTransform, err := o.transform.setOptions(&iopt, o.file)
	if err != nil {
		printError(s.Err, "import", err)
		return exitFailure
	}
	res, err := run.Import(ctx, cfg, src, iopt, importRunOptions(o, s, cfg, eta, dash, stop.abort))
	finishTransform(s.Err, res.Result)
	if res.Session != nil {
		defer res.Session.Close()
	}
	if err != nil {
		printError(s.Err, "import", err)
		if reportPanic(s, err, res.Panic) {
			return exitFailure
		}
		if errors.Is(err, importer.ErrStopped) || errors.Is(err, context.Canceled) {
			return exitInterrupted // nothing was sent
		}
		if rr := (*checkpoint.ResumeRefusedError)(nil); errors.As(err, &rr) {
			printProgressKept(o, rr.GiveUp, true, s) // the journal is still there
		}
		return exitFailure
	}
	code := importSummary(s, res.Result)
	o.transform.startAtHint(s.Err, o, res.Result)
	if !printSerialRetry(o, res.Result, s) {
		if res.Journal != "" {
			printResumeCommand(o, res.Journal, s)
			if code != exitFailure {
				code = exitInterrupted
			}
		}
		printProgressKept(o, res.GiveUp, res.Journal != "", s)
	}
	code = importFinish(o, s, res, code)
	if reportPanic(s, res.Err, res.Panic) {
		code = exitFailure
	}
	eta.Save(res.Result, code != exitFailure && code != exitInterrupted, s.Err)
	return o.metrics.finishImport(code, res.Result, s)
}

// endSandbox stops the --sandbox server, or with --keep-sandbox leaves it running and
// says how to stop it.
func endSandbox(srv *sandbox.Server, o *importOptions, s stdio) {
	if o.keepSandbox {
		srv.Detach() // the user stops it; the next run must not take it for an orphan
		fmt.Fprintf(s.Err, "dumpscope: sandbox kept in %s (socket %s); stop it with: kill %d\n", srv.Dir, srv.Socket, srv.PID)
		return
	}
	if err := srv.Stop(); err != nil {
		fmt.Fprintln(s.Err, "dumpscope:", err)
	}
}

// defaultBatchBytes and loadDataBatchBytes are --batch-bytes' defaults without and with
// --load-data: a LOAD DATA batch in a bigger transaction goes faster (fewer commits, and
// more of each table through InnoDB's bulk path into an empty table), for client memory
// that grows with the batch (the buffers of the batches queued and running; the LOAD
// stream is converted 16 KiB at a time: ~100 MB at 16M since issue 24, 267 MB before).
// Without --load-data bigger batches did not pay once a table's first statement was a
// batch of its own (4 runs, default server: 4M, 8M, 16M server CPU 11.5, 11.7, 12.4 s on
// the 200M generated dump and 9.8, 9.8, 10.0 s on the sysbench tables; client CPU and
// memory grow with the batch).
const (
	defaultBatchBytes  = 4 << 20
	loadDataBatchBytes = 16 << 20
)

// importOptionsFor turns the flags into the importer's Options (run.Import adds the
// sampling session's OnReplay hook).
func importOptionsFor(o *importOptions, stop *stopper, s stdio, dash *tui.Dashboard) importer.Options {
	batch, _ := units.ParseBytes(o.batchBytes)
	if o.batchBytes == "" {
		batch = defaultBatchBytes
		if o.loadData {
			// Measured (200 MB dump, --parallel 2, 4 runs A B B A): 4M 5.1 s, 16M 4.7 s,
			// 32M 4.3 s, 64M 4.3 s, at 104, 267, 400 and 564 MB of client memory.
			batch = loadDataBatchBytes
		}
	}
	readAhead, _ := units.ParseBytes(o.readAhead)
	abortHint := "" // the importer's own: Ctrl-C again
	if dash != nil {
		// Raw mode makes Ctrl-C a key, and the log is read after the screen closed.
		abortHint = "press q then y on the dashboard (or send the signal again)"
	}
	return importer.Options{
		Parallel: o.parallel, BatchBytes: batch, ReadAheadBytes: readAhead,
		Force: o.force, Overwrite: o.overwrite, AllowSystemSchemas: o.allowSystem, PreflightScan: o.preflightScan, StripDefiners: o.stripDefiners, LocalInfile: o.localInfile,
		BinaryMode: o.binaryMode, Comments: o.comments, SkipWarningCount: o.skipWarningCount,
		SkipRowCounts: o.skipRowCounts, CheckpointPath: o.checkpoint, Resume: o.resume, ResumeApplied: o.appliedOffsets, CharsetGiven: o.conn.CharsetGiven(),
		SkipBinlog: o.skipBinlog, RelaxDurability: o.relaxDurability, DeferIndexes: o.deferIndexes, LoadData: o.loadData,
		Stop: stop.graceful, Log: s.Err, Confirm: ttyConfirm(s), OnStatement: pauseHook(dash), OnStopWait: dash.StopWait, StopAbortHint: abortHint,
		OtherConnections: o.samplerConnections(),
	}
}

// importRunOptions are the import's sampling session and the dashboard's hooks on it.
func importRunOptions(o *importOptions, s stdio, cfg *mysql.Config, eta *run.ETA, dash *tui.Dashboard, abort context.CancelFunc) run.ImportOptions {
	return run.ImportOptions{
		Session: run.Options{
			ToolVersion: version,
			Interval:    o.interval,
			Command:     o.command, // the record redacts it
			Record:      o.record != "" || o.reportFlags.report != "",
			Log:         s.Err,
			LogEvery:    dash.LogEvery(1),
			Status:      o.screen.Under(dash),
			Sinks:       append(dash.Sinks(), o.metrics.exp.Sinks()...),
			// A long import's record survives a crash of dumpscope up to the last minute.
			SavePath:          o.record,
			SaveEvery:         max(1, int(time.Minute/o.interval)),
			ProbeDuration:     o.probe,
			ImportConnections: o.parallel,
		},
		NoServer: o.noAdvisor, ExpectedBytes: o.expectedBytes, ETA: eta.Estimator, Log: s.Err,
		Started: func(in *dumpfile.Input, sess *run.Session, sampled bool) {
			if sampled {
				o.metrics.exp.SetEnv(sess.Env())
				dash.Show(sess, o.interval, tui.Header{Dump: in.Name, Format: in.Format, Sandbox: o.sandbox, Connections: o.parallel, Target: dbconn.Describe(cfg)}, nil)
			}
		},
		Stopping: dash.Close,
		SessionFailed: func(err error) {
			printError(s.Err, "import", fmt.Errorf("advisor disabled: %w", err))
		},
		// The import's own clean-up (--relax-durability's restore, the sandbox) still
		// runs, which a crash would skip.
		Crashed: func(err error) {
			fmt.Fprintln(s.Err, "dumpscope: the server sampling failed; aborting the import:", err)
			abort()
		},
	}
}

// pauseHook is the importer's per-statement hook that holds dispatch while the
// dashboard is paused; nil headless (the replayer skips a nil OnStatement).
func pauseHook(dash *tui.Dashboard) func(context.Context, *split.Statement) error {
	if dash == nil {
		return nil
	}
	return func(ctx context.Context, _ *split.Statement) error { return dash.Paused(ctx) }
}

// reportPanic prints the stack of the first recovered panic among errs, and reports
// whether there was one (the import then exits non-zero).
func reportPanic(s stdio, errs ...error) bool {
	p := crash.Find(errors.Join(errs...))
	if p == nil {
		return false
	}
	fmt.Fprintf(s.Err, "dumpscope: %v\n%s", p, p.Stack)
	return true
}

// importFinish prints the findings and the sampler's cost, writes the run record and the
// report, and returns the exit code they leave.
func importFinish(o *importOptions, s stdio, res *run.Result, code int) int {
	sess := res.Session
	if res.Sampled {
		report.WriteFindings(s.Out, sess.Findings())
	}
	printVerdict(s.Out, sess)
	if res.Sampled {
		fmt.Fprintln(s.Err, "dumpscope:", sess.CostLine())
		if o.record != "" {
			if err := runrecord.WriteFile(o.record, res.Record(code == exitInterrupted)); err != nil {
				printError(s.Err, "import", err)
				if code == exitOK {
					code = exitFailure
				}
			} else {
				fmt.Fprintln(s.Err, "dumpscope: run record written to", o.record)
			}
		}
	}
	return o.reportFlags.finish(s, sess, res.Sampled, func() *runrecord.Record { return res.Record(code == exitInterrupted) }, code)
}

// ttyConfirm asks on the terminal when stdin is one; nil (always no) otherwise.
func ttyConfirm(s stdio) func(string) bool {
	f, ok := s.In.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return func(q string) bool {
		fmt.Fprint(s.Err, q)
		line, _ := bufio.NewReader(f).ReadString('\n')
		a := strings.ToLower(strings.TrimSpace(line))
		return a == "y" || a == "yes"
	}
}

// importSource turns FILE into the importer's Source: a file, stdin, or (--sandbox
// without FILE) the bundled sample, generated on the fly.
func importSource(o *importOptions, s stdio) (importer.Source, error) {
	switch o.file {
	case "":
		size, _ := units.ParseBytes(o.sampleSize)
		g := gen.DefaultOptions()
		g.SizeBytes = size
		o.expectedBytes = size
		rc := gen.Reader(g)
		o.closeInput = rc.Close // stops the generator when the import ends early
		return importer.Source{Name: "sample-" + o.sampleSize + ".sql (generated)", Reader: rc, ExpectedBytes: size}, nil
	case "-":
		return importer.Source{Name: "stdin", Reader: s.In, Stdin: true}, nil
	}
	// A missing or unreadable file is reported before any server is started.
	f, err := os.Open(o.file)
	if err != nil {
		return importer.Source{}, err
	}
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		// A FIFO or `<(zcat dump.gz)` is read once, as a stream (and kept open: a
		// named FIFO's writer fails while no reader has it open).
		o.closeInput = func() error { return f.Close() }
		return importer.Source{Name: o.file, Reader: f, Stdin: true}, nil
	}
	f.Close()
	return importer.Source{Path: o.file}, nil
}

// importSandbox starts the throwaway server for --sandbox and points the connection
// options at it.
func importSandbox(ctx context.Context, o *importOptions, s stdio) (*sandbox.Server, error) {
	if !o.sandbox {
		return nil, nil
	}
	fmt.Fprintln(s.Err, "dumpscope: starting a sandbox server…")
	srv, err := sandbox.Start(ctx, sandbox.Options{Dir: o.sandboxDir, Keep: o.keepSandbox, ServerBinary: o.serverBinary, Settings: o.sandboxSet, Log: s.Err})
	if err != nil {
		return nil, err
	}
	o.conn.TargetSandbox(srv.Socket)
	o.sandboxSocket = srv.Socket
	fmt.Fprintf(s.Err, "dumpscope: sandbox %s %s, datadir %s\n", srv.Flavor, srv.Version, srv.DataDir)
	return srv, nil
}
