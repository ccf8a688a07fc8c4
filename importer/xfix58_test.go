package importer_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix58ResumeCheckKeepsResumes: the resume of a run checked for overwrites statement
// by statement (TestReviewX23ResumeAfterStopOverwrites) checks against what the target held
// when the first attempt began, so what the first attempt itself did is no overwrite, and
// a run that was allowed to overwrite stays unchecked:
//   - "filled empty": other.e existed empty; the first attempt wrote rows into it before
//     the stop, the resume writes the rest (rows into a table that was empty lose
//     nothing): finished, read against the target as it is now it would be refused;
//   - "own table": the dump's own DROP TABLE IF EXISTS / CREATE TABLE of fresh.t, skipped
//     or sent again, are no overwrite;
//   - "overwrite": a first attempt with --overwrite records no check; its resume (without
//     the flag) finishes and writes other.k, as before;
//   - "old journal": a journal of a dumpscope that did not record the check (the field
//     removed) resumes unchecked, as before (docs/import.md §Preflight says so).
func TestXFix58ResumeCheckKeepsResumes(t *testing.T) {
	f := newSessionFixture(t, "")
	dump := "CREATE DATABASE fresh;\nUSE fresh;\nDROP TABLE IF EXISTS t;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
		"INSERT INTO other.e VALUES (1);\n" + rowsOf("t", 0, 50) + rowsOf("t", 50, 100) + "INSERT INTO other.e VALUES (2);\n" +
		"DROP TABLE IF EXISTS t2;\nCREATE TABLE t2 (i int);\n" + rowsOf("t", 100, 150)
	withK := dump + "INSERT INTO other.k VALUES (9);\n"
	for name, c := range map[string]struct {
		dump            string
		first           importer.Options
		stripJournal    bool
		wantK           string
		wantE, wantRows string
	}{
		"filled empty": {dump: dump, wantK: "1", wantE: "1,2", wantRows: "150"},
		"own table":    {dump: dump, first: importer.Options{Parallel: 2}, wantK: "1", wantE: "1,2", wantRows: "150"},
		"overwrite":    {dump: withK, first: importer.Options{Overwrite: true}, wantK: "1,9", wantE: "1,2", wantRows: "150"},
		"old journal":  {dump: withK, stripJournal: true, wantK: "1,9", wantE: "1,2", wantRows: "150"},
	} {
		t.Run(name, func(t *testing.T) {
			for _, q := range append(x23Other, "CREATE TABLE other.e (i int PRIMARY KEY)") {
				f.exec(q)
			}
			path := writeFile(t, "d.sql", []byte(c.dump))
			o := c.first
			o.BatchBytes = 512
			o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, stopAfter(lineOf(t, c.dump, "INSERT INTO t VALUES (50,"), o))
			if err != nil || res.Status != importer.Interrupted {
				t.Fatalf("first run: %v, %v\n%s", res, err, log.String())
			}
			if c.stripJournal {
				b, err := os.ReadFile(o.CheckpointPath)
				if err != nil {
					t.Fatal(err)
				}
				var j map[string]any
				if err := json.Unmarshal(b, &j); err != nil {
					t.Fatal(err)
				}
				if _, ok := j["overwrite_check"]; !ok {
					t.Fatalf("the checked first attempt's journal records no overwrite_check:\n%s", b)
				}
				delete(j, "overwrite_check")
				if b, err = json.Marshal(j); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(o.CheckpointPath, b, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			o.Resume, o.Overwrite, o.Stop, o.OnStatement = true, false, nil, nil
			res, err = importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
			if err == nil {
				err = res.Err
			}
			if err != nil || res.Status != importer.Finished {
				t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
			}
			for q, want := range map[string]string{
				"SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k": c.wantK,
				"SELECT GROUP_CONCAT(i ORDER BY i) FROM other.e": c.wantE,
				"SELECT COUNT(*) FROM fresh.t":                   c.wantRows,
			} {
				if got := f.query(q); got != want {
					t.Errorf("%s: %q, want %q", q, got, want)
				}
			}
		})
	}
}

// TestXFix58CallTargetRoutine: the target holds other.p, a procedure that writes other.k
// (and other.f, a function that does, other.q, a procedure that calls other.p); the dump
// runs `CALL other.p()`, `DO other.f()`, … : other.k changed without --overwrite. Silent
// against docs/import.md §Preflight (the client writes the same, the database is the
// client's), every mode; 2 of 2 subtests failed before x-fix62. The overwrite check now
// reads the target's procedure and function bodies once (preflight/calls.go) and refuses
// the statement that calls one, naming it; a routine the dump creates that calls one is
// refused at its CREATE; the read-ahead (--preflight-scan) and a --parallel run too.
func TestXFix58CallTargetRoutine(t *testing.T) {
	f := newSessionFixture(t, "")
	const head = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i int);\n"
	for name, c := range map[string]struct {
		body, names string
		o           importer.Options
	}{
		"call":          {body: "CALL other.p();\n", names: "procedure `other`.`p`, whose body runs INSERT INTO other.k VALUES (9)"},
		"do":            {body: "DO other.f();\n", names: "function `other`.`f`"},
		"nested":        {body: "CALL other.q();\n", names: "procedure `other`.`q`, whose body runs procedure `other`.`p`"},
		"set":           {body: "SET @x = other.f();\n", names: "function `other`.`f`"},
		"insert select": {body: "INSERT INTO t SELECT other.f();\n", names: "function `other`.`f`"},
		"insert values": {body: "INSERT INTO t VALUES (1), (other.f());\n", names: "function `other`.`f`"},
		"dump's procedure": {body: "DELIMITER ;;\nCREATE PROCEDURE m() BEGIN CALL other.p(); END;;\nDELIMITER ;\nCALL m();\n",
			names: "CREATE PROCEDURE `m` would run procedure `other`.`p`"},
		"read-ahead": {body: "INSERT INTO t VALUES (1);\nCALL other.p();\n", names: "call procedure `other`.`p`, whose body runs", o: importer.Options{PreflightScan: true}},
	} {
		t.Run(name, func(t *testing.T) {
			log, err := x23UntouchedKeeping(t, f, head+c.body, c.o)
			if err == nil || !strings.Contains(err.Error()+log, c.names) {
				t.Errorf("import: %v; want it refused naming %q\n%s", err, c.names, log)
			}
		})
	}
	// Guards: a routine of the target's that only reads, or fills the dump's own table,
	// is called; with --overwrite, other.p runs.
	t.Run("reads", func(t *testing.T) {
		if log, err := x23UntouchedKeeping(t, f, head+"CALL other.r();\nINSERT INTO t SELECT other.g();\n", importer.Options{}); err != nil {
			t.Errorf("import: %v; want it finished\n%s", err, log)
		}
		if got := f.query("SELECT GROUP_CONCAT(i) FROM fresh.t"); got != "2" {
			t.Errorf("fresh.t holds %q, want 2", got)
		}
	})
	t.Run("overwrite", func(t *testing.T) {
		for _, q := range x23Other {
			f.exec(q)
		}
		keepingRoutines(f)
		path := writeFile(t, "d.sql", []byte(head+"CALL other.p();\n"))
		res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, importer.Options{Overwrite: true, Log: io.Discard})
		if err == nil {
			err = res.Err
		}
		if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); err != nil || got != "1,9" {
			t.Errorf("--overwrite: other.k holds %q, import %v; want 1,9", got, err)
		}
	})
}

// TestXFix62CallUnreadableRoutine: an account that may run other.p but not read its body
// (information_schema.ROUTINES shows it NULL: not its definer, no right to mysql.proc)
// is refused the CALL in one line naming the routine, unless --overwrite. (Such an
// account's import reads the dump ahead for the DEFINER check: the refusal lists it.)
func TestXFix62CallUnreadableRoutine(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, q := range x23Other {
		f.exec(q)
	}
	keepingRoutines(f)
	for _, q := range []string{"DROP USER IF EXISTS x62@localhost", "CREATE USER x62@localhost", "GRANT ALL ON fresh.* TO x62@localhost",
		"GRANT SELECT, INSERT ON other.* TO x62@localhost", "GRANT EXECUTE ON PROCEDURE other.p TO x62@localhost"} {
		f.exec(q)
	}
	t.Cleanup(func() { f.exec("DROP USER IF EXISTS x62@localhost") }) // the sandbox is reused
	cfg := f.cfg.Clone()
	cfg.User = "x62"
	path := writeFile(t, "d.sql", []byte("CREATE DATABASE fresh;\nUSE fresh;\nCALL other.p();\n"))
	var log strings.Builder
	res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{Log: &log})
	if err == nil {
		err = res.Err
	}
	const want = "\n  call procedure `other`.`p`, whose body this account cannot read (grant it SELECT on mysql.proc, or SHOW_ROUTINE on MySQL 8.0.20+, to have it read) (offset 33, line 3), which could write into what exists in the target\n"
	if err == nil || !strings.Contains(log.String(), want) {
		t.Errorf("import: %v; want one line ending %q\n%s", err, want, log.String())
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1", got)
	}
	f.exec("DROP DATABASE IF EXISTS fresh")
	res, err = importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{Log: &log, Overwrite: true})
	if err == nil {
		err = res.Err
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); err != nil || got != "1,9" {
		t.Errorf("--overwrite: other.k holds %q, import %v; want 1,9", got, err)
	}
}

// keepingRoutines makes other's routines: p and f write other.k, q calls p, r and g only
// read it.
func keepingRoutines(f *sessionFixture) {
	f.exec("CREATE PROCEDURE other.p() INSERT INTO other.k VALUES (9)")
	f.exec("CREATE FUNCTION other.f() RETURNS int BEGIN INSERT INTO other.k VALUES (9); RETURN 1; END")
	f.exec("CREATE PROCEDURE other.q() BEGIN SELECT 1; CALL other.p(); END")
	f.exec("CREATE PROCEDURE other.r() SELECT COUNT(*) FROM other.k")
	f.exec("CREATE FUNCTION other.g() RETURNS int RETURN (SELECT COUNT(*) + 1 FROM other.k)")
}

// x23UntouchedKeeping is x23Untouched into a target whose other also holds
// keepingRoutines; it returns the import's log and its error (or its result's).
func x23UntouchedKeeping(t *testing.T, f *sessionFixture, dump string, o importer.Options) (string, error) {
	t.Helper()
	for _, q := range x23Other {
		f.exec(q)
	}
	keepingRoutines(f)
	path := writeFile(t, "d.sql", []byte(dump))
	var log strings.Builder
	o.Log = &log
	if o.Parallel > 1 {
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
	}
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
	if err == nil && res != nil {
		err = res.Err
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite); import: %v, %v\n%s", got, res, err, log.String())
	}
	return log.String(), err
}

// TestXFix62ResumeRefusesCall: a first attempt checked statement by statement, stopped in
// fresh.t's rows before `DO other.f()`; its --resume checks against the journal's record
// of the target, which holds the target's routines' findings: the call is refused there
// too, and other.k keeps its row. (A CALL of a procedure the dump did not create is
// refused under --checkpoint anyway, before the check.)
func TestXFix62ResumeRefusesCall(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, q := range x23Other {
		f.exec(q)
	}
	keepingRoutines(f)
	dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t", 0, 50) + rowsOf("t", 50, 100) + "DO other.f();\n" + rowsOf("t", 100, 150)
	path := writeFile(t, "d.sql", []byte(dump))
	var log strings.Builder
	o := importer.Options{BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal"), Log: &log}
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, stopAfter(lineOf(t, dump, "INSERT INTO t VALUES (50,"), o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v\n%s", res, err, log.String())
	}
	o.Resume = true
	res, err = importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
	if err == nil {
		err = res.Err
	}
	if err == nil || !strings.Contains(err.Error(), "call function `other`.`f`, whose body runs INSERT INTO other.k VALUES (9)") {
		t.Errorf("resume: %v; want the CALL refused\n%s", err, log.String())
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1", got)
	}
}
