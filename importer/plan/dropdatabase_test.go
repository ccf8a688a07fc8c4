package plan

import (
	"slices"
	"testing"
)

// TestDroppedDatabaseProcedure: after the dump's DROP DATABASE (or SCHEMA, backquoted or
// not, plain or through EXECUTE IMMEDIATE) a CREATE PROCEDURE IF NOT EXISTS in that
// database creates anew: the catalog, whose answer on a resume comes from the list taken
// before the first attempt, is not asked, and the CALL after it is judged by the body
// (x-review16 #9). Another database dropped, or a statement the planner cannot read
// after the DROP, leaves the question to the catalog.
func TestDroppedDatabaseProcedure(t *testing.T) {
	const tail = "CREATE DATABASE d2;\nCREATE PROCEDURE IF NOT EXISTS d2.p() SELECT 1;\nCALL d2.p();\n"
	plain := planScript(t, "CREATE PROCEDURE IF NOT EXISTS d2.p() SELECT 1;\nCALL d2.p();\n", &targetProcs{fakeCatalog: fakeCatalog{}, procs: map[string]bool{"d2.p": false}})
	for name, c := range map[string]struct {
		drop  string
		asked bool
	}{
		"drop database":   {"DROP DATABASE IF EXISTS d2;\n", false},
		"drop schema":     {"DROP SCHEMA `d2`;\n", false},
		"wrapped":         {"EXECUTE IMMEDIATE 'DROP DATABASE d2';\n", false}, // the run is serial from it: only the question is compared
		"other database":  {"DROP DATABASE d3;\n", true},
		"unreadable next": {"DROP DATABASE d2;\nEXECUTE IMMEDIATE @q;\n", true},
	} {
		t.Run(name, func(t *testing.T) {
			cat := &targetProcs{fakeCatalog: fakeCatalog{}, procs: map[string]bool{"d2.p": true}}
			got := planScript(t, c.drop+tail, cat)
			if asked := slices.Contains(cat.asked, "d2.p"); asked != c.asked {
				t.Fatalf("asked the catalog %v (%v), want asked %v", asked, cat.asked, c.asked)
			}
			if !c.asked && name != "wrapped" && got[len(got)-1] != plain[len(plain)-1] {
				t.Errorf("CALL planned %q, want %q (as into an empty target)", got[len(got)-1], plain[len(plain)-1])
			}
		})
	}
}
