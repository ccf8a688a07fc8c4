package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestLaterCountsReader: what a parallel replay refuses because a body, a definition or
// a default reads ROW_COUNT() or FOUND_ROWS() later, and what it does not (the word in a
// string, a comment, a quoted name, a column named row_count, an event).
func TestLaterCountsReader(t *testing.T) {
	script := "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = ROW_COUNT();\n" +
		"CREATE DEFINER=`u`@`%` FUNCTION f() RETURNS INT RETURN found_rows ( );\n" +
		"CREATE PROCEDURE p() SELECT ROW_COUNT();\n" +
		"CREATE VIEW v AS SELECT ROW_COUNT() AS n;\n" +
		"CREATE TABLE c SELECT ROW_COUNT() AS n;\n" +
		"CREATE TABLE d (n BIGINT DEFAULT (ROW_COUNT()));\n" +
		"CREATE TRIGGER tq BEFORE INSERT ON t FOR EACH ROW SET NEW.s = 'ROW_COUNT()' /* FOUND_ROWS() */;\n" +
		"CREATE TABLE e (row_count INT, `found_rows` INT);\n" +
		"CREATE VIEW w AS SELECT `ROW_COUNT` FROM e;\n" +
		"CREATE EVENT ev ON SCHEDULE EVERY 1 DAY DO SET @x = ROW_COUNT();\n" +
		"INSERT INTO t VALUES (ROW_COUNT());\n"
	want := []string{
		"the trigger tr reads ROW_COUNT()", "the function f reads FOUND_ROWS()", "the procedure p reads ROW_COUNT()",
		"the view v reads ROW_COUNT()", "the table c reads ROW_COUNT()", "the table d reads ROW_COUNT()",
		"", "", "", "", "",
	}
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	for i := 0; sp.Next(); i++ {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue // what follows the last statement
		}
		if got := LaterCountsReader(&st); i >= len(want) || got != want[i] {
			t.Errorf("%d %q (%s %s)\n  got %q", i, st.SQL, st.Kind, st.Verb, got)
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestPlannerLaterReaders: a statement is refused when it names an object whose code
// reads ROW_COUNT() or FOUND_ROWS() later, or one through which such code runs (a
// function that names a table with such a trigger, created before it); the rest
// keeps its plan.
func TestPlannerLaterReaders(t *testing.T) {
	script := "CREATE FUNCTION g() RETURNS INT RETURN (SELECT COUNT(*) FROM t);\n" +
		"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = ROW_COUNT();\n" +
		"INSERT INTO u VALUES (1);\n" +
		"LOCK TABLES t WRITE;\n" +
		"UNLOCK TABLES;\n" +
		"INSERT INTO t VALUES (1);\n" +
		"SET @x = g();\n" +
		"DROP TRIGGER tr;\n" +
		"CREATE TABLE c SELECT FOUND_ROWS() AS n;\n" +
		"CREATE VIEW v AS SELECT FOUND_ROWS() AS n;\n" +
		"CREATE VIEW w AS SELECT n FROM v;\n" +
		"CREATE TABLE d SELECT * FROM w;\n"
	// The kind planned, and for a refusal why (as laterReaders gives it; planScript keeps
	// only what comes after the reason's first ": ").
	want := []string{"barrier", "barrier", "rows", "skip", "skip",
		"refuse it names t and so may run code read later (the trigger tr reads ROW_COUNT())",
		"refuse it names g and so may run code read later (the trigger tr reads ROW_COUNT())",
		"barrier", "refuse the table c reads FOUND_ROWS()", "serial", "serial",
		"refuse it names w and so may run code read later (the view v reads FOUND_ROWS())"}
	got := planScript(t, script, fakeCatalog{})
	if len(got) != len(want) {
		t.Fatalf("got %d plans, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	var lr laterReaders
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	for i := 0; sp.Next() && i < len(want); {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		why := lr.observe(&st)
		if why == "" {
			why = lr.reaches(&st, false)
		}
		kind, wantWhy, _ := strings.Cut(want[i], " ")
		if !strings.HasPrefix(got[i], kind) || why != wantWhy {
			t.Errorf("statement %d: planned %q, why %q; want %s, why %q", i+1, got[i], why, kind, wantWhy)
		}
		i++
	}
}
