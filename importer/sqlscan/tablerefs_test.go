package sqlscan

import (
	"slices"
	"strings"
	"testing"
)

// TestTableRefs: every table a statement reads or writes is listed, in every form of a
// table list (TestXTidyFillSourcesForms: `FROM (k)`, `FROM (k2, k)` and
// `FROM k2 STRAIGHT_JOIN k` gave [], [] and [d.k2] before, and the resume sent those
// fills again unrefused); where the reader cannot tell, it says so (ok false).
func TestTableRefs(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT * FROM k":                  "d.k",
		"SELECT * FROM (k)":                "d.k",
		"SELECT * FROM ((k))":              "d.k",
		"SELECT * FROM (k2, k)":            "d.k2 d.k",
		"SELECT * FROM k2 STRAIGHT_JOIN k": "d.k2 d.k",
		"SELECT * FROM k2 AS a STRAIGHT_JOIN k AS b ON a.id = b.id":                                        "d.k2 d.k",
		"SELECT * FROM k2 a NATURAL JOIN k b":                                                              "d.k2 d.k",
		"SELECT * FROM k2 CROSS JOIN k":                                                                    "d.k2 d.k",
		"SELECT * FROM k2 LEFT OUTER JOIN k USING (id), x.k3":                                              "d.k2 d.k x.k3",
		"SELECT * FROM k2 RIGHT JOIN k ON k2.id = k.id, k3":                                                "d.k2 d.k d.k3",
		"SELECT * FROM k2 INNER JOIN (k JOIN k3 ON k.id = k3.id) ON 1, k4":                                 "d.k2 d.k d.k3 d.k4",
		"SELECT * FROM k2 USE INDEX (i), k":                                                                "d.k2 d.k",
		"SELECT * FROM k2 AS a FORCE KEY FOR JOIN (i, j) JOIN k ON 1":                                      "d.k2 d.k",
		"SELECT * FROM k2 IGNORE INDEX FOR ORDER BY (i) USE KEY () , k":                                    "d.k2 d.k",
		"SELECT * FROM k2 PARTITION (p0, p1) AS a, k PARTITION (p2)":                                       "d.k2 d.k",
		"SELECT * FROM `x`.`k2` AS `a`, `k`":                                                               "x.k2 d.k",
		"SELECT * FROM (SELECT * FROM k2) AS d2, k":                                                        "d.k2 d.k",
		"SELECT * FROM ((SELECT id FROM k2) UNION (SELECT id FROM k3)) u, k":                               "d.k2 d.k3 d.k",
		"SELECT id, (SELECT MAX(v) FROM k2) FROM k WHERE id IN (SELECT id FROM k3)":                        "d.k2 d.k d.k3",
		"SELECT id FROM k2 UNION SELECT id FROM k INTERSECT SELECT id FROM k3 EXCEPT SELECT 1 FROM k4":     "d.k2 d.k d.k3 d.k4",
		"WITH c AS (SELECT * FROM k2), e (x) AS (SELECT id FROM k3) SELECT * FROM c, e, k":                 "d.k2 d.k3 d.k",
		"WITH RECURSIVE c AS (SELECT 1 AS n UNION SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c JOIN k": "d.k",
		"SELECT EXTRACT(YEAR FROM d), TRIM(LEADING 'x' FROM s), SUBSTRING(s FROM 2) FROM k":                "d.k",
		"SELECT * FROM k FOR UPDATE":                                                                       "d.k",
		"SELECT * FROM k FOR SYSTEM_TIME ALL, k2":                                                          "d.k d.k2",
		"SELECT STRAIGHT_JOIN a.id FROM (SELECT id FROM k2) a JOIN k USING (id)":                           "d.k2 d.k",
		"SELECT 1 FROM DUAL":                                                    "",
		"CREATE TEMPORARY TABLE tt SELECT * FROM (k)":                           "d.k",
		"CREATE TEMPORARY TABLE tt (SELECT * FROM k2 STRAIGHT_JOIN k)":          "d.k2 d.k",
		"INSERT INTO tt SELECT * FROM (k2, k) ON DUPLICATE KEY UPDATE v = 1":    "d.k2 d.k",
		"SELECT * FROM JSON_TABLE('[1]', '$[*]' COLUMNS (a INT PATH '$')) j, k": "d.k",
		"DELETE t1.* FROM k AS t1 JOIN k2 ON 1":                                 "d.t1 d.k d.k2",
		"UPDATE k2 STRAIGHT_JOIN (k) SET k2.v = k.v":                            "d.k2 d.k",
		"DELETE FROM y USING (x.k y) JOIN k2 USING (id)":                        "d.y x.k d.k2",
		"SELECT * FROM k FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01', k2":      "d.k d.k2",
	} {
		keys, ok := TableRefs([]byte(q), Syntax{}, "d")
		if got := joinKeys(keys); got != want || !ok {
			t.Errorf("%q: TableRefs = %q, %v; want %q, true", q, got, ok, want)
		}
	}
	for _, q := range []string{
		"SELECT * FROM k2, LATERAL (SELECT 1) x",
		"SELECT * FROM k FOR SYSTEM_TIME AS OF NOW() - INTERVAL 1 DAY, k2",
		"SELECT * FROM k FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01' + INTERVAL 1 DAY, k2",
		"SELECT * FROM f(1)",
		"SELECT * FROM (k",
		"SELECT * FROM k) x",
		"SELECT * FROM k a b, k2",
	} {
		if keys, ok := TableRefs([]byte(q), Syntax{}, "d"); ok {
			t.Errorf("%q: TableRefs = %q, true; want not ok", q, keys)
		}
	}
}

func joinKeys(keys []TableKey) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = string(k)
	}
	return strings.Join(s, " ")
}

// TestReadTableRefsSorts: what DMLTables reads of each reference: its alias, whether a
// subquery, derived table or condition names it (Nested), and which FROM or USING list.
func TestReadTableRefsSorts(t *testing.T) {
	refs, ok := ReadTableRefs([]byte("DELETE a, y FROM (x.k AS a, k2) STRAIGHT_JOIN k3 y JOIN (SELECT id FROM k4) d ON y.id IN (SELECT id FROM k5) WHERE 1"), Syntax{})
	want := []TableRef{
		{Name: "a"}, {Name: "y"},
		{DB: "x", Name: "k", Alias: "a", List: 1, depth: 1}, {Name: "k2", List: 1, depth: 1}, {Name: "k3", Alias: "y", List: 1},
		{Name: "k4", Nested: true, List: 1, depth: 1}, {Name: "k5", Nested: true, List: 1, depth: 1},
	}
	if !ok || !slices.Equal(refs, want) {
		t.Errorf("ReadTableRefs = %+v, %v\nwant %+v", refs, ok, want)
	}
}

// TestDMLTablesForms: the tables an UPDATE's or DELETE's own list writes, in the forms
// the old reader missed (TestXTidy2DMLTablesForms: STRAIGHT_JOIN, parenthesised lists,
// an alias inside them), not those it only reads (subqueries, derived tables, a DELETE's
// references after FROM or USING).
func TestDMLTablesForms(t *testing.T) {
	for q, want := range map[string]string{
		"UPDATE t STRAIGHT_JOIN o.k SET k.i = 5":                                      "d.t o.k",
		"UPDATE (t, o.k) SET k.i = 5":                                                 "d.t o.k",
		"UPDATE (t JOIN o.k ON k.i = t.i) SET k.i = 5":                                "d.t o.k",
		"UPDATE t JOIN o.k ON k.i IN (SELECT i FROM k5) SET k.i = (SELECT 1 FROM k6)": "d.t o.k",
		"UPDATE t JOIN (SELECT i FROM k5) d2 USING (i), t AS t2 SET t.i = 1":          "d.t",
		"UPDATE LOW_PRIORITY IGNORE t SET i = 1 WHERE i IN (SELECT i FROM k5)":        "d.t",
		"DELETE y FROM t STRAIGHT_JOIN o.k AS y":                                      "o.k",
		"DELETE y FROM t, (o.k AS y)":                                                 "o.k",
		"DELETE FROM y USING (o.k y)":                                                 "o.k",
		"DELETE FROM y, t USING o.k y JOIN t USING (i)":                               "o.k d.t",
		"DELETE QUICK FROM t WHERE i IN (SELECT i FROM k5)":                           "d.t",
		"DELETE t.* FROM t JOIN k5 ON t.i = k5.i":                                     "d.t",
		"SELECT * FROM t": "",
	} {
		if keys, ok := DMLTables([]byte(q), "d", Syntax{}); joinKeys(keys) != want || !ok {
			got := joinKeys(keys)
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
}
