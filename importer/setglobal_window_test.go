package importer_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// A stop between a SET GLOBAL and its marker (checkpoint/globals.go), made by deleting
// the marker (and a mixed SET's journal) between the stop and the resume: the GLOBAL was
// changed and nothing says so but the GLOBAL values journaled before it.

// forgetSetGlobal returns a between hook that deletes what the first attempt wrote after
// the statement that starts with head ran: its marker, and with journal its journaled
// values; with undo it also sets the GLOBAL back (the SET never ran).
func forgetSetGlobal(head string, journal bool, undo string) func(t *testing.T, srv *sandbox.Server, dump string) {
	return func(t *testing.T, srv *sandbox.Server, path string) {
		t.Helper()
		dump, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		off := strings.Index(string(dump), ";\n"+head) + 1 // a statement starts after the delimiter before it
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		qs := []string{"DELETE FROM dumpscope_progress.ran WHERE start_offset = ?"}
		if journal {
			qs = append(qs, "DELETE FROM dumpscope_progress.vars WHERE start_offset = ?")
		}
		for _, q := range qs {
			if res, err := db.Exec(q, off); err != nil {
				t.Fatalf("%s: %v", q, err)
			} else if n, _ := res.RowsAffected(); n != 1 {
				t.Fatalf("%s (%d): %d rows; want 1", q, off, n)
			}
		}
		if undo != "" {
			if _, err := db.Exec(undo); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestResumeSetGlobalStopBeforeMarker(t *testing.T) {
	const set = "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000"
	dump := x9HeadRows() + set + ";\n" + x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, @@global.lock_wait_timeout;\nSET GLOBAL lock_wait_timeout = 86400;\n"
	for name, c := range map[string]struct {
		journal bool
		undo    string
	}{
		"ran":       {},                                             // changed: it ran, and is not run again
		"never ran": {undo: "SET GLOBAL lock_wait_timeout = 86400"}, // unchanged: it runs
	} {
		t.Run(name, func(t *testing.T) {
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
				between: forgetSetGlobal(set, c.journal, c.undo), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestResumeMixedSetGlobalStopBeforeJournal: the mixed SET ran, and the stop came before
// its journal and marker: the resume sets the GLOBAL back to its value before it and runs
// it whole (its session part too).
func TestResumeMixedSetGlobalStopBeforeJournal(t *testing.T) {
	const set = "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000, SESSION sql_mode = ''"
	dump := x9HeadRows() + set + ";\n" + x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, CONCAT_WS(' ', @@global.lock_wait_timeout, @@session.sql_mode);\nSET GLOBAL lock_wait_timeout = 86400;\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		between: forgetSetGlobal(set, true, ""), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}

// TestSetGlobalUnknownVariableError: a SET GLOBAL of a variable the server does not know
// stops a checkpointed import with the server's own ERROR 1193 for it, as the client
// says, not with a failure to journal the GLOBAL values before it (which read the
// variable first).
func TestSetGlobalUnknownVariableError(t *testing.T) {
	srv := testsandbox.Start(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(path, []byte(x9HeadRows()+"SET GLOBAL no_such_variable_x10 = 1;\n"+x7Rows("k", 100, 141)), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	o := importer.Options{Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(dir, "journal"), SkipWarningCount: true}
	res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if err == nil || !strings.Contains(err.Error(), "ERROR 1193 (HY000): Unknown system variable 'no_such_variable_x10'") || strings.Contains(err.Error(), "journal") {
		t.Fatalf("import: %v; want the server's ERROR 1193 for the SET", err)
	}
}

// TestResumeSetGlobalInOpenTransaction: a SET GLOBAL of a variable with a session scope
// inside the dump's transaction, stopped before the transaction's COMMIT: the resume
// skips the SET (its marker stands), and must still give the resume's new sessions the
// client's session value (SYSTEM, not the GLOBAL '+05:00' it set), journaled before it:
// a TIMESTAMP stored after it is converted from the session's time zone.
func TestResumeSetGlobalInOpenTransaction(t *testing.T) {
	dump := x9Head + "CREATE TABLE ts (id int PRIMARY KEY, t timestamp NULL);\nSTART TRANSACTION;\nSET GLOBAL time_zone = '+05:00';\n" +
		x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) + "COMMIT;\n" +
		"INSERT INTO ts VALUES (1, '2020-01-01 00:00:00');\nSET GLOBAL time_zone = SYSTEM;\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}

// TestResumeSetGlobalAfterRestart: the server restarted between the stop and the resume,
// which set the GLOBAL back to its configured value: the SET GLOBAL (alone, or with a
// session part whose values are journaled) runs again, once, and the rows after it read
// what the client's did.
func TestResumeSetGlobalAfterRestart(t *testing.T) {
	for name, set := range map[string]string{
		"alone": "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000",
		"mixed": "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000, SESSION sql_mode = '', @a = 7",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x9HeadRows() + set + ";\n" + x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) +
				"INSERT INTO k SELECT 999, CONCAT_WS(' ', @@global.lock_wait_timeout, @@session.sql_mode = '', @a);\nSET GLOBAL lock_wait_timeout = 86400;\n"
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
				between: func(t *testing.T, srv *sandbox.Server, _ string) {
					if err := srv.Restart(context.Background()); err != nil {
						t.Fatal(err)
					}
				},
				opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}
