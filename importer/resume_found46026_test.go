package importer_test

import (
	"database/sql"
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestResumeFound46026GlobalAutocommitOff (difffuzz seed 46026, resume-defer-indexes):
// the dump sets GLOBAL autocommit = 0 (wrapped in EXECUTE IMMEDIATE in the seed) and back
// to 1 later; between the two, a transaction writes a MyISAM table. Stopped between them,
// the resume's connections are new sessions, which start with the GLOBAL the earlier
// attempt left: autocommit off. The controller writes the intent of the MyISAM write on
// workers[0], to be committed at once (replay.regionIntent); on a worker with autocommit
// off it stayed in an open transaction, and the control connection's DELETE of it at the
// dump's COMMIT waited for that lock: the resume failed with ERROR 1205 (Lock wait
// timeout) at the COMMIT, where the client imported the dump. On main it failed so in all
// four cases. The servers' innodb_lock_wait_timeout is lowered to 2 s for the test, so
// that the failure is quick (the client's run waits for no lock).
func TestResumeFound46026GlobalAutocommitOff(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL innodb_lock_wait_timeout = DEFAULT, autocommit = 1") })
	}
	for _, set := range []string{"SET GLOBAL autocommit = 0", "EXECUTE IMMEDIATE 'SET @@global.autocommit = 0'"} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE m (id int) ENGINE=MyISAM;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			rowsOf("t", 0, 100) +
			set + ";\nSET autocommit = DEFAULT;\n" +
			rowsOf("t", 100, 200) + "COMMIT;\n" +
			rowsOf("t", 200, 300) +
			"BEGIN;\nINSERT INTO m VALUES (1);\nINSERT INTO t VALUES (1000,'in the transaction');\nCOMMIT;\n" +
			"SET GLOBAL autocommit = 1;\nSET autocommit = 1;\n" +
			rowsOf("t", 300, 400)
		for _, stop := range []int64{lineOf(t, dump, "COMMIT;"), lineOf(t, dump, "INSERT INTO t VALUES (200")} {
			t.Run(fmt.Sprintf("%s, stop %d", set, stop), func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: stop,
					opt:   importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true},
					setup: []string{"SET GLOBAL innodb_lock_wait_timeout = 2, autocommit = 1"}})
			})
		}
	}
}

// setGlobal runs q (a SET GLOBAL) on s.
func setGlobal(t *testing.T, s *sandbox.Server, q string) {
	t.Helper()
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(q); err != nil {
		t.Errorf("%s: %v", q, err)
	}
}

// TestResumeWrappedSetGlobalNotSentAgain: a SET GLOBAL wrapped in EXECUTE IMMEDIATE, then
// rows; stopped after them, the resume sent the wrapper again (sessionOnly took the
// wrapped SET for a session one, which a resume's new connection lacks), so the GLOBAL
// was changed twice: max_connect_errors + 1000 stored 2100 where the client's stored
// 1100. In seed 46026 the wrapper set GLOBAL autocommit = 0, sent again after the dump's
// SET GLOBAL autocommit = 1 had been skipped as run: the server was left with autocommit
// off for every later connection.
func TestResumeWrappedSetGlobalNotSentAgain(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL max_connect_errors = DEFAULT") })
	}
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\nCREATE TABLE g (v bigint);\n" +
		rowsOf("t", 0, 100) +
		"EXECUTE IMMEDIATE 'SET @@global.max_connect_errors = @@global.max_connect_errors + 1000';\n" +
		rowsOf("t", 100, 200) + rowsOf("t", 200, 300) +
		"INSERT INTO g VALUES (@@global.max_connect_errors);\n" +
		rowsOf("t", 300, 400)
	for _, stop := range []int64{lineOf(t, dump, "EXECUTE"), lineOf(t, dump, "INSERT INTO t VALUES (100"), lineOf(t, dump, "INSERT INTO t VALUES (200")} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			for _, s := range []*sandbox.Server{ref, srv} {
				setGlobal(t, s, "SET GLOBAL max_connect_errors = 100")
			}
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: stop,
				opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true}})
		})
	}
}

// TestResumeFound49220WrappedSetGlobalSessionValue (difffuzz seed 49220,
// resume-defer-indexes): PREPARE sg4 FROM 'SET GLOBAL lock_wait_timeout =
// @@global.lock_wait_timeout + 788', EXECUTE sg4 (or the same SET in EXECUTE IMMEDIATE),
// rows, then the session's @@lock_wait_timeout stored. Stopped after the EXECUTE, the
// resume's new connection started from the GLOBAL the earlier attempt left (87188) where
// the client's session kept the value it connected with (86400): a plain SET GLOBAL
// journals the session values of what it sets and a resume gives them back
// (setglobal.go), a wrapped one was neither journaled nor marked as run. Fixed
// (x-fix18): the replay takes the SET a wrapper runs (plan.Planner.Wrapped, the
// prepared kind through the planner's registry) as a plain one. Failed before (both).
func TestResumeFound49220WrappedSetGlobalSessionValue(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL lock_wait_timeout = DEFAULT") })
	}
	for _, set := range []string{"PREPARE sg4 FROM 'SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 788';\nEXECUTE sg4;\n",
		"EXECUTE IMMEDIATE 'SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 788';\n"} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\nCREATE TABLE g (v bigint);\n" +
			rowsOf("t", 0, 100) + set + rowsOf("t", 100, 200) + rowsOf("t", 200, 300) +
			"INSERT INTO g VALUES (@@lock_wait_timeout);\n" + rowsOf("t", 300, 400)
		t.Run(set[:7], func(t *testing.T) {
			for _, s := range []*sandbox.Server{ref, srv} {
				setGlobal(t, s, "SET GLOBAL lock_wait_timeout = DEFAULT")
			}
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO t VALUES (100"),
				opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true}})
		})
	}
}
