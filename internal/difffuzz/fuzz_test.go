package difffuzz

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/longtest"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// goBuild builds the package pkg into dir and returns the binary's path.
func goBuild(t *testing.T, pkg, name string) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	out := filepath.Join(t.TempDir(), name)
	if msg, err := exec.Command(gobin, "build", "-o", out, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
	return out
}

// newTestRunner starts a sandbox and a runner on it for the importer at bin.
func newTestRunner(t *testing.T, bin string) *Runner {
	t.Helper()
	testsandbox.RequireTool(t, "mariadb")
	testsandbox.RequireTool(t, "mariadb-dump")
	srv := testsandbox.Start(t, SandboxSettings...)
	target, err := SandboxTarget(srv, bin)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(target, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestDiffFuzzShort is the fuzzer's in-suite run: 8 scripts (24 with DUMPSCOPE_LONG=1,
// scripts/longtests.sh; 4 with -short) through every mode (the modes added for the long runs: their InSuiteSeeds) against
// today's dumpscope, with the constructs of the differences
// known and not yet fixed switched off (InSuiteOff, InSuiteModeOff, docs/difffuzz.md).
// A difference in a mode without kills fails the test with the shrunk script. The resume
// mode's kill lands where the machine's speed puts it (SIGKILL a seeded delay after the
// journal appears), and a difference only some kill points show (docs/difffuzz.md: the
// two the in-suite run met, seeds 16 and 809, are fixed or refused since) would make it
// red at random: a difference in a mode with kills is logged with its shrunk script
// and run once more, and the run goes on with the next seed, so that CI shows it
// without going red at random. `go run ./scripts/difffuzz --modes resume` fails on it.
func TestDiffFuzzShort(t *testing.T) {
	bin := goBuild(t, "github.com/dumpscope/dumpscope/cmd/dumpscope", "dumpscope")
	r := newTestRunner(t, bin)
	// Seeds 1–8 run every mode (the long-run modes' 4 each) in a third of the time of
	// 1–24, which took 156 s of a 966 s CI; the seeds stay fixed, so a new difference
	// comes from a change, not from the day's rotation.
	count := 8
	switch {
	case longtest.On():
		count = 24
	case testing.Short():
		count = 4
	}
	run := func(seed int64, count int, modes []Mode, budget time.Duration) Result {
		t.Helper()
		res, err := Fuzz(context.Background(), r, Options{
			Seed: seed, Count: count, Modes: modes, Config: Config{Off: InSuiteOff}, ModeOff: InSuiteModeOff, Out: t.TempDir(),
			ShrinkBudget: budget, Log: testLog{t},
		})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	report := func(res Result) string {
		shrunk, _ := os.ReadFile(res.File)
		return fmt.Sprintf("seed %d, mode %s: dumpscope differs from the client (%s); the shrunk script (%s):\n%s",
			res.Original.Seed, res.Diff.Mode, res.Diff.Kind, res.File, shrunk)
	}
	for _, g := range inSuiteGroups(count) {
		if !g.kill {
			if res := run(1, g.seeds, g.modes, 3*time.Minute); res.Diff != nil {
				t.Fatal(report(res))
			} else {
				t.Log(res.Summary())
			}
			continue
		}
		for seed, open := int64(1), 0; seed <= int64(g.seeds) && open < 2; open++ { // at most two, for CI's time
			res := run(seed, g.seeds-int(seed)+1, g.modes, time.Minute)
			if res.Diff == nil {
				t.Log(res.Summary())
				break
			}
			again := run(res.Original.Seed, 1, g.modes, 30*time.Second)
			t.Logf("open %s-mode difference (came back in a second run: %v): %s", res.Diff.Mode, again.Diff != nil, report(res))
			seed = res.Original.Seed + 1
		}
	}
}

// suiteGroup is modes the in-suite run gives the same seeds, with kills or without.
type suiteGroup struct {
	kill  bool
	seeds int
	modes []Mode
}

// inSuiteGroups splits Modes by kills and by the seeds each gets of count
// (Mode.InSuiteSeeds): the modes without kills first, as before.
func inSuiteGroups(count int) []suiteGroup {
	var out []suiteGroup
	for _, kill := range []bool{false, true} {
		for _, m := range Modes {
			if m.Kill != kill {
				continue
			}
			n := count
			if m.InSuiteSeeds > 0 {
				n = min(n, m.InSuiteSeeds)
			}
			i := slices.IndexFunc(out, func(g suiteGroup) bool { return g.kill == kill && g.seeds == n })
			if i < 0 {
				out, i = append(out, suiteGroup{kill: kill, seeds: n}), len(out)
			}
			out[i].modes = append(out[i].modes, m)
		}
	}
	return out
}

// TestDiffFuzzFindsPlanted: against a stand-in importer that drops the last row of
// multi-row INSERTs under --parallel (and is the client otherwise), the fuzzer reports
// the parallel mode, not the serial one, and shrinks the script to a handful of
// statements with a row or two.
func TestDiffFuzzFindsPlanted(t *testing.T) {
	bin := goBuild(t, "./testdata/standin", "standin")
	r := newTestRunner(t, bin)
	out := t.TempDir()
	res, err := Fuzz(context.Background(), r, Options{
		Seed: 7, Count: 5, Modes: []Mode{Modes[0], Modes[1]}, Config: Config{Actions: 12, Off: KnownBugs}, Out: out,
		ShrinkBudget: 4 * time.Minute, Log: testLog{t},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Diff == nil {
		t.Fatalf("no difference found: %s", res.Summary())
	}
	shrunk, err := os.ReadFile(res.File)
	if err != nil {
		t.Fatal(err)
	}
	if res.Diff.Mode != "parallel" || res.Diff.Kind != "dump" {
		t.Errorf("found %s/%s, want parallel/dump:\n%s", res.Diff.Mode, res.Diff.Kind, shrunk)
	}
	if n := len(res.Shrunk.Stmts); n > 5 || res.Shrunk.Rows() > 3 {
		t.Errorf("shrunk to %d statements and %d rows, want at most 5 and 3:\n%s", n, res.Shrunk.Rows(), shrunk)
	}
	if !strings.Contains(string(shrunk), "mode parallel") || !strings.Contains(string(shrunk), "seed ") {
		t.Errorf("the shrunk script's header does not name the seed and mode:\n%s", shrunk)
	}
	t.Logf("shrunk:\n%s", shrunk)
}

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// TestDiffFuzzKeepGoing: with KeepGoing the run goes on after a difference and lists one
// per seed that shows it (what says how often a construct hits, not only whether): the
// stand-in importer drops rows in every script of multi-row INSERTs, so each of three
// seeds is found, in the parallel mode, each with its shrunk script written. Seeds 9–11:
// the client runs each to its end (with the session constructs on, seeds 7 and 8 stop
// at an error, where both importers agree).
func TestDiffFuzzKeepGoing(t *testing.T) {
	bin := goBuild(t, "./testdata/standin", "standin")
	r := newTestRunner(t, bin)
	res, err := Fuzz(context.Background(), r, Options{
		Seed: 9, Count: 3, Modes: []Mode{Modes[0], Modes[1]}, Config: Config{Actions: 12, Off: KnownBugs}, Out: t.TempDir(),
		ShrinkBudget: time.Second, Log: testLog{t}, KeepGoing: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scripts != 3 || len(res.Found) != 3 || res.Diff == nil || res.File != res.Found[0].File {
		t.Fatalf("%d scripts, found %+v (first %v, %s); want 3 scripts, each found, the first as Diff", res.Scripts, res.Found, res.Diff, res.File)
	}
	for i, f := range res.Found {
		if f.Seed != 9+int64(i) || f.Mode != "parallel" {
			t.Errorf("found %+v; want seed %d in the parallel mode", f, 9+i)
		}
		if _, err := os.Stat(f.File); err != nil {
			t.Error(err)
		}
	}
}
