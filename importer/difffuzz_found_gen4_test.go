package importer_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDiffFuzzFoundGen4SetWarningThenReader (difffuzz seed 51005, parallel, f-gen4's
// diag-set-warning; shrunk to 7 statements): a SET of a user variable whose expression
// warns (SET @dw = CAST('5y' AS SIGNED): warning 1292), then GET DIAGNOSTICS CONDITION 1
// (or a reader of the count). The client's reader sees the SET's warning; dumpscope's
// replay with a checkpoint (every --parallel run on a file) journals the variable the
// SET assigned (an INSERT into dumpscope_progress.vars) before the reader, which empties
// the area: NULL (0) where the client has 1292 (1). Silent. The keepers that wait for a
// reader (replay keepsArea, TestDiffFuzzFound4KeeperBeforeReader) are SETs to literals,
// which leave no warning of their own. Fixed by x-diagkeep (the journal's INSERT waits
// past a keeper to the reader).
func TestDiffFuzzFoundGen4SetWarningThenReader(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\n" +
		"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c4 FROM `fz0`.`sv`;\n" +
		"SET @dw1 = CAST('5y' AS SIGNED);\n"
	for name, dump := range map[string]string{
		"condition": head + "GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n",
		"number":    head + "GET DIAGNOSTICS @w = NUMBER;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w), ('dw', @dw1);\n",
	} {
		for mode, o := range map[string]importer.Options{
			"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
			"checkpointed": checkpointed(t),
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}

// TestDiffFuzzFoundGen4CallOutParam (difffuzz seed 51002, resume, f-gen4's
// call-out-var): SET @acc = 3; CALL p(@acc) where p's INOUT parameter adds 60 (and its
// body SETs @body = 7); then @acc is read. A resume that starts after the CALL gives
// @body back (the variables a body names are journaled with the CALL's progress row) but
// not @acc, which the CALL assigned through its parameter: the reader stores 3 where the
// client stores 63 (an OUT parameter: NULL or the value before). Silent. In the seed the
// procedure's INOUT counted duplicate keys in an Aria table (63 against 66); by hand
// with a kill during a DO SLEEP(3) after the CALL: 3 against 63 with and without
// --parallel. Fixed (x-fix19): the journal after a CALL holds every user variable the
// CALL names (plan.CallArgVars), its OUT and INOUT arguments among them.
func TestDiffFuzzFoundGen4CallOutParam(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE sv (name varchar(40) PRIMARY KEY, v varchar(400));\n" +
		"CREATE PROCEDURE rp(INOUT p_acc int, OUT p_msg varchar(20)) SET p_acc = p_acc + 60, p_msg = 'done', @body = 7;\n" +
		"SET @acc = 3;\n" +
		"CALL rp(@acc, @msg);\n" +
		"CREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("t1", 1, 40) +
		"INSERT INTO sv (name, v) VALUES ('acc', CONCAT_WS(' ', @acc, @msg, @body));\n"
	for _, stop := range []int64{6, 7, 8} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
	// A body that names no user variable of its own (nothing else journals after the
	// CALL), and the CALL behind EXECUTE IMMEDIATE … USING (SET STATEMENT … FOR CALL is
	// refused under --parallel: it may read the diagnostics area).
	for name, call := range map[string]string{
		"plain":     "CALL rq(@acc, @msg);\n",
		"immediate": "EXECUTE IMMEDIATE 'CALL rq(?, ?)' USING @acc, @msg;\n",
	} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE sv (name varchar(40) PRIMARY KEY, v varchar(400));\n" +
			"CREATE PROCEDURE rq(INOUT p_acc int, OUT p_msg varchar(20)) SET p_acc = p_acc + 60, p_msg = 'done';\n" +
			"SET @acc = 3;\n" + call +
			"CREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			rowsOf("t1", 1, 40) +
			"INSERT INTO sv (name, v) VALUES ('acc', CONCAT_WS(' ', @acc, @msg));\n"
		for _, stop := range []int64{6, 8} {
			t.Run(fmt.Sprint(name, " stop at line ", stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}

// TestDiffFuzzFoundGen4LockTablesAfterVarBody (f-gen4's run of the in-suite seeds:
// seed 3, parallel, a hang; shrunk by hand to these 14 lines): a stored function whose
// body sets a user variable, then mysqldump's region on a MyISAM table (LOCK TABLES …
// WRITE, DISABLE KEYS, an INSERT, ENABLE KEYS, UNLOCK TABLES). From the function on,
// every statement journals the variables its body names with its progress row; the
// region's LOCK TABLES, as dumpscope sends it, also locks dumpscope_progress (done, ran,
// intents, vars, globals) WRITE on its connection, and the INSERT's journal row
// (INSERT INTO dumpscope_progress.vars) goes out on another connection, which waits for
// that metadata lock for ever (lock_wait_timeout: a year); SIGTERM did not end it once
// (10 minutes, by hand). The client imports it at once; serial without --checkpoint too.
// The test watches the server instead of a clock: the journal's INSERT waiting for a
// metadata lock is the hang (it KILLs that query so the import returns). Fixed: under
// locks that hold the progress tables the row goes on the control connection
// (recordUserVarsInTxn).
func TestDiffFuzzFoundGen4LockTablesAfterVarBody(t *testing.T) {
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nDELIMITER ;;\n" +
		"CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC\nBEGIN\n  SET @fc = COALESCE(@fc, 0) + 1;\n  RETURN x;\nEND ;;\nDELIMITER ;\n" +
		"CREATE TABLE rk (id int PRIMARY KEY, a int, KEY ka (a)) ENGINE=MyISAM;\n" +
		"LOCK TABLES rk WRITE;\n/*!40000 ALTER TABLE rk DISABLE KEYS */;\nINSERT INTO rk VALUES (1,1),(2,2);\n" +
		"/*!40000 ALTER TABLE rk ENABLE KEYS */;\nUNLOCK TABLES;\n"
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, f)
	db, err := sql.Open("mysql", got.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	type outcome struct {
		res *importer.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := tryImport(t, got, "", importer.Source{Path: f}, importer.Options{Parallel: 3, BatchBytes: 2 << 10})
		done <- outcome{res, err}
	}()
	var o outcome
	hung := false
	for o.res == nil && o.err == nil {
		select {
		case o = <-done:
			if o.res == nil && o.err == nil {
				t.Fatal("no result and no error")
			}
			continue
		case <-time.After(100 * time.Millisecond): // polling, not a limit
		}
		var id int64
		err := db.QueryRow("SELECT id FROM information_schema.processlist WHERE state = 'Waiting for table metadata lock' AND info LIKE 'INSERT INTO dumpscope_progress.vars%' LIMIT 1").Scan(&id)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		hung = true
		if _, err := db.Exec(fmt.Sprintf("KILL QUERY %d", id)); err != nil {
			t.Fatal(err)
		}
	}
	if hung {
		t.Fatalf("the user-variable journal's INSERT waited for the metadata lock of the region's LOCK TABLES (a hang; killed by the test): %v", o.err)
	}
	if o.err != nil {
		t.Fatal(o.err)
	}
	finished(t, o.res)
	sameDump(t, "parallel 3", redumps(t, ref, "fz0"), redumps(t, got, "fz0"))
}

// TestDiffFuzzFoundGen4TriggerCallsProcedureVar (difffuzz seeds 51035, load-data, and
// 51041, parallel; f-gen4's routine-trigger-call, shrunk to 8 statements): a trigger
// whose body CALLs a procedure that sets a user variable (@rl_calls), a row that fires
// it, the variable stored. The trigger's own body names no user variable, so the
// planner does not see one (it follows a function's body, not a CALL from a trigger's):
// the INSERT runs on a worker, the variable is set on that connection, and the reader on
// the control connection stores ” (NULL) where the client stores 1. Silent, under
// --parallel, --load-data and --checkpoint. Fixed (x-fix19): plan.CalledVars follows
// the trigger's CALL into the procedure's body; the run turns serial at the statement
// that closes such a path (here the trigger), and the replay journals the variable.
func TestDiffFuzzFoundGen4TriggerCallsProcedureVar(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\n" +
		"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE TABLE `fz0`.`rt1` (`id` int NOT NULL PRIMARY KEY, `a` int, `s` varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE `fz0`.`rlog2` (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int, what varchar(20)) ENGINE=MyISAM;\n" +
		"DELIMITER ;;\nCREATE PROCEDURE `fz0`.`rlp3`(IN x int, INOUT tally int)\nBEGIN\n  SET tally = tally + 1;\n" +
		"  SET @rl_calls = COALESCE(@rl_calls, 0) + 1;\n  INSERT INTO `fz0`.`rlog2` (a, what) VALUES (x, 'call');\nEND ;;\nDELIMITER ;\n" +
		"DELIMITER ;;\nCREATE TRIGGER `fz0`.`rtg4` BEFORE INSERT ON `fz0`.`rt1` FOR EACH ROW\nBEGIN\n  DECLARE v_t int DEFAULT 0;\n" +
		"  CALL `fz0`.`rlp3`(NEW.a, v_t);\n  SET NEW.s = CONCAT('trg', v_t);\nEND ;;\nDELIMITER ;\n" +
		"INSERT INTO `fz0`.`rt1` VALUES (1,0,NULL),(2,5,NULL);\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('calls', CONCAT_WS(' ', @rl_calls));\n"
	for mode, o := range map[string]importer.Options{
		"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
		"checkpointed": checkpointed(t),
	} {
		t.Run(mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
	}
}

// TestDiffFuzzFoundGen4KeepersCommitSelectPrepare (difffuzz seed 51073, load-data,
// f-gen4's diag-keep-more; shrunk to 15 statements, by hand to these): a warning (SELECT
// CAST('7x' AS SIGNED) INTO @d), then COMMIT, SELECT 0 or PREPARE s FROM 'SELECT 1' —
// each keeps the diagnostics area in the server — then GET DIAGNOSTICS @w = NUMBER: the
// client's @w is 1, dumpscope's 0 in every mode with a checkpoint (the journal's and
// progress rows' statements run before the reader: the replay's keepers, keepsArea,
// know SET @v to a literal and SHOW, not these). With nothing between, or SET @q = 1 or
// SHOW WARNINGS, both have 1. Fixed (x-diag2): the tail takes a plain COMMIT outside the
// dump's transaction in without sending it (absorbCommit) and waits past a PREPARE of a
// text that names no table (preparesTableFree); TestXDiag2KeepersWaitedPast has the
// other modes and readers.
func TestDiffFuzzFoundGen4KeepersCommitSelectPrepare(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\nUSE `fz0`;\n" +
		"CREATE TABLE `fz0`.`t1` (`id` int NOT NULL PRIMARY KEY) ENGINE=InnoDB;\n" +
		"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c5 FROM `fz0`.`t1`;\n" +
		"SELECT CAST('7x' AS SIGNED) INTO @d6;\n"
	const tail = "GET DIAGNOSTICS @w = NUMBER;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, keeper := range map[string]string{"commit": "COMMIT;\n", "select": "SELECT 0;\n", "prepare": "PREPARE dps2 FROM 'SELECT 1';\n"} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, head+keeper+tail, checkpointed(t), "fz0") })
	}
}
