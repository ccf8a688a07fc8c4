package plan

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
)

// targetProcs is a fakeCatalog whose target holds the procedures named (db.name).
type targetProcs struct {
	fakeCatalog
	procs map[string]bool
	asked []string
}

func (c *targetProcs) ProcedureExists(db, name string) (bool, error) {
	c.asked = append(c.asked, db+"."+name)
	return c.procs[db+"."+name], nil
}

// onOne ends the reason of a plan that turns the run serial.
const onOne = ": the rest of the dump runs on one connection"

// TestCalledVarsSerial: a trigger or function whose body CALLs a procedure that sets a
// user variable — directly, through another procedure, in either order of creation, or
// one that runs dynamic SQL — turns the run serial at the statement that closes the path
// (difffuzz seeds 51035, 51041); a trigger whose procedures set none stays parallel.
func TestCalledVarsSerial(t *testing.T) {
	const trg = "CREATE TRIGGER tg BEFORE INSERT ON t FOR EACH ROW CALL p(NEW.id);\n"
	const rows = "INSERT INTO t VALUES (1);\n"
	for name, c := range map[string]struct {
		script string
		want   []string // the plan of each statement, by planScript
	}{
		"procedure first": {
			"CREATE PROCEDURE p(x int) SET @pv = x;\n" + trg + rows,
			[]string{"barrier routine db.p", "serial ! the trigger tg calls p, and p sets user variable @pv, which lives on the connection that runs it" + onOne, "serial"},
		},
		"trigger first": {
			trg + "CREATE PROCEDURE p(x int) SET @pv = x;\n" + rows,
			[]string{"barrier *", "serial ! the trigger tg calls p, and p sets user variable @pv, which lives on the connection that runs it" + onOne, "serial"},
		},
		"nested": {
			"CREATE PROCEDURE q() SET @deep = 1;\nDELIMITER ;;\nCREATE PROCEDURE p(x int) BEGIN INSERT INTO lg VALUES (x); CALL q(); END;;\nDELIMITER ;\n" + trg + rows,
			[]string{"barrier routine db.q", "barrier routine db.p", "serial ! the trigger tg calls p, which calls q, and q sets user variable @deep, which lives on the connection that runs it" + onOne, "serial"},
		},
		"function caller": {
			"CREATE PROCEDURE p(x int) SET @pv = x;\nDELIMITER ;;\nCREATE FUNCTION f(x int) RETURNS int BEGIN CALL p(x); RETURN x; END;;\nDELIMITER ;\n",
			[]string{"barrier routine db.p", "serial ! the function f calls p, and p sets user variable @pv, which lives on the connection that runs it" + onOne},
		},
		"dynamic": {
			trg + "CREATE PROCEDURE p(x int) EXECUTE IMMEDIATE 'SET @d = 1';\n" + rows,
			[]string{"barrier *", "serial ! the trigger tg calls p, and p runs dynamic SQL, which may set user variables of the connection that runs it" + onOne, "refuse"},
		},
		"no variable": {
			"CREATE PROCEDURE p(x int) INSERT INTO lg VALUES (x);\n" + trg + rows,
			[]string{"barrier routine db.p", "barrier *", "barrier *"},
		},
		"local and NEW only": {
			trg + "DELIMITER ;;\nCREATE PROCEDURE p(INOUT x int) BEGIN DECLARE y int DEFAULT 2; SET x = x + y; END;;\nDELIMITER ;\n" + rows,
			[]string{"barrier *", "barrier routine db.p", "barrier *"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			var got []string
			for _, l := range planScript(t, c.script, fakeCatalog{"db.t": {NotPlain: "it has triggers"}}) {
				switch {
				case l == "session": // DELIMITER
				case strings.HasPrefix(l, "refuse"):
					got = append(got, "refuse") // laterReaders' reason, not this test's
				default:
					got = append(got, l)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCalledVarsTargetProcedure: a trigger that CALLs a procedure the dump did not create
// is judged by the target: one there already (its body unknown) may set anything, and
// the run turns serial at the trigger; one that is not there yet is judged when the dump
// creates it. Each name is asked once.
func TestCalledVarsTargetProcedure(t *testing.T) {
	script := "CREATE TRIGGER tg BEFORE INSERT ON t FOR EACH ROW CALL other.p(NEW.id);\n" +
		"CREATE TRIGGER tg2 BEFORE INSERT ON t2 FOR EACH ROW CALL other.p(NEW.id);\n"
	for there, want := range map[bool]string{
		true:  "serial ! the trigger tg calls p, and p was not created by the dump (it was there before, or its name cannot be read), so it may set user variables of the connection that runs it" + onOne,
		false: "barrier *",
	} {
		cat := &targetProcs{fakeCatalog: fakeCatalog{}, procs: map[string]bool{"other.p": there}}
		got := planScript(t, script, cat)
		if got[0] != want {
			t.Errorf("procedure there %v: got %q, want %q", there, got[0], want)
		}
		if !there && (len(cat.asked) != 1 || cat.asked[0] != "other.p") {
			t.Errorf("asked %v, want other.p once", cat.asked)
		}
	}
}

// TestCalledVarsVars: the variables the replay journals, over the order of creation,
// cycles, and a procedure created again (both bodies count).
func TestCalledVarsVars(t *testing.T) {
	var c CalledVars
	sp := split.NewSplitter(strings.NewReader(
		"DELIMITER ;;\nCREATE PROCEDURE a() BEGIN SET @a = 1; CALL b(); END;;\n"+
			"CREATE TRIGGER tg AFTER INSERT ON t FOR EACH ROW CALL a();;\n"+
			"CREATE PROCEDURE b() BEGIN SET @b = 2; CALL a(); END;;\nDELIMITER ;\n"+
			"CREATE PROCEDURE unrelated() SET @u = 3;\n"+
			"DROP PROCEDURE b;\nCREATE PROCEDURE b() SET @b2 = 4;\n"), split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		c.Observe(&st, "db")
	}
	if diff := cmp.Diff([]string{"@a", "@b", "@b2"}, c.Vars()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestBodyCalls: the CALLs of a body as information_schema gives it, qualified or not;
// CALL in a string or comment is none; EXECUTE or PREPARE makes it dynamic.
func TestBodyCalls(t *testing.T) {
	calls, dynamic := BodyCalls([]byte("BEGIN CALL pa(NEW.id); CALL `o`.`pb`(1); SET @s = 'CALL px()'; /* CALL py() */ END"))
	if diff := cmp.Diff([][2]string{{"", "pa"}, {"o", "pb"}}, calls); diff != "" || dynamic {
		t.Errorf("dynamic %v, calls (-want +got):\n%s", dynamic, diff)
	}
	if _, dynamic := BodyCalls([]byte("BEGIN EXECUTE IMMEDIATE 'INSERT INTO t VALUES (1)'; END")); !dynamic {
		t.Error("EXECUTE IMMEDIATE: not dynamic")
	}
}
