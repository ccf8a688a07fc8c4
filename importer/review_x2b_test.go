package importer_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The second review's findings, continued (review_x2_test.go is near the 600-line limit):
// the same gate (reviewX) and the same way to run them.

// TestReviewX2FailedAtNeverCleared: 1c27d65 keeps failed_at across resumes ("it stays until
// a run gets past it"), but nothing clears it once a run does. The first run stops at the
// dump's own ERROR 1051 (DROP TABLE nosuch, line 5). The user does what the error asks —
// creates xr.nosuch — and resumes: the DROP runs, and this resume is killed right after it,
// before its progress row (the case MayHaveRun exists for). The next --resume sends the DROP
// again, meets ERROR 1051 (it had run), and failed_at still names that offset, so it is
// taken for the dump's own error: the resume stops there, every time, where the client
// (after the same fix) imports the row after it. A refusal that need not be, with an error
// that is no longer true; only dropping the journal gets past it. A regression of 1c27d65
// (before it, the first resume's journal had no failed_at, and this passed).
//
// Cause: writeRunJournal copies r.failedAt into every journal it writes; failed_at should
// go when the statement at it runs without error (or its progress row commits).
func TestReviewX2FailedAtNeverCleared(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := writeFile(t, "err.sql", []byte("CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE t (id int PRIMARY KEY, c int);\nINSERT INTO t VALUES (1, 1);\nDROP TABLE nosuch;\nINSERT INTO t VALUES (2, 2);\n"))
	o := importer.Options{Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "journal"), SkipRowCounts: true, SkipWarningCount: true, Log: &strings.Builder{}}
	res, err := tryImport(t, srv, "", importer.Source{Path: dump}, o)
	if err == nil {
		err = res.Err
	}
	var se *replay.StatementError
	if !errors.As(err, &se) || se.Code != 1051 || se.Line != 5 {
		t.Fatalf("first run: %v, %v; want the client's ERROR 1051 at line 5", res.Status, err)
	}
	admin, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE TABLE xr.nosuch (id int)"); err != nil { // what the error asks for
		t.Fatal(err)
	}
	o.Resume = true
	killed := errors.New("killed after the DDL")
	first := importer.WithAfterDDLHook(o, func(st *split.Statement) error {
		if st.Line == 5 {
			return killed
		}
		return nil
	})
	if res, err := tryImport(t, srv, "", importer.Source{Path: dump}, first); err != nil || !errors.Is(res.Err, killed) {
		t.Fatalf("first resume: %v, %v; want it killed after the DROP at line 5", res, err)
	}
	res, err = tryImport(t, srv, "", importer.Source{Path: dump}, o)
	if err == nil {
		err = res.Err
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("second resume: %v, %v; want it to finish (the DROP at line 5 had run)", res.Status, err)
	}
	var n int
	if err := admin.QueryRow("SELECT COUNT(*) FROM xr.t").Scan(&n); err != nil || n != 2 {
		t.Errorf("xr.t has %d rows (%v), want 2", n, err)
	}
}
