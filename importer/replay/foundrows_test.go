package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestFoundIsRowCount: the INSERT … SELECT forms whose FOUND_ROWS() is their row count
// (TestXFix43FoundRowsAfterInsertSelect measures them against the server), and those
// whose is not (TestXFix43FoundRowsNotDerived).
func TestFoundIsRowCount(t *testing.T) {
	for q, want := range map[string]bool{
		"INSERT INTO d SELECT * FROM k":                                                    true,
		"INSERT d (a, b) SELECT * FROM k":                                                  true,
		"INSERT LOW_PRIORITY INTO `x`.`d` PARTITION (p1) (a) SELECT 1":                     true,
		"INSERT INTO d WITH c AS (SELECT 1) SELECT * FROM c":                               true,
		"INSERT INTO d SELECT * FROM k LIMIT 2":                                            true,
		"INSERT INTO d SELECT * FROM k LIMIT 2 OFFSET 1":                                   false,
		"INSERT INTO d SELECT * FROM k LIMIT 1, 2":                                         false,
		"INSERT INTO d SELECT * FROM k LIMIT 1 , 2":                                        false,
		"INSERT INTO d SELECT * FROM (SELECT * FROM k LIMIT 1,2) x":                        false,
		"INSERT IGNORE INTO d SELECT * FROM k":                                             false,
		"INSERT INTO d SELECT * FROM k ON DUPLICATE KEY UPDATE a = 1":                      false,
		"REPLACE INTO d SELECT * FROM k":                                                   false,
		"INSERT INTO d VALUES ((SELECT 1)), ((SELECT 2))":                                  false,
		"INSERT INTO d SET a = (SELECT 1)":                                                 false,
		"INSERT INTO d SELECT SQL_CALC_FOUND_ROWS * FROM k LIMIT 1":                        false,
		"INSERT INTO d SELECT * FROM k RETURNING a":                                        false,
		"INSERT INTO d SELECT * FROM k FETCH FIRST 2 ROWS ONLY":                            true,
		"INSERT INTO d SELECT * FROM k OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY":              false,
		"CREATE TABLE c SELECT * FROM k":                                                   false,
		"INSERT INTO d (SELECT * FROM k)":                                                  false,
		"INSERT INTO d SELECT a FROM k UNION ALL SELECT a FROM j LIMIT 7":                  false,
		"INSERT INTO d SELECT a FROM k UNION (SELECT a FROM j) ORDER BY 1 LIMIT 2":         false,
		"INSERT INTO d SELECT a FROM k INTERSECT SELECT a FROM j LIMIT 2":                  false,
		"INSERT INTO d SELECT a FROM k EXCEPT SELECT 11 LIMIT 3":                           false,
		"INSERT INTO d SELECT a FROM k UNION SELECT 1 FETCH FIRST 2 ROWS ONLY":             false,
		"INSERT INTO d SELECT a FROM k ORDER BY a FETCH FIRST 2 ROWS WITH TIES":            false,
		"INSERT INTO d SELECT a FROM k UNION ALL SELECT 7":                                 true,
		"INSERT INTO d SELECT * FROM (SELECT a FROM k UNION SELECT 1 LIMIT 1) x LIMIT 1":   true,
		"INSERT INTO d WITH c AS (SELECT a FROM k UNION SELECT 1) SELECT * FROM c LIMIT 1": true,
		"INSERT INTO d SELECT a FROM k WHERE a IN (SELECT 1 UNION SELECT 2) LIMIT 1":       true,
	} {
		st := split.Statement{SQL: []byte(q)}
		if got := foundIsRowCount(&st); got != want {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
}
