package preflight

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestPreflightCallsTargetRoutines: the target's procedures and functions are judged once
// (judgeBodies) and a statement that calls one that writes into what the target holds is
// refused where it stands (calls.go): a CALL, a function in DO, SET, SELECT, INSERT …
// SELECT, a row insert's VALUES, CREATE TABLE … SELECT, a view; through a routine of the
// target's that calls one; from the body of a routine the dump creates (at its CREATE).
// A routine that only reads or writes the dump's own table is no finding; rows into a
// table that was empty are, where its trigger writes into what the target holds (by the
// statement or a routine's body); a body the account cannot read is refused, named.
func TestPreflightCallsTargetRoutines(t *testing.T) {
	newP := func() *Preflight {
		p := &Preflight{
			databases: map[string]bool{"other": true},
			tables:    map[sqlscan.TableKey]bool{"other.k": true, "other.e": true},
			empty:     map[sqlscan.TableKey]bool{"other.e": true},
			created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "fresh",
			objects: map[string]bool{}, createdObjects: map[string]bool{},
		}
		bodies := map[string]targetBody{}
		for _, r := range []struct{ kind, name, body string }{
			{"PROCEDURE", "p", "INSERT INTO k VALUES (9)"},
			{"FUNCTION", "f", "BEGIN UPDATE other.k SET i = i + 1; RETURN 1; END"},
			{"PROCEDURE", "outer", "BEGIN SELECT 1; CALL other.p(); END"},
			{"FUNCTION", "g", "RETURN f() + 1"},
			{"PROCEDURE", "reads", "SELECT COUNT(*) FROM k"},
			{"PROCEDURE", "fills", "INSERT INTO e VALUES (1)"},
			{"PROCEDURE", "own", "INSERT INTO fresh.t VALUES (1)"},
			{"FUNCTION", "pure", "RETURN 2"},
			{"PROCEDURE", "hidden", ""},
			{"PROCEDURE", "loop", "CALL loop()"},
		} {
			k := objectKey(r.kind, "other", r.name)
			p.objects[k] = true
			bodies[k] = targetBody{db: "other", body: r.body, readable: r.name != "hidden"}
		}
		bodies[triggerKey("other.e")] = targetBody{db: "other", body: "INSERT INTO k VALUES (NEW.i)", readable: true}
		p.judgeBodies(bodies)
		return p
	}
	if got := newP().calls; len(got) != 7 {
		t.Errorf("findings: %q; want p, f, outer, g, hidden, fills (e's trigger), e's trigger", got)
	}
	for stmt, want := range map[string]string{
		"CALL other.p()":                         "call procedure `other`.`p`, whose body runs INSERT INTO k VALUES (9)",
		"CALL `other`.`outer`":                   "call procedure `other`.`outer`, whose body runs procedure `other`.`p`, whose body runs INSERT INTO k VALUES (9)",
		"DO other.f()":                           "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"SET @x = other.g()":                     "call function `other`.`g`, whose body runs function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"SELECT 1, other.f() INTO @y":            "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"INSERT INTO t SELECT other.f()":         "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"INSERT INTO t VALUES (1, other.f())":    "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"CREATE TABLE t2 AS SELECT other.f()":    "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"CREATE VIEW v AS SELECT other.f()":      "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		"CALL other.hidden()":                    "call procedure `other`.`hidden`, whose body this account cannot read (" + readRoutineRight + ")",
		"CREATE PROCEDURE mine() CALL other.p()": "CREATE PROCEDURE `mine` would run procedure `other`.`p`, whose body runs INSERT INTO k VALUES (9)",
		"USE other;\nDO f()":                     "call function `other`.`f`, whose body runs UPDATE other.k SET i = i + 1",
		// rows into other.e, empty, whose trigger writes other.k (x-review24)
		"INSERT INTO other.e VALUES (1)": "INSERT INTO `other`.`e`, whose trigger runs INSERT INTO k VALUES (NEW.i)",
		"CALL other.fills()":             "call procedure `other`.`fills`, whose body runs INSERT INTO e VALUES (1)",
		"TRUNCATE other.e":               "",
		// none
		"CALL other.reads()":                              "",
		"CALL other.own()":                                "",
		"CALL other.loop()":                               "",
		"DO other.pure(), f(), fresh.f()":                 "",
		"INSERT INTO t VALUES (1, 'f()')":                 "",
		"SELECT other.p()":                                "", // no such function
		"CREATE FUNCTION other.f2() RETURNS int RETURN 1": "",
	} {
		p := newP()
		sp := split.NewSplitter(strings.NewReader(stmt+";\n"), split.SplitOptions{})
		var got []string
		for sp.Next() {
			st := sp.Statement()
			for _, ow := range p.ObserveAll(&st) {
				if ow.Through {
					got = append(got, ow.Detail)
					if strings.Contains(stmt, "hidden") != ow.Unreadable || !strings.HasPrefix(ow.Exists(), "which") {
						t.Errorf("%s: Unreadable %v, %q", stmt, ow.Unreadable, ow.Exists())
					}
				}
			}
		}
		var wantList []string
		if want != "" {
			wantList = []string{want}
		}
		if diff := cmp.Diff(wantList, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", stmt, diff)
		}
	}
	// A resume's Preflight (FromState) has the findings from the journal.
	b, err := newP().State()
	if err != nil {
		t.Fatal(err)
	}
	r, err := FromState(b, "fresh")
	if err != nil {
		t.Fatal(err)
	}
	st := split.Statement{SQL: []byte("DO other.f()"), Kind: split.KindOther}
	if ow := r.ObserveAll(&st); len(ow) != 1 {
		t.Errorf("resumed: %v; want the call refused", ow)
	}
}
