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
		default:
			t.Fatalf("kill sweep: no filter %q (--tables=…, --exclude-tables=…)", f)
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

// sweepPoints is killSweep, or stopSweep when graceful.
func sweepPoints(t *testing.T, script []byte, mode string, keep func(killPoint) bool, graceful bool) []sweepResult {
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
	defer r.Close()
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
	base := sweepMode(t, mode)
	base.CheckpointPath = filepath.Join(dir, "journal")
	base.Log = io.Discard // the first attempts' notices; the resume's are read

	// The points an uninterrupted import meets, in the order it meets them.
	var mu sync.Mutex
	var points []killPoint
	seen := map[killPoint]bool{}
	note := func(kind string, st *split.Statement) error {
		mu.Lock()
		defer mu.Unlock()
		k := killPoint{kind, st.Offset, st.Line}
		if !seen[k] {
			seen[k] = true
			points = append(points, k)
		}
		return nil
	}
	if err := r.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	os.Remove(base.CheckpointPath)
	o := hooked(base, note)
	if _, err := importer.Import(ctx, cfg, importer.Source{Path: file}, o); err != nil {
		t.Fatalf("kill sweep: the uninterrupted import: %v", err)
	}

	var out []sweepResult
	for _, k := range points {
		if graceful {
			if k.kind != "before" {
				continue
			}
			k.kind = "stop"
		}
		if keep != nil && !keep(k) {
			continue
		}
		if err := r.Reset(ctx); err != nil {
			t.Fatal(err)
		}
		os.Remove(base.CheckpointPath)
		var journal []byte
		var fired bool
		stop := make(chan struct{})
		kill := func(kind string, st *split.Statement) error {
			mu.Lock()
			defer mu.Unlock()
			if fired || (kind != k.kind && !(graceful && kind == "before")) || st.Offset != k.offset {
				return nil
			}
			fired = true
			if graceful {
				close(stop) // st is sent; the dispatcher stops before the next one
				return nil
			}
			journal, _ = os.ReadFile(base.CheckpointPath) // as a kill finds it
			return errSweepKill
		}
		genlog := generalLog(t, srv.DSN(""), k)
		first, cancel := context.WithTimeout(ctx, 2*time.Minute)
		oFirst := hooked(base, kill)
		if graceful {
			oFirst.Stop = stop
		}
		res, err := importer.Import(first, cfg, importer.Source{Path: file}, oFirst)
		cancel()
		if !fired {
			t.Logf("%v: not reached this time (%v, %v)", k, res, err)
			genlog()
			continue
		}
		if graceful {
			if err != nil || res.Status != importer.Interrupted {
				t.Logf("%v: the run did not stop there (%v, %v)", k, res.Status, err)
				genlog()
				continue
			}
		} else if journal == nil {
			t.Logf("%v: no journal yet", k)
			genlog()
			continue
		} else if err := os.WriteFile(base.CheckpointPath, journal, 0o600); err != nil {
			t.Fatal(err)
		}
		o := base
		o.Resume = true
		var log bytes.Buffer
		o.Log = &log
		second, cancel := context.WithTimeout(ctx, 2*time.Minute)
		res, err = importer.Import(second, cfg, importer.Source{Path: file}, o)
		cancel()
		if err == nil && res.Err != nil {
			err = res.Err
		}
		if err != nil {
			fmt.Fprintf(&log, "dumpscope import: %v\n", err)
		}
		if os.Getenv("DUMPSCOPE_KILLSWEEP_LOG") != "" {
			t.Logf("%v: the resume said:\n%s", k, log.String())
		}
		genlog()
		have, cerr := r.Ended(ctx, log.Bytes(), err != nil)
		if cerr != nil {
			t.Fatal(cerr)
		}
		if keepDir := os.Getenv("DUMPSCOPE_KILLSWEEP_KEEP"); keepDir != "" {
			_ = os.WriteFile(filepath.Join(keepDir, "client.sql"), want.Dump, 0o644)
			_ = os.WriteFile(filepath.Join(keepDir, fmt.Sprintf("%s-%d.sql", k.kind, k.line)), have.Dump, 0o644)
		}
		out = append(out, sweepResult{at: k, d: difffuzz.Compare(mode, want, have), refused: have.Refused})
	}
	return out
}

// generalLog turns the server's general log on into
// DUMPSCOPE_KILLSWEEP_GENERAL_LOG/<kind>-<line>.log for the point k (both attempts: a
// resume's statements are what a difference is traced by), and returns what turns it off
// again. Unset: nothing.
func generalLog(t *testing.T, dsn string, k killPoint) func() {
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
	file := filepath.Join(dir, fmt.Sprintf("%s-%d.log", k.kind, k.line))
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
//   - DUMPSCOPE_KILLSWEEP_GENERAL_LOG=dir: the server's general log of each point's two
//     attempts there (kind-line.log; the directory must be writable by the server).
func TestKillSweep(t *testing.T) {
	path, seeds := os.Getenv("DUMPSCOPE_KILLSWEEP"), os.Getenv("DUMPSCOPE_KILLSWEEP_SEEDS")
	if path == "" && seeds == "" {
		t.Skip("DUMPSCOPE_KILLSWEEP=script.sql or DUMPSCOPE_KILLSWEEP_SEEDS=94100-94103 [DUMPSCOPE_KILLSWEEP_MODE=resume-spool] [DUMPSCOPE_KILLSWEEP_LINES=40-80] sweeps a script's kill points")
	}
	mode := cmp.Or(os.Getenv("DUMPSCOPE_KILLSWEEP_MODE"), "resume")
	if seeds != "" {
		// The fuzzer's scripts of those seeds in mode, as its CLI makes them (--off known,
		// --resume-off none; the load-data profile in the modes with --load-data).
		a, b, _ := strings.Cut(seeds, "-")
		first, err := strconv.ParseInt(a, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		last, err := strconv.ParseInt(cmp.Or(b, a), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		cfg := difffuzz.Config{Off: difffuzz.InSuiteOff}
		if sweepMode(t, mode).LoadData {
			cfg.Profile = difffuzz.ProfileLoadData
		}
		for seed := first; seed <= last; seed++ {
			t.Run(strconv.FormatInt(seed, 10), func(t *testing.T) {
				sweepLogged(t, difffuzz.Generate(seed, cfg).SQL(), fmt.Sprintf("seed %d", seed), mode)
			})
		}
		return
	}
	script, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	from, to := int64(0), int64(1<<62)
	if l := os.Getenv("DUMPSCOPE_KILLSWEEP_LINES"); l != "" {
		a, b, _ := strings.Cut(l, "-")
		from, _ = strconv.ParseInt(a, 10, 64)
		if to, err = strconv.ParseInt(b, 10, 64); err != nil {
			to = from
		}
	}
	sweepLogged(t, script, path, mode, func(k killPoint) bool { return k.line >= from && k.line <= to })
}

// sweepLogged sweeps script (named what) in mode at the points keep accepts (none given:
// all), logs each point's outcome, and fails on each difference.
func sweepLogged(t *testing.T, script []byte, what, mode string, keep ...func(killPoint) bool) {
	t.Helper()
	var only func(killPoint) bool
	if len(keep) > 0 {
		only = keep[0]
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
