package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestInsideWords: the statements whose SELECT may set FOUND_ROWS() and those that end in
// RETURNING (a result set: ROW_COUNT() −1; TestXFix63RowCountAfterReturning measures them
// against the server).
func TestInsideWords(t *testing.T) {
	for q, want := range map[string][2]bool{
		"INSERT INTO d SELECT * FROM k":                            {true, false},
		"INSERT INTO d SELECT * FROM k RETURNING id":               {true, true},
		"REPLACE INTO d VALUES (1) RETURNING id, a":                {false, true},
		"INSERT INTO d VALUES ((SELECT 1)) RETURNING *":            {true, true},
		"INSERT INTO d (`returning`) VALUES ('returning')":         {false, false},
		"DELETE FROM d WHERE id = 2 RETURNING id":                  {false, true},
		"DELETE FROM d WHERE id IN (SELECT id FROM k)":             {false, false},
		"DELETE FROM d WHERE id IN (SELECT id FROM k) RETURNING a": {false, true},
		"CREATE TABLE c SELECT * FROM k":                           {true, false},
		"CREATE OR REPLACE TEMPORARY TABLE c AS SELECT 1":          {true, false},
		"CREATE VIEW v AS SELECT 1":                                {false, false},
		"UPDATE d SET a = (SELECT 1)":                              {false, false},
		"INSERT INTO d VALUES (1) /* RETURNING id */":              {false, false},
	} {
		st := split.Statement{SQL: []byte(q)}
		if s, r := insideWords(&st); s != want[0] || r != want[1] {
			t.Errorf("%s: selects %v, returning %v; want %v", q, s, r, want)
		}
	}
}

// TestUnwrapSetStatement: the statement SET STATEMENT … FOR runs is judged in its place.
func TestUnwrapSetStatement(t *testing.T) {
	st := split.Statement{Kind: split.KindOther, Verb: "SET STATEMENT", SQL: []byte("SET STATEMENT max_statement_time = 0 FOR INSERT INTO t SELECT 1 RETURNING id")}
	if in := unwrapSetStatement(&st); string(in.SQL) != "INSERT INTO t SELECT 1 RETURNING id" {
		t.Errorf("unwrapped %q", in.SQL)
	}
	plain := split.Statement{Kind: split.KindInsert, SQL: []byte("INSERT INTO t VALUES (1)")}
	if in := unwrapSetStatement(&plain); in != &plain {
		t.Errorf("a plain INSERT unwrapped to %q", in.SQL)
	}
}

// TestSubquerySetsFoundMultiTable: the multi-table UPDATE and DELETE forms set
// FOUND_ROWS() (x-review29); the single-table ones leave it, unless a subquery runs.
func TestSubquerySetsFoundMultiTable(t *testing.T) {
	for q, want := range map[string]bool{
		"UPDATE t JOIN u ON t.id = u.id SET t.k = 0":             true,
		"UPDATE t, u SET t.k = 5 WHERE t.id = u.id":              true,
		"UPDATE LOW_PRIORITY t STRAIGHT_JOIN u SET t.k = 1":      true,
		"DELETE t FROM t JOIN u ON t.id = u.id WHERE t.id = 2":   true,
		"DELETE t FROM t WHERE id = 3":                           true,
		"DELETE QUICK t1, t2 FROM t1 JOIN t2":                    true,
		"DELETE FROM t USING t JOIN u ON t.id = u.id":            true,
		"update t set k = (select 1 from u limit 1)":             true,
		"UPDATE t AS a SET a.k = 1 WHERE a.id = 1":               false,
		"UPDATE t PARTITION (p0, p1) SET k = 2 ORDER BY id":      false,
		"UPDATE t SET k = 2, v = 3 WHERE id IN (1, 2)":           false,
		"DELETE FROM t WHERE id = 99":                            false,
		"DELETE LOW_PRIORITY IGNORE FROM t WHERE id = 1 LIMIT 1": false,
		"DELETE HISTORY FROM t":                                  false,
		"DELETE FROM t WHERE id = (SELECT 6)":                    true,
	} {
		st := split.Statement{SQL: []byte(q)}
		if got := subquerySetsFound(&st); got != want {
			t.Errorf("subquerySetsFound(%q) = %v, want %v", q, got, want)
		}
	}
}
