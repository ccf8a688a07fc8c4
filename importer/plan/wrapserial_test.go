package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestSerialAtWrapper: with NoOwnTransactions, a CALL of a procedure the dump did not
// create (and dynamic SQL the planner cannot read) turns the run serial, the reason said
// once, where it was refused; not when rows of the open transaction went to workers
// (a mysqldump's autocommit=0 region), and not without NoOwnTransactions.
func TestSerialAtWrapper(t *testing.T) {
	const dumpHead = "-- MySQL dump 10.19\n"
	for _, tc := range []struct {
		name, script string
		noOwn        bool
		want         string // the plan of the last statement: kind, and " ! " a part of its reason
	}{
		{"unknown-call", "INSERT INTO t VALUES (1);\nCALL q();\n", true, "serial ! CALL q: the dump did not create the procedure, so what it does to the transaction is not known; from here"},
		{"after-it", "INSERT INTO t VALUES (1);\nCALL q();\nINSERT INTO t VALUES (2);\n", true, "serial"},
		{"already-serial", "SELECT COUNT(*) INTO @c FROM t;\nCALL q();\n", true, "serial"},
		{"dynamic", "EXECUTE IMMEDIATE @sql;\n", true, "serial ! dynamic SQL from something other than a string literal"},
		{"body-commits", "CREATE PROCEDURE p() COMMIT;\nSTART TRANSACTION;\nINSERT INTO t VALUES (1);\nCALL p();\n", true, "serial ! the procedure's body has COMMIT"},
		{"parallel-rows-open", dumpHead + "SET autocommit = 0;\nINSERT INTO t VALUES (1);\nCALL q();\n", true, "refuse ! the dump did not create the procedure"},
		{"own-transactions", "CALL q();\n", false, "refuse ! import this dump without --parallel"},
	} {
		p := NewPlanner()
		p.NoOwnTransactions = tc.noOwn
		last := lastPlan(t, p, tc.script)
		kind, why, _ := strings.Cut(tc.want, " ! ")
		if last.Kind.String() != kind || !strings.Contains(last.Reason, why) || (why == "" && last.Reason != "") ||
			(kind == "serial" && strings.Contains(last.Reason, "import this dump without")) {
			t.Errorf("%s: planned %s %q, want %q", tc.name, last.Kind, last.Reason, tc.want)
		}
	}
}

// lastPlan plans script's statements with p (database db) and returns the last plan.
func lastPlan(t *testing.T, p *Planner, script string) Plan {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	var last Plan
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		pl, err := p.Next(&st, "db", fakeCatalog{})
		if err != nil {
			t.Fatal(err)
		}
		last = pl
	}
	return last
}
