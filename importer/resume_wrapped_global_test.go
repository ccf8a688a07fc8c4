package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestResumeRoutineSetGlobalSessionValue (x-fix18): a procedure whose body raises a
// GLOBAL (SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789), CALL p(), rows,
// then the session's @@net_read_timeout stored: the client's session connected before the
// CALL and keeps 30. Stopped after the CALL or the rows after it and resumed on the same
// server, the resume's new connection must not start from the raised GLOBAL. Failed
// before (819 stored where the client's 30): plan.ProcedureVars left out what a body
// sets GLOBAL, so the session value after the CALL was not journaled.
func TestResumeRoutineSetGlobalSessionValue(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT") })
	}
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t2", 0, 50) +
		"CREATE PROCEDURE p() SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789;\nCALL p();\n" + rowsOf("t2", 50, 100) +
		"INSERT INTO t1 SELECT 1, @@session.net_read_timeout;\n" + rowsOf("t2", 100, 150) + "INSERT INTO t1 SELECT 2, @@global.net_read_timeout;\n"
	for _, stop := range []int64{lineOf(t, dump, "CALL p()"), lineOf(t, dump, "CALL p()") + 1} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			for _, s := range []*sandbox.Server{ref, srv} {
				setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT")
			}
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}

// TestResumeWrappedMixedSetGlobalRefused (x-fix18): EXECUTE IMMEDIATE of a SET that sets
// a GLOBAL and a session variable together, rows, then the session's value stored. Its
// session part is not journaled: a resume past it refuses naming it, where skipping it
// stored the value the new connection started with.
func TestResumeWrappedMixedSetGlobalRefused(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT") })
	}
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t2", 0, 50) +
		"EXECUTE IMMEDIATE 'SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789, SESSION net_write_timeout = 77';\n" + rowsOf("t2", 50, 100) +
		"INSERT INTO t1 SELECT 1, @@session.net_read_timeout;\nINSERT INTO t1 SELECT 2, @@session.net_write_timeout;\n" + rowsOf("t2", 100, 150)
	stop := lineOf(t, dump, "EXECUTE IMMEDIATE") + 1
	setGlobal(t, srv, "SET GLOBAL net_read_timeout = DEFAULT")
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop, refusal: "--resume cannot give back the session state this statement set"})
}

// TestResumeWrappedSetGlobalAfterRestart (x-fix18): the wrapped SET GLOBAL of
// TestResumeWrappedSetGlobalSessionValue, rows, then the GLOBAL stored; stopped after the
// rows and resumed after a server restart, which set the GLOBAL back to its configured
// value. A plain SET GLOBAL runs again there (a session statement): the wrapper must too,
// or the rows after it read the configured value where the client's read the raised one.
func TestResumeWrappedSetGlobalAfterRestart(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT") })
	}
	for name, set := range map[string]string{
		"plain":     "SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789;\n",
		"immediate": "EXECUTE IMMEDIATE 'SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789';\n",
		"prepared":  "PREPARE s FROM 'SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789';\nEXECUTE s;\n",
	} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t2", 0, 50) + set + rowsOf("t2", 50, 100) +
			"INSERT INTO t1 SELECT 1, @@global.net_read_timeout;\nINSERT INTO t1 SELECT 2, @@session.net_read_timeout;\n" + rowsOf("t2", 100, 150)
		t.Run(name, func(t *testing.T) {
			for _, s := range []*sandbox.Server{ref, srv} {
				setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT")
			}
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO t2 VALUES (50,"), restart: true})
		})
	}
}

// TestResumeRoutineSetGlobalAfterRestartRefused (x-fix18): the procedure of
// TestResumeRoutineSetGlobalSessionValue, stopped after the rows that follow its CALL and
// resumed after a server restart, which set the GLOBAL it raised back: the CALL committed
// and cannot run again (it may do more than the SET), and skipped, the rows after it read
// 30 where the client's read 819. The resume refuses, naming the CALL.
func TestResumeRoutineSetGlobalAfterRestartRefused(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT") })
		setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT")
	}
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t2", 0, 50) +
		"CREATE PROCEDURE p() SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789;\nCALL p();\n" + rowsOf("t2", 50, 100) +
		"INSERT INTO t1 SELECT 1, @@global.net_read_timeout;\n" + rowsOf("t2", 100, 150)
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "CALL p()") + 1, restart: true,
		refusal: "--resume after a server restart cannot give back the GLOBAL values"})
}

// TestResumeWrappedSetGlobalInTransaction (x-fix18): the wrapped SET GLOBAL inside the
// dump's transaction, rows on both sides of it, then the session's value stored after
// the COMMIT. Stopped inside the transaction (rolled back: the resume sends it again from
// its START, the GLOBAL stays raised) or after it, the wrapper must not raise the GLOBAL
// again and the resumed session must read the client's value. Failed before x-fix18 at
// every stop, both kinds.
func TestResumeWrappedSetGlobalInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		t.Cleanup(func() { setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT") })
	}
	for name, set := range map[string]string{
		"immediate": "EXECUTE IMMEDIATE 'SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789';\n",
		"prepared":  "EXECUTE s;\n",
	} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"PREPARE s FROM 'SET GLOBAL net_read_timeout = @@global.net_read_timeout + 789';\n" + rowsOf("t2", 0, 50) +
			"START TRANSACTION;\n" + rowsOf("t2", 50, 60) + set + rowsOf("t2", 60, 70) + "COMMIT;\n" + rowsOf("t2", 100, 150) +
			"INSERT INTO t1 SELECT 1, @@session.net_read_timeout;\nINSERT INTO t1 SELECT 2, @@global.net_read_timeout;\n" + rowsOf("t2", 150, 200)
		at := lineOf(t, dump, "START TRANSACTION")
		for _, stop := range []int64{at + 2, at + 3, at + 5} {
			t.Run(fmt.Sprintf("%s/stop %d", name, stop), func(t *testing.T) {
				for _, s := range []*sandbox.Server{ref, srv} {
					setGlobal(t, s, "SET GLOBAL net_read_timeout = DEFAULT")
				}
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}
