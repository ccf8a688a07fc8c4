package replay

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestResultWord: the statements after which ROW_COUNT() is −1 and FOUND_ROWS() read back
// (resultWord), parenthesised and XA RECOVER too, and the compound statements read back
// as a CALL is (TestReviewX25RowCountFirstWord, TestReviewX25FoundRowsAfterBlock measure
// them against the client).
func TestResultWord(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT 1":                               "SELECT",
		"(SELECT 1) UNION (SELECT 2)":            "SELECT",
		"((SELECT id FROM t))":                   "SELECT",
		"(WITH c AS (SELECT 1) SELECT * FROM c)": "WITH",
		"XA RECOVER":                             "XA RECOVER",
		"XA END 'x'":                             "",
		"CALL p()":                               "CALL",
		"BEGIN NOT ATOMIC SELECT 1; END":         "BEGIN",
		"IF 1 THEN DELETE FROM t; END IF":        "BEGIN",
		"b1: BEGIN NOT ATOMIC SELECT 1; END":     "BEGIN",
		"BEGIN":                                  "",
		"BEGIN WORK":                             "",
		"INSERT INTO t VALUES (1)":               "",
		"INSERT INTO t SELECT 1":                 "",
		"(1)":                                    "",
		"UPDATE t SET a = 1":                     "",
	} {
		sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+q+"//\n"), split.SplitOptions{})
		var st split.Statement
		for sp.Next() {
			if s := sp.Statement(); len(s.SQL) > 0 {
				st = s
				break
			}
		}
		if got := resultWord(&st); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}
