package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/google/go-cmp/cmp"
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

// parseRoutine splits sql, one routine's CREATE, as the dump's own under DELIMITER //.
func parseRoutine(t *testing.T, sql string) split.Statement {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+sql+"//\n"), split.SplitOptions{})
	var st split.Statement
	for st.Kind == split.KindClient || len(st.SQL) == 0 {
		if !sp.Next() {
			t.Fatalf("%s: no statement (%v)", sql, sp.Err())
		}
		st = sp.Statement()
	}
	return st
}

// TestBodyTargetsBlocks: a DECLAREd name is a local in its block and the blocks inside
// it, not after its END (collected for the whole body, a DECLARE in one block hid a SET of
// the session variable of that name in another); parameters are locals everywhere; END
// IF, END LOOP … close no block; a `;` ends a SET's list of assignments, so the next
// statement's SET is read as one of its own. A CONDITION's, CURSOR's or HANDLER's
// DECLARE hides no session variable of its name (they are no variables).
func TestBodyTargetsBlocks(t *testing.T) {
	for sql, want := range map[string][]string{
		"CREATE FUNCTION f() RETURNS int BEGIN BEGIN DECLARE time_zone varchar(10); SET time_zone = 'x'; END; SET time_zone = '+05:00'; RETURN 1; END": {"time_zone"},
		"CREATE FUNCTION f() RETURNS int BEGIN DECLARE time_zone varchar(10); BEGIN SET time_zone = 'x'; END; SET time_zone = 'y'; RETURN 1; END":      nil,
		"CREATE PROCEDURE p(OUT total int, IN sql_mode int) BEGIN SET total = 1, sql_mode = 2; END":                                                    nil,
		"CREATE PROCEDURE p() BEGIN DECLARE x int; IF 1 THEN SET x = 1; END IF; SET x = 2; LOOP SET x = 3; END LOOP; END":                              nil,
		"CREATE PROCEDURE p() BEGIN DECLARE x int; SET x = 1; SET time_zone = 'UTC', x = 2, sql_mode = ''; END":                                        {"time_zone", "sql_mode"},
		"CREATE PROCEDURE p() BEGIN SET SESSION time_zone = 'UTC'; SET GLOBAL sql_mode = ''; SET @@local.sql_mode = ''; END":                           {"session.time_zone", "global.sql_mode", "@@local.sql_mode"},
		"CREATE PROCEDURE p() BEGIN FOR i IN 1..3 DO SET i = 4; END FOR; END":                                                                          nil,
		"CREATE FUNCTION f() RETURNS int BEGIN DECLARE time_zone CONDITION FOR SQLSTATE '45000'; SET time_zone = '+05:00'; RETURN 1; END":              {"time_zone"},
		"CREATE FUNCTION f() RETURNS int BEGIN DECLARE time_zone CURSOR FOR SELECT 1; SET time_zone = '+05:00'; RETURN 1; END":                         {"time_zone"},
		"CREATE FUNCTION f() RETURNS int BEGIN DECLARE sql_mode CURSOR (a int) FOR SELECT a; SET sql_mode = ''; RETURN 1; END":                         {"sql_mode"},
		"CREATE PROCEDURE p() BEGIN DECLARE a, time_zone varchar(10) DEFAULT 'x'; DECLARE c CURSOR FOR SELECT 1; SET time_zone = 'y'; END":             nil,
	} {
		st := parseRoutine(t, sql)
		if d := cmp.Diff(want, bodyTargets(&st)); d != "" {
			t.Errorf("%s: targets (-want +got):\n%s", sql, d)
		}
	}
}

// TestProcedureVars: what a procedure's body may leave set on its caller's connection, as
// the journal names it: user variables it names (not DEFINER's user@host), session
// variables it SETs as @@name (not locals, parameters, SET TRANSACTION), GLOBAL ones too
// (the caller's session keeps its own: x-fix18), but autocommit and completion_type set
// GLOBAL; SET NAMES as the four character set variables; nothing for a function or
// trigger.
func TestProcedureVars(t *testing.T) {
	for sql, want := range map[string][]string{
		"CREATE DEFINER=`root`@`localhost` PROCEDURE p(OUT n int) BEGIN DECLARE x int; SET x = @a, n = 1, @b = 2; SELECT 1 INTO @c; END":                          {"@a", "@b", "@c"},
		"CREATE PROCEDURE p() BEGIN SET time_zone = '+05:00'; SET SESSION sql_mode = ''; SET @@session.foreign_key_checks = 0, @@global.max_connections = 9; END": {"@@time_zone", "@@sql_mode", "@@foreign_key_checks", "@@max_connections"},
		"CREATE PROCEDURE p() BEGIN SET NAMES latin1; SET TRANSACTION READ ONLY; SET GLOBAL time_zone = 'UTC'; END":                                               {"@@character_set_client", "@@character_set_results", "@@character_set_connection", "@@collation_connection", "@@time_zone"},
		"CREATE PROCEDURE p() BEGIN SET GLOBAL autocommit = 0; SET @@global.completion_type = 1; SET GLOBAL net_read_timeout = 99; END":                           {"@@net_read_timeout"},
		"CREATE FUNCTION f() RETURNS int BEGIN SET time_zone = 'UTC', @a = 1; RETURN 1; END":                                                                      nil,
	} {
		st := parseRoutine(t, sql)
		if d := cmp.Diff(want, ProcedureVars(&st)); d != "" {
			t.Errorf("%s: (-want +got):\n%s", sql, d)
		}
	}
}
