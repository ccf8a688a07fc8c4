package preflight

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestDefinerCheckEachServerPart: the clause of the CREATE after a DROP in one text the
// server runs as two statements is checked (x-review17 #3); the account's own is not
// refused.
func TestDefinerCheckEachServerPart(t *testing.T) {
	c := &DefinerCheck{account: "loader@localhost"}
	for q, refused := range map[string]bool{
		"DROP PROCEDURE IF EXISTS p; CREATE DEFINER=`old`@`%` PROCEDURE p() BEGIN SELECT 1; END":            true,
		"DROP VIEW IF EXISTS v; CREATE DEFINER=`old`@`%` SQL SECURITY DEFINER VIEW v AS SELECT 1":           true,
		"DROP PROCEDURE IF EXISTS p; CREATE DEFINER=`loader`@`localhost` PROCEDURE p() BEGIN SELECT 1; END": false,
	} {
		sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+q+" //\n"), split.SplitOptions{})
		for sp.Next() {
			st := sp.Statement()
			if st.Kind == split.KindClient || len(st.SQL) == 0 {
				continue
			}
			if err := c.Check("d.sql", &st); (err != nil) != refused {
				t.Errorf("%q: %v, want refused %v", q, err, refused)
			}
		}
	}
}
