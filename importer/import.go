package importer

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/preflight"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/crash"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// inlineDecodeMaxCPUs is the most cores on which a parallel import decodes its compressed
// file in the dispatcher rather than in a read-ahead goroutine (Import; measured on two).
const inlineDecodeMaxCPUs = 4

// Source is the dump to import: a file (Path), or a stream (Reader: stdin, a generator).
type Source struct {
	// Path is the dump file; empty when Reader is set.
	Path string
	// Reader is a stream with no second pass; Name names it in messages ("stdin").
	Reader io.Reader
	Name   string
	// Stdin marks Reader as the process's stdin: a checkpoint identifies it by the hash of
	// its first MiB.
	Stdin bool
	// ExpectedBytes is the SQL size when known without a file (the generated sample).
	ExpectedBytes int64
}

// Status is how an import ended.
type Status int

const (
	Finished    Status = iota // every statement ran (SQL errors may have been skipped under Force)
	Interrupted               // stopped on request (Stop, ctx cancelled)
	Failed                    // a statement, the input or the server failed
)

func (s Status) String() string {
	return [...]string{"finished", "interrupted", "failed"}[s]
}

// RowCount is a table's rows in the dump and in the server after the import.
type RowCount struct {
	TableCount
	ServerRows int64
	Err        error
}

// Result is what an import did.
type Result struct {
	Input  *dumpfile.Input
	Status Status
	// Replay holds the replay's counters, warnings, tolerated errors and tables.
	Replay *ReplayResult
	// Err is why the replay failed or stopped (nil when Finished).
	Err error
	// RowCounts compare the dump's rows with COUNT(*) per table (empty with
	// SkipRowCounts, or when the import did not finish).
	RowCounts []RowCount
	// Journal is the checkpoint journal of an incomplete import that can be resumed.
	Journal string
	// GiveUp is the statement that removes the progress rows an incomplete import left in
	// the target (checkpoint.GiveUpSQL), for whoever does not want the resume; "" when it
	// left none. They stay for --resume, so nothing removes them by itself.
	GiveUp string
	Took   time.Duration
	// Transform is what filtered and rewrote the statements (nil: none did): its Stats
	// list what was skipped and mapped.
	Transform *transform.Transform
	// Used is what the import really ran with (connections, overwrite, deferred indexes,
	// warning counts) and why where it differs from the Options.
	Used Used
	// txn followed the serial replay's transaction, for RolledBack (nil: parallel).
	txn *txnWatch
}

// Import replays a dump into the server of cfg: preflight, checkpoint begin or resume,
// serial or parallel replay, row counts, checkpoint finish. Errors before the replay
// starts (input, connection, refused preflight) are returned as err; how the replay
// ended is in Result.
//
// A panic in the import's goroutines ends it with a *crash.PanicError (in Result.Err, or
// as err when it happened in the caller's goroutine) after the clean-up ran: put back
// --relax-durability's settings above all, which a crash of the process left relaxed.
func Import(ctx context.Context, cfg *mysql.Config, src Source, o Options) (res *Result, err error) {
	defer crash.Recover(func(perr error) { res, err = nil, perr }) // first: runs after the restore
	ctx, crashed := context.WithCancelCause(ctx)
	defer crashed(nil)
	start := time.Now()
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	r := newResolved(&o)
	src, closeStream, err := streamIfNotRegular(src)
	if err != nil {
		return nil, err
	}
	defer closeStream()
	// With workers, the dispatcher reads the dump far ahead of them: on a host of few
	// cores it decodes inline (dumpfile.OpenInline), which saves the read-ahead's copy and
	// hand-offs where every core is busy anyway. With more cores the read-ahead's overlap
	// of decoding with splitting is worth more than what it costs (decoding, splitting,
	// planning and converting one after another in the dispatcher is ≈ 0.9 s of CPU per
	// 200 MiB: a ceiling near 220 MiB/s that a many-core server could reach).
	in, dumpID, err := openSource(src, r.Parallel > 1 && runtime.NumCPU() <= inlineDecodeMaxCPUs)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	if cfg.AllowAllFiles {
		// The driver would send any file the server asks for; --local-infile allows only
		// the files the dump's statements name (localinfile.go).
		cfg = cfg.Clone()
		cfg.AllowAllFiles = false
	}
	// The parallel replayer (also used for progress rows and deferred indexes) has a
	// control connection besides its N workers.
	nconns := 1
	if r.Parallel > 1 || o.CheckpointPath != "" || o.Resume || r.DeferIndexes || o.LoadData {
		nconns = r.Parallel + 1
	}
	stopCfg := cfg // a connection of the stop's own (stopwait.go), outside the wire watch
	cfg, wires := replay.WatchWire(cfg)
	r.wires = wires
	db, conns, err := openConns(ctx, cfg, nconns, o.OtherConnections, r, log)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	if o.OnConnected != nil {
		o.OnConnected()
	}
	// A stop asked during the preflight or the replay waits for a statement; it says what
	// that statement waits for while it does (the preflight's own checks block on a lock
	// another session holds as the dump's statements do).
	var replaying atomic.Pointer[func() Progress]
	endStopWait := watchStopWait(ctx, o.Stop, stopCfg, func() string {
		if p := replaying.Load(); p != nil {
			return (*p)().Table
		}
		return ""
	}, log, o.OnStopWait, o.StopAbortHint)
	defer endStopWait()
	if !r.Overwrite && o.Resume {
		// A first attempt checked for overwrites statement by statement recorded what the
		// target held at its start: the resume checks the rest of the dump against it (the
		// first attempt's own tables are no overwrite), and stops before the first
		// overwrite as that attempt would have (TestReviewX23ResumeAfterStopOverwrites).
		r.resumeCheck = checkpoint.OverwriteCheckOf(o.CheckpointPath, src.Path)
	}
	if !r.Overwrite && r.resumeCheck == nil && (o.Resume || o.Transform.StartAt > 0) {
		r.Overwrite = true
		r.because("overwrite: a resume or a start offset writes over what exists, the interrupted run's own work")
	}
	// The dump's size is compared once the preflight has read the target, while the
	// progress schema's tables are made (preflight.StartEstimateSpace).
	space := preflight.StartEstimateSpace(ctx, conns[0], src.Path, in)
	early := startProgressSchema(ctx, &o, r, conns)
	if early != nil {
		r.ownSchema = checkpoint.ProgressSchema
		defer func() { early.abandon(ctx, conns[0], log) }() // made for nothing: refused, or Begin failed
	}
	judge, err := runPreflight(ctx, src, &o, r, in, conns[0], log)
	if err != nil {
		return nil, err
	}
	if e, ok, err := space(); err != nil {
		fmt.Fprintln(log, "dumpscope: note: free space not checked:", err)
	} else if ok && e.FreeBytes < e.NeedBytes {
		fmt.Fprintln(log, "dumpscope: warning:", e)
	}
	cp, err := beginCheckpoint(ctx, src, &o, r, dumpID, conns, early.wait(), log)
	if err == nil && early != nil {
		if cp == nil {
			// The preflight made the run serial: the client's target has no such schema
			// while the dump runs.
			early.abandon(ctx, conns[0], log)
		}
		early = nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w%s", err, preflight.PrivilegeHint(err, "progress rows (--parallel, --checkpoint) need the account to have all privileges on "+checkpoint.ProgressSchema+" (GRANT ALL ON "+checkpoint.ProgressSchema+".* TO "+preflight.CurrentAccount(ctx, conns[0])+"); or import without --parallel and --checkpoint"))
	}
	defer checkpoint.Release(cp, false)
	restore, err := relaxSession(ctx, cfg, conns, o, log)
	defer restore()
	if err != nil {
		return nil, err
	}
	var triggers *[][4]string
	if list, ok := checkpoint.TriggersBefore(cp); ok {
		triggers = &list
	}
	if r.transform, err = transform.NewImport(ctx, conns[0], o.Transform, triggers); err != nil {
		return nil, err
	}
	ka := replay.NewKeepalive(ctx, conns, crashed)
	defer ka.Stop()
	live := ka.Conns()
	if nconns == 1 || r.Serial {
		if w := wires.Of(ctx, conns[0]); w != nil {
			w.TrackSQLMode(ctx, conns[0])
			r.wire = w
		}
	}
	if (nconns == 1 || r.Serial) && !r.SkipWarningCount && r.wire == nil {
		// Asking the server after each statement would change what the dump's next
		// statement reads in ROW_COUNT() and FOUND_ROWS(); exactness comes first.
		r.SkipWarningCount = true
		why := "warnings are not counted: with --ssl-mode over TCP the driver's TLS hides the server's warning counts from dumpscope, and asking the server for them would change what the dump's ROW_COUNT() and FOUND_ROWS() return"
		r.because(why)
		fmt.Fprintln(log, "dumpscope: note:", why)
	}
	watch := newTxnWatch(nconns == 1 || r.Serial) // Result.RolledBack
	rep, err := newReplayer(ctx, live, in, o, r, cp, judge, chainStatementHooks(replay.IdleDuring(live[0], o.OnStatement), watch.hook()))
	if err != nil {
		return nil, err
	}
	announce(log, in, r.Parallel, cfg)
	// After the replay the progress says what follows: the row counts take a while on a
	// large restore, and the dashboard stays up meanwhile.
	var after atomic.Pointer[string]
	progress := func() Progress {
		p := rep.Progress()
		if ph := after.Load(); ph != nil {
			p.Phase = *ph
		}
		return p
	}
	done := func() {}
	if o.OnReplay != nil {
		done = o.OnReplay(in, progress)
	}
	replaying.Store(&progress)
	rres, runErr := rep.Run(ctx)
	endStopWait()
	if w := in.Warning(); w != "" {
		// Said once, for the replay's read of the dump (the preflight's scan has its own Input).
		fmt.Fprintln(log, "dumpscope: warning:", w)
	}
	ka.Stop()
	if nconns == 1 {
		endDumpSession(ctx, db, conns)
	}
	if p := crash.Find(context.Cause(ctx)); p != nil {
		runErr = p // what cancelled the replay
	} else if p := in.EstimatePanic(); p != nil && runErr == nil {
		runErr = p
	}

	res = &Result{Input: in, Replay: rres, Err: runErr, Took: time.Since(start), Transform: r.transform, Used: r.Used, txn: watch}
	if !o.SkipRowCounts && runErr == nil && ctx.Err() == nil { // what finish will do
		verifying := PhaseVerifying
		after.Store(&verifying)
	}
	finish(ctx, res, o, conns, cp, log)
	done()
	return res, nil
}

// chainStatementHooks calls a, then b; nil hooks are skipped (nil when both are).
func chainStatementHooks(a, b func(context.Context, *split.Statement) error) func(context.Context, *split.Statement) error {
	if a == nil || b == nil {
		if a == nil {
			return b
		}
		return a
	}
	return func(ctx context.Context, st *split.Statement) error {
		if err := a(ctx, st); err != nil {
			return err
		}
		return b(ctx, st)
	}
}

// replayer is the serial or the parallel replayer.
type replayer interface {
	Progress() Progress
	Run(ctx context.Context) (*ReplayResult, error)
}

// newReplayer picks the replayer: the serial one sends exactly the client's statements;
// progress rows (a checkpoint, which parallel imports always have) and deferred indexes
// need the parallel one, whatever the number of workers.
//
// judge is the preflight's check of each statement (ReplayOptions.Judge: a text of
// several statements whole, before any of it runs), onStatement what is called before
// each statement or part is sent (the caller's hook, the transaction watch).
func newReplayer(ctx context.Context, conns []Conn, in *dumpfile.Input, o Options, r *resolved, cp *checkpoint.Run, judge, onStatement func(context.Context, *split.Statement) error) (replayer, error) {
	sp := split.NewSplitter(in.Reader, split.SplitOptions{KeepComments: o.Comments, BinaryMode: o.BinaryMode, Force: o.Force, Charset: connCharset(ctx, conns[0]),
		Server: connServer(ctx, conns[0])})
	ropt := replay.ReplayOptions{
		Name: in.Name, Force: o.Force, LocalInfile: o.LocalInfile, StripDefiners: o.StripDefiners,
		SkipWarningCount: r.SkipWarningCount, Stop: o.Stop, Judge: judge, OnStatement: onStatement, Resumable: cp.Resumable(),
		Transform: r.transform, Rejects: o.Rejects, TablesTotal: r.tablesTotal, InWorker: o.inWorker, AfterDDL: o.afterDDL, AfterMark: o.afterMark,
		BeforeIndexBuild: o.beforeIndexBuild, Wires: r.wires,
	}
	observeSkipped(r.transform, cp)
	if cp == nil && !r.DeferIndexes && (!o.LoadData || r.Serial) {
		ropt.Wire, ropt.CheckParallel = r.wire, o.CheckParallel
		return replay.NewReplayer(ctx, conns[0], sp, ropt)
	}
	popt := replay.ParallelOptions{ReplayOptions: ropt, BatchBytes: o.BatchBytes, SpoolBytes: o.ReadAheadBytes, Checkpoint: cp, DeferIndexes: r.DeferIndexes, Resumable: cp.Resumable(), LoadData: o.LoadData, Wires: r.wires,
		EarlyRowCounts: !o.SkipRowCounts}
	popt.StreamBytes = func() int64 {
		n, _, _ := in.UncompressedSize()
		return n
	}
	if o.Log != nil {
		popt.Notice = func(line string) { fmt.Fprintln(o.Log, "dumpscope import:", line) }
	}
	return replay.NewParallelReplayer(ctx, conns, sp, popt)
}

// relaxSession applies --skip-binlog and --relax-durability; restore puts the durability
// settings back (call it however the import ends; after a crash of dumpscope itself,
// `dumpscope restore-settings` does it from what the server recorded).
func relaxSession(ctx context.Context, cfg *mysql.Config, conns []*sql.Conn, o Options, log io.Writer) (restore func(), err error) {
	restore = func() {}
	if o.SkipBinlog {
		for _, c := range conns {
			if _, err := c.ExecContext(ctx, "SET SESSION sql_log_bin = 0"); err != nil {
				fmt.Fprintln(log, "dumpscope: warning: --skip-binlog: binary logging stays on:", err)
				break
			}
		}
	}
	if !o.RelaxDurability {
		return restore, nil
	}
	changed, err := RelaxDurability(ctx, conns[0])
	restore = func() { restoreDurability(conns, cfg, log) }
	if err != nil {
		return restore, err
	}
	for _, c := range changed {
		fmt.Fprintf(log, "dumpscope: relaxed for the import: SET GLOBAL %s = %s (restored at the end)\n", c.Name, c.Value)
	}
	return restore, nil
}

// finish sets the result's status, counts rows after a complete replay, and ends the
// checkpoint: progress rows and journal removed when finished, the journal kept (and
// named in the result) when the import can be resumed. When the run is finished before
// the counts (every statement committed), the checkpoint ends on the control connection
// while the others count (countRowsBeside): the DELETEs and the DROP DATABASE of the
// progress schema were serial time after the counts.
func finish(ctx context.Context, r *Result, o Options, conns []*sql.Conn, cp *checkpoint.Run, log io.Writer) {
	switch {
	case errors.Is(r.Err, ErrStopped), errors.Is(r.Err, context.Canceled):
		r.Status = Interrupted
	case r.Err != nil:
		r.Status = Failed
	}
	ended := false
	if r.Replay != nil {
		defer r.Replay.Early.Wait() // a worker's connection is not free before
	}
	if !o.SkipRowCounts && r.Err == nil && ctx.Err() == nil {
		var endFirst func(*sql.Conn)
		if cp != nil && len(conns) > 1 {
			endFirst = func(c *sql.Conn) { endCheckpoint(ctx, cp, c, log) }
		}
		var endPanic error
		r.RowCounts, endPanic = countRowsAfterEarly(ctx, conns, r.Replay.Tables, r.Replay.Early, endFirst)
		ended = endFirst != nil
		if endPanic != nil {
			r.Err, r.Status = endPanic, Failed
		}
		for _, rc := range r.RowCounts {
			if p := crash.Find(rc.Err); p != nil && r.Err == nil {
				r.Err, r.Status = p, Failed
			}
		}
		if ended && r.Status == Failed {
			// The replay had finished: the progress is gone, and a resume would have
			// nothing to run (it says so: TestKilledDuringCountsLeavesClientDatabase).
			fmt.Fprintln(log, "dumpscope: every statement of the dump ran and committed; the checkpoint was removed before this failure at the end, so there is nothing to resume")
		}
	}
	if cp == nil || ended {
		return
	}
	if r.Status == Failed && errors.As(r.Err, new(overwriteStop)) {
		// Refused before an overwrite (runPreflight's per-statement check): no resume,
		// which would run the refused statement over what exists.
		endCheckpoint(ctx, cp, conns[0], log)
		return
	}
	if r.Status != Finished {
		var se *replay.StatementError
		// Only an error a resume could take for "it had run" (checkpoint.AlreadyApplied):
		// not one of its progress row's (ERROR 1205 after the DDL ran:
		// TestReviewX2FailedAtAfterProgressRowError).
		var failedAt *int64
		if r.Status == Failed && errors.As(r.Err, &se) && (checkpoint.AlreadyApplied(se.Code) || se.Code == mysqlerr.NoSuchTable) {
			failedAt = &se.Offset
		}
		if r.Replay != nil {
			if err := checkpoint.RecordEnd(cp, failedAt, r.Replay.DispatchedThrough); err != nil {
				fmt.Fprintln(log, "dumpscope: could not note where the run ended in the checkpoint:", err)
			}
		}
		r.Journal = cp.Journal
		// Its own context: a second Ctrl-C has cancelled the import's.
		gctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		r.GiveUp = cp.GiveUpSQL(gctx, conns[0])
		cancel()
		return
	}
	endCheckpoint(ctx, cp, conns[0], log)
}

// streamIfNotRegular turns a Path that is not a regular file (a FIFO, `<(zcat dump.gz)`,
// /dev/stdin) into the stream it is: it can be read once, so it gets stdin's treatment (no
// preflight scan ahead, no hash of its head read apart from the replay, a checkpoint
// only with an explicit journal). Reading it as a file read its first MiB for the hash
// and lost it to the replay. close closes what it opened.
func streamIfNotRegular(src Source) (_ Source, close func(), err error) {
	if src.Path == "" {
		return src, func() {}, nil
	}
	st, err := os.Stat(src.Path)
	if err != nil || st.Mode().IsRegular() {
		return src, func() {}, nil // Open says what is wrong with it
	}
	f, err := os.Open(src.Path)
	if err != nil {
		return src, nil, err
	}
	return Source{Name: src.Path, Reader: f, Stdin: true, ExpectedBytes: src.ExpectedBytes}, func() { f.Close() }, nil
}

// openSource opens the dump and identifies it for checkpoints: name, stored size and a
// hash of its first MiB as stored (read ahead from stdin, then replayed into the decoder).
// inline: a file is decoded in its reader's goroutine (dumpfile.OpenInline).
func openSource(src Source, inline bool) (*dumpfile.Input, checkpoint.DumpIdentity, error) {
	id := checkpoint.DumpIdentity{Name: src.Path, Size: -1}
	if src.Path == "" {
		id.Name = src.Name
		r := src.Reader
		if src.Stdin {
			br := bufio.NewReaderSize(r, 1<<20)
			head, err := br.Peek(1 << 20)
			if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
				return nil, id, fmt.Errorf("%s: %w", src.Name, err)
			}
			id.HeadSHA256, _ = checkpoint.HeadHash(bytes.NewReader(head))
			r = br
		}
		in, err := dumpfile.OpenReader(src.Name, r, -1)
		return in, id, err
	}
	id, err := checkpoint.IdentifyFile(src.Path)
	if err != nil {
		return nil, id, err
	}
	open := dumpfile.Open
	if inline {
		open = dumpfile.OpenInline
	}
	in, err := open(src.Path)
	return in, id, err
}

// pinned is conns as the replayers and the checkpoint take them.
func pinned(conns []*sql.Conn) []Conn {
	cs := make([]Conn, len(conns))
	for i, c := range conns {
		cs[i] = c
	}
	return cs
}

// openConns opens n pinned connections. A *sql.Conn per worker, never the pool:
// database/sql retries a statement on a fresh connection after driver.ErrBadConn, and that
// connection would lack the dump's SET NAMES, sql_mode and USE.
//
// Before the second one is opened, the first reads what room the server's
// max_connections and the account's limit leave, and r.Parallel is reduced to fit
// (preflight.ConnRoom); others are the caller's own connections (Options.OtherConnections).
func openConns(ctx context.Context, cfg *mysql.Config, n, others int, r *resolved, log io.Writer) (*sql.DB, []*sql.Conn, error) {
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
			return nil, nil, fmt.Errorf("connect %s: %w", dbconn.Describe(cfg), dbconn.ExplainTLS(err))
		}
		conns = append(conns, c)
		if i == 0 {
			if room, err := preflight.ReadConnRoom(ctx, c); err == nil {
				var note strings.Builder // Fit's note is the reason for fewer workers
				fit, workers, err := room.Fit(n, r.Parallel, others, &note)
				if err != nil {
					c.Close()
					db.Close()
					return nil, nil, fmt.Errorf("--parallel %d: %w", r.Parallel, err)
				}
				io.WriteString(log, note.String())
				if workers != r.Parallel {
					r.because(strings.TrimPrefix(strings.TrimSpace(note.String()), "dumpscope: note: "))
				}
				n, r.Parallel = fit, workers
			}
		}
	}
	return db, conns, nil
}

// connCharset is the connection's character set, which the splitter must know to skip
// multibyte characters whose second byte looks like a backslash (gbk, sjis, big5, cp932).
func connCharset(ctx context.Context, c Conn) string {
	var cs string
	if err := c.QueryRowContext(ctx, "SELECT @@character_set_client").Scan(&cs); err != nil {
		return ""
	}
	return cs
}

// endDumpSession ends the serial replay's session as the client's exit does, and puts a
// fresh connection in its place for what follows (row counts). A transaction the dump
// left open (BEGIN without COMMIT, autocommit=0) is rolled back by the server, LOCK
// TABLES released; counted on the dump's session, the row counts saw the rows about to
// be rolled back.
func endDumpSession(ctx context.Context, db *sql.DB, conns []*sql.Conn) {
	discardConns(conns[:1])
	if c, err := db.Conn(ctx); err == nil {
		conns[0] = c
	}
}
