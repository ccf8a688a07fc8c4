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
		"DELETE tt FROM tt JOIN k USING (id)":                  "d.tt d.tt d.k",
		"DELETE FROM tt USING tt, k WHERE tt.id = k.id":        "d.tt d.tt d.k",
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
