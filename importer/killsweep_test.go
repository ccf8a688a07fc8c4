package importer_test

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/difffuzz"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The deterministic kill sweep. The fuzzer's modes with kills send SIGKILL a random
// 0–250 ms into the import, so a difference only some kill points show comes back on a
// rerun or not (seeds 81617, 81641, 88021, 88022 did not). The sweep runs the import in
// this process and interrupts it at one point per import, every point in turn, then
// resumes and compares with the client as the fuzzer does (difffuzz.Compare: a refusal
// that names what to check is allowed). The points are the test hooks' (killPoint); the
// journal is put back as it was at the point, so the resume finds what a kill leaves
// (a failed run also writes where it failed and what it had dispatched).

// killPoint is where the sweep interrupts the first attempt:
//   - before: the statement at offset is about to be dispatched (Options.OnStatement):
//     everything before it was sent, what it still owes (a progress row held for the
//     next statement, a serial statement's user variables, a volatile statement's
//     nothing) is not written;
//   - ran: a statement run with progress rows as a barrier returned, before its marker
//     and progress row (importer.WithAfterDDLHook): the server ran it, dumpscope did not
//     record it;
//   - marked: a non-transactional write's marker was written, before its progress row
//     (importer.WithAfterMarkHook).
type killPoint struct {
	kind   string
	offset int64
	line   int64
}

func (k killPoint) String() string {
	return fmt.Sprintf("%s line %d (offset %d)", k.kind, k.line, k.offset)
}

// errSweepKill ends the first attempt at the point.
var errSweepKill = errors.New("kill sweep: killed here")

// sweepMode is a kill mode of the fuzzer as Options (internal/difffuzz Modes: the same
// flags, --default-character-set utf8mb4, --allow-system-schemas), with the table
// filters that follow it ("resume --tables=d.t1,d.t2", "resume --exclude-tables=d.t9":
// the filter-resume mode's; the script must be one the filter keeps whole, since the
// client's import is the reference).
func sweepMode(t *testing.T, mode string) importer.Options {
	t.Helper()
	o := importer.Options{Parallel: 2, BatchBytes: 2 << 10, AllowSystemSchemas: true, CharsetGiven: true}
	mode, filters, _ := strings.Cut(mode, " ")
	for _, f := range strings.Fields(filters) {
		switch name, list, _ := strings.Cut(f, "="); name {
		case "--tables":
			o.Transform.Tables = strings.Split(list, ",")
		case "--exclude-tables":
			o.Transform.ExcludeTables = strings.Split(list, ",")
		case "--include-databases":
			o.Transform.IncludeDatabases = strings.Split(list, ",")
		default:
			t.Fatalf("kill sweep: no filter %q (--tables=…, --exclude-tables=…, --include-databases=…)", f)
		}
	}
	switch mode {
	case "resume":
	case "resume-load-data":
		o.LoadData = true
	case "resume-defer-indexes":
		o.DeferIndexes = true
	case "resume-spool":
		o.LoadData, o.BatchBytes = true, 512
	default:
		t.Fatalf("kill sweep: no mode %q (resume, resume-load-data, resume-defer-indexes, resume-spool)", mode)
	}
	return o
}

// sweepResult is one kill point's outcome: d nil, the client's (or a refusal: refused).
type sweepResult struct {
	at      killPoint
	d       *difffuzz.Difference
	refused string
}

// killSweep imports script with the client, then with dumpscope in mode once per kill
// point that keep accepts (nil: all), each time killed there and resumed, and returns
// each point's outcome. The points are those an uninterrupted import in mode meets.
func killSweep(t *testing.T, script []byte, mode string, keep func(killPoint) bool) []sweepResult {
	t.Helper()
	return sweepPoints(t, script, mode, keep, false)
}

// stopSweep is killSweep with a graceful stop (Options.Stop, as Ctrl-C) where the kill
// would be, at each "before" point: the statement there is the last one sent, and the
// run ends on its own, writing in the journal how far it sent (checkpoint.RecordEnd). Its
// points are "stop L". A stop that waits for the end (inside the dump's one transaction)
// is logged and left out.
func stopSweep(t *testing.T, script []byte, mode string, keep func(killPoint) bool) []sweepResult {
	t.Helper()
	return sweepPoints(t, script, mode, keep, true)
}

// sweepEnv is what every import of a sweep starts from: the sandbox, the client's
// outcome, the script's file, the mode's options, and the kill points an uninterrupted
// import in the mode meets, in the order it meets them.
type sweepEnv struct {
	t      *testing.T
	srv    *sandbox.Server
	r      *difffuzz.Runner
	want   difffuzz.Outcome
	file   string
	cfg    *mysql.Config
	base   importer.Options
	mode   string
	points []killPoint
	mu     sync.Mutex // the hooks run on the replay's goroutines
}

// newSweepEnv imports script with the client, then once with dumpscope in mode,
// uninterrupted, to find its kill points.
func newSweepEnv(t *testing.T, script []byte, mode string) *sweepEnv {
	t.Helper()
	ctx := context.Background()
	srv := testsandbox.Start(t, difffuzz.SandboxSettings...)
	target, err := difffuzz.SandboxTarget(srv, "")
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	r, err := difffuzz.NewRunner(target, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	want, err := r.Client(ctx, script)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "script.sql")
	if err := os.WriteFile(file, script, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Collation = "utf8mb4_general_ci" // --default-character-set utf8mb4
	e := &sweepEnv{t: t, srv: srv, r: r, want: want, file: file, cfg: cfg, base: sweepMode(t, mode), mode: mode}
	e.base.CheckpointPath = filepath.Join(dir, "journal")
	e.base.Log = io.Discard // the first attempts' notices; the resume's are read

	seen := map[killPoint]bool{}
	note := func(kind string, st *split.Statement) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		k := killPoint{kind, st.Offset, st.Line}
		if !seen[k] {
			seen[k] = true
			e.points = append(e.points, k)
		}
		return nil
	}
	e.reset()
	if _, err := importer.Import(ctx, cfg, importer.Source{Path: file}, hooked(e.base, note)); err != nil {
		t.Fatalf("kill sweep: the uninterrupted import: %v", err)
	}
	return e
}

// reset leaves the target and the journal as every first attempt starts from them.
func (e *sweepEnv) reset() {
	if err := e.r.Reset(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	os.Remove(e.base.CheckpointPath)
}

// killAt runs one attempt (resume: with --resume) and kills it at k: the journal is put
// back as it was at the point. fired says the attempt met k; when it did not, the
// attempt ran to its end and its outcome is in res, err.
func (e *sweepEnv) killAt(k killPoint, resume bool) (fired bool, res *importer.Result, err error) {
	var journal []byte
	kill := func(kind string, st *split.Statement) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		if fired || kind != k.kind || st.Offset != k.offset {
			return nil
		}
		fired = true
		journal, _ = os.ReadFile(e.base.CheckpointPath) // as a kill finds it
		return errSweepKill
	}
	o := hooked(e.base, kill)
	o.Resume = resume
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err = importer.Import(ctx, e.cfg, importer.Source{Path: e.file}, o)
	if !fired {
		return false, res, err
	}
	if journal == nil {
		return false, res, fmt.Errorf("no journal yet")
	}
	if err := os.WriteFile(e.base.CheckpointPath, journal, 0o600); err != nil {
		e.t.Fatal(err)
	}
	return true, res, nil
}

// resumeAndCompare resumes the import to its end and judges what it left against the
// client's import, as the fuzzer does; what names the kills in the logs.
func (e *sweepEnv) resumeAndCompare(what string) (*difffuzz.Difference, string) {
	t := e.t
	o := e.base
	o.Resume = true
	var log bytes.Buffer
	o.Log = &log
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	res, err := importer.Import(ctx, e.cfg, importer.Source{Path: e.file}, o)
	cancel()
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if err != nil {
		fmt.Fprintf(&log, "dumpscope import: %v\n", err)
	}
	if os.Getenv("DUMPSCOPE_KILLSWEEP_LOG") != "" {
		t.Logf("%s: the resume said:\n%s", what, log.String())
	}
	have, cerr := e.r.Ended(context.Background(), log.Bytes(), err != nil)
	if cerr != nil {
		t.Fatal(cerr)
	}
	if keepDir := os.Getenv("DUMPSCOPE_KILLSWEEP_KEEP"); keepDir != "" {
		_ = os.WriteFile(filepath.Join(keepDir, "client.sql"), e.want.Dump, 0o644)
		_ = os.WriteFile(filepath.Join(keepDir, strings.ReplaceAll(what, " ", "-")+".sql"), have.Dump, 0o644)
	}
	return difffuzz.Compare(e.mode, e.want, have), have.Refused
}

// sweepPoints is killSweep, or stopSweep when graceful.
func sweepPoints(t *testing.T, script []byte, mode string, keep func(killPoint) bool, graceful bool) []sweepResult {
	t.Helper()
	e := newSweepEnv(t, script, mode)
	var out []sweepResult
	for _, k := range e.points {
		if graceful {
			if k.kind != "before" {
				continue
			}
			k.kind = "stop"
		}
		if keep != nil && !keep(k) {
			continue
		}
		e.reset()
		genlog := generalLog(t, e.srv.DSN(""), k.kind+"-"+itoa(k.line))
		if !graceful {
			fired, res, err := e.killAt(k, false)
			if !fired {
				t.Logf("%v: not reached this time (%v, %v)", k, res, err)
				genlog()
				continue
			}
		} else {
			var fired bool
			stop := make(chan struct{})
			at := func(kind string, st *split.Statement) error {
				e.mu.Lock()
				defer e.mu.Unlock()
				if !fired && kind == "before" && st.Offset == k.offset {
					fired = true
					close(stop) // st is sent; the dispatcher stops before the next one
				}
				return nil
			}
			o := hooked(e.base, at)
			o.Stop = stop
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			res, err := importer.Import(ctx, e.cfg, importer.Source{Path: e.file}, o)
			cancel()
			if !fired || err != nil || res.Status != importer.Interrupted {
				t.Logf("%v: the run did not stop there (%v, %v, %v)", k, fired, res.Status, err)
				genlog()
				continue
			}
		}
		d, refused := e.resumeAndCompare(k.kind + " " + itoa(k.line))
		genlog()
		out = append(out, sweepResult{at: k, d: d, refused: refused})
	}
	return out
}

// pairResult is one pair of kill points' outcome: the first attempt killed at first,
// the resume killed at second, the second resume's outcome (d nil: the client's).
type pairResult struct {
	first, second killPoint
	d             *difffuzz.Difference
	refused       string
}

func (r pairResult) String() string { return fmt.Sprintf("killed %v, then %v", r.first, r.second) }

// twoKillSweep is killSweep with two kills, as the fuzzer's kill modes make one time in
// three (Runner.Dumpscope): the first attempt killed at a point first accepts, its
// resume killed at a point second(first point, second point) accepts, and resumed again
// to the end. The second kill's points are the uninterrupted import's, each tried on the
// resume (earlier ones too: a resume sends the writes of temporary tables before its
// resume point again); a pair whose second point the resume does not meet is left out
// (its outcome is the one kill's). Seed 115003's difference (TestDiffFuzzFoundS48…) was
// one pair's.
func twoKillSweep(t *testing.T, script []byte, mode string, first func(killPoint) bool, second func(a, b killPoint) bool) []pairResult {
	t.Helper()
	e := newSweepEnv(t, script, mode)
	var out []pairResult
	unreached := 0
	for _, a := range e.points {
		if first != nil && !first(a) {
			continue
		}
		for _, b := range e.points {
			if second != nil && !second(a, b) {
				continue
			}
			e.reset()
			if fired, res, err := e.killAt(a, false); !fired {
				t.Logf("%v: not reached this time (%v, %v)", a, res, err)
				break
			}
			if fired, _, _ := e.killAt(b, true); !fired {
				unreached++
				continue
			}
			r := pairResult{first: a, second: b}
			r.d, r.refused = e.resumeAndCompare(fmt.Sprintf("%s %d then %s %d", a.kind, a.line, b.kind, b.line))
			out = append(out, r)
		}
	}
	t.Logf("two-kill sweep: %d pairs run, %d left out (the resume did not meet the second point)", len(out), unreached)
	return out
}

// generalLog turns the server's general log on into
// DUMPSCOPE_KILLSWEEP_GENERAL_LOG/<name>.log (name: the point's kind-line; both
// attempts: a resume's statements are what a difference is traced by), and returns what turns it off
// again. Unset: nothing.
func generalLog(t *testing.T, dsn string, name string) func() {
	t.Helper()
	dir := os.Getenv("DUMPSCOPE_KILLSWEEP_GENERAL_LOG")
	if dir == "" {
		return func() {}
	}
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	var was string
	if err := db.QueryRow("SELECT @@GLOBAL.general_log_file").Scan(&was); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+".log")
	for _, q := range []string{"SET GLOBAL general_log = 0", "SET GLOBAL general_log_file = '" + file + "'", "SET GLOBAL general_log = 1"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		defer db.Close()
		for _, q := range []string{"SET GLOBAL general_log = 0", "SET GLOBAL general_log_file = '" + was + "'"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// hooked is o with every kill point's hook calling f (kind, statement); an error from f
// ends the import there.
func hooked(o importer.Options, f func(kind string, st *split.Statement) error) importer.Options {
	o.OnStatement = func(_ context.Context, st *split.Statement) error { return f("before", st) }
	o = importer.WithAfterDDLHook(o, func(st *split.Statement) error { return f("ran", st) })
	return importer.WithAfterMarkHook(o, func(st *split.Statement) error { return f("marked", st) })
}

// TestKillSweep sweeps the kill points of a script, and fails on each difference (it
// logs every point's outcome). What it sweeps, by environment variable:
//   - DUMPSCOPE_KILLSWEEP=script.sql: a script (the fuzzer's found scripts: their header
//     comments are comments), or DUMPSCOPE_KILLSWEEP_SEEDS=94100-94103: the fuzzer's
//     scripts of those seeds as its CLI makes them for the mode;
//   - DUMPSCOPE_KILLSWEEP_MODE: the fuzzer's kill mode (default resume);
//   - DUMPSCOPE_KILLSWEEP_LINES=from-to: only the points at those lines of the file;
//   - DUMPSCOPE_KILLSWEEP_LOG=1: log each resume's messages;
//   - DUMPSCOPE_KILLSWEEP_KEEP=dir: write the client's re-dump and each point's there;
//   - DUMPSCOPE_KILLSWEEP_STOP=1: a graceful stop at each point instead of a kill (stopSweep);
//   - DUMPSCOPE_KILLSWEEP_TWO=1: two kills (twoKillSweep): the first at each point
//     DUMPSCOPE_KILLSWEEP_LINES keeps, the resume's at each point at the lines
//     DUMPSCOPE_KILLSWEEP_LINES2=from-to gives (unset: all), then a second resume;
//   - DUMPSCOPE_KILLSWEEP_GENERAL_LOG=dir: the server's general log of each point's two
//     attempts there (kind-line.log; the directory must be writable by the server).
func TestKillSweep(t *testing.T) {
	path, seeds := os.Getenv("DUMPSCOPE_KILLSWEEP"), os.Getenv("DUMPSCOPE_KILLSWEEP_SEEDS")
	if path == "" && seeds == "" {
		t.Skip("DUMPSCOPE_KILLSWEEP=script.sql or DUMPSCOPE_KILLSWEEP_SEEDS=94100-94103 [DUMPSCOPE_KILLSWEEP_MODE=resume-spool] [DUMPSCOPE_KILLSWEEP_LINES=40-80] sweeps a script's kill points")
	}
	mode := cmp.Or(os.Getenv("DUMPSCOPE_KILLSWEEP_MODE"), "resume")
	if seeds != "" {
		// The fuzzer's scripts of those seeds in mode, as its CLI makes them by default
		// (--off known, the mode's default --resume-off; the load-data profile in the
		// modes with --load-data): a seed a search found is the same script here. Not
		// InSuiteOff: that leaves out x-fuzz2's constructs (worker-session,
		// load-warnings) too, to keep TestDiffFuzzShort's time, and such a seed's
		// script would not be the one the search ran.
		a, b, _ := strings.Cut(seeds, "-")
		first, err := strconv.ParseInt(a, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		last, err := strconv.ParseInt(cmp.Or(b, a), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		name, _, _ := strings.Cut(mode, " ")
		cfg := difffuzz.Config{Off: append(append([]difffuzz.Construct(nil), difffuzz.KnownBugs...), difffuzz.InSuiteModeOff[name]...)}
		if sweepMode(t, mode).LoadData {
			cfg.Profile = difffuzz.ProfileLoadData
		}
		for seed := first; seed <= last; seed++ {
			t.Run(strconv.FormatInt(seed, 10), func(t *testing.T) {
				sweepLogged(t, difffuzz.Generate(seed, cfg).SQL(), fmt.Sprintf("seed %d", seed), mode, linesOf(t, "DUMPSCOPE_KILLSWEEP_LINES"))
			})
		}
		return
	}
	script, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sweepLogged(t, script, path, mode, linesOf(t, "DUMPSCOPE_KILLSWEEP_LINES"))
}

// linesOf is the kill points at the lines the environment variable name gives
// ("from-to", or one line), all when it is unset.
func linesOf(t *testing.T, name string) func(killPoint) bool {
	l := os.Getenv(name)
	if l == "" {
		return func(killPoint) bool { return true }
	}
	a, b, _ := strings.Cut(l, "-")
	from, err := strconv.ParseInt(a, 10, 64)
	if err != nil {
		t.Fatalf("%s=%s: want from-to", name, l)
	}
	to, err := strconv.ParseInt(b, 10, 64)
	if err != nil {
		to = from
	}
	return func(k killPoint) bool { return k.line >= from && k.line <= to }
}

// sweepLogged sweeps script (named what) in mode at the points keep accepts (none given:
// all), logs each point's outcome, and fails on each difference.
func sweepLogged(t *testing.T, script []byte, what, mode string, keep ...func(killPoint) bool) {
	t.Helper()
	var only func(killPoint) bool
	if len(keep) > 0 {
		only = keep[0]
	}
	if os.Getenv("DUMPSCOPE_KILLSWEEP_TWO") != "" {
		second := linesOf(t, "DUMPSCOPE_KILLSWEEP_LINES2")
		pairs := twoKillSweep(t, script, mode, only, func(_, b killPoint) bool { return second(b) })
		differ, refused := 0, 0
		for _, r := range pairs {
			switch {
			case r.d != nil:
				differ++
				t.Errorf("%v: %v", r, r.d)
			case r.refused != "":
				refused++
				t.Logf("%v: refused: %s", r, r.refused)
			default:
				t.Logf("%v: the client's", r)
			}
		}
		t.Logf("two-kill sweep of %s in %s: %d pairs, %d differ, %d refused", what, mode, len(pairs), differ, refused)
		return
	}
	results := sweepPoints(t, script, mode, only, os.Getenv("DUMPSCOPE_KILLSWEEP_STOP") != "")
	differ, refused := 0, 0
	for _, r := range results {
		switch {
		case r.d != nil:
			differ++
			t.Errorf("%v: %v", r.at, r.d)
		case r.refused != "":
			refused++
			t.Logf("%v: refused: %s", r.at, r.refused)
		default:
			t.Logf("%v: the client's", r.at)
		}
	}
	t.Logf("kill sweep of %s in %s: %d points, %d differ, %d refused", what, mode, len(results), differ, refused)
}
