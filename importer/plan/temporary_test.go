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
