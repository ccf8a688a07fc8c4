package run

import (
	"cmp"
	"context"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// ImportOptions are what Import adds to the importer's Options: the sampling session and
// the hooks a command hangs its dashboard on.
type ImportOptions struct {
	// Session configures the sampling session; Import fills its Progress and Dump.
	Session Options
	// NoServer samples nothing on the server (--no-advisor): the session is progress-only.
	NoServer bool
	// ExpectedBytes is the SQL size when the input cannot tell it (a generated sample).
	ExpectedBytes int64
	// ETA is the estimator the progress feeds (nil: a new one), which may follow an
	// earlier run's curve (NewETA); it sees the progress once more after the last tick,
	// so this run's curve reaches its end however short the run.
	ETA *advisor.ETAEstimator
	// Command names the command in Log's lines ("import", "bench").
	Command string
	// Log receives the notes of Import: what is sampled, why the advisor is disabled, the
	// input's decompressor. Nil: none.
	Log io.Writer
	// Started is called once the session is open, before its first tick and the first
	// statement: sampled says the server is sampled (the dashboard has something to
	// show). Nil: nothing.
	Started func(in *dumpfile.Input, sess *Session, sampled bool)
	// Stopping is called when the replay has ended, before the session stops (the
	// dashboard closes here, so its last frame has the last tick). Nil: nothing.
	Stopping func()
	// SessionFailed is called with why the server cannot be sampled (the import goes on
	// with a progress-only session); nil: it is said on Log.
	SessionFailed func(error)
	// Crashed is called with the sampling session's recovered panic, after it is kept in
	// Result.Panic; the caller aborts the import (its clean-up still runs). Nil: the
	// import goes on unsampled.
	Crashed func(error)
}

// Result is an import's result with its sampling session.
type Result struct {
	*importer.Result
	// Session is the run's session; nil when none could open (its Close is the caller's).
	Session *Session
	// Sampled says the server was sampled: the session has findings and a run record.
	Sampled bool
	// ReplaySeconds is the replay's own time, from its first statement to its last, the
	// preflight, the probe and the row counts left out (what bench compares).
	ReplaySeconds float64
	// Panic is the sampling session's recovered panic, or nil.
	Panic error
}

// Import runs one import with its sampling session: importer.Import with an OnReplay hook
// that opens the session (Open, or OpenProgressOnly without a server to sample) once the
// replay is about to start, runs its monitor beside the replay and stops it when the
// replay ends. The returned Result carries the session even when err is not nil; the
// caller closes it.
func Import(ctx context.Context, cfg *mysql.Config, src importer.Source, iopt importer.Options, o ImportOptions) (*Result, error) {
	r := &Result{}
	var panicked atomic.Pointer[error]
	prefix := "dumpscope " + cmp.Or(o.Command, "import") + ":"
	// A serial replay tells the advisor whether the dump could run in parallel exactly
	// (the hint for idle cores); without a server to sample no rule reads it.
	iopt.CheckParallel = !o.NoServer
	var early *earlySession
	if !o.NoServer && !iopt.RelaxDurability && o.Session.ProbeDuration <= 0 {
		// Not under --relax-durability: the record keeps the server's variables as the
		// replay starts, after the relaxing; nor with the probe, which the preflight's
		// work would disturb.
		iopt.OnConnected = func() { early = openEarly(ctx, cfg, o.Session) }
	}
	defer func() { early.closeUnused() }()
	iopt.OnReplay = func(in *dumpfile.Input, progress func() importer.Progress) func() {
		if in.Inflate != "" {
			logf(o.Log, "dumpscope: %s input, inflate: %s\n", in.Format, in.Inflate)
		}
		pf := ImportProgress(in, progress, o.ExpectedBytes, o.ETA)
		r.Session, r.Sampled = openImportSession(ctx, cfg, o, in, pf, prefix, early.take(in, pf))
		if r.Session == nil {
			start := time.Now()
			return func() { r.ReplaySeconds = time.Since(start).Seconds(); pf() }
		}
		if o.Started != nil {
			o.Started(in, r.Session, r.Sampled)
		}
		var wg sync.WaitGroup
		monCtx, monStop := context.WithCancel(ctx)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer crash.Recover(func(err error) {
				panicked.CompareAndSwap(nil, &err)
				if o.Crashed != nil {
					o.Crashed(err)
				}
			})
			_ = r.Session.Run(monCtx)
		}()
		start := time.Now()
		return func() {
			r.ReplaySeconds = time.Since(start).Seconds()
			if o.Stopping != nil {
				o.Stopping()
			}
			monStop()
			wg.Wait()
			pf()
		}
	}
	res, err := importer.Import(ctx, cfg, src, iopt)
	r.Result = res
	if p := panicked.Load(); p != nil {
		r.Panic = *p
	}
	return r, err
}

// openImportSession starts sampling for the import: the server's session when it can be
// sampled (sampled is true), else a progress-only one so the headless line still prints.
//
// opened, when not nil, is the session opened beside the preflight (openEarly): its
// result is taken in place of an Open here.
func openImportSession(ctx context.Context, cfg *mysql.Config, o ImportOptions, in *dumpfile.Input, progress advisor.ProgressFunc, prefix string, opened func() (*Session, error)) (sess *Session, sampled bool) {
	sopt := o.Session
	sopt.Progress = progress
	sopt.Dump = &advisor.DumpInfo{Name: in.Name, CompressedBytes: max(in.Size, 0)}
	if !o.NoServer {
		if opened == nil {
			opened = func() (*Session, error) { return Open(ctx, cfg, sopt) }
		}
		sess, err := opened()
		if err == nil {
			logf(o.Log, "dumpscope: sampling %s\n", sess.Describe())
			return sess, true
		}
		if o.SessionFailed != nil {
			o.SessionFailed(err)
		} else {
			logf(o.Log, "%s advisor disabled: %v\n", prefix, err)
		}
	}
	sopt.Record = false
	sopt.LogEvery, sopt.Sinks = 1, nil // no dashboard without server samples: the log line
	sess, err := OpenProgressOnly(sopt)
	if err != nil {
		logf(o.Log, "%s no progress lines: %v\n", prefix, err)
		return nil, false
	}
	return sess, false
}

// ProgressTick is the importer's progress as a tick carries it: SQL applied (read minus
// what is queued or in flight) and read, the input's compressed position and size, its
// uncompressed size when known without decompressing, the table and the phase. It is
// the one mapping: the session's ticks and the metrics' final totals (which used to
// drop the phase and the table counts) both use it.
func ProgressTick(p importer.Progress, in *dumpfile.Input) advisor.ImportProgress {
	ip := advisor.ImportProgress{Bytes: p.Bytes - p.PendingBytes, ReadBytes: p.Bytes, Statements: p.Statements, Rows: p.Rows, Commits: p.Commits,
		CompressedBytes: in.CompressedBytesRead(), CompressedTotalBytes: max(in.Size, 0),
		Errors: p.Errors, Warnings: p.Warnings, Table: p.Table,
		Phase: p.Phase, TablesDone: p.TablesDone, TablesTotal: p.TablesTotal,
		ParallelChecked: p.ParallelChecked, SerialReason: p.SerialReason, Indexes: p.Indexes}
	if b, exact, ok := in.UncompressedSize(); ok {
		ip.ExpectedBytes, ip.ExpectedExact = b, exact
	}
	return ip
}

// ImportProgress samples the import for the session's ticks: ProgressTick, the ETA from
// the recent and the average pace, and expectedBytes (a generated sample's size), which
// overrides the input's own size. eta (nil: a new one) is the estimator, which may follow
// an earlier run's Profile and keeps this run's Curve for the caller to read once the
// session has stopped.
func ImportProgress(in *dumpfile.Input, progress func() importer.Progress, expectedBytes int64, eta *advisor.ETAEstimator) advisor.ProgressFunc {
	start := time.Now()
	if eta == nil {
		eta = &advisor.ETAEstimator{}
	}
	return func() advisor.ImportProgress {
		ip := ProgressTick(progress(), in)
		if expectedBytes > 0 {
			ip.ExpectedBytes, ip.ExpectedExact = expectedBytes, true
		}
		eta.Estimate(&ip, time.Since(start).Seconds())
		return ip
	}
}
