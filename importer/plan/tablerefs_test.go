package plan

import (
	"strings"
	"testing"
)

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
