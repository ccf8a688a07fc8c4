package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
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
	want := []string{"barrier *", "barrier db.t", "rows db.t", "session", "barrier db.t", "session",
		"barrier db.t", "rows db.u", "barrier db.t", "rows db.t"}
	if diff := cmp.Diff(want, planScript(t, script, cat)); diff != "" {
		t.Errorf("plans (-want +got):\n%s", diff)
	}
}

// stepAts returns whether each statement's Plan.StepAt is set (an offset a resume must
// have passed), planned by p (a new planner when nil).
func stepAts(t *testing.T, p *Planner, script string, cat Catalog) []bool {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	if p == nil {
		p = NewPlanner()
	}
	var got []bool
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		pl, err := p.Next(&st, "db", cat)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pl.StepAt > 0)
	}
	return got
}

// TestPlannerAutoincStepFollowsEveryPath: ids generated under a step by a REPLACE into a
// table foreign keys reference (a global barrier), and a step set by a SET that also sends
// the run serial, are followed like the others: the explicit ids after them carry StepAt,
// so a resume that skipped the generating statement refuses. Both were missed (review).
func TestPlannerAutoincStepFollowsEveryPath(t *testing.T) {
	cat := fakeCatalog{"db.r": {AutoIncrement: "id", AutoIncrementAt: 0, Referenced: true}, "db.t": {AutoIncrement: "id", AutoIncrementAt: 0}}
	for _, c := range []struct{ name, script string }{
		{"replace into a referenced table", "SET auto_increment_increment=5;\nREPLACE INTO r (v) VALUES (1);\nSET auto_increment_increment=1;\nINSERT INTO r VALUES (200,1);\n"},
		{"a SET that sends the run serial", "SET @a=UUID(), auto_increment_increment=5;\nINSERT INTO t (v) VALUES (1);\nSET auto_increment_increment=1;\nINSERT INTO t VALUES (200,1);\n"},
	} {
		got := stepAts(t, nil, c.script, cat)
		if len(got) != 4 || !got[3] {
			t.Errorf("%s: StepAt set per statement %v, want the last one's", c.name, got)
		}
	}
}

// TestPlannerAutoincSessionStep: a server whose global auto_increment_increment is not 1
// (a master-master pair) generates the dump's ids under that step from its first statement
// on, without a SET in the dump: the explicit ids after them carry StepAt. With the step
// taken for 1, they ran on a worker's fresh handle (review).
func TestPlannerAutoincSessionStep(t *testing.T) {
	cat := fakeCatalog{"db.t": {AutoIncrement: "id", AutoIncrementAt: 0}}
	script := "INSERT INTO t (v) VALUES (1);\nINSERT INTO t VALUES (200,1);\n"
	for _, c := range []struct {
		increment, offset int64
		want              bool
	}{{1, 1, false}, {2, 1, true}, {1, 2, true}} {
		p := NewPlanner()
		p.SessionStep(c.increment, c.offset)
		got := stepAts(t, p, script, cat)
		if got := got[len(got)-1]; got != c.want {
			t.Errorf("increment %d, offset %d: explicit ids carry StepAt %v, want %v", c.increment, c.offset, got, c.want)
		}
	}
}
