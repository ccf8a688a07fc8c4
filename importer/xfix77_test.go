package importer_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// x-fix77: TestXFix71DropMissingAfterKill for every kind of error checkpoint.AlreadyApplied
// takes for "already applied". The dump's own DDL fails at the client right after a kill
// point (it drops what is not there, adds what is); the resume met the same error beyond
// the furthest committed offset and took it for a statement the killed attempt had run
// before its progress row (checkpoint.Run.MayHaveRun's allowance, one per connection),
// and finished the dump where the client stops, silently. Now a DDL statement is marked
// in the journal before it is sent (checkpoint/sent.go, replay/ddlmark.go): no mark, the
// error is the dump's own, and the resume stops with it (an ALTER TABLE's definition
// intent, settled unchanged, says so too).

// x77Missing are DDL statements the client stops at, after x71Head (plus x77Objects).
var x77Missing = []struct{ name, ddl string }{
	{"drop view", "DROP VIEW nosuchv"},
	{"drop database", "DROP DATABASE nosuchdb"},
	{"create database again", "CREATE DATABASE x77b"},
	{"alter drop column", "ALTER TABLE t1 DROP COLUMN nosuch"},
	{"alter add key", "ALTER TABLE t1 ADD KEY ka (a)"},
	{"drop procedure", "DROP PROCEDURE nosuchp"},
	{"drop trigger", "DROP TRIGGER nosucht"},
	{"drop event", "DROP EVENT nosuche"},
	{"drop table of two", "DROP TABLE d1, nosuch"},
}

// x77Objects makes what x77Present drops.
const x77Objects = "CREATE TABLE d1 (id INT PRIMARY KEY) ENGINE=InnoDB;\nCREATE VIEW v1 AS SELECT id FROM keep1;\nCREATE DATABASE x77b;\n" +
	"CREATE PROCEDURE p1() SELECT 1;\nCREATE TRIGGER tr1 BEFORE INSERT ON t1 FOR EACH ROW SET NEW.a = NEW.a;\n" +
	"CREATE EVENT ev1 ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' DO DELETE FROM keep1 WHERE id < 0;\n"

// x77Present are the same kinds where the objects are there: killed after the statement
// ran (the sweep's "ran" point) and before its progress row, the resume meets the error
// the client does not, and takes it for "it had run", as before (the allowance, now by
// the statement's mark).
var x77Present = []struct{ name, ddl string }{
	{"drop table", "DROP TABLE d1"},
	{"drop view", "DROP VIEW v1"},
	{"drop database", "DROP DATABASE x77b"},
	{"create database", "CREATE DATABASE x77c"},
	{"alter drop column", "ALTER TABLE t1 DROP COLUMN a"},
	{"alter add key", "ALTER TABLE t1 ADD KEY kb (a)"},
	{"drop procedure", "DROP PROCEDURE p1"},
	{"drop trigger", "DROP TRIGGER tr1"},
	{"drop event", "DROP EVENT ev1"},
}

func TestXFix77AlreadyAppliedAfterKill(t *testing.T) {
	for _, c := range x77Missing {
		t.Run("own error "+c.name, func(t *testing.T) {
			script := x71Head + x77Objects + "INSERT INTO keep1 VALUES (1);\n" + c.ddl + ";\nINSERT INTO keep1 VALUES (2);\n"
			first, last := lineOfText(script, "INSERT INTO keep1 VALUES (1)"), int64(strings.Count(script[:strings.LastIndex(script, c.ddl)], "\n")+1)
			differ, got := 0, killSweep(t, []byte(script), "resume", func(k killPoint) bool { return k.line >= first && k.line <= last })
			for _, r := range got {
				switch {
				case r.d != nil:
					differ++
					t.Errorf("killed %v and resumed: %v", r.at, r.d)
				case r.refused != "":
					t.Logf("killed %v: refused: %s", r.at, r.refused)
				}
			}
			t.Logf("%d of %d kill points differ", differ, len(got))
			if len(got) == 0 {
				t.Fatal("no kill points")
			}
		})
	}
	for _, c := range x77Present {
		t.Run("ran "+c.name, func(t *testing.T) {
			script := x71Head + x77Objects + "INSERT INTO keep1 VALUES (1);\n" + c.ddl + ";\nINSERT INTO t1 VALUES (9, 9);\n"
			ran := 0
			got := killSweep(t, []byte(script), "resume", func(k killPoint) bool {
				return k.line == lineOfText(script, c.ddl) && k.kind == "ran"
			})
			for _, r := range got {
				ran++
				if r.d != nil {
					t.Errorf("killed %v and resumed: %v", r.at, r.d)
				} else if r.refused != "" {
					t.Errorf("killed %v: refused: %s", r.at, r.refused)
				}
			}
			if ran == 0 {
				t.Fatalf("no kill point after %s ran", strings.Fields(c.ddl)[0])
			}
		})
	}
}

// TestXFix77MarkedNotSent: the window between a DDL's mark and its send (checkpoint/sent.go).
// A kill there leaves a mark for a statement that never ran; for the dump's own DROP TABLE
// of a table that is not there, a mark alone would have the resume take its ERROR 1051 for
// a DROP that ran, as before. The mark records the DROP's pre-state: the first attempt, run
// to its failure, marks it PreNotHeld ('n'); a resume that finds that mark for a DROP it
// sends (the kill between the two, made here by writing the mark after a kill before the
// DROP) stops where the client stops.
func TestXFix77MarkedNotSent(t *testing.T) {
	script := x71Head + "INSERT INTO keep1 VALUES (1);\nDROP TABLE nosuch;\nINSERT INTO keep1 VALUES (2);\n"
	e := newSweepEnv(t, []byte(script), "resume")
	line := lineOfText(script, "DROP TABLE nosuch")
	var before *killPoint
	for i, k := range e.points {
		if k.kind == "before" && k.line == line {
			before = &e.points[i]
		}
	}
	if before == nil {
		t.Fatalf("no kill point before line %d: %v", line, e.points)
	}
	db, err := sql.Open("mysql", e.srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mark := func() (runID, pre string) {
		t.Helper()
		b, err := os.ReadFile(e.base.CheckpointPath)
		if err != nil {
			t.Fatal(err)
		}
		var j struct {
			RunID    string `json:"run_id"`
			DDLMarks bool   `json:"ddl_marks"`
		}
		if err := json.Unmarshal(b, &j); err != nil || !j.DDLMarks {
			t.Fatalf("journal: %v, ddl_marks %v", err, j.DDLMarks)
		}
		if err := db.QueryRow("SELECT pre_state FROM dumpscope_progress.sent WHERE run_id = ? AND start_offset = ?", j.RunID, before.offset).Scan(&pre); err != nil && !errors.Is(err, sql.ErrNoRows) {
			t.Fatal(err)
		}
		return j.RunID, pre
	}

	// The writer: the first attempt, run to the DROP's failure, marked it 'n'.
	e.reset()
	o := e.base
	if res, err := importer.Import(context.Background(), e.cfg, importer.Source{Path: e.file}, o); err != nil || res.Status != importer.Failed {
		t.Fatalf("the first attempt: %v, %v", res.Status, err)
	}
	if _, pre := mark(); pre != "n" {
		t.Errorf("the DROP of a missing table was marked %q, not \"n\"", pre)
	}

	// The reader: killed before the DROP, its mark written as if the kill came after it.
	e.reset()
	if fired, res, err := e.killAt(*before, false); !fired {
		t.Fatalf("not killed at %v: %v, %v", *before, res, err)
	}
	runID, pre := mark()
	if pre != "" {
		t.Fatalf("killed before the DROP was dispatched, yet marked %q", pre)
	}
	if _, err := db.Exec("REPLACE INTO dumpscope_progress.sent VALUES (?, ?, 'n')", runID, before.offset); err != nil {
		t.Fatal(err)
	}
	if d, refused := e.resumeAndCompare("marked, not sent"); d != nil {
		t.Errorf("killed between the mark and the DROP, resumed: %v", d)
	} else if refused != "" {
		t.Logf("refused: %s", refused)
	}
}

// TestXFix77PreState: the writer's side of TestXFix77MarkedNotSent for each kind whose
// pre-state is read (replay/ddlmark.go sentPreState). The first attempt, run to the
// dump's own error at a DROP of what is not there, leaves that DROP marked 'n', so that a
// kill between the mark and the send cannot have a resume take the error for a DROP that
// ran; killed after a DROP of what is there ran, it is marked 'y' (read as missing, a
// resume would stop where the client goes on).
func TestXFix77PreState(t *testing.T) {
	for _, c := range []struct{ ddl, want string }{
		{"DROP TABLE nosuch", "n"},
		{"DROP TABLE d1, nosuch", "n"},
		{"DROP VIEW nosuchv", "n"},
		{"DROP DATABASE nosuchdb", "n"},
		{"DROP PROCEDURE nosuchp", "n"},
		{"DROP TRIGGER nosucht", "n"},
		{"DROP EVENT nosuche", "n"},
		{"DROP FUNCTION nosuchf", "n"}, // neither a stored nor a loadable function (mysql.func) of the name: x-review28
		{"ALTER TABLE t1 DROP COLUMN nosuch", "?"},
		{"DROP TABLE d1", "y"},
		{"DROP VIEW v1", "y"},
		{"DROP DATABASE x77b", "y"},
		{"DROP PROCEDURE P1", "y"},
		{"DROP TRIGGER x71.tr1", "y"},
		{"DROP EVENT ev1", "y"},
	} {
		t.Run(c.ddl, func(t *testing.T) {
			script := x71Head + x77Objects + "INSERT INTO keep1 VALUES (1);\n" + c.ddl + ";\nINSERT INTO keep1 VALUES (2);\n"
			e := newSweepEnv(t, []byte(script), "resume") // its uninterrupted import stops at a DROP of what is not there
			line := lineOfText(script, c.ddl)
			kind := "before"
			if c.want == "y" {
				kind = "ran"
			}
			var at *killPoint
			for i, k := range e.points {
				if k.kind == kind && k.line == line {
					at = &e.points[i]
				}
			}
			if at == nil {
				t.Fatalf("no kill point %s line %d: %v", kind, line, e.points)
			}
			if kind == "ran" {
				e.reset()
				if fired, res, err := e.killAt(*at, false); !fired {
					t.Fatalf("not killed at %v: %v, %v", *at, res, err)
				}
			}
			if pre := x77Mark(t, e, at.offset); pre != c.want {
				t.Errorf("marked %q, want %q", pre, c.want)
			}
		})
	}
}

// x77Mark reads the mark (pre_state) of the statement at offset in the run e's journal
// names; "" when none.
func x77Mark(t *testing.T, e *sweepEnv, offset int64) string {
	t.Helper()
	db, err := sql.Open("mysql", e.srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := os.ReadFile(e.base.CheckpointPath)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		RunID    string `json:"run_id"`
		DDLMarks bool   `json:"ddl_marks"`
	}
	if err := json.Unmarshal(b, &j); err != nil || !j.DDLMarks {
		t.Fatalf("journal: %v, ddl_marks %v", err, j.DDLMarks)
	}
	var pre string
	if err := db.QueryRow("SELECT pre_state FROM dumpscope_progress.sent WHERE run_id = ? AND start_offset = ?", j.RunID, offset).Scan(&pre); err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	return pre
}
