package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// laterScript runs LaterReaders over script's statements and returns, per line of
// script that holds a statement, why it is refused ("" where it is not).
func laterScript(t *testing.T, script string) []string {
	t.Helper()
	var x LaterReaders
	var out []string
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		out = append(out, x.Refuses(&st))
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLaterReadersFollowCalls: a trigger's or function's CALL of a procedure that sets a
// session variable, directly or through another procedure (cycles end), or of one the
// dump did not create or dropped, makes a statement that fires it refused; a procedure
// created after the trigger is judged when the trigger may fire, and a harmless one
// refuses nothing. A procedure the dump CALLs itself is not judged here.
func TestLaterReadersFollowCalls(t *testing.T) {
	for _, c := range []struct{ name, script, want string }{
		{"direct", "CREATE PROCEDURE pz() SET completion_type = 1;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nINSERT INTO r2 VALUES (1);\n",
			"it names r2 and so may run code read later (the trigger ti calls pz: the procedure pz sets completion_type"},
		{"created-after", "CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL d.pz();\nCREATE PROCEDURE pz() SET time_zone = '+05:00';\nINSERT INTO r2 VALUES (1);\n",
			"(the trigger ti calls pz: the procedure pz sets time_zone"},
		{"harmless-after", "CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nCREATE PROCEDURE pz() INSERT INTO log VALUES (1);\nINSERT INTO r2 VALUES (1);\n", ""},
		{"unknown", "CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nINSERT INTO r2 VALUES (1);\n",
			"(the trigger ti calls pz: the procedure pz was not created by the dump"},
		{"dropped", "CREATE PROCEDURE pz() BEGIN END;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nDROP PROCEDURE pz;\nINSERT INTO r2 VALUES (1);\n",
			"the procedure pz was not created by the dump (it was there before, or dropped)"},
		{"transitive-cycle", "DELIMITER //\nCREATE PROCEDURE p1() BEGIN CALL p2(); CALL p3(); END//\nDELIMITER ;\nCREATE PROCEDURE p2() CALL p1();\nCREATE PROCEDURE p3() SET @@sql_mode = 'ANSI';\n" +
			"DELIMITER //\nCREATE FUNCTION f() RETURNS int BEGIN CALL p1(); RETURN 1; END//\nDELIMITER ;\nINSERT INTO t VALUES (f());\n",
			"it names f and so may run code read later (the function f calls p1: the procedure p3 sets @@sql_mode"},
		{"cycle-harmless", "CREATE PROCEDURE p1() CALL p2();\nCREATE PROCEDURE p2() CALL p1();\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL p1();\nINSERT INTO r2 VALUES (1);\n", ""},
		{"dynamic", "CREATE PROCEDURE pz() EXECUTE IMMEDIATE 'SELECT 1';\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nINSERT INTO r2 VALUES (1);\n",
			"the procedure pz runs dynamic SQL"},
		{"caller-dropped", "CREATE PROCEDURE pz() BEGIN END;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nDROP PROCEDURE pz;\nDROP TRIGGER ti;\nINSERT INTO r2 VALUES (1);\n", ""},
		{"dump-calls-it", "CREATE PROCEDURE pz() SET time_zone = '+05:00';\nCALL pz();\nINSERT INTO r2 VALUES (1);\n", ""},
	} {
		got := laterScript(t, c.script)
		last := got[len(got)-1]
		if (c.want == "") != (last == "") || !strings.Contains(last, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, last, c.want)
		}
		for i, g := range got[:len(got)-1] {
			if g != "" {
				t.Errorf("%s: statement %d refused: %q", c.name, i, g)
			}
		}
	}
}

// TestLaterReadersWrapped: a trigger created through EXECUTE IMMEDIATE, and an INSERT
// run through EXECUTE IMMEDIATE or a prepared statement (also one prepared before the
// trigger, and one deallocated: not known, so it may), are judged as written plainly.
func TestLaterReadersWrapped(t *testing.T) {
	const trig = "CREATE TRIGGER tr BEFORE INSERT ON r FOR EACH ROW SET NEW.n = ROW_COUNT();\n"
	for _, c := range []struct{ name, script, want string }{
		{"made-by-execute", "EXECUTE IMMEDIATE 'CREATE TRIGGER tr BEFORE INSERT ON r FOR EACH ROW SET NEW.n = ROW_COUNT()';\nINSERT INTO r VALUES (1);\n",
			"it names r and so may run code read later (the trigger tr reads ROW_COUNT())"},
		{"execute-immediate", trig + "EXECUTE IMMEDIATE 'INSERT INTO r VALUES (1)';\n", "what it runs names r and so may run code read later"},
		{"set-statement", trig + "SET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE 'INSERT INTO r VALUES (1)';\n", "names r"},
		{"other-table", trig + "EXECUTE IMMEDIATE 'INSERT INTO q VALUES (1)';\n", ""},
		{"prepared-before", "PREPARE s FROM 'INSERT INTO r VALUES (1)';\n" + trig + "EXECUTE s;\n", "what it runs names r"},
		{"deallocated", trig + "PREPARE s FROM 'INSERT INTO q VALUES (1)';\nDEALLOCATE PREPARE s;\nEXECUTE s;\n", "it runs EXECUTE s, which cannot be read"},
		{"from-variable", trig + "EXECUTE IMMEDIATE @q;\n", "which cannot be read and so may run code read later (the trigger tr reads ROW_COUNT())"},
	} {
		got := laterScript(t, c.script)
		last := got[len(got)-1]
		if (c.want == "") != (last == "") || !strings.Contains(last, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, last, c.want)
		}
	}
}

// TestLaterRefusalSaysWhatApplies: the refusal of a statement that fires a trigger that
// sets time_zone explains the session, not ROW_COUNT(); one that reads ROW_COUNT() the
// counts, not the session.
func TestLaterRefusalSaysWhatApplies(t *testing.T) {
	session := laterRefusal(runsLater("r2", "the trigger ti sets time_zone, "+sessionKeeps))
	counts := laterRefusal(runsLater("r", "the trigger tr reads ROW_COUNT()"))
	inTxn := laterRefusal(runsLater("r", "the trigger tr reads @@in_transaction"))
	for _, c := range []struct {
		got       string
		want, not []string
	}{
		{session, []string{"a session variable it sets", "without --parallel"}, []string{"FOUND_ROWS", "in_transaction there"}},
		{counts, []string{"ROW_COUNT() and FOUND_ROWS() there", "without --parallel"}, []string{"session variable", "in_transaction there"}},
		{inTxn, []string{"@@in_transaction there would read 1"}, []string{"FOUND_ROWS", "session variable"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.got, w) {
				t.Errorf("%q lacks %q", c.got, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(c.got, n) {
				t.Errorf("%q speaks of %q", c.got, n)
			}
		}
	}
}
