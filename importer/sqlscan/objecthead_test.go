package sqlscan

import "testing"

// TestObjectHeadForms pins the one reader of a DDL's head (objectHead), which
// madeInCode and ddlFinding each had a loop for until x-fix81: the object word, OR
// REPLACE and TEMPORARY, whatever DEFINER, ALGORITHM and SQL SECURITY come between.
func TestObjectHeadForms(t *testing.T) {
	for q, want := range map[string]struct {
		object             string
		replace, temporary bool
	}{
		"CREATE TABLE t (i int)": {"TABLE", false, false},
		"CREATE OR REPLACE ALGORITHM = MERGE DEFINER = `a`@`%` SQL SECURITY INVOKER VIEW v AS SELECT 1": {"VIEW", true, false},
		"CREATE DEFINER=CURRENT_USER VIEW v AS SELECT 1":                                                {"VIEW", false, false},
		"CREATE OR REPLACE TEMPORARY TABLE t (i int)":                                                   {"TABLE", true, true},
		"CREATE UNIQUE INDEX i ON t (a)":                                                                {"INDEX", false, false},
		"ALTER ONLINE IGNORE TABLE t ADD c int":                                                         {"TABLE", false, false},
		"/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @a = 1 */": {"TRIGGER", false, false},
		"DROP TEMPORARY TABLE IF EXISTS t":                              {"TABLE", false, true},
		"CREATE AGGREGATE FUNCTION f() RETURNS int BEGIN RETURN 1; END": {"FUNCTION", false, false},
	} {
		l := New([]byte(q), Syntax{})
		l.Next() // the verb
		object, replace, temporary := ObjectHead(&l)
		if !object.Is(want.object) || replace != want.replace || temporary != want.temporary {
			t.Errorf("ObjectHead(%q) = %q, %v, %v; want %+v", q, object.Text, replace, temporary, want)
		}
	}
}
