package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestBodySessionSet: a trigger's or function's SET of a session variable counts, at any
// place a statement of the body may start; a DECLAREd local, a user variable, NEW.x and
// OLD.x, an UPDATE's SET, and a procedure (judged at its CALL) do not.
func TestBodySessionSet(t *testing.T) {
	for sql, want := range map[string]string{
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET completion_type = 1":                                                "the trigger ti sets completion_type",
		"CREATE FUNCTION f() RETURNS int BEGIN SET time_zone = '+05:00'; RETURN 1; END":                                             "the function f sets time_zone",
		"CREATE FUNCTION f() RETURNS int BEGIN DECLARE x INT; SET x = 1, @y = 2, SQL_MODE = ''; RETURN x; END":                      "the function f sets sql_mode",
		"CREATE FUNCTION f() RETURNS int BEGIN IF 1 THEN SET @@session.time_zone = 'UTC'; END IF; RETURN 1; END":                    "the function f sets @@session.time_zone",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET SESSION time_zone = '+05:00'":                                       "the trigger ti sets session",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW BEGIN DECLARE a, b INT; SET a = (SELECT 1), b = 2, NEW.id = a + b; END": "",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET NEW.id = 1, @x = OLD.id":                                            "",
		"CREATE TRIGGER ti AFTER INSERT ON r2 FOR EACH ROW UPDATE t SET time_zone = NEW.id":                                         "",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET NEW.s = 'SET time_zone = 1' /* SET sql_mode = '' */":                "",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW FOLLOWS t0 SET time_zone = '+05:00'":                                    "the trigger ti sets time_zone",
		"CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW PRECEDES `t0` BEGIN SET sql_mode = ''; END":                             "the trigger ti sets sql_mode",
		"CREATE PROCEDURE p() SET time_zone = '+05:00'":                                                                             "",
	} {
		sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+sql+"//\n"), split.SplitOptions{})
		var st split.Statement
		for st.Kind == split.KindClient || len(st.SQL) == 0 {
			if !sp.Next() {
				t.Fatalf("%s: no statement (%v)", sql, sp.Err())
			}
			st = sp.Statement() // after DELIMITER //
		}
		if got := bodySessionSet(&st); !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("%s\n  got %q, want %q…", sql, got, want)
		}
	}
}
