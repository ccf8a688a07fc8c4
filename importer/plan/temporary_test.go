package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestTemporaryTableDDL: the keyword TEMPORARY after CREATE [OR REPLACE] or DROP, split
// from them by any of the server's six blanks, and never a quoted name `temporary` (a
// real table: TestReviewX14TableNamedTemporary, TestReviewX14TemporaryAfterFormFeed).
func TestTemporaryTableDDL(t *testing.T) {
	for q, want := range map[string]bool{
		"CREATE TEMPORARY TABLE tt (a int)":                 true,
		"CREATE\fTEMPORARY TABLE tt (a int)":                true,
		"CREATE\vTEMPORARY\vTABLE tt (a int)":               true,
		"DROP\fTEMPORARY TABLE tt":                          true,
		"CREATE OR REPLACE TEMPORARY TABLE tt (a int)":      true,
		"create /*!40101 temporary */ table tt (a int)":     true,
		"DROP TEMPORARY TABLE IF EXISTS tt":                 true,
		"CREATE TABLE `temporary` (a int)":                  false,
		"DROP TABLE `temporary`":                            false,
		"DROP TABLE IF EXISTS `temporary`":                  false,
		"CREATE TABLE IF NOT EXISTS `temporary` (a int)":    false,
		"CREATE TABLE tt (temporary int)":                   false,
		"DROP TABLE tt":                                     false,
		"CREATE TABLE tt SELECT 1 AS temporary FROM DUAL":   false,
		"CREATE OR REPLACE TABLE `temporary` (a int)":       false,
		"CREATE TABLE `x`.`temporary` (temporary int)":      false,
		"CREATE TEMPORARY SEQUENCE s":                       false,
		"CREATE TABLE tt LIKE `temporary`":                  false,
		"CREATE\fTABLE\f`temporary`\f(a int)":               false,
		"DROP TEMPORARY TABLE `temporary`":                  true,
		"CREATE TEMPORARY TABLE `temporary` (a int)":        true,
		"CREATE OR REPLACE /*!40101 TEMPORARY */ TABLE tt3": true,
	} {
		sp := split.NewSplitter(strings.NewReader("/*!40101 SET NAMES utf8mb4 */;\n"+q+";\n"), split.SplitOptions{})
		var st split.Statement
		for sp.Next() {
			if st = sp.Statement(); st.Kind != split.KindSession && st.Kind != split.KindClient && len(st.SQL) > 0 {
				break
			}
		}
		if got := TemporaryTableDDL(&st); got != want {
			t.Errorf("%q (verb %q): TemporaryTableDDL = %v, want %v", q, st.Verb, got, want)
		}
	}
}

// firstStatement is the first statement of q that is not a session or client one.
func firstStatement(q string) *split.Statement {
	sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
	for sp.Next() {
		if st := sp.Statement(); st.Kind != split.KindSession && st.Kind != split.KindClient && len(st.SQL) > 0 {
			return &st
		}
	}
	return &split.Statement{}
}

// TestTemporaryLikeSource: the table a CREATE … LIKE takes its definition from is among
// a fill's sources (x-fix52, TestReviewX21TemporaryDefinitionFromTable).
func TestTemporaryLikeSource(t *testing.T) {
	for q, want := range map[string]string{
		"CREATE TEMPORARY TABLE tt LIKE k":                          "d.k",
		"CREATE TEMPORARY TABLE IF NOT EXISTS x.tt (LIKE y.k)":      "y.k",
		"CREATE OR REPLACE TEMPORARY TABLE `tt` LIKE `k`":           "d.k",
		"CREATE TEMPORARY TABLE tt SELECT * FROM k WHERE 0":         "d.k",
		"CREATE TEMPORARY TABLE tt (v varchar(9) COMMENT 'LIKE k')": "",
		"INSERT INTO tt SELECT * FROM k WHERE v LIKE 'a%'":          "d.k",
	} {
		if got := strings.Join(FillSources(firstStatement(q), "d"), " "); got != want {
			t.Errorf("%q: FillSources = %q, want %q", q, got, want)
		}
	}
}

// TestTemporaryEngineAndDMLTables: the engines whose temporary tables a ROLLBACK leaves
// (nonTransactionalEngine: a resume past the ROLLBACK is exact), and the tables an UPDATE
// or DELETE names (dmlTables: one of a temporary table is sent again on resume,
// TestFixX25TemporaryUpdateOnResume).
func TestTemporaryEngineAndDMLTables(t *testing.T) {
	for q, want := range map[string]bool{
		"CREATE TEMPORARY TABLE tt (a int) ENGINE=MyISAM":                  true,
		"CREATE TEMPORARY TABLE tt (a int) ENGINE = memory":                true,
		"CREATE TEMPORARY TABLE tt (a int) engine=Aria SELECT 1 AS a":      true,
		"CREATE TEMPORARY TABLE tt (a int) ENGINE=InnoDB":                  false,
		"CREATE TEMPORARY TABLE tt (a int)":                                false,
		"CREATE TEMPORARY TABLE tt LIKE k":                                 false,
		"CREATE TEMPORARY TABLE tt (`engine` varchar(9)) ENGINE=InnoDB":    false,
		"CREATE TEMPORARY TABLE tt (engine varchar(9))":                    false,
		"CREATE TEMPORARY TABLE tt ENGINE=InnoDB SELECT 'MyISAM' AS e":     false,
		"CREATE TEMPORARY TABLE tt (a int) COMMENT 'ENGINE=MyISAM'":        false,
		"CREATE OR REPLACE TEMPORARY TABLE tt (a int) TYPE=HEAP":           true,
		"CREATE TEMPORARY TABLE tt (a int) ENGINE=InnoDB COMMENT 'MyISAM'": false,
	} {
		if got := nonTransactionalEngine(firstStatement(q)); got != want {
			t.Errorf("%q: nonTransactionalEngine = %v, want %v", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"UPDATE tt SET a = 1":                                  "d.tt",
		"UPDATE LOW_PRIORITY IGNORE x.tt SET a = 1":            "x.tt",
		"UPDATE tt AS t JOIN k ON k.id = t.id SET t.a = 1":     "d.tt d.k",
		"UPDATE tt, k SET tt.a = k.a":                          "d.tt d.k",
		"DELETE FROM tt WHERE a = 1":                           "d.tt",
		"DELETE LOW_PRIORITY QUICK IGNORE FROM tt ORDER BY a":  "d.tt",
		"DELETE tt FROM tt JOIN k USING (id)":                  "d.tt d.k",
		"DELETE FROM tt USING tt, k WHERE tt.id = k.id":        "d.tt d.k",
		"UPDATE tt SET a = (SELECT MAX(a) FROM k)":             "d.tt d.k",
		"DELETE FROM tt WHERE id IN (SELECT id FROM y.k AS z)": "d.tt y.k",
	} {
		if got := strings.Join(dmlTables(firstStatement(q), "d"), " "); got != want {
			t.Errorf("%q: dmlTables = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"UPDATE tt SET a = (SELECT MAX(a) FROM k)":                  "d.tt",
		"UPDATE k SET a = (SELECT MAX(a) FROM tt)":                  "d.k",
		"DELETE FROM k WHERE id IN (SELECT id FROM tt)":             "d.k",
		"UPDATE k JOIN (SELECT id FROM tt) AS x USING (id) SET a=1": "d.k d.tt",
		"DELETE FROM tt ORDER BY id LIMIT 1":                        "d.tt",
	} {
		if got := strings.Join(dmlTables(writeZone(firstStatement(q)), "d"), " "); got != want {
			t.Errorf("%q: dmlTables(writeZone) = %q, want %q", q, got, want)
		}
	}
}

// TestTemporaryRenamePairs: the names RENAME TABLE[S] and ALTER TABLE … RENAME move, in
// turn; never a column's or an index's rename (TestReviewX15TemporaryRenamed).
func TestTemporaryRenamePairs(t *testing.T) {
	for q, want := range map[string]string{
		"RENAME TABLE tt TO tt2":                                  "d.tt>d.tt2",
		"RENAME TABLES a TO b, `x`.c TO d":                        "d.a>d.b x.c>d.d",
		"RENAME TABLE IF EXISTS a WAIT 3 TO b, c NOWAIT TO e":     "d.a>d.b d.c>d.e",
		"ALTER TABLE tt RENAME TO tt2":                            "d.tt>d.tt2",
		"ALTER TABLE tt ADD c int, RENAME AS x.tt2":               "d.tt>x.tt2",
		"ALTER TABLE tt RENAME tt2":                               "d.tt>d.tt2",
		"ALTER TABLE tt RENAME COLUMN a TO b":                     "",
		"ALTER TABLE tt RENAME INDEX a TO b":                      "",
		"ALTER TABLE tt RENAME KEY a TO b, ADD c int":             "",
		"ALTER TABLE tt ADD CHECK (a IN (SELECT 1)), RENAME TO u": "d.tt>d.u",
		"UPDATE tt SET rename = 1":                                "",
	} {
		var got []string
		for _, pr := range renamePairs(firstStatement(q), "d") {
			got = append(got, pr[0]+">"+pr[1])
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%q: renamePairs = %q, want %q", q, g, want)
		}
	}
}

// TestTemporaryRollbackMarksEvery: a ROLLBACK (or XA ROLLBACK) marks every transactional
// temporary table its transaction wrote, not the last one only; one dropped inside it
// and the MyISAM one are not marked (TestReviewX15TemporaryRollbackTwoTables,
// TestReviewX15TemporaryXARollback).
func TestTemporaryRollbackMarksEvery(t *testing.T) {
	for _, c := range []struct{ open, end string }{{"START TRANSACTION", "ROLLBACK"}, {"XA START 'x'", "XA ROLLBACK 'x'"}} {
		p := NewPlanner()
		for _, q := range []string{"CREATE TEMPORARY TABLE t1 (a int)", "CREATE TEMPORARY TABLE t2 (a int) ENGINE=InnoDB",
			"CREATE TEMPORARY TABLE t3 (a int)", "CREATE TEMPORARY TABLE m (a int) ENGINE=MyISAM", c.open,
			"INSERT INTO t1 VALUES (1)", "INSERT INTO m VALUES (1)", "UPDATE t2 SET a = 2", "INSERT INTO t3 VALUES (1)",
			"DROP TEMPORARY TABLE t3", "INSERT INTO t1 VALUES (2)"} {
			if _, err := p.Next(firstStatement(q), "d", fakeCatalog{}); err != nil {
				t.Fatal(err)
			}
		}
		if c.open == "XA START 'x'" {
			if _, err := p.Next(firstStatement("XA END 'x'"), "d", fakeCatalog{}); err != nil {
				t.Fatal(err)
			}
		}
		last, err := p.Next(firstStatement(c.end), "d", fakeCatalog{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(append([]string{last.Temporary}, last.TemporaryAlso...), " "); got != "d.t1 d.t2" || last.TemporaryInexact == "" {
			t.Errorf("%s: marked %q (%q), want d.t1 d.t2", c.end, got, last.TemporaryInexact)
		}
	}
}

// TestTemporaryRollbackToSavepoint: ROLLBACK TO SAVEPOINT marks the temporary tables
// written after the savepoint (not one dropped since), not the ones written only before
// it; an unknown savepoint marks every one; ROLLBACK TO keeps its savepoint and drops
// the later ones (s2, unknown after ROLLBACK TO s1); RELEASE drops it. (A rename commits
// the transaction: no savepoint outlives it.)
func TestTemporaryRollbackToSavepoint(t *testing.T) {
	head := []string{"CREATE TEMPORARY TABLE t1 (a int)", "CREATE TEMPORARY TABLE t2 (a int)", "CREATE TEMPORARY TABLE t3 (a int)",
		"CREATE TEMPORARY TABLE m (a int) ENGINE=MyISAM", "START TRANSACTION", "INSERT INTO t1 VALUES (1)"}
	for _, c := range []struct {
		name string
		qs   []string
		want string
	}{
		{"before only", []string{"SAVEPOINT s1", "INSERT INTO m VALUES (1)", "ROLLBACK TO SAVEPOINT s1"}, ""},
		{"after", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "INSERT INTO t1 VALUES (2)", "ROLLBACK WORK TO s1"}, "d.t1 d.t2"},
		{"case", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "ROLLBACK TO S1"}, "d.t2"},
		{"dropped after", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "DROP TEMPORARY TABLE t2", "ROLLBACK TO s1"}, ""},
		{"unknown savepoint", []string{"SAVEPOINT s1", "ROLLBACK TO s9"}, "d.t1"},
		{"released", []string{"SAVEPOINT s1", "RELEASE SAVEPOINT s1", "ROLLBACK TO s1"}, "d.t1"},
		{"nested", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "SAVEPOINT s2", "INSERT INTO t3 VALUES (1)", "ROLLBACK TO s2"}, "d.t3"},
		{"again after a rollback to", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "SAVEPOINT s2", "ROLLBACK TO s1", "INSERT INTO t3 VALUES (1)", "ROLLBACK TO s2"}, "d.t1 d.t2 d.t3"},
		{"set again", []string{"SAVEPOINT s1", "INSERT INTO t2 VALUES (1)", "SAVEPOINT s1", "INSERT INTO t3 VALUES (1)", "ROLLBACK TO s1"}, "d.t3"},
	} {
		p := NewPlanner()
		var last Plan
		for _, q := range append(append([]string(nil), head...), c.qs...) {
			var err error
			if last, err = p.Next(firstStatement(q), "d", fakeCatalog{}); err != nil {
				t.Fatal(err)
			}
		}
		got := ""
		if last.TemporaryInexact != "" {
			got = strings.Join(append([]string{last.Temporary}, last.TemporaryAlso...), " ")
		}
		if got != c.want {
			t.Errorf("%s: marked %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTemporaryWrittenThroughCode: a statement that writes a temporary table through a
// procedure, function or trigger the dump created is volatile when that code reaches
// temporary tables only, and marked inexact (the resume refuses while the table is
// there) when it writes or reads a real table too, runs dynamic SQL, or CALLs a
// procedure the dump did not create. The planner refuses a CALL of a procedure that CALLs,
// runs dynamic SQL or was not created by the dump before that, in every resumable mode
// (TestReviewX17TemporaryWrittenByRoutine).
func TestTemporaryWrittenThroughCode(t *testing.T) {
	head := []string{"CREATE TABLE k (id int)", "CREATE TEMPORARY TABLE tt (id int)", "CREATE TEMPORARY TABLE t2 (id int)"}
	for _, c := range []struct {
		name     string
		before   []string
		last     string
		volatile bool
		inexact  string // "" exact; else a part of TemporaryInexact
		temp     string
	}{
		{"procedure", []string{"CREATE PROCEDURE fill() INSERT INTO tt VALUES (1)"}, "CALL fill()", true, "", "d.tt"},
		{"procedure through procedure", []string{"CREATE PROCEDURE a() INSERT INTO tt VALUES (1)", "CREATE PROCEDURE b() CALL a()"}, "CALL b()", false, "", "refused"},
		{"function", []string{"CREATE FUNCTION f() RETURNS int RETURN (SELECT 1 FROM DUAL)", "CREATE PROCEDURE g() DELETE FROM tt"}, "DO f()", false, "", ""},
		{"procedure deletes", []string{"CREATE PROCEDURE g() DELETE FROM tt"}, "CALL g()", true, "", "d.tt"},
		{"function reads tt only", []string{"CREATE FUNCTION f() RETURNS int RETURN (SELECT COUNT(*) FROM tt)"}, "DO f()", false, "", ""},
		{"trigger", []string{"CREATE TRIGGER tg AFTER INSERT ON k FOR EACH ROW INSERT INTO tt VALUES (NEW.id)"}, "INSERT INTO k VALUES (1)", false, "real table `k`", "d.tt"},
		{"trigger calls an unknown procedure", []string{"CREATE TRIGGER tg AFTER INSERT ON k FOR EACH ROW CALL elsewhere()"}, "INSERT INTO k VALUES (1)", false, "", "refused"},
		{"trigger of another table", []string{"CREATE TABLE k2 (id int)", "CREATE TRIGGER tg AFTER INSERT ON k2 FOR EACH ROW INSERT INTO tt VALUES (NEW.id)"}, "INSERT INTO k VALUES (1)", false, "", ""},
		{"procedure reads real", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT id FROM k"}, "CALL fill()", true, "read by the code it runs", "d.tt"},
		{"procedure writes real too", []string{"DELIMITER ;;\nCREATE PROCEDURE fill() BEGIN INSERT INTO tt SELECT id FROM k; INSERT INTO k VALUES (1); END;;\nDELIMITER "}, "CALL fill()", false, "real table `k`", "d.tt"},
		{"procedure joins real in an UPDATE", []string{"CREATE PROCEDURE fill() UPDATE tt JOIN k ON k.id = tt.id SET k.id = 2"}, "CALL fill()", false, "real table `k`", "d.tt"},
		{"procedure reads real in a DELETE", []string{"CREATE PROCEDURE fill() DELETE FROM tt WHERE id IN (SELECT id FROM k)"}, "CALL fill()", false, "real table `k`", "d.tt"},
		{"procedure runs dynamic SQL", []string{"CREATE PROCEDURE fill() EXECUTE IMMEDIATE 'INSERT INTO tt VALUES (1)'"}, "CALL fill()", false, "", "refused"},
		{"unknown procedure", nil, "CALL elsewhere()", false, "", "refused"},
		{"function into a variable", []string{"CREATE FUNCTION f() RETURNS int BEGIN INSERT INTO tt VALUES (1); RETURN 1; END"}, "SELECT f() INTO @v", true, "journal", "d.tt"},
		{"no temporary table written", []string{"CREATE PROCEDURE p() INSERT INTO k VALUES (1)"}, "CALL p()", false, "", ""},
		// x-fix43: a real table after a comma of a table list (first-table-only before).
		{"update list", []string{"CREATE PROCEDURE fill() UPDATE tt, k SET k.id = k.id + 1, tt.id = 2"}, "CALL fill()", false, "real table `k`", "d.tt"},
		{"select list, alias", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT k.id FROM t2 AS a, k WHERE a.id = 1"}, "CALL fill()", true, "`d.k` (read by the code", "d.tt"},
		{"select list, index hint", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT k.id FROM t2 a USE INDEX (i), k"}, "CALL fill()", true, "`d.k` (read by the code", "d.tt"},
		{"set list, no table", []string{"CREATE PROCEDURE fill() UPDATE tt SET id = 1, id = 2 WHERE id IN (1, 2) ORDER BY id, id"}, "CALL fill()", true, "", "d.tt"},
		{"temporary list", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT a.id FROM t2 a, tt b, t2"}, "CALL fill()", true, "", "d.tt"},
		// x-fix50: qualified calls, parenthesised table lists, STRAIGHT_JOIN.
		{"qualified function writes real", []string{"CREATE FUNCTION bump() RETURNS int BEGIN UPDATE k SET id = 1; RETURN 1; END", "CREATE PROCEDURE fill() INSERT INTO tt SELECT d.bump()"}, "CALL fill()", false, "real table `k`", "d.tt"},
		{"qualified function elsewhere", []string{"CREATE FUNCTION bump() RETURNS int RETURN 1", "CREATE PROCEDURE fill() INSERT INTO tt SELECT o9.bump()"}, "CALL fill()", false, "`o9`.`bump`", "d.tt"},
		{"parenthesised", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT id FROM (k)"}, "CALL fill()", true, "`d.k` (read by the code", "d.tt"},
		{"parenthesised list", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT k.id FROM (t2, k)"}, "CALL fill()", true, "`d.k` (read by the code", "d.tt"},
		{"straight_join", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT k.id FROM t2 STRAIGHT_JOIN k ON k.id = t2.id"}, "CALL fill()", true, "`d.k` (read by the code", "d.tt"},
		{"select straight_join, join using, derived", []string{"CREATE PROCEDURE fill() INSERT INTO tt SELECT STRAIGHT_JOIN a.id FROM (SELECT id FROM t2) a JOIN t2 USING (id)"}, "CALL fill()", true, "", "d.tt"},
	} {
		p := NewPlanner()
		for _, q := range append(append([]string{}, head...), c.before...) {
			if _, err := p.Next(firstStatement(q), "d", fakeCatalog{}); err != nil {
				t.Fatal(err)
			}
		}
		pl, err := p.Next(firstStatement(c.last), "d", fakeCatalog{})
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(append([]string{pl.Temporary}, pl.TemporaryAlso...), " ")
		switch {
		case (pl.Kind == Refuse) != (c.temp == "refused"):
			t.Errorf("%s: refused %v (%s)", c.name, pl.Kind == Refuse, pl.Reason)
		case pl.Kind == Refuse:
		case pl.Volatile != c.volatile:
			t.Errorf("%s: volatile %v, want %v", c.name, pl.Volatile, c.volatile)
		case c.temp != "" && !strings.Contains(all, c.temp), c.temp == "" && pl.Temporary != "":
			t.Errorf("%s: temporary %q, want %q", c.name, all, c.temp)
		case c.inexact == "" && pl.TemporaryInexact != "", c.inexact != "" && !strings.Contains(pl.TemporaryInexact, c.inexact):
			t.Errorf("%s: inexact %q, want %q", c.name, pl.TemporaryInexact, c.inexact)
		}
	}
}
