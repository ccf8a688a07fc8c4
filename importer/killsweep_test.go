package importer_test

import (
	"bytes"
	"cmp"
	"context"
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
// flags, --default-character-set utf8mb4, --allow-system-schemas).
func sweepMode(t *testing.T, mode string) importer.Options {
	t.Helper()
	o := importer.Options{Parallel: 2, BatchBytes: 2 << 10, AllowSystemSchemas: true, CharsetGiven: true}
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
		if keep != nil && !keep(k) {
			continue
		}
		if err := r.Reset(ctx); err != nil {
			t.Fatal(err)
		}
		os.Remove(base.CheckpointPath)
		var journal []byte
		var fired bool
		kill := func(kind string, st *split.Statement) error {
			mu.Lock()
			defer mu.Unlock()
			if fired || kind != k.kind || st.Offset != k.offset {
				return nil
			}
			fired = true
			journal, _ = os.ReadFile(base.CheckpointPath) // as a kill finds it
			return errSweepKill
		}
		first, cancel := context.WithTimeout(ctx, 2*time.Minute)
		res, err := importer.Import(first, cfg, importer.Source{Path: file}, hooked(base, kill))
		cancel()
		if !fired {
			t.Logf("%v: not reached this time (%v, %v)", k, res, err)
			continue
		}
		if journal == nil {
			t.Logf("%v: no journal yet", k)
			continue
		}
		if err := os.WriteFile(base.CheckpointPath, journal, 0o600); err != nil {
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

// hooked is o with every kill point's hook calling f (kind, statement); an error from f
// ends the import there.
func hooked(o importer.Options, f func(kind string, st *split.Statement) error) importer.Options {
	o.OnStatement = func(_ context.Context, st *split.Statement) error { return f("before", st) }
	o = importer.WithAfterDDLHook(o, func(st *split.Statement) error { return f("ran", st) })
	return importer.WithAfterMarkHook(o, func(st *split.Statement) error { return f("marked", st) })
}

// TestKillSweep sweeps the kill points of a script (the fuzzer's found scripts: header
// comments are comments): DUMPSCOPE_KILLSWEEP=script.sql, DUMPSCOPE_KILLSWEEP_MODE (the
// fuzzer's kill mode, default resume), DUMPSCOPE_KILLSWEEP_LINES=from-to (the kill
// points' statement lines, default all). It fails on any difference, and logs every
// point's outcome.
func TestKillSweep(t *testing.T) {
	path := os.Getenv("DUMPSCOPE_KILLSWEEP")
	if path == "" {
		t.Skip("DUMPSCOPE_KILLSWEEP=script.sql [DUMPSCOPE_KILLSWEEP_MODE=resume-spool] [DUMPSCOPE_KILLSWEEP_LINES=40-80] sweeps a script's kill points")
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
	mode := cmp.Or(os.Getenv("DUMPSCOPE_KILLSWEEP_MODE"), "resume")
	results := killSweep(t, script, mode, func(k killPoint) bool { return k.line >= from && k.line <= to })
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
	t.Logf("kill sweep of %s in %s: %d points, %d differ, %d refused", path, mode, len(results), differ, refused)
}
