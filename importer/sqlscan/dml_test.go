package sqlscan

import (
	"slices"
	"testing"
)

// TestDMLTablesDeleteHistory: DELETE HISTORY FROM t writes t (its history), not a table
// named HISTORY; a multi-table DELETE of a table named history still names it.
func TestDMLTablesDeleteHistory(t *testing.T) {
	for q, want := range map[string][]TableKey{
		"DELETE HISTORY FROM th": {"d.th"},
		"delete history from `e`.`th` BEFORE SYSTEM_TIME '2020-01-01'": {"e.th"},
		"DELETE history, t2 FROM history JOIN t2 USING (id)":           {"d.history", "d.t2"},
		"DELETE `history` FROM history JOIN t2 USING (id)":             {"d.history"},
		"DELETE FROM history WHERE id = 1":                             {"d.history"},
	} {
		if got, ok := DMLTables([]byte(q), "d", Syntax{}); !slices.Equal(got, want) || !ok {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
}

// TestDMLTablesPeriods: an UPDATE's or DELETE's list read past FOR SYSTEM_TIME (ALL, AS
// OF, BETWEEN … AND, FROM … TO of literal points) and FOR PORTION OF; where a point is an
// expression ok is false, and the overwrite check refuses the statement (x-fix69: ok was
// dropped, and `… FOR SYSTEM_TIME AS OF TIMESTAMP'2020-01-01' ON 1 JOIN other.k …` read
// [t h], the write into other.k unseen).
func TestDMLTablesPeriods(t *testing.T) {
	for q, want := range map[string]string{
		"UPDATE t JOIN h FOR SYSTEM_TIME AS OF TIMESTAMP'2020-01-01' ON 1 JOIN other.k ON 1 SET other.k.a=1":   "d.t d.h other.k",
		"UPDATE t JOIN h FOR SYSTEM_TIME AS OF TRANSACTION 12 AS x ON 1 JOIN other.k ON 1 SET other.k.a=1":     "d.t d.h other.k",
		"UPDATE t JOIN h FOR SYSTEM_TIME BETWEEN @a AND '2021-01-01' ON 1, other.k SET other.k.a=1":            "d.t d.h other.k",
		"UPDATE t JOIN h FOR SYSTEM_TIME FROM TIMESTAMP '2020-01-01' TO 5 h2 JOIN other.k USING (a) SET k.a=1": "d.t d.h other.k",
		"UPDATE t JOIN h FOR SYSTEM_TIME ALL ON 1 JOIN other.k ON 1 SET other.k.a=1":                           "d.t d.h other.k",
		"UPDATE t FOR PORTION OF p FROM '2000-01-01' TO '2018-01-01' SET a = 1":                                "d.t",
		"DELETE FROM t FOR PORTION OF p FROM '2000-01-01' TO '2018-01-01' WHERE a = 1":                         "d.t",
		"DELETE FROM other.k FOR PORTION OF p FROM TIMESTAMP '2000-01-01' TO @b":                               "other.k",
	} {
		keys, ok := DMLTables([]byte(q), "d", Syntax{})
		if got := joinKeys(keys); got != want || !ok {
			t.Errorf("%s: %s, %v; want %s, true", q, got, ok, want)
		}
	}
	for _, q := range []string{
		"UPDATE t JOIN h FOR SYSTEM_TIME AS OF NOW() - INTERVAL 1 DAY ON 1 JOIN other.k ON 1 SET other.k.a=1",
		"UPDATE t JOIN h FOR SYSTEM_TIME AS OF TIMESTAMP'2020-01-01' + INTERVAL 1 DAY ON 1 JOIN other.k ON 1 SET other.k.a=1",
		"UPDATE t, LATERAL (SELECT 1) x SET t.a = 1",
		"DELETE FROM t FOR PORTION OF p FROM CURDATE() TO '2018-01-01'",
	} {
		if keys, ok := DMLTables([]byte(q), "d", Syntax{}); ok {
			t.Errorf("%s: %v, ok; want not ok", q, keys)
		}
	}
}
