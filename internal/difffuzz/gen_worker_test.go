package difffuzz

import (
	"context"
	"math/rand"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestWorkerOffDrawsNothing: with the x-fuzz2 constructs off a seed's script is the one a
// generator without them writes (workerMaybe draws from its own source only, and nothing
// when they are off): the other helpers' seeds and the found scripts keep their shape.
func TestWorkerOffDrawsNothing(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		for seed := int64(1); seed <= 40; seed++ {
			cfg := Config{Profile: p, Off: WorkerConstructs, Actions: 40, MaxRows: 120}
			with := Generate(seed, cfg).SQL()
			without := generate(seed, cfg, textSource(seed), dice{}).SQL()
			if string(with) != string(without) {
				t.Fatalf("%s seed %d: the script with the x-fuzz2 constructs off differs from one without them: %s", p, seed, firstDiff(with, without))
			}
		}
	}
}

// TestGenerateWorkerForms: the forms the constructs are for appear in 200 scripts of
// each profile (the CLI's default constructs), and none with them off.
func TestGenerateWorkerForms(t *testing.T) {
	forms := []string{"CREATE TABLE `fz1`.`ws", "/*!40101 SET NAMES latin1 */", "SET character_set_client = ", "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'",
		"PAD_CHAR_TO_FULL_LENGTH", "SET time_zone = '", "div_precision_increment = ", "SET SESSION auto_increment_increment = ", "USE fz1", "/*!40000 USE `fz",
		"INSERT INTO `fz0`.`wsr`", "CREATE TABLE `fz0`.`lw", "'wwwwwwww", "GET DIAGNOSTICS CONDITION 1 @lw", "SHOW WARNINGS", "SET sql_mode = ''"}
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		seen := map[string]int{}
		scripts := 0
		for seed := int64(131500); seed < 131700; seed++ {
			sql := string(Generate(seed, Config{Profile: p, Off: KnownBugs}).SQL())
			if workerBlockRe.MatchString(sql) {
				scripts++
			}
			for _, f := range forms {
				if strings.Contains(sql, f) {
					seen[f]++
				}
			}
			if off := string(Generate(seed, Config{Profile: p, Off: InSuiteOff}).SQL()); workerBlockRe.MatchString(off) {
				t.Fatalf("%s seed %d: an x-fuzz2 block with the in-suite constructs", p, seed)
			}
		}
		for _, f := range forms {
			if seen[f] == 0 {
				t.Errorf("%s: form %q in none of 200 scripts", p, f)
			}
		}
		t.Logf("%s: %d of 200 scripts with a block; scripts per form: %v", p, scripts, seen)
	}
}

// workerBlockRe matches a table an x-fuzz2 block creates.
var workerBlockRe = regexp.MustCompile("CREATE TABLE `fz[0-9]+`\\.`(ws|lw)[0-9]+`")

// workerOnly is a script of three blocks of construct c after two databases.
func workerOnly(seed int64, c Construct) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: Config{Actions: 40, MaxRows: 40}, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	g.newDatabase()
	g.emit("USE `fz0`")
	for range 3 {
		if c == WorkerSession {
			workerSessionBlock(g)
		} else {
			loadWarningsBlock(g)
		}
	}
	return Script{Seed: seed, Stmts: g.out}
}

// TestWorkerClientDeterministic: the client's own result of the blocks is the same twice
// and runs to its end: a difference or an error there would be the generator's.
func TestWorkerClientDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	for seed := int64(131500); seed < 131506; seed++ {
		for _, c := range WorkerConstructs {
			s := workerOnly(seed, c)
			if a := clientTwice(t, r, string(c)+" "+itoa(seed), s); a.Failed {
				t.Errorf("seed %d (%s): the client stopped: %s", seed, c, a.Output)
				if d := os.Getenv("DIFFFUZZ_WORKER_KEEP"); d != "" {
					os.WriteFile(d+"/"+string(c)+itoa(seed)+".sql", s.SQL(), 0o644)
				}
			}
		}
	}
}

// TestWorkerModeSensitive: the load-data mode sees a worker that lost a session setting
// and a warning count read from the wrong statement: with the blocks' scripts as they
// are there is no difference; given dumpscope without one kind of session statement
// (what a worker that kept stale values would make of the rows), or with a statement
// between the warnings and their reader, the outcomes differ (a check that cannot fail
// would test nothing).
func TestWorkerModeSensitive(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server and dumpscope")
	}
	bin := goBuild(t, "github.com/dumpscope/dumpscope/cmd/dumpscope", "dumpscope")
	r := newTestRunner(t, bin)
	mode := Modes[slices.IndexFunc(Modes, func(m Mode) bool { return m.Name == "load-data" })]
	t.Run("session", func(t *testing.T) { workerSessionSensitive(t, r, mode) })
	t.Run("warnings", func(t *testing.T) { loadWarningsSensitive(t, r, mode) })
}

// workerSessionSensitive: for each kind of session statement, dumpscope given a block
// script without it differs from the client given the script.
func workerSessionSensitive(t *testing.T, r *Runner, mode Mode) {
	ctx := context.Background()
	kinds := map[string]func(string) bool{
		"SET NAMES":                func(q string) bool { return strings.Contains(q, "SET NAMES") },
		"character_set_client":     func(q string) bool { return strings.Contains(q, "character_set_client") },
		"sql_mode":                 func(q string) bool { return strings.Contains(strings.ToLower(q), "sql_mode") },
		"USE":                      func(q string) bool { return strings.Contains(q, "USE ") },
		"time_zone":                func(q string) bool { return strings.Contains(strings.ToLower(q), "time_zone") },
		"div_precision_increment":  func(q string) bool { return strings.Contains(q, "div_precision_increment") },
		"auto_increment_increment": func(q string) bool { return strings.Contains(q, "auto_increment_increment") },
	}
	found := map[string]bool{}
	for seed := int64(131500); seed < 131530 && len(found) < len(kinds); seed++ {
		s := workerOnly(seed, WorkerSession)
		want, err := r.Client(ctx, s.SQL())
		if err != nil {
			t.Fatal(err)
		}
		if d, err := r.CheckScript(ctx, s, mode, rand.New(rand.NewSource(1))); err != nil || d != nil {
			t.Fatalf("seed %d as it is: %v %v", seed, d, err)
		}
		for kind, is := range kinds {
			if found[kind] {
				continue
			}
			var cut []Stmt
			for _, st := range s.Stmts[4:] { // the databases' own statements stay
				if len(st.Rows) == 0 && is(st.Head) {
					continue
				}
				cut = append(cut, st)
			}
			if len(cut) == len(s.Stmts)-4 {
				continue
			}
			cut = append(append([]Stmt(nil), s.Stmts[:4]...), cut...)
			have, err := r.Dumpscope(ctx, Script{Seed: seed, Stmts: cut}.SQL(), mode.For(s), rand.New(rand.NewSource(1)))
			if err != nil {
				t.Fatal(err)
			}
			if Compare(mode.Name, want, have) != nil {
				found[kind] = true
			}
		}
	}
	for kind := range kinds {
		if !found[kind] {
			t.Errorf("dumpscope given the blocks without %s: no difference in 30 seeds", kind)
		}
	}
}

// loadWarningsSensitive: dumpscope given a load-warnings script with a statement between
// the warnings and their readers differs from the client given the script (a script
// whose reader dumpscope runs: one a parallel run refuses by name tests nothing here).
func loadWarningsSensitive(t *testing.T, r *Runner, mode Mode) {
	ctx := context.Background()
	for seed := int64(131500); seed < 131530; seed++ {
		s := workerOnly(seed, LoadWarnings)
		if !strings.Contains(string(s.SQL()), "@lw") {
			continue
		}
		want, err := r.Client(ctx, s.SQL())
		if err != nil {
			t.Fatal(err)
		}
		own, err := r.Dumpscope(ctx, s.SQL(), mode.For(s), rand.New(rand.NewSource(1)))
		if err != nil {
			t.Fatal(err)
		}
		if d := Compare(mode.Name, want, own); d != nil {
			t.Fatalf("seed %d as it is: %v", seed, d)
		}
		if own.Refused != "" {
			continue
		}
		var moved []Stmt
		for _, st := range s.Stmts {
			if strings.Contains(st.Head, "@lw") && !strings.HasPrefix(st.Head, "INSERT") && !strings.HasPrefix(st.Head, "SELECT COUNT") {
				// Another statement's diagnostics (one that names no table leaves the area as it is).
				moved = append(moved, Stmt{Head: "DELETE FROM `fz0`.`sv` WHERE 1 = 0"})
			}
			moved = append(moved, st)
		}
		have, err := r.Dumpscope(ctx, Script{Seed: s.Seed, Stmts: moved}.SQL(), mode.For(s), rand.New(rand.NewSource(1)))
		if err != nil {
			t.Fatal(err)
		}
		if Compare(mode.Name, want, have) == nil {
			t.Errorf("seed %d: dumpscope given a statement between the warnings and their readers: no difference", seed)
		}
		return
	}
	t.Fatal("no load-warnings script of 30 whose reader dumpscope runs")
}
