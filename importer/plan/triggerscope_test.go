package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestDropTriggerScope: a DROP TRIGGER waits for the table the dump's CREATE TRIGGER of
// that name was on (its name is no table), for every table a trigger of that name (in
// any case) was on, and for everything where the planner cannot know it: a trigger the
// dump did not create, or one whose table a RENAME may have moved, or after a statement
// that may create one unseen (CALL, EXECUTE IMMEDIATE). A CREATE OR REPLACE waits for
// the table of the trigger it replaces too. x-review20's TestReviewX20DropTriggerScope
// measures the first against the server.
func TestDropTriggerScope(t *testing.T) {
	const create = "CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (NEW.id);\n"
	for name, tc := range map[string]struct{ script, want string }{
		"seen":               {create + "DROP TRIGGER trg;\n", "barrier db.t"},
		"qualified":          {create + "DROP TRIGGER IF EXISTS db.trg;\n", "barrier db.t"},
		"other database":     {create + "DROP TRIGGER IF EXISTS o.trg;\n", "barrier *"},
		"unseen":             {"DROP TRIGGER trg;\n", "barrier *"},
		"case":               {create + "CREATE TRIGGER TRG AFTER INSERT ON u FOR EACH ROW INSERT INTO lg VALUES (NEW.id);\nDROP TRIGGER Trg;\n", "barrier db.t,db.u"},
		"on qualified table": {"CREATE TRIGGER o.trg AFTER INSERT ON o.t FOR EACH ROW INSERT INTO lg VALUES (NEW.id);\nDROP TRIGGER o.trg;\n", "barrier o.t"},
		"renamed":            {create + "RENAME TABLE t TO t2;\nDROP TRIGGER trg;\n", "barrier *"},
		"alter rename":       {create + "ALTER TABLE t RENAME TO t2;\nDROP TRIGGER trg;\n", "barrier *"},
		// These turn the run serial before; the tracker forgets all the same
		// (TestTriggerTablesForget).
		"call":              {create + "CREATE PROCEDURE p() DELETE FROM lg;\nCALL p();\nDROP TRIGGER trg;\n", "serial"},
		"execute immediate": {create + "EXECUTE IMMEDIATE 'CREATE OR REPLACE TRIGGER trg AFTER INSERT ON u FOR EACH ROW DELETE FROM lg';\nDROP TRIGGER trg;\n", "serial"},
		"rows between":      {create + "INSERT INTO t VALUES (1);\nINSERT INTO u VALUES (1);\nDROP TRIGGER trg;\n", "barrier db.t"},
		"replace":           {create + "CREATE OR REPLACE TRIGGER trg AFTER INSERT ON u FOR EACH ROW DELETE FROM lg;\n", "barrier db.trg,db.u,db.lg,db.u,db.lg,db.t"},
	} {
		got := planScript(t, tc.script, fakeCatalog{})
		if len(got) == 0 || got[len(got)-1] != tc.want {
			t.Errorf("%s: plans %q, want the last %q", name, got, tc.want)
		}
	}
}

// TestTriggerTablesForget: a statement that may create a trigger or move a table unseen
// (not classified: CALL, EXECUTE, a compound statement) makes every DROP TRIGGER after
// it wait for everything until the dump creates that trigger again.
func TestTriggerTablesForget(t *testing.T) {
	sp := split.NewSplitter(strings.NewReader("CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW DELETE FROM lg;\n"+
		"DROP TRIGGER trg;\nCALL p();\nDROP TRIGGER trg;\nCREATE TRIGGER trg AFTER INSERT ON u FOR EACH ROW DELETE FROM lg;\nDROP TRIGGER trg;\n"), split.SplitOptions{})
	var tt triggerTables
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if st.Verb == "DROP TRIGGER" {
			keys, global := tt.scope(&st, "db", BarrierScope)
			got = append(got, fmt.Sprint(keys, global))
		}
		tt.observe(&st, "db")
	}
	if want := "[[db.t] false [] true [db.u] false]"; fmt.Sprint(got) != want {
		t.Errorf("scopes %v, want %s", got, want)
	}
}
