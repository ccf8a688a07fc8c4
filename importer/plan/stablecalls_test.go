package plan

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestUnstableCall: the allow-list names the first function not known to repeat, and
// lets through the table's column list, a procedure CALLed, a stored function, a
// qualified name, aggregates and clause words.
func TestUnstableCall(t *testing.T) {
	stored := func(name string) bool { return name == "DBL" }
	for src, want := range map[string]string{
		"INSERT INTO tt VALUES (1, RAND())":                                "RAND",
		"INSERT INTO tt (n, v) VALUES (1, FLOOR(UUID_SHORT() % 10))":       "UUID_SHORT",
		"INSERT INTO tt SELECT CONNECTION_ID(), 1":                         "CONNECTION_ID",
		"UPDATE tt SET v = SYSDATE()":                                      "SYSDATE",
		"INSERT INTO tt VALUES (CURRENT_TIMESTAMP)":                        "CURRENT_TIMESTAMP",
		"INSERT INTO tt VALUES (`rand`())":                                 "rand",
		"CREATE TEMPORARY TABLE tt (v varchar(10)) SELECT UUID() AS v":     "UUID",
		"INSERT INTO tt (n, v) VALUES (1, dbl(2))":                         "",
		"INSERT INTO r15.tt (n) SELECT COUNT(*) FROM k WHERE id IN (1, 2)": "",
		"INSERT INTO tt VALUES (1, CAST(2 AS DECIMAL(10, 2)))":             "",
		"CALL fill()": "",
		"CREATE TEMPORARY TABLE tt (n int(11), v varchar(40), KEY k (n))":    "",
		"INSERT INTO tt VALUES (COALESCE(NULL, IF(1 > 0, ABS(-1), 2)))":      "",
		"INSERT INTO tt SELECT * FROM k WHERE EXISTS (SELECT 1 FROM k AS x)": "",
	} {
		if got := UnstableCall([]byte(src), sqlscan.Syntax{}, stored); got != want {
			t.Errorf("UnstableCall(%q) = %q, want %q", src, got, want)
		}
	}
}
