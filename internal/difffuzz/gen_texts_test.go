package difffuzz

import (
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestTextOffDrawsNothing: with the x-fuzz text constructs off a seed's script is the
// one a generator without them writes (textMaybe draws from its own source only, and
// nothing when they are off): the other helpers' seeds and the found scripts keep their
// shape.
func TestTextOffDrawsNothing(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		for seed := int64(1); seed <= 40; seed++ {
			cfg := Config{Profile: p, Off: TextConstructs, Actions: 40, MaxRows: 120}
			with := Generate(seed, cfg).SQL()
			without := generate(seed, cfg, dice{}, workerSource(seed)).SQL()
			if string(with) != string(without) {
				t.Fatalf("%s seed %d: the script with the text constructs off differs from one without them: %s", p, seed, firstDiff(with, without))
			}
		}
	}
}

// TestGenerateTextForms: the forms the constructs are for appear in 300 scripts of the
// general profile (oracle-then-more and text-mode-back, known bugs before x-fix51, are on).
func TestGenerateTextForms(t *testing.T) {
	forms := []string{"ALTER PROCEDURE `", "; /* a; b */\n", ";\n-- c; d\n", "CREATE PROCEDURE `fz0`.`mq", "CREATE TRIGGER `fz0`.`mtr",
		"SET NAMES utf8mb4;", "PROCEDURE `fz0`.`op", "<<l1>>", "EXCEPTION\n  WHEN DUP_VAL_ON_INDEX", "RETURN INT\nAS", "PACKAGE BODY `",
		":NEW.a := COALESCE", "<<l>>\nBEGIN", "DECLARE\n  v INT :=", "BEGIN\n  INSERT INTO `fz0`.`ot", "END\n;;\n", "CALL `fz0`.`pk", "'a\\'), (", "SET sql_mode = @mt_mode\n;;"}
	seen := map[string]int{}
	for seed := int64(113000); seed < 113300; seed++ {
		sql := string(Generate(seed, Config{Off: []Construct{OracleThenMore}}).SQL())
		for _, f := range forms {
			if strings.Contains(sql, f) {
				seen[f]++
			}
		}
	}
	for _, f := range forms {
		if seen[f] == 0 {
			t.Errorf("form %q in none of 300 scripts", f)
		}
	}
	t.Logf("scripts per form: %v", seen)
}

// textOnly is a script of x-fuzz blocks (multi-statement texts and Oracle code, three
// of each, oracle-then-more with then) after a table of the general grammar with rows.
func textOnly(seed int64, then bool) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: Config{Actions: 40, MaxRows: 40}, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed), xd: textSource(seed)}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	g.emit("USE `fz0`")
	g.createTable()
	g.insert()
	g.dice = g.xd
	blocks := []func(*gen){multiStmtBlock, oracleBlock, multiStmtBlock, oracleBlock, multiStmtBlock, oracleBlock}
	if then {
		blocks = []func(*gen){oracleThenMoreBlock}
	}
	for _, b := range blocks {
		settle(g)
		b(g)
	}
	return Script{Seed: seed, Stmts: g.out}
}

// TestTextClientDeterministic: the client's own result of a script of text blocks is
// the same twice and runs to its end: a difference or an error there would be the
// generator's, not dumpscope's.
func TestTextClientDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	for seed := int64(113000); seed < 113008; seed++ {
		for _, then := range []bool{false, true} {
			s := textOnly(seed, then)
			if a := clientTwice(t, r, "text blocks "+itoa(seed), s); a.Failed {
				t.Errorf("seed %d (then %v): the client stopped: %s", seed, then, a.Output)
				if d := os.Getenv("DIFFFUZZ_TEXT_KEEP"); d != "" {
					os.WriteFile(d+"/text"+itoa(seed)+".sql", s.SQL(), 0o644)
				}
			}
		}
	}
}
