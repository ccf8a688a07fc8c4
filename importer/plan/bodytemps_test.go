package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// delimited splits text, written after DELIMITER // (each statement ends in //), into
// its statements, their text copied: the bodies and statements the routine tests feed
// the planner's readers.
func delimited(text string) []split.Statement {
	sp := split.NewSplitter(strings.NewReader("DELIMITER //\n"+text), split.SplitOptions{})
	var out []split.Statement
	for sp.Next() {
		if s := sp.Statement(); len(s.SQL) > 0 {
			s.SQL = append([]byte(nil), s.SQL...)
			out = append(out, s)
		}
	}
	return out
}

// TestBodyTempDDL: the temporary tables a CALL or compound statement leaves made, and
// those it drops, through the procedures the dump created, transitively; one made and
// dropped again is left out.
func TestBodyTempDDL(t *testing.T) {
	var rb routineBodies
	for _, st := range delimited("CREATE PROCEDURE p2() BEGIN CREATE TEMPORARY TABLE tmp2 (id int); INSERT INTO tmp2 VALUES (7); END//\n" +
		"CREATE PROCEDURE p() BEGIN DROP TEMPORARY TABLE IF EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); DROP TEMPORARY TABLE tmp; END//\n" +
		"CREATE PROCEDURE q() BEGIN CALL p2(); DROP TEMPORARY TABLE IF EXISTS a, d.b; END//\n") {
		rb.observe(&st, "d")
	}
	for text, want := range map[string][2][]string{
		"CALL p2()//": {{"d.tmp2"}, nil},
		"CALL p()//":  {nil, {"d.tmp"}},
		"CALL q()//":  {{"d.tmp2"}, {"d.a", "d.b"}},
		"BEGIN NOT ATOMIC CREATE OR REPLACE TEMPORARY TABLE IF NOT EXISTS c (id int); END//": {{"d.c"}, nil},
		"CALL other()//": {nil, nil},
	} {
		st := delimited(text)[0]
		made, dropped := rb.bodyTempDDL(&st, "d")
		if !slices.Equal(made, want[0]) || !slices.Equal(dropped, want[1]) {
			t.Errorf("%s: made %q, dropped %q; want %q, %q", text, made, dropped, want[0], want[1])
		}
	}
}

// TestBodyTempDDLConditionalDrop: a DROP that may not run (in an IF, CASE, loop, handler,
// a CALL made there, or after a LEAVE or a handler) leaves the table made; one on every
// path of the body (after an IF or loop closed, in a CALL at the top) drops it.
func TestBodyTempDDLConditionalDrop(t *testing.T) {
	var rb routineBodies
	const mk = "CREATE TEMPORARY TABLE tmp (id int); "
	for _, st := range delimited("CREATE PROCEDURE dr() DROP TEMPORARY TABLE tmp//\n" +
		"CREATE PROCEDURE mk() BEGIN " + mk + "END//\n") {
		rb.observe(&st, "d")
	}
	made, none := [2][]string{{"d.tmp"}, nil}, [2][]string{nil, {"d.tmp"}}
	for text, want := range map[string][2][]string{
		"BEGIN NOT ATOMIC " + mk + "IF @x THEN DROP TEMPORARY TABLE tmp; END IF; END//":                                                 made,
		"BEGIN NOT ATOMIC " + mk + "CASE WHEN @x THEN DROP TEMPORARY TABLE tmp; END CASE; END//":                                        made,
		"BEGIN NOT ATOMIC " + mk + "l: LOOP DROP TEMPORARY TABLE tmp; LEAVE l; END LOOP l; END//":                                       made,
		"BEGIN NOT ATOMIC " + mk + "WHILE @x DO DROP TEMPORARY TABLE tmp; END WHILE; END//":                                             made,
		"BEGIN NOT ATOMIC " + mk + "IF @x THEN CALL dr(); END IF; END//":                                                                made,
		"BEGIN NOT ATOMIC DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN END; " + mk + "DROP TEMPORARY TABLE tmp; END//":                   made,
		"BEGIN NOT ATOMIC DECLARE CONTINUE HANDLER FOR SQLEXCEPTION DROP TEMPORARY TABLE tmp; " + mk + "END//":                          made,
		"l: BEGIN NOT ATOMIC " + mk + "IF @x THEN LEAVE l; END IF; DROP TEMPORARY TABLE tmp; END//":                                     made,
		"BEGIN NOT ATOMIC " + mk + "EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE tmp'; END//":                                                made,
		"IF @x THEN " + mk + "DROP TEMPORARY TABLE tmp; END IF//":                                                                       made,
		"BEGIN NOT ATOMIC " + mk + "SET @y = CASE WHEN @x THEN (1) END; IF @x THEN SET @z = 1; END IF; DROP TEMPORARY TABLE tmp; END//": none,
		"BEGIN NOT ATOMIC " + mk + "WHILE @x DO SET @x = 0; END WHILE; BEGIN DROP TEMPORARY TABLE tmp; END; END//":                      none,
		"BEGIN NOT ATOMIC CALL mk(); CALL dr(); END//":                                                                                  none,
		"BEGIN NOT ATOMIC " + mk + "IF @x THEN DROP TEMPORARY TABLE tmp; END IF; DROP TEMPORARY TABLE IF EXISTS tmp; END//":             none,
	} {
		st := delimited(text)[0]
		m, dr := rb.bodyTempDDL(&st, "d")
		if !slices.Equal(m, want[0]) || !slices.Equal(dr, want[1]) {
			t.Errorf("%s: made %q, dropped %q; want %q, %q", text, m, dr, want[0], want[1])
		}
	}
}

// TestCompoundTemporarySerial: a compound statement of the dump's own (outside a
// routine) whose code makes or drops a temporary table turns the run serial at it, as a
// top-level CREATE TEMPORARY TABLE does: planned as a barrier it made the table on the
// control connection and the rows after it went to a worker
// (TestReviewX25NotAtomicTemporary). One that makes none stays a barrier.
func TestCompoundTemporarySerial(t *testing.T) {
	const mk = "CREATE TEMPORARY TABLE tq (id INT); "
	for name, tc := range map[string]struct {
		block  string
		serial bool
	}{
		"not atomic":   {"BEGIN NOT ATOMIC " + mk + "END", true},
		"if":           {"IF 1 THEN " + mk + "END IF", true},
		"case":         {"CASE WHEN 1 THEN " + mk + "ELSE BEGIN END; END CASE", true},
		"while":        {"WHILE @w IS NULL DO " + mk + "SET @w = 1; END WHILE", true},
		"loop":         {"l1: LOOP " + mk + "LEAVE l1; END LOOP", true},
		"repeat":       {"REPEAT " + mk + "UNTIL 1 END REPEAT", true},
		"for":          {"FOR i IN 1..1 DO " + mk + "END FOR", true},
		"label":        {"b1: BEGIN NOT ATOMIC " + mk + "END", true},
		"drop":         {"BEGIN NOT ATOMIC DROP TEMPORARY TABLE IF EXISTS tq; END", true},
		"no temporary": {"BEGIN NOT ATOMIC INSERT INTO pt1 VALUES (1); END", false},
	} {
		script := "CREATE TABLE pt1 (id INT PRIMARY KEY);\nDELIMITER ;;\nCREATE PROCEDURE mkt() " + mk + ";;\n" + tc.block + ";;\nDELIMITER ;\nINSERT INTO pt1 VALUES (520);\n"
		got := planScript(t, script, fakeCatalog{})
		block := got[len(got)-3]
		if serial := strings.HasPrefix(block, "serial ! a temporary table"); serial != tc.serial {
			t.Errorf("%s: the block is planned %q; want serial %v (plans %q)", name, block, tc.serial, got)
		}
	}
}

// TestCompoundUserVariableSerial: a compound statement that names a user variable runs
// serially from there (its SET @v = … is given back on resume by the serial path only:
// TestReviewX25NotAtomicUserVarResumed), as does one that SETs a session variable
// (TestXFix78BlockSessionVarsParallel: the workers kept their own); one that does
// neither, or SETs only a local it DECLAREd, stays a barrier.
func TestCompoundUserVariableSerial(t *testing.T) {
	for block, want := range map[string]string{
		"BEGIN NOT ATOMIC SET @v = 'seven'; END":                        "serial ! a compound statement may set user variables of its connection",
		"BEGIN NOT ATOMIC SET @@session.x = 1; END":                     "serial ! a compound statement may set session variables of its connection",
		"IF 1 THEN SET time_zone = '+05:00'; END IF":                    "serial ! a compound statement may set session variables of its connection",
		"BEGIN NOT ATOMIC DECLARE x INT; SET x = 1; END":                "barrier *",
		"BEGIN NOT ATOMIC INSERT INTO pt1 VALUES (1); END":              "barrier *",
		"FOR i IN 1..2 DO INSERT INTO pt1 VALUES (i); END FOR":          "barrier *",
		"BEGIN NOT ATOMIC UPDATE pt1 SET id = id + 1 WHERE id > 5; END": "barrier *",
	} {
		got := planScript(t, "DELIMITER ;;\n"+block+";;\n", fakeCatalog{})
		if !strings.HasPrefix(got[len(got)-1], want) {
			t.Errorf("%s: planned %q, want %q", block, got, want)
		}
	}
}
