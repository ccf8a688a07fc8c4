package plan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestDiagBodies: what the planner takes for a reader of the diagnostics area through
// EXECUTE IMMEDIATE, a CALL of a procedure the dump created or not, an EXECUTE of what it
// prepared, and SET STATEMENT … FOR; SHOW WARNINGS keeps the area (KeepsDiagnostics) but
// reads nothing to keep. Each line is planned after the ones before it.
func TestDiagBodies(t *testing.T) {
	script := []struct {
		q           string
		reads, keep bool
	}{
		{"EXECUTE IMMEDIATE 'SELECT @@warning_count INTO @w'", true, false},
		{"EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER'", true, false},
		{"EXECUTE IMMEDIATE 'INSERT INTO t VALUES (1)'", false, false},
		{"EXECUTE IMMEDIATE CONCAT('SELECT ', '1')", true, false}, // not read: may be one
		{"EXECUTE IMMEDIATE 'EXECUTE IMMEDIATE ''SET @w = @@error_count'''", true, false},
		{"SET STATEMENT max_statement_time = 1 FOR SELECT @@warning_count INTO @w", true, false},
		{"CALL p()", true, false}, // not created by the dump
		{"CREATE PROCEDURE p() GET DIAGNOSTICS @w = NUMBER", false, false},
		{"CREATE PROCEDURE d.q() INSERT INTO t VALUES (1)", false, false},
		{"CALL p()", true, false},
		{"CALL d.q()", false, false},
		{"USE d", false, false},
		{"CALL `Q`", false, false},
		{"DROP PROCEDURE q", false, false},
		{"CALL q()", true, false},
		{"CALL db.p()", true, false},
		{"USE db", false, false},
		// Created, replaced and dropped through dynamic SQL: followed as the dump's own.
		{"EXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE p() DO 1'", false, false},
		{"CALL p()", false, false},
		{"PREPARE c FROM 'CREATE OR REPLACE PROCEDURE p() SELECT @@warning_count INTO @w'", false, false},
		{"CALL p()", false, false},
		{"EXECUTE c", false, false},
		{"CALL p()", true, false},
		{"SET STATEMENT max_statement_time = 1 FOR CREATE OR REPLACE PROCEDURE p() DO 2", false, false},
		{"CALL p()", false, false},
		{"EXECUTE IMMEDIATE 'DROP PROCEDURE p'", false, false},
		{"CALL p()", true, false},
		{"CREATE PROCEDURE p() DO 3", false, false},
		{"CREATE PROCEDURE IF NOT EXISTS n() DO 3", false, false},
		{"CALL p()", false, false},
		{"CALL n()", true, false}, // one there before the dump is kept: not known (nothing is after it)
		{"CALL p()", true, false},
		{"CREATE OR REPLACE PROCEDURE p() DO 4", false, false},
		{"CALL p()", false, false},
		{"EXECUTE IMMEDIATE @sql", true, false}, // may have replaced p
		{"CALL p()", true, false},
		{"CREATE OR REPLACE PROCEDURE p() DO 5", false, false},
		{"CALL `P`", false, false},
		{"CALL d.p()", true, false}, // another database's
		{"CREATE PROCEDURE e() INSERT INTO ev (id, execute) VALUES (1, 2)", false, false},
		{"CALL e()", false, false}, // a column named execute runs nothing
		{"CREATE OR REPLACE PROCEDURE e() MODIFIES SQL DATA EXECUTE s", false, false},
		{"CALL e()", true, false},
		{"PREPARE s FROM 'DO 1'", false, false},
		{"PREPARE r FROM 'SELECT @@warning_count INTO @w'", false, false},
		{"PREPARE v FROM @sql", false, false},
		{"EXECUTE s", false, false},
		{"EXECUTE r", true, false},
		{"EXECUTE v", true, false},
		{"DEALLOCATE PREPARE s", false, false},
		{"EXECUTE s", true, false},
		{"SHOW WARNINGS", false, true},
		{"SHOW COUNT(*) ERRORS", false, true},
		{"SHOW WARNINGS LIMIT 1", false, true},
		{"SHOW TABLES", false, false},
	}
	d := registry{db: "db"}
	for _, c := range script {
		sp := split.NewSplitter(strings.NewReader(c.q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatal(sp.Err())
		}
		st := sp.Statement()
		d.observe(&st)
		if got := d.readsDiag(&st); got != c.reads {
			t.Errorf("reads(%q) = %v, want %v", c.q, got, c.reads)
		}
		if got := KeepsDiagnostics(&st); got != c.keep {
			t.Errorf("KeepsDiagnostics(%q) = %v, want %v", c.q, got, c.keep)
		}
	}
}

// BenchmarkDiagBodies: what following procedures and prepared statements for the readers
// of the diagnostics area costs the planner per statement (note and reads), against the
// splitting it rides on, on Sakila's schema and data dumps: the ratio diag/split.
func BenchmarkDiagBodies(b *testing.B) {
	dump := sakilaDump(b, "sakila-mv-schema.sql", "sakila-mv-data.sql")
	sts, _ := splitAll(b, dump)
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(len(dump)))
		for i := 0; i < b.N; i++ {
			sp := split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{})
			for sp.Next() {
			}
		}
	})
	b.Run("diag", func(b *testing.B) {
		b.SetBytes(int64(len(dump)))
		for i := 0; i < b.N; i++ {
			d := registry{db: "sakila"}
			for j := range sts {
				d.observe(&sts[j])
				_ = d.readsDiag(&sts[j])
			}
		}
	})
}

// TestPlanUnknownCallRefused: while the run is parallel, a CALL of a procedure the dump
// did not create is refused, naming it (the wrappers' refusal comes first: what it does to
// the transaction is not known either, wrappers.go); one the dump created with a body that
// reads none turns the run serial as any CALL does.
func TestPlanUnknownCallRefused(t *testing.T) {
	for script, want := range map[string]string{
		"INSERT INTO t VALUES (1);\nCALL nosuch();\n":                                            "refuse: CALL nosuch: the dump did not create the procedure",
		"INSERT INTO t VALUES (1);\nEXECUTE s;\n":                                                "refuse: EXECUTE s: what the prepared statement runs cannot be read",
		"CREATE PROCEDURE p() INSERT INTO t VALUES (2);\nINSERT INTO t VALUES (1);\nCALL p();\n": "serial",
	} {
		last := lastPlan(t, NewPlanner(), script)
		got := last.Kind.String()
		if last.Kind == Refuse {
			got += ": " + last.Reason
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("%q: last planned %q, want %q…", script, got, want)
		}
	}
}
