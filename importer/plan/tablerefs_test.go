package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
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
	} {
		keys, ok := tableRefs([]byte(q), sqlscan.Syntax{}, "d")
		if got := strings.Join(keys, " "); got != want || !ok {
			t.Errorf("%q: tableRefs = %q, %v; want %q, true", q, got, ok, want)
		}
	}
	for _, q := range []string{
		"SELECT * FROM k2, LATERAL (SELECT 1) x",
		"SELECT * FROM k FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01', k2",
		"SELECT * FROM f(1)",
		"SELECT * FROM (k",
		"SELECT * FROM k) x",
		"SELECT * FROM k a b, k2",
	} {
		if keys, ok := tableRefs([]byte(q), sqlscan.Syntax{}, "d"); ok {
			t.Errorf("%q: tableRefs = %q, true; want not ok", q, keys)
		}
	}
}

// TestTemporaryFillFormsInexact: a fill of a temporary table from a real table in each
// form of TestXTidyFillSourcesForms is inexact, naming the table (none was before), and
// one whose tables the reader cannot list is inexact without FilledFrom (refused by the
// replay, not checked against a short list).
func TestTemporaryFillFormsInexact(t *testing.T) {
	for fill, want := range map[string]string{
		"CREATE TEMPORARY TABLE tt SELECT * FROM k":                        FilledFrom + "`k`",
		"CREATE TEMPORARY TABLE tt SELECT * FROM (k)":                      FilledFrom + "`k`",
		"CREATE TEMPORARY TABLE tt SELECT k.* FROM (t2, k)":                FilledFrom + "`k`",
		"CREATE TEMPORARY TABLE tt SELECT k.* FROM t2 STRAIGHT_JOIN k":     FilledFrom + "`k`",
		"CREATE TEMPORARY TABLE tt SELECT * FROM t2, LATERAL (SELECT 1) x": "cannot list",
	} {
		p := NewPlanner()
		for _, q := range []string{"CREATE TABLE k (id int)", "CREATE TEMPORARY TABLE t2 (id int)", fill} {
			pl, err := p.Next(firstStatement(q), "d", fakeCatalog{})
			if err != nil {
				t.Fatal(err)
			}
			if q == fill && (!strings.Contains(pl.TemporaryInexact, want) || want == "cannot list" && strings.HasPrefix(pl.TemporaryInexact, FilledFrom)) {
				t.Errorf("%q: TemporaryInexact %q, want %q", fill, pl.TemporaryInexact, want)
			}
		}
	}
}
