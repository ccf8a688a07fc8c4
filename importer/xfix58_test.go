package importer_test

import (
	"context"
	"encoding/json"
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
// (and other.f, a function that does); the dump runs `CALL other.p()` or `DO other.f()`:
// other.k changes without --overwrite. Silent against docs/import.md §Preflight (the
// client writes the same, the database is the client's), every mode. Open (x-fix58 left
// it, said in §Preflight): the overwrite check reads the bodies of the dump's routines at
// their CREATE, not the target's. A fix: read the target's procedure and function bodies
// (information_schema.ROUTINES.ROUTINE_DEFINITION) with the body reader at a CALL, and at
// a function named in a statement that is no row insert (the cost rule: rows are not read).
func TestXFix58CallTargetRoutine(t *testing.T) {
	reviewX(t)
	f := newSessionFixture(t, "")
	for name, body := range map[string]string{
		"call": "CALL other.p();\n",
		"do":   "DO other.f();\n",
	} {
		t.Run(name, func(t *testing.T) {
			x23UntouchedKeeping(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body)
		})
	}
}

// x23UntouchedKeeping is x23Untouched (serial) into a target whose other also holds
// other.p and other.f, which write other.k.
func x23UntouchedKeeping(t *testing.T, f *sessionFixture, dump string) {
	t.Helper()
	for _, q := range x23Other {
		f.exec(q)
	}
	f.exec("CREATE PROCEDURE other.p() INSERT INTO other.k VALUES (9)")
	f.exec("CREATE FUNCTION other.f() RETURNS int BEGIN INSERT INTO other.k VALUES (9); RETURN 1; END")
	path := writeFile(t, "d.sql", []byte(dump))
	var log strings.Builder
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, importer.Options{Log: &log})
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite); import: %v, %v\n%s", got, res, err, log.String())
	}
}
