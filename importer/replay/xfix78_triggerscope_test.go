package replay

import (
	"slices"
	"testing"

	"github.com/dumpscope/dumpscope/importer/plan"
)

// TestXFix78TriggerScopeQualifiedInsert: a trigger body's INSERT into a qualified table
// with a column list (`INSERT INTO other.k (a) …`), which plan.BodyInsertTables names,
// narrows the scope; a qualified call after it, in its values or a SELECT, still gives up
// (TestTriggerScopeGivesUp's cases stay as they were).
func TestXFix78TriggerScopeQualifiedInsert(t *testing.T) {
	for body, want := range map[string]bool{
		"INSERT INTO other.k (a) VALUES (NEW.a)":                    false,
		"INSERT IGNORE INTO `other`.`k` (a, b) VALUES (NEW.a, 1)":   false,
		"BEGIN REPLACE other.k (a) SET a = 1; END":                  false,
		"INSERT INTO other.k (a) VALUES (other.f(NEW.a))":           true,
		"INSERT INTO other.k (a) SELECT other.f(NEW.a)":             true,
		"INSERT INTO other.k (SELECT other.f(1))":                   true,
		"SET NEW.a = REPLACE(NEW.a, 'x', 'y')":                      false,
		"SET NEW.a = REPLACE(other.f(NEW.a), 'x', 'y')":             true,
		"INSERT INTO log VALUES (NEW.id); UPDATE other.k SET a = 1": true,
		"INSERT INTO other.k (a) VALUES (1); DO other.g(2)":         true,
	} {
		if got := bodyWritesUnnamed([]byte(body)); got != want {
			t.Errorf("bodyWritesUnnamed(%q) = %v, want %v", body, got, want)
		}
	}
	if got := plan.BodyInsertTables([]byte("INSERT INTO other.k (a) VALUES (NEW.a)"), "d"); !slices.Contains(got, plan.KeyOf("other", "k")) {
		t.Errorf("BodyInsertTables reads %q, want other.k among them", got)
	}
}
