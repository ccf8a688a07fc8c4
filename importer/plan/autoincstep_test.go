package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPlannerAutoincStep: rows with explicit ids into a table whose ids were generated
// under an auto_increment_increment or _offset other than 1 run on the control connection
// (a barrier of their table, which holds the handle that generated them:
// autoincstep.go), until ids are generated there with the step 1 again; other tables'
// rows and a GLOBAL setting do not change. On a worker such rows moved the counter by 1
// where the client's moved it by the step (autoinc-session, 20302 against 20305).
func TestPlannerAutoincStep(t *testing.T) {
	cat := fakeCatalog{"db.t": {AutoIncrement: "id", AutoIncrementAt: 0}, "db.u": {AutoIncrement: "id", AutoIncrementAt: 0}}
	script := "SET GLOBAL auto_increment_increment=5;\n" +
		"INSERT INTO t (v) VALUES (1);\n" +
		"INSERT INTO t VALUES (10,1);\n" +
		"SET auto_increment_increment=5, auto_increment_offset=3;\n" +
		"INSERT INTO t (v) VALUES (1);\n" +
		"SET auto_increment_increment=1, @@session.auto_increment_offset=1;\n" +
		"INSERT INTO t VALUES (100,1);\n" +
		"INSERT INTO u VALUES (100,1);\n" +
		"INSERT INTO t (v) VALUES (2);\n" +
		"INSERT INTO t VALUES (200,1);\n"
	want := []string{"session", "barrier db.t", "rows db.t", "session", "barrier db.t", "session",
		"barrier db.t", "rows db.u", "barrier db.t", "rows db.t"}
	if diff := cmp.Diff(want, planScript(t, script, cat)); diff != "" {
		t.Errorf("plans (-want +got):\n%s", diff)
	}
}
