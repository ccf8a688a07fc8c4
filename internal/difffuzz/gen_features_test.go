package difffuzz

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"regexp"
	"testing"

	"github.com/dumpscope/dumpscope/internal/longtest"
)

// featureForms are, for each table-feature construct (gen_features.go), the forms that
// show it in a script.
var featureForms = map[Construct]map[string]*regexp.Regexp{
	GeneratedCols: {
		"virtual":      regexp.MustCompile(" AS \\([^\n]*\\) VIRTUAL,?\n"),
		"stored":       regexp.MustCompile(" AS \\([^\n]*\\) (STORED|PERSISTENT),?\n"),
		"default cell": regexp.MustCompile("INSERT INTO [^;(]*`gc\\d+` VALUES \\([^;]*,DEFAULT[,)]"),
	},
	InvisibleCols: {
		"invisible": regexp.MustCompile(" INVISIBLE( DEFAULT [^,\n]*)?,\n"),
		"named":     regexp.MustCompile("INSERT INTO [^;(]*`iv\\d+` \\([^)]*`h[23]?`"),
	},
	Sequences: {
		"create":   regexp.MustCompile("\nCREATE SEQUENCE "),
		"setval":   regexp.MustCompile("\n(SELECT|DO) SETVAL\\("),
		"default":  regexp.MustCompile("DEFAULT (NEXT VALUE FOR|NEXTVAL\\()"),
		"in a row": regexp.MustCompile("VALUES \\((NEXTVAL\\(|NEXT VALUE FOR )"),
	},
	SystemVersioning: {"versioned": regexp.MustCompile("WITH SYSTEM VERSIONING;\n")},
	Partitioned: {
		"range":     regexp.MustCompile("PARTITION BY RANGE"),
		"list":      regexp.MustCompile("PARTITION BY LIST"),
		"hash":      regexp.MustCompile("PARTITION BY HASH"),
		"key":       regexp.MustCompile("PARTITION BY KEY"),
		"insert p0": regexp.MustCompile("INSERT INTO [^;(]*` PARTITION \\(p0\\)"),
	},
	DefaultExpr:     {"expression": regexp.MustCompile("DEFAULT \\((`a` \\+ 1|'x'|6 \\* 7|CONCAT)")},
	CheckConstraint: {"check": regexp.MustCompile("CHECK \\(`b` IS NULL OR"), "checks off": regexp.MustCompile("check_constraint_checks = 0;\n")},
	OnUpdateTimestamp: {
		"on update": regexp.MustCompile("DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP"),
		"fixed":     regexp.MustCompile("(TIMESTAMP=|timestamp = )1\\d{9};\n"),
	},
	InsertSet: {"set": regexp.MustCompile("\n(INSERT|REPLACE)[A-Z_ ]* [^;(]*`is\\d+` SET `id` = ")},
	InsertSelect: {
		"from the script's": regexp.MustCompile("\nINSERT INTO `fz\\d`.`xc\\d+` SELECT \\* FROM `fz\\d`.`(t|child|copy|r)"),
		"from the block's":  regexp.MustCompile("\n(INSERT|REPLACE)[A-Z ]* INTO [^;]*`xt\\d+` \\([^)]*\\) SELECT "),
	},
	InsertPriority: {
		"low":     regexp.MustCompile("\n(INSERT|REPLACE) LOW_PRIORITY "),
		"delayed": regexp.MustCompile("\n(INSERT|REPLACE) DELAYED "),
	},
	Views: {
		"stand-in":       regexp.MustCompile("/\\*!50001 CREATE VIEW [^;]* AS SELECT\n 1 AS "),
		"definer":        regexp.MustCompile("/\\*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER \\*/"),
		"through a view": regexp.MustCompile("\n(INSERT|REPLACE) INTO [^;(]*`v\\d+` "),
		"table from":     regexp.MustCompile("\nCREATE TABLE `fz\\d`.`vs\\d+` AS SELECT \\* FROM "),
	},
	UseSecondDB: {"use": regexp.MustCompile("\n(/\\*!40000 )?USE `?fz[1-9]`?( \\*/)?;\n(DROP TABLE IF EXISTS `[a-z]+\\d+`;\n)?CREATE TABLE `[a-z]+\\d+` \\(")},
	OddIdentifiers: {
		"space":     regexp.MustCompile("CREATE TABLE `fz\\d`.`[^`]* [^`]*` \\("),
		"backquote": regexp.MustCompile("`(t``q|Ñ``ñ)\\d+`|`(c``x|va``l)`"),
		"non-ascii": regexp.MustCompile("`(tëst|表 x|Ñ``ñ)\\d+`"),
	},
}

// TestGenerateFeatures: each table-feature construct writes each of its forms somewhere
// in 120 general scripts and 120 of the load-data profile, the construct itself in at
// least 3 % of the general ones and 1.5 % of the load-data ones (about two blocks a
// general script, one a load-data one, among 14 constructs); none with the constructs
// off (the forms the script's own grammar writes too aside).
func TestGenerateFeatures(t *testing.T) {
	const n = 120
	seen := map[Construct]map[string]bool{}
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		scripts := map[Construct]int{}
		for seed := int64(1); seed <= n; seed++ {
			s := Generate(seed, Config{Profile: p}).SQL()
			noteForms(s, featureForms, seen, scripts)
			off := Generate(seed, Config{Profile: p, Off: append(append([]Construct(nil), FeatureConstructs...), FamilyConstructs()...)}).SQL() // ld-time-zone writes SET TIMESTAMP too
			for c, forms := range featureForms {
				for name, re := range forms {
					if c != OddIdentifiers && c != InsertSelect && c != UseSecondDB && re.Match(off) {
						t.Fatalf("%s seed %d: %s (%s) with the constructs off", p, seed, c, name)
					}
				}
			}
		}
		floor := n * 3 / 100 // the load-data profile has one block a script or so: 1.5 %
		if p == ProfileLoadData {
			floor = n * 15 / 1000
		}
		for c := range featureForms {
			if scripts[c] < floor {
				t.Errorf("%s: %s in %d of %d scripts; want at least %d", p, c, scripts[c], n, floor)
			}
		}
		t.Logf("%s: scripts per construct (of %d): %v", p, n, scripts)
	}
	for c, forms := range featureForms {
		for name := range forms {
			if !seen[c][name] {
				t.Errorf("%s form %q in none of %d scripts of each profile", c, name, n)
			}
		}
	}
}

// featureOnly is a script of every table-feature block in a seeded order after a table
// of the general grammar with rows (what the blocks that read the script's tables read),
// with the general grammar's values or the load-data profile's.
func featureOnly(seed int64, ld bool) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: Config{Actions: 40, MaxRows: 40}, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed)}
	if ld {
		g.ldValue = (&ldGen{gen: g, zeroID: map[*table]bool{}, trigged: map[*table]bool{}}).value
	}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	g.newDatabase()
	g.emit("USE `fz0`")
	g.createTable()
	g.insert()
	blocks := []func(*gen){generatedBlock, invisibleBlock, sequenceBlock, versionedBlock, partitionBlock, defaultExprBlock, checkBlock,
		onUpdateBlock, insertSetBlock, insertSelectBlock, priorityBlock, viewBlock, useBlock, oddIdentBlock}
	withFeatureDice(g, func() {
		g.r.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
		for _, b := range blocks {
			b(g)
		}
	})
	return Script{Seed: seed, Stmts: g.out}
}

// TestFeaturesClientDeterministic: the client's own result of a script of the
// table-feature blocks is the same twice (exit status, error line, re-dump byte for
// byte): a difference there would be the generator's, not dumpscope's (system-versioned
// history, the sequences' cached state, INSERT DELAYED's own thread, the timestamps). 3
// seeds of each profile (12 with DUMPSCOPE_LONG=1), and 2 general scripts.
func TestFeaturesClientDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	n := int64(3)
	if longtest.On() {
		n = 12
	}
	check := func(name string, s Script) {
		t.Helper()
		a := clientTwice(t, r, name, s)
		if a.ErrCode == "1064" {
			t.Errorf("%s: a syntax error (the generator's): %s", name, a.Output)
		}
	}
	for seed := int64(1); seed <= n; seed++ {
		check("general features "+itoa(seed), featureOnly(seed, false))
		check("load-data features "+itoa(seed), featureOnly(seed, true))
	}
	for _, seed := range []int64{3, 5} {
		check("general script "+itoa(seed), Generate(seed, Config{Off: InSuiteOff}))
	}
}

func itoa(n int64) string { return fmt.Sprint(n) }

// noteForms marks in seen each form of each construct that script s holds, and counts in
// scripts the constructs s holds at least one form of (TestGenerateFeatures,
// TestGenerateGen4).
func noteForms(s []byte, forms map[Construct]map[string]*regexp.Regexp, seen map[Construct]map[string]bool, scripts map[Construct]int) {
	for c, fs := range forms {
		if seen[c] == nil {
			seen[c] = map[string]bool{}
		}
		any := false
		for name, re := range fs {
			if re.Match(s) {
				seen[c][name], any = true, true
			}
		}
		if any {
			scripts[c]++
		}
	}
}

// clientTwice runs s through the client twice and reports, as an error of t, a second
// run that ends otherwise or whose re-dump differs: the generator's non-determinism, not
// dumpscope's. It returns the first run's outcome for the caller's own checks.
func clientTwice(t *testing.T, r *Runner, name string, s Script) Outcome {
	t.Helper()
	ctx := context.Background()
	a, err := r.Client(ctx, s.SQL())
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Client(ctx, s.SQL())
	if err != nil {
		t.Fatal(err)
	}
	status := "ok"
	if a.Failed {
		status = "ERROR " + a.ErrCode + " at line " + a.ErrLine
	}
	t.Logf("%s: %d statements, %d rows; client: %s", name, len(s.Stmts), s.Rows(), status)
	if a.Failed != b.Failed || a.ErrCode != b.ErrCode || a.ErrLine != b.ErrLine {
		t.Errorf("%s: the client failed otherwise the second time: %q at %s, then %q at %s", name, a.ErrCode, a.ErrLine, b.ErrCode, b.ErrLine)
	}
	if d := firstDiff(a.Dump, b.Dump); d != "" {
		t.Errorf("%s: the client's re-dumps differ: %s", name, d)
	}
	return a
}

// firstDiff is the first line where a and b differ ("" when equal).
func firstDiff(a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(al), len(bl)) {
		if !bytes.Equal(al[i], bl[i]) {
			return "line " + itoa(int64(i+1)) + ": " + string(al[i]) + " | " + string(bl[i])
		}
	}
	return "one is longer"
}
