package difffuzz

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer/preflight"
	"github.com/dumpscope/dumpscope/internal/stopmsg"
)

// TestDiffFuzzTargetModesCatchPlanted: the non-empty-target modes' oracles can fail. A
// stand-in that writes a row into the unrelated database is reported "touched" in the
// non-empty mode; in the overlap mode the stand-in (the client, which overwrites what the
// target holds and never stops) is reported for every seed whose input overwrites
// something: "touched", or "dump" where what it overwrote was not P's (its --parallel
// drops rows too). The real dumpscope's side is TestDiffFuzzShort's (InSuiteSeeds).
func TestDiffFuzzTargetModesCatchPlanted(t *testing.T) {
	bin := goBuild(t, "./testdata/standin", "standin")
	r := newTestRunner(t, bin)
	ctx := context.Background()
	mode := func(name string) Mode {
		i := slices.IndexFunc(Modes, func(m Mode) bool { return m.Name == name })
		return Modes[i]
	}
	ne := mode("non-empty")
	ne.Args = append(append([]string(nil), ne.Args...), "--standin-touch")
	d, err := r.CheckScript(ctx, Generate(9, Config{Actions: 12, Off: KnownBugs}), ne, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	if d == nil || d.Kind != "touched" {
		t.Errorf("non-empty with a stand-in that writes into %s: %v; want a touched difference", readAheadDB, d)
	}
	touched := 0
	for seed := int64(9); seed < 12; seed++ {
		d, st, err := r.Overlap(ctx, Generate(seed, Config{Actions: 12, Off: KnownBugs}), mode("overlap"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: %v; %s", seed, d, st.line())
		if st.Stops != 0 {
			t.Errorf("seed %d: the stand-in never stops, yet %d stops were read", seed, st.Stops)
		}
		if d != nil && d.Kind == "touched" {
			touched++
		}
	}
	if touched == 0 {
		t.Errorf("the stand-in overwrote nothing of P in 3 seeds: the overlap oracle is not reached")
	}
}

// TestOverlapUnfounded: a stop is founded when it names an object of the target that
// it would overwrite; rows into a table that was empty, or a name the target lacks, are
// over-refusals.
func TestOverlapUnfounded(t *testing.T) {
	pre := objectSet{
		"database fz0":            {def: "utf8mb4"},
		"table `fz0`.`t1`":        {def: "CREATE TABLE t1", rows: "1"},
		"table `fz0`.`e`":         {def: "CREATE TABLE e", empty: true},
		"view `fz0`.`v`":          {def: "v"},
		"routine fz0.PROCEDURE.p": {def: "p"},
	}
	for what, want := range map[string]bool{
		"DROP TABLE `fz0`.`t1`":       true,
		"INSERT INTO `fz0`.`t1`":      true,
		"DROP TABLE `fz0`.`e`":        true,
		"INSERT INTO `fz0`.`e`":       false,
		"TRUNCATE TABLE `fz0`.`e`":    false,
		"DROP VIEW `fz0`.`v`":         true,
		"DROP PROCEDURE `fz0`.`p`":    true,
		"DROP TABLE `fz0`.`nope`":     false,
		"DROP DATABASE `fz0`":         true,
		"DROP DATABASE `fz9`":         false,
		"CREATE TRIGGER ON `fz0`.`e`": true,
	} {
		if got := pre.unfounded(what) == ""; got != want {
			t.Errorf("%s: founded %v, want %v (%q)", what, got, want, pre.unfounded(what))
		}
	}
}

// TestOverlapStopWordings: the overlap mode reads every wording of the per-statement
// overwrite check's stop (importer/import_steps.go preflightHook's format, built from
// preflight.Overwrite as it builds it) as a stop, with its offset and line. Before
// x-fix68 stopRe read only "which exists in the target": 3 of the 4 (the code's:
// "which writes into …", "which could write into …") were read as a failure.
//
// "in text": a stop before a DELIMITER text of several statements names the text's place
// and its statement (preflight.InTextOf, x-fix70), read with the text's offset.
func TestOverlapStopWordings(t *testing.T) {
	named := preflight.Overwrite{Action: "DROP PROCEDURE", Database: "fz0", Table: "mq3", Offset: 5623, Line: 84}
	code := preflight.Overwrite{Detail: "CALL `fz0`.`p` (whose body this account cannot read)", Offset: 5623, Line: 84, Through: true}
	for name, ow := range map[string]preflight.Overwrite{
		"named":      named,
		"through":    {Action: "INSERT INTO", Database: "fz0", Table: "t1", Offset: 5623, Line: 84, Through: true},
		"unreadable": func() preflight.Overwrite { o := code; o.Unreadable = true; return o }(),
		"unchecked":  {Detail: "EXECUTE s (PREPARE s FROM @q)", Offset: 5623, Line: 84, Through: true, Unchecked: true},
		"in text":    {Action: "INSERT INTO", Database: "fz0", Table: "t1", Offset: 5623, Line: 84, InText: "statement 2 of the 2 this DELIMITER text sends as one"},
	} {
		out := fmt.Sprintf("dumpscope: importing x\ndumpscope import: /tmp/x/script.sql: the dump would %s, %s; %s\ndumpscope: failed in 0:01\n", ow, ow.Exists(), stopmsg.OverwriteStopEnd)
		m := stopRe.FindStringSubmatch(out)
		if m == nil {
			t.Errorf("%s: not read as a stop: %s", name, out)
			continue
		}
		if m[2] != "5623" || m[3] != "84" {
			t.Errorf("%s: read offset %s, line %s; want 5623, 84", name, m[2], m[3])
		}
	}
}

// TestDiffFuzzOverlapStopInsideText: seed 156014, overlap mode (--parallel 2
// --checkpoint). A DELIMITER ;; text the server runs as several statements (SET, SET,
// SET sql_mode, DO 2, DROP PROCEDURE `fz0`.`mq3`, CREATE PROCEDURE, …) meets a target
// that holds mq3: the per-statement check stops before its fifth part, naming the part's
// offset (the text's offset + 4, split.ServerParts' convention: a byte inside the text's
// first line). The oracle cut the client's input there, the client sent "SET " and failed
// with ERROR 1064, and the difference read "the client failed, dumpscope succeeded"
// (exit) where nothing differs; it now cuts at the text's start (textCut). Failed before
// x-fix68; 14 s with its sandbox.
func TestDiffFuzzOverlapStopInsideText(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox and a seed of the overlap mode")
	}
	bin := goBuild(t, "github.com/dumpscope/dumpscope/cmd/dumpscope", "dumpscope")
	r := newTestRunner(t, bin)
	i := slices.IndexFunc(Modes, func(m Mode) bool { return m.Name == "overlap" })
	res, err := Fuzz(context.Background(), r, Options{Seed: 156014, Count: 1, Modes: []Mode{Modes[i]}, Config: Config{Off: KnownBugs}, Out: t.TempDir(), ShrinkBudget: time.Second, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Diff != nil {
		t.Errorf("seed 156014, overlap: %s: %s", res.Diff.Kind, res.Diff.Detail)
	}
}

// TestOverlapTextCut: a stop inside a DELIMITER text is held to the text's start (the
// client cannot stop inside one); one at a statement's or a text's start, to itself.
func TestOverlapTextCut(t *testing.T) {
	ds := Script{Stmts: []Stmt{
		{Head: "SET @a = 0"},
		{Head: "DELIMITER ;;\nSET @a = 1;\nDO 2;\nDROP PROCEDURE IF EXISTS `fz0`.`p`\n;;\nDO 3;\nDO 4;;\nDELIMITER ;\n", Raw: true},
		{Head: "DO 5"},
	}}
	d := string(ds.SQL())
	text := strings.Index(d, "SET @a = 1")
	second := strings.Index(d, "DO 3")
	last := strings.Index(d, "DO 5")
	for _, c := range []struct{ off, want int }{
		{0, 0},
		{text - len("DELIMITER ;;\n"), text - len("DELIMITER ;;\n")},
		{text, text},
		{text + 2, text}, // the third part: the text's offset + 2
		{second, second},
		{second + 1, second},
		{last, last},
	} {
		if got := textCut(ds, c.off); got != c.want {
			t.Errorf("textCut(%d) = %d; want %d (%q)", c.off, got, c.want, d[c.want:])
		}
	}
}
