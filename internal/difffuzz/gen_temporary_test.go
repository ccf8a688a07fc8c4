package difffuzz

import (
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestTemporaryOffDrawsNothing: with temporary-tables off a seed's script is the one a
// generator without the construct writes (tempMaybe draws from its own source only,
// and nothing when it is off): the in-suite seeds and the found scripts keep their shape.
func TestTemporaryOffDrawsNothing(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		for seed := int64(1); seed <= 40; seed++ {
			cfg := Config{Profile: p, Off: append(append(append(append([]Construct(nil), TemporaryConstructs...), TextConstructs...), WorkerConstructs...), FamilyConstructs()...), Actions: 40, MaxRows: 120}
			with := Generate(seed, cfg).SQL()
			without := generateWith(seed, cfg, true).SQL() // no td source: the generator before it
			if string(with) != string(without) {
				t.Fatalf("%s seed %d: the script with temporary-tables off differs from one without it: %s", p, seed, firstDiff(with, without))
			}
		}
	}
}

// TestGenerateTemporaryForms: the forms the construct is for appear in 200 scripts of
// the general profile (each engine, shadowing, the fill from a real table, each wrapper,
// both DROPs, a ROLLBACK after a temporary table's rows).
func TestGenerateTemporaryForms(t *testing.T) {
	forms := []string{"ENGINE=InnoDB SELECT", "ENGINE=MyISAM", "ENGINE=MEMORY", "ENGINE=Aria", "TEMPORARY TABLE `tk", "LIKE `",
		"EXECUTE IMMEDIATE 'CREATE TEMPORARY", "EXECUTE IMMEDIATE 'INSERT INTO `tt", "SET STATEMENT max_statement_time = 0 FOR DROP",
		"DROP TEMPORARY TABLE", "DROP TABLE `tt", "DROP TABLE IF EXISTS `fz0`.`tt", "ROLLBACK TO SAVEPOINT tsp", "INTO @tv", "SELECT * FROM `fz0`.`tt",
		"RENAME TABLE `", "RENAME TO `", "XA ROLLBACK", "ONE PHASE", "NEXTVAL(`", "LIKE `fz0`.`tt", "DROP TEMPORARY TABLE IF EXISTS `fz0`.`tt"}
	seen := map[string]int{}
	for seed := int64(74000); seed < 74200; seed++ {
		sql := string(Generate(seed, Config{}).SQL())
		for _, f := range forms {
			if strings.Contains(sql, f) {
				seen[f]++
			}
		}
	}
	for _, f := range forms {
		if seen[f] == 0 {
			t.Errorf("form %q in none of 200 scripts", f)
		}
	}
	t.Logf("scripts per form: %v", seen)
}

// tempOnly is a script of temporary-table blocks (six) after a table of the general
// grammar with rows.
func tempOnly(seed int64) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: Config{Actions: 40, MaxRows: 40}, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed), td: tempSource(seed)}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	g.emit("USE `fz0`")
	g.createTable()
	g.insert()
	g.dice = g.td
	for range 6 {
		settle(g)
		temporaryBlock(g)
	}
	return Script{Seed: seed, Stmts: g.out}
}

// TestTemporaryClientDeterministic: the client's own result of a script of
// temporary-table blocks is the same twice and runs to its end: a difference or an
// error there would be the generator's, not dumpscope's.
func TestTemporaryClientDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	for seed := int64(1); seed <= 6; seed++ {
		s := tempOnly(seed)
		if a := clientTwice(t, r, "temporary blocks "+itoa(seed), s); a.Failed {
			t.Errorf("seed %d: the client stopped: %s", seed, a.Output)
			if d := os.Getenv("DIFFFUZZ_TEMP_KEEP"); d != "" {
				os.WriteFile(d+"/temp"+itoa(seed)+".sql", s.SQL(), 0o644)
			}
		}
	}
}
