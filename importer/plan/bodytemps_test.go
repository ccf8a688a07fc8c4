package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestBodyTempDDL: the temporary tables a CALL or compound statement leaves made, and
// those it drops, through the procedures the dump created, transitively; one made and
// dropped again is left out.
func TestBodyTempDDL(t *testing.T) {
	var rb routineBodies
	stmts := func(text string) []split.Statement {
		sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+text), split.SplitOptions{})
		var out []split.Statement
		for sp.Next() {
			if s := sp.Statement(); len(s.SQL) > 0 {
				s.SQL = append([]byte(nil), s.SQL...)
				out = append(out, s)
			}
		}
		return out
	}
	for _, st := range stmts("CREATE PROCEDURE p2() BEGIN CREATE TEMPORARY TABLE tmp2 (id int); INSERT INTO tmp2 VALUES (7); END//\n" +
		"CREATE PROCEDURE p() BEGIN DROP TEMPORARY TABLE IF EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); DROP TEMPORARY TABLE tmp; END//\n" +
		"CREATE PROCEDURE q() BEGIN CALL p2(); DROP TEMPORARY TABLE IF EXISTS a, d.b; END//\n") {
		rb.observe(&st, "d")
	}
	for text, want := range map[string][2][]string{
		"CALL p2()//": {{"d.tmp2"}, nil},
		"CALL p()//":  {nil, {"d.tmp"}},
		"CALL q()//":  {{"d.tmp2"}, {"d.a", "d.b"}},
		"BEGIN NOT ATOMIC CREATE OR REPLACE TEMPORARY TABLE IF NOT EXISTS c (id int); END//": {{"d.c"}, nil},
		"CALL other()//": {nil, nil},
	} {
		st := stmts(text)[0]
		made, dropped := rb.bodyTempDDL(&st, "d")
		if !slices.Equal(made, want[0]) || !slices.Equal(dropped, want[1]) {
			t.Errorf("%s: made %q, dropped %q; want %q, %q", text, made, dropped, want[0], want[1])
		}
	}
}
