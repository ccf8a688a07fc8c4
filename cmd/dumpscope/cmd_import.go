package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/sandbox"
)

// importOptions are the flags of `dumpscope import`.
type importOptions struct {
	conn *dbconn.Options

	sandbox      bool
	sandboxDir   string
	sandboxSet   multiFlag
	serverBinary string
	keepSandbox  bool
	sampleSize   string

	parallel         int
	batchBytes       string
	readAhead        string
	force            bool
	overwrite        bool
	allowSystem      bool // --allow-system-schemas
	stripDefiners    bool
	localInfile      bool
	binaryMode       bool
	comments         bool
	skipWarningCount bool
	skipRowCounts    bool
	noTUI            bool
	noAdvisor        bool
	interval         time.Duration
	record           string
	probe            time.Duration
	checkpoint       string
	resume           bool
	skipBinlog       bool
	relaxDurability  bool
	deferIndexes     bool

	file    string
	command []string
	// closeInput, when set, releases what feeds a caller-owned input (the generator).
	closeInput func() error
	// onStatement is the streaming preflight for stdin (see importPreflight).
	onStatement func(context.Context, *importer.Statement) error
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func runImport(args []string, s stdio) int {
	o, code := parseImport(args, s)
	if o == nil {
		return code
	}
	// The progress line, the advisor's findings and the signal handler write from their
	// own goroutines.
	s.Out, s.Err = &lockedWriter{w: s.Out}, &lockedWriter{w: s.Err}
	ctx, stop := signalContext(s)
	defer stop.cleanup()
	return importRun(ctx, stop, o, s)
}

func parseImport(args []string, s stdio) (*importOptions, int) {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	o := &importOptions{command: append([]string{"dumpscope", "import"}, args...)}
	o.conn = dbconn.AddFlags(fs)
	fs.BoolVar(&o.sandbox, "sandbox", false, "start a throwaway server and import into it (without FILE: a generated sample dump)")
	fs.StringVar(&o.sandboxDir, "sandbox-dir", "", "parent `directory` for the sandbox server (default: the system temp dir)")
	fs.Var(&o.sandboxSet, "sandbox-set", "server setting `name=value` for the sandbox (repeatable)")
	fs.StringVar(&o.serverBinary, "server-binary", "", "mariadbd or mysqld `binary` for the sandbox (default: search PATH and /usr/sbin)")
	fs.BoolVar(&o.keepSandbox, "keep-sandbox", false, "keep the sandbox server's directory (datadir, error log) afterwards")
	fs.StringVar(&o.sampleSize, "sample-size", "64M", "`size` of the generated sample dump imported with --sandbox and no FILE")
	fs.IntVar(&o.parallel, "parallel", 1, "replay on `N` connections (1: exactly the client's statement stream)")
	fs.StringVar(&o.batchBytes, "batch-bytes", "4M", "with --parallel: SQL `bytes` committed per transaction")
	fs.StringVar(&o.readAhead, "read-ahead", "1G", "with --parallel: SQL `bytes` read ahead of the workers beyond the memory queue, kept in an unlinked file in $TMPDIR, so that they can load the next tables while one finishes (0: memory only)")
	fs.BoolVar(&o.force, "force", false, "continue after SQL errors; they are counted and listed at the end (exit code 4)")
	fs.BoolVar(&o.overwrite, "overwrite", false, "allow the dump to drop or write into existing databases and tables")
	fs.BoolVar(&o.allowSystem, "allow-system-schemas", false, "allow the dump to change mysql.*, sys, performance_schema or accounts and grants")
	fs.BoolVar(&o.stripDefiners, "strip-definers", false, "remove DEFINER= clauses (objects are then owned by the importing user)")
	fs.BoolVar(&o.localInfile, "local-infile", false, "allow LOAD DATA LOCAL INFILE (reads files on this machine)")
	fs.BoolVar(&o.binaryMode, "binary-mode", false, "accept raw NUL bytes in the dump (the client's --binary-mode)")
	fs.BoolVar(&o.comments, "comments", false, "send comments to the server instead of stripping them (the client's --comments)")
	fs.BoolVar(&o.skipWarningCount, "skip-warning-count", false, "do not count server warnings (saves a round trip per statement)")
	fs.BoolVar(&o.skipRowCounts, "skip-row-counts", false, "do not compare each table's COUNT(*) with the dump's rows at the end (it reads a whole index per table: minutes on a large restore)")
	fs.BoolVar(&o.noTUI, "no-tui", false, "headless: progress lines on stderr (the only mode so far)")
	fs.BoolVar(&o.noAdvisor, "no-advisor", false, "do not sample the server or run the rules")
	fs.DurationVar(&o.interval, "interval", time.Second, "progress and sampling `interval`")
	fs.StringVar(&o.record, "record", "", "write a run record (JSON) to this `file` (saved every minute while it runs)")
	fs.DurationVar(&o.probe, "probe", 0, "before the import, measure sync-write latency in the server's redo directory for this `long` (local servers; adds writes to the device)")
	fs.StringVar(&o.checkpoint, "checkpoint", "", "checkpoint journal `file` (default: FILE.dumpscope-checkpoint; required for stdin); enables progress rows for --resume")
	fs.BoolVar(&o.deferIndexes, "defer-indexes", false, "create plain secondary indexes after each table's rows (same final schema)")
	fs.BoolVar(&o.skipBinlog, "skip-binlog", false, "SET SESSION sql_log_bin=0 on the import's connections (needs SUPER/BINLOG ADMIN; replicas will not see the data)")
	fs.BoolVar(&o.relaxDurability, "relax-durability", false, "innodb_flush_log_at_trx_commit=2 and sync_binlog=0 during the import, restored afterwards (see restore-settings)")
	fs.BoolVar(&o.resume, "resume", false, "continue an interrupted import from the target's progress rows (same dump, same target)")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope import [flags] FILE|-")
		fs.PrintDefaults()
	}
	if code, ok := parseConnFlags(fs, args, s); !ok {
		return nil, code
	}
	switch fs.NArg() {
	case 0:
		if !o.sandbox {
			fmt.Fprintln(s.Err, "dumpscope import: missing FILE (a dump file, or - for stdin)")
			return nil, exitUsage
		}
	case 1:
		o.file = fs.Arg(0)
	default:
		fmt.Fprintf(s.Err, "dumpscope import: one FILE expected, got %d (flags go before FILE)\n", fs.NArg())
		return nil, exitUsage
	}
	if o.file == "-" && o.resume && o.checkpoint == "" {
		fmt.Fprintln(s.Err, "dumpscope import: --resume of stdin needs --checkpoint FILE (the journal written by the interrupted run)")
		return nil, exitUsage
	}
	if o.interval <= 0 || o.parallel < 1 {
		fmt.Fprintln(s.Err, "dumpscope import: --interval must be positive and --parallel at least 1")
		return nil, exitUsage
	}
	for _, f := range []string{o.sampleSize, o.batchBytes, o.readAhead} {
		if _, err := units.ParseBytes(f); err != nil {
			fmt.Fprintln(s.Err, "dumpscope import:", err)
			return nil, exitUsage
		}
	}
	return o, exitOK
}

// stopper turns the first Ctrl-C/SIGTERM into a graceful stop (finish the statement in
// flight, then stop) and the second into an abort.
type stopper struct {
	graceful chan struct{}
	once     sync.Once
	cleanup  func()
}

func signalContext(s stdio) (context.Context, *stopper) {
	ctx, cancel := context.WithCancel(context.Background())
	st := &stopper{graceful: make(chan struct{})}
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		n := 0
		for {
			select {
			case <-ch:
				n++
				if n == 1 {
					fmt.Fprintln(s.Err, "\ndumpscope: stopping after the statement in flight (press Ctrl-C again to abort at once)")
					st.once.Do(func() { close(st.graceful) })
				} else {
					cancel()
				}
			case <-done:
				return
			}
		}
	}()
	st.cleanup = func() { signal.Stop(ch); close(done); cancel() }
	return ctx, st
}

// replayer is the serial or the parallel replayer.
type replayer interface {
	Progress() importer.Progress
	Run(ctx context.Context) (*importer.ReplayResult, error)
}

func importRun(ctx context.Context, stop *stopper, o *importOptions, s stdio) int {
	start := time.Now()
	// Input first: a missing file is reported before any server is started.
	in, dumpID, err := openImportInput(o, s)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	defer in.Close()
	if o.closeInput != nil {
		defer o.closeInput()
	}

	srv, err := importSandbox(ctx, o, s)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	if srv != nil {
		defer func() {
			if o.keepSandbox {
				fmt.Fprintf(s.Err, "dumpscope: sandbox kept in %s (socket %s); stop it with: kill %d\n", srv.Dir, srv.Socket, srv.PID)
				return
			}
			if err := srv.Stop(); err != nil {
				fmt.Fprintln(s.Err, "dumpscope:", err)
			}
		}()
	}
	cfg, err := resolveConn(o.conn, s)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	if o.localInfile {
		cfg.AllowAllFiles = true
	}
	// The parallel replayer (also used for progress rows and deferred indexes) has a
	// control connection besides its N workers.
	nconns := 1
	if o.parallel > 1 || o.checkpoint != "" || o.resume || o.deferIndexes {
		nconns = o.parallel + 1
	}
	db, conns, err := openImportConns(ctx, cfg, nconns)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	defer db.Close()
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()

	if o.resume {
		o.overwrite = true // what exists is the interrupted run's own work
	}
	if code := importPreflight(ctx, o, in, conns[0], s); code >= 0 {
		return code
	}
	cp, journal, err := importCheckpoint(ctx, o, dumpID, conns, s)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	if o.skipBinlog {
		for _, c := range conns {
			if _, err := c.ExecContext(ctx, "SET SESSION sql_log_bin = 0"); err != nil {
				fmt.Fprintln(s.Err, "dumpscope: warning: --skip-binlog: binary logging stays on:", err)
				break
			}
		}
	}
	if o.relaxDurability {
		changed, err := importer.RelaxDurability(ctx, conns[0])
		// Restored however the import ends; after a crash of dumpscope itself,
		// `dumpscope restore-settings` does it from what the server recorded.
		defer restoreDurability(conns[0], s)
		if err != nil {
			fmt.Fprintln(s.Err, "dumpscope import:", err)
			return exitFailure
		}
		for _, c := range changed {
			fmt.Fprintf(s.Err, "dumpscope: relaxed for the import: SET GLOBAL %s = %s (restored at the end)\n", c.Name, c.Value)
		}
	}

	split := importer.NewSplitter(in.Reader, importer.SplitOptions{
		KeepComments: o.comments, BinaryMode: o.binaryMode, Charset: connCharset(ctx, conns[0]),
	})
	ropt := importer.ReplayOptions{
		Name: in.Name, Force: o.force, LocalInfile: o.localInfile, StripDefiners: o.stripDefiners,
		SkipWarningCount: o.skipWarningCount, Stop: stop.graceful, OnStatement: o.onStatement,
	}
	var rep replayer
	if cp == nil && !o.deferIndexes {
		rep, err = importer.NewReplayer(ctx, conns[0], split, ropt)
	} else {
		batch, _ := units.ParseBytes(o.batchBytes)
		readAhead, _ := units.ParseBytes(o.readAhead)
		cs := make([]importer.Conn, len(conns))
		for i, c := range conns {
			cs[i] = c
		}
		rep, err = importer.NewParallelReplayer(ctx, cs, split, importer.ParallelOptions{ReplayOptions: ropt, BatchBytes: batch, SpoolBytes: readAhead, Checkpoint: cp, DeferIndexes: o.deferIndexes, Resumable: journal != "", Notice: func(l string) { fmt.Fprintln(s.Err, "dumpscope import:", l) }})
	}
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	fmt.Fprintf(s.Err, "dumpscope: importing %s (%s) into %s on %d connection(s)\n", in.Name, in.Format, dbconn.Describe(cfg), o.parallel)

	var sess *advisorSession
	var serverLine atomic.Pointer[string] // the advisor's side of the progress line
	if !o.noAdvisor {
		var prev *advisor.Snapshot
		lineSink := advisor.SinkFunc(func(t advisor.Tick) {
			if prev != nil {
				l := advisor.ServerLine(*prev, t.Snapshot)
				serverLine.Store(&l)
			}
			s := t.Snapshot
			prev = &s
		})
		sess, err = openAdvisorSession(ctx, cfg, sessionOptions{
			Interval: o.interval,
			Progress: func() advisor.ImportProgress {
				p := rep.Progress()
				return advisor.ImportProgress{Bytes: p.Bytes, Statements: p.Statements, Rows: p.Rows, Commits: p.Commits,
					CompressedBytes: in.CompressedBytesRead(), CompressedTotalBytes: max(in.Size, 0),
					Errors: p.Errors, Warnings: p.Warnings, Table: p.Table}
			},
			Command:  o.command, // the record redacts it
			Record:   o.record != "",
			Log:      s.Err,
			LogEvery: -1, // the import prints its own progress line, with ServerLine appended
			Dump:     &advisor.DumpInfo{Name: in.Name, CompressedBytes: max(in.Size, 0)},
			Sinks:    []advisor.Sink{lineSink},
			// A long import's record survives a crash of dumpscope up to the last minute.
			SavePath:      o.record,
			SaveEvery:     max(1, int(time.Minute/o.interval)),
			ProbeDuration: o.probe,
		})
		if err != nil {
			fmt.Fprintln(s.Err, "dumpscope import: advisor disabled:", err)
			sess = nil
		} else {
			defer sess.Close()
			fmt.Fprintln(s.Err, "dumpscope: sampling", sess.Describe())
		}
	}
	var monWG sync.WaitGroup
	monCtx, monStop := context.WithCancel(ctx)
	if sess != nil {
		monWG.Add(1)
		go func() { defer monWG.Done(); _ = sess.Run(monCtx) }()
	}
	prog := newProgressPrinter(s.Err, in, rep.Progress, o.interval, start)
	prog.extra = func() string {
		if l := serverLine.Load(); l != nil {
			return *l
		}
		return ""
	}
	prog.start()
	res, runErr := rep.Run(ctx)
	prog.stop()
	monStop()
	monWG.Wait()

	code := importSummary(ctx, s, in, conns, res, runErr, time.Since(start), !o.skipRowCounts)
	if cp != nil {
		code = finishCheckpoint(ctx, o, cp, journal, conns[0], code, s)
	}
	if sess != nil {
		printFindings(s.Out, sess.engine.Findings())
		fmt.Fprintln(s.Err, "dumpscope:", sess.CostLine())
		if o.record != "" {
			if err := writeImportRecord(o.record, sess, in, res, runErr, code); err != nil {
				fmt.Fprintln(s.Err, "dumpscope import:", err)
				if code == exitOK {
					code = exitFailure
				}
			} else {
				fmt.Fprintln(s.Err, "dumpscope: run record written to", o.record)
			}
		}
	}
	return code
}

func writeImportRecord(path string, sess *advisorSession, in *importer.Input, res *importer.ReplayResult, runErr error, code int) error {
	out := report.Outcome{Status: report.OutcomeOK}
	switch {
	case code == exitInterrupted:
		out.Status = report.OutcomeInterrupted
	case runErr != nil:
		out.Status, out.Error = report.OutcomeError, runErr.Error()
		var se *importer.StatementError
		var sp *importer.SplitError
		switch {
		case errors.As(runErr, &se):
			out.Offset, out.Line = &se.Offset, &se.Line
		case errors.As(runErr, &sp):
			out.Offset, out.Line = &sp.Offset, &sp.Line
		}
	}
	rec := sess.Finish(out)
	if rec.Dump != nil {
		rec.Dump.Bytes = res.Bytes
		rec.Dump.Statements = res.Statements
		rec.Dump.Rows = res.Rows
		rec.Dump.LargestStatementBytes = res.LargestStatementBytes
		rec.Dump.CompressedBytes = in.CompressedBytesRead()
	}
	return report.WriteFile(path, rec)
}

// connCharset is the connection's character set, which the splitter must know to skip
// multibyte characters whose second byte looks like a backslash (gbk, sjis, big5, cp932).
func connCharset(ctx context.Context, c *sql.Conn) string {
	var cs string
	if err := c.QueryRowContext(ctx, "SELECT @@character_set_client").Scan(&cs); err != nil {
		return ""
	}
	return cs
}

// openImportConns opens n pinned connections. A *sql.Conn per worker, never the pool:
// database/sql retries a statement on a fresh connection after driver.ErrBadConn, and that
// connection would lack the dump's SET NAMES, sql_mode and USE.
func openImportConns(ctx context.Context, cfg *mysql.Config, n int) (*sql.DB, []*sql.Conn, error) {
	if n == 1 {
		db, c, err := dbconn.OpenConn(ctx, cfg)
		if err != nil {
			return nil, nil, err
		}
		return db, []*sql.Conn{c}, nil
	}
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, nil, err
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	var conns []*sql.Conn
	for i := 0; i < n; i++ {
		c, err := db.Conn(ctx)
		if err != nil {
			for _, c := range conns {
				c.Close()
			}
			db.Close()
			return nil, nil, fmt.Errorf("connect %s: %w", dbconn.Describe(cfg), err)
		}
		conns = append(conns, c)
	}
	return db, conns, nil
}

// openImportInput opens the dump and identifies it for checkpoints: name, stored size and
// a hash of its first MiB as stored (read ahead from stdin, then replayed into the decoder).
func openImportInput(o *importOptions, s stdio) (*importer.Input, importer.DumpIdentity, error) {
	id := importer.DumpIdentity{Name: o.file, Size: -1}
	switch o.file {
	case "": // --sandbox without FILE: the bundled sample, generated on the fly
		size, _ := units.ParseBytes(o.sampleSize)
		g := gen.DefaultOptions()
		g.SizeBytes = size
		id.Name = "sample-" + o.sampleSize + ".sql (generated)"
		rc := gen.Reader(g)
		o.closeInput = rc.Close // stops the generator when the import ends early
		in, err := importer.OpenReader(id.Name, rc, -1)
		return in, id, err
	case "-":
		br := bufio.NewReaderSize(s.In, 1<<20)
		head, err := br.Peek(1 << 20)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, id, fmt.Errorf("stdin: %w", err)
		}
		id.Name = "stdin"
		id.HeadSHA256, _ = importer.HeadHash(bytes.NewReader(head))
		in, err := importer.OpenReader("stdin", br, -1)
		return in, id, err
	}
	f, err := os.Open(o.file)
	if err != nil {
		return nil, id, err
	}
	st, err := f.Stat()
	if err == nil {
		id.Size = st.Size()
		id.HeadSHA256, err = importer.HeadHash(f)
	}
	f.Close()
	if err != nil {
		return nil, id, fmt.Errorf("%s: %w", o.file, err)
	}
	in, err := importer.Open(o.file)
	return in, id, err
}

// importSandbox starts the throwaway server for --sandbox and points the connection
// options at it.
func importSandbox(ctx context.Context, o *importOptions, s stdio) (*sandbox.Server, error) {
	if !o.sandbox {
		return nil, nil
	}
	fmt.Fprintln(s.Err, "dumpscope: starting a sandbox server…")
	srv, err := sandbox.Start(ctx, sandbox.Options{Dir: o.sandboxDir, Keep: o.keepSandbox, ServerBinary: o.serverBinary, Settings: o.sandboxSet})
	if err != nil {
		return nil, err
	}
	o.conn.TargetSandbox(srv.Socket)
	fmt.Fprintf(s.Err, "dumpscope: sandbox %s %s, datadir %s\n", srv.Flavor, srv.Version, srv.DataDir)
	return srv, nil
}

// importPreflight checks, before the first statement, what the dump would do to the
// target: existing databases and tables it drops or writes into (refused unless
// --overwrite, or a yes on a TTY) and DEFINER clauses the account may not assign (refused
// unless --strip-definers). A dump file is scanned in full when either check has work to
// do; stdin cannot be scanned ahead, so there each statement is checked as it arrives and
// the import stops before the first offending one. It returns -1 to go on, or the exit code.
func importPreflight(ctx context.Context, o *importOptions, in *importer.Input, conn *sql.Conn, s stdio) int {
	fail := func(err error) int {
		fmt.Fprintln(s.Err, "dumpscope import:", err)
		return exitFailure
	}
	var pf *importer.Preflight
	var current sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&current); err != nil {
		return fail(err)
	}
	var sys *importer.SystemCheck
	if !o.allowSystem {
		sys = importer.NewSystemCheck(current.String)
	}
	if !o.overwrite {
		var err error
		if pf, err = importer.NewPreflight(ctx, conn, current.String); err != nil {
			return fail(err)
		}
		if pf.Empty() {
			pf = nil
		}
	}
	var definers *importer.DefinerCheck
	if !o.stripDefiners {
		var err error
		if definers, err = importer.NewDefinerCheck(ctx, conn); err != nil {
			return fail(err)
		}
	}
	if (pf == nil && definers == nil) || o.file == "" || o.file == "-" {
		// No scan ahead: each statement is checked as it comes, and the import stops
		// before the first that would change a system schema.
		o.onStatement = func(_ context.Context, st *importer.Statement) error {
			if ow := sys.Observe(st); len(ow) > 0 {
				return fmt.Errorf("%s: the dump would %s, in a system schema; stopped before it — rerun with --allow-system-schemas to allow it", in.Name, ow[0])
			}
			if err := definers.Check(in.Name, st); err != nil {
				return err
			}
			if pf == nil {
				return nil
			}
			if ow := pf.ObserveAll(st); len(ow) > 0 {
				return fmt.Errorf("%s: the dump would %s, which exists in the target; stopped before it — rerun with --overwrite to allow it", in.Name, ow[0])
			}
			return nil
		}
		return -1
	}
	scan, err := importer.Open(o.file)
	if err != nil {
		return fail(err)
	}
	defer scan.Close()
	what := "objects it would overwrite in the target (--overwrite skips this)"
	if pf == nil {
		what = "DEFINER clauses this account may not assign (--strip-definers skips this)"
	}
	fmt.Fprintf(s.Err, "dumpscope: preflight: reading %s once for %s…\n", in.Name, what)
	sp := importer.NewSplitter(scan.Reader, importer.SplitOptions{BinaryMode: true})
	var found, system []importer.Overwrite
	for sp.Next() {
		st := sp.Statement()
		if err := definers.Check(in.Name, &st); err != nil {
			return fail(err)
		}
		system = append(system, sys.Observe(&st)...)
		if pf == nil {
			continue
		}
		found = append(found, pf.ObserveAll(&st)...)
	}
	if err := sp.Err(); err != nil {
		return fail(fmt.Errorf("preflight: %s: %w", in.Name, err))
	}
	if len(system) > 0 {
		fmt.Fprintf(s.Err, "dumpscope: the dump changes %d object(s) in system schemas or accounts:\n", len(system))
		printOverwrites(s, system)
		return fail(errors.New("refusing to change system schemas or accounts; rerun with --allow-system-schemas if that is what you want"))
	}
	if len(found) == 0 {
		return -1
	}
	fmt.Fprintf(s.Err, "dumpscope: the dump drops or writes into %d existing object(s) in the target:\n", len(found))
	printOverwrites(s, found)
	if f, ok := s.In.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(s.Err, "Overwrite them? [y/N] ")
		line, _ := bufio.NewReader(f).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(line)); a == "y" || a == "yes" {
			return -1
		}
	}
	return fail(errors.New("refusing to overwrite existing objects; rerun with --overwrite"))
}

// importCheckpoint sets up progress rows when the import runs with --parallel,
// --checkpoint or --resume (nil otherwise: then dumpscope sends exactly the client's
// statements). A new run registers itself in the target's progress schema; a resumed run
// checks that dump and target are the ones the journal names, waits out or kills the
// interrupted run's connections, reads what committed and truncates the tables that must
// be reloaded. Either way the journal is (re)written with this run's connection ids.
func importCheckpoint(ctx context.Context, o *importOptions, dumpID importer.DumpIdentity, conns []*sql.Conn, s stdio) (*importer.Checkpointer, string, error) {
	if o.parallel == 1 && o.checkpoint == "" && !o.resume {
		return nil, "", nil
	}
	path := o.checkpoint
	if path == "" && o.file != "" && o.file != "-" {
		path = o.file + ".dumpscope-checkpoint"
	}
	target, err := importer.ReadTarget(ctx, conns[0])
	if err != nil {
		return nil, "", fmt.Errorf("read the target's identity: %w", err)
	}
	var cp *importer.Checkpointer
	started := time.Now().UTC()
	if o.resume {
		j, err := importer.ReadJournal(path)
		if err != nil {
			return nil, "", err
		}
		if err := importer.VerifyDump(j, dumpID); err != nil {
			return nil, "", err
		}
		if j.DeferIndexes && !o.deferIndexes {
			fmt.Fprintln(s.Err, "dumpscope: the interrupted run deferred indexes; so does this one")
			o.deferIndexes = true
		}
		cp = &importer.Checkpointer{RunID: j.RunID}
		cp.AllowUnrecordedDDL(max(j.Parallel, 1) + 1)
		if err := cp.VerifyTarget(ctx, conns[0], j, target); err != nil {
			return nil, "", err
		}
		own, err := connectionIDs(ctx, conns)
		if err != nil {
			return nil, "", err
		}
		if err := importer.EndOldConnections(ctx, conns[0], j, target, own, 10*time.Second, s.Err); err != nil {
			return nil, "", err
		}
		if err := cp.LoadDone(ctx, conns[0]); err != nil {
			return nil, "", err
		}
		reload, err := cp.PlanReload(ctx, conns[0])
		if err != nil {
			return nil, "", err
		}
		done, furthest := cp.Committed()
		fmt.Fprintf(s.Err, "dumpscope: resuming run %s: %s of statements committed (furthest offset %d) are skipped; the rest is sent\n", cp.RunID, mb(done), furthest)
		for _, t := range reload {
			fmt.Fprintf(s.Err, "dumpscope: %s (non-transactional engine or no primary key) was truncated and is reloaded from its first row\n", t)
		}
		started = j.StartedAt
	} else {
		cp = &importer.Checkpointer{RunID: importer.NewRunID()}
		if err := cp.Setup(ctx, conns[0], dumpID, target); err != nil {
			return nil, "", err
		}
	}
	if path == "" {
		fmt.Fprintln(s.Err, "dumpscope: note: progress rows are written, but without --checkpoint FILE this run cannot be resumed")
		return cp, "", nil
	}
	j := &importer.Journal{RunID: cp.RunID, Dump: dumpID, Target: target, Parallel: o.parallel, DeferIndexes: o.deferIndexes, StartedAt: started}
	if j.ConnectionIDs, err = connectionIDs(ctx, conns); err != nil {
		return nil, "", err
	}
	if err := importer.WriteJournal(path, j); err != nil {
		return nil, "", err
	}
	return cp, path, nil
}

// finishCheckpoint removes the progress rows and the journal after a complete import, or
// tells how to resume an incomplete one.
func finishCheckpoint(ctx context.Context, o *importOptions, cp *importer.Checkpointer, journal string, conn *sql.Conn, code int, s stdio) int {
	if code == exitOK || code == exitSQLErrors {
		// The journal goes first: killed between the two steps, what is left is stale
		// progress rows (harmless), never a journal that points at rows already gone.
		if journal != "" {
			os.Remove(journal)
		}
		if err := cp.Finish(ctx, conn); err != nil {
			fmt.Fprintln(s.Err, "dumpscope: could not remove the progress rows:", err)
		}
		return code
	}
	if journal == "" {
		return code
	}
	args := []string{"dumpscope", "import", "--resume", "--checkpoint", journal}
	prev := ""
	for _, a := range report.RedactCommand(o.command[2:]) {
		name := strings.TrimLeft(strings.SplitN(a, "=", 2)[0], "-")
		skip := name == "resume" || name == "checkpoint" || ((prev == "--checkpoint" || prev == "-checkpoint") && !strings.HasPrefix(a, "-"))
		prev = a
		if !skip {
			args = append(args, a)
		}
	}
	fmt.Fprintf(s.Err, "dumpscope: resumable; continue with:\n  %s\n", strings.Join(args, " "))
	if code == exitFailure {
		return code
	}
	return exitInterrupted
}

// restoreDurability puts back what --relax-durability changed. It uses its own context:
// the import's may have been cancelled by a second Ctrl-C.
func restoreDurability(c *sql.Conn, s stdio) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	restored, err := importer.RestoreSettings(ctx, c)
	for _, r := range restored {
		fmt.Fprintf(s.Err, "dumpscope: restored SET GLOBAL %s = %s\n", r.Name, r.Value)
	}
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope: could not restore the relaxed settings (run dumpscope restore-settings):", err)
	}
}

// connectionIDs are the server's ids of the import's connections (for the journal, and so
// that a resumed run never mistakes its own connections for the interrupted run's).
func connectionIDs(ctx context.Context, conns []*sql.Conn) ([]int64, error) {
	ids := make([]int64, len(conns))
	for i, c := range conns {
		if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&ids[i]); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// printOverwrites lists objects the preflight found, at most 20.
func printOverwrites(s stdio, found []importer.Overwrite) {
	for i, ow := range found {
		if i == 20 {
			fmt.Fprintf(s.Err, "  … and %d more\n", len(found)-20)
			break
		}
		fmt.Fprintln(s.Err, "  "+ow.String())
	}
}
