package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The thirteenth hostile review (branch x-review13, session 40), of what stop 39 merged
// (x-fix12a/b, x-fix13, x-fix14, x-seed21003, x-seed45110, p-ends, p-parse1, p-mem). Each
// test failed on main (11d107a) when written and shows the database, or what dumpscope
// does, differing from `mariadb < same input` (MariaDB 10.11). Open findings are gated
// (reviewX13): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX13
//
// A fix removes its test's reviewX13 call.
//
// Found, most severe first (each test names its cause):
//   - silent: a SET GLOBAL run by EXECUTE IMMEDIATE was sent again on --resume, putting
//     back a GLOBAL the dump's later SET GLOBAL had changed (regression of 719a34a; fixed
//     here, replay/wrappedsession.go); MariaDB skips /*!50700 … /*!99999 comments (MySQL
//     5.7's and 8.0's), which sqlscan.Server read as run: SET /*!80000 GLOBAL */ time_zone
//     was kept from the workers (fixed here, sqlscan/server.go); a MyISAM write calling a
//     stored function that writes InnoDB is marked ran at once and lost on resume; GET
//     DIAGNOSTICS @r = ROW_COUNT after a temporary table's DML of 3 rows reads 0; a
//     procedure a trigger CALLs sets a user variable a resume does not give back; a
//     wrapped SET GLOBAL journals nothing, so a resume's SET … = DEFAULT takes the later
//     GLOBAL (all four open, gated);
//   - false error: CREATE/DROP /*!110000 TEMPORARY */ TABLE runs again on resume (ERROR
//     1050/1051): sqlscan.DDLWords ignores the server (open, gated); DROP VIEW killed
//     before its progress row failed on resume with ERROR 4092 (difffuzz seed 50225;
//     fixed here, checkpoint.AlreadyApplied);
//   - false refusal: Percona mysqldump's /*!50717 rocksdb probe refused the import (fixed
//     with the comment versions); it still turns the run serial: sqlscan.FirstWord
//     ignores the server (open, gated); a resume refused SELECT SQL_CALC_FOUND_ROWS … as
//     a reader of FOUND_ROWS() (difffuzz seed 50198; fixed here, replay/skipped.go).
//
// Tried and matched the client, or refused as meant (scratch tests not kept): the
// x-fix13 later-reader rule with the procedure's SET written as :=, @@, in IF/labelled
// blocks, CALL in another case, qualified, without parentheses, through a function,
// through a view (and a view of a view, a view made by EXECUTE IMMEDIATE, a view calling
// the function), a nested trigger, REPLACE, INSERT … SELECT, SET STATEMENT … FOR, multi-
// table UPDATE, a procedure created later by EXECUTE IMMEDIATE or ALTERed: all refused;
// a function or procedure setting time_zone or completion_type read by SELECT … INTO,
// DO, SET, CALL under --checkpoint: refused; a stop after every line around a warning, a
// keeper chain (SET @v = 1; SET @a := 'x', @b = @a) and GET DIAGNOSTICS NUMBER /
// CONDITION / ROW_COUNT, and ROW_COUNT() (checkpointed, gone serial): matched or refused
// by name; EXECUTE IMMEDIATE 'SET completion_type = 1' with chained COMMIT and
// ROLLBACK, a stop after every line: matched; LOCK TABLES … COMMIT … UNLOCK TABLES with
// a skipped COMMIT (chainState.skipped's OpenAfter under locks): matched; a MyISAM table whose
// trigger writes another MyISAM table whose trigger writes InnoDB, or calls a function,
// or a procedure, killed after the marker: no marker, or refused as half applied; a dump
// that creates, uses or drops dumpscope_progress: refused by name; /*!110000 COMMIT */,
// /*!80000 START TRANSACTION */, /*!80000 SAVEPOINT */ in a transaction: matched;
// --load-data, --read-ahead spool and --parallel with strings ('it''s', '''''', 'a'
// 'b', _binary, N'', X'', "dq""x", a newline in a string, a backslash at the end)
// under NO_BACKSLASH_ESCAPES, ANSI_QUOTES, NO_AUTO_VALUE_ON_ZERO and SET NAMES latin1
// switched between statements: matched; -race over the --load-data, bare heads, spool
// and read-ahead tests (importer, replay): clean.

// reviewX13 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX13(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review13 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX13MySQLVersionComment: SET /*!80000 GLOBAL */ time_zone = '+05:00' (and
// /*!50700): MariaDB skips a 5-digit executable comment from 50700 to 99999 whatever its
// own version (sql_lex.cc: they are MySQL 5.7's and 8.0's; checked on 10.11: SELECT 1
// /*!50700 +1 */ is 1, /*!50699 +1 */ 2), so the SET is the session's and the client
// stores the 80 TIMESTAMP rows after it 5 hours off. Under --parallel 2 dumpscope read
// the comment as run (sqlscan.Server.runs: 80000 <= 101119), took the SET for a SET
// GLOBAL, which the workers do not take, and the workers stored the rows at 2020-01-01
// 00:00:00 UTC. Silent. Not a regression of x-fix14 (before it every comment below
// 999999 ran); fixed by sqlscan.mysqlOnlyFrom.
func TestReviewX13MySQLVersionComment(t *testing.T) {
	for name, pre := range map[string]string{
		"80000": "SET /*!80000 GLOBAL */ time_zone = '+05:00';\n",
		"50700": "SET /*!50700 GLOBAL */ time_zone = '+05:00';\n",
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x12TimestampDump(pre), x12Parallel(), "x9") })
	}
}

// perconaRocksdbHead is the probe Percona Server's mysqldump 8.0 writes at the top of a
// dump: on MariaDB every statement of it is a skipped comment (50717 is MySQL's).
const perconaRocksdbHead = "/*!50717 SELECT COUNT(*) INTO @rocksdb_has_p_s_session_variables FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'performance_schema' AND TABLE_NAME = 'session_variables' */;\n" +
	"/*!50717 SET @rocksdb_get_is_supported = IF (@rocksdb_has_p_s_session_variables, 'SELECT COUNT(*) INTO @rocksdb_is_supported FROM performance_schema.session_variables WHERE VARIABLE_NAME=\\'rocksdb_bulk_load\\'', 'SELECT 0') */;\n" +
	"/*!50717 PREPARE s FROM @rocksdb_get_is_supported */;\n" +
	"/*!50717 EXECUTE s */;\n" +
	"/*!50717 DEALLOCATE PREPARE s */;\n" +
	"/*!50717 SET @rocksdb_enable_bulk_load = IF (@rocksdb_is_supported, 'SET SESSION rocksdb_bulk_load = 1', 'SET @rocksdb_dummy_bulk_load = 0') */;\n" +
	"/*!50717 PREPARE s FROM @rocksdb_enable_bulk_load */;\n" +
	"/*!50717 EXECUTE s */;\n" +
	"/*!50717 DEALLOCATE PREPARE s */;\n"

// TestReviewX13PerconaRocksdbProbe: a dump by Percona Server's mysqldump 8.0 (its
// rocksdb_bulk_load probe at the top, every statement of it in /*!50717 … */) imported
// into MariaDB under --parallel 2. The client runs nothing of the probe (MariaDB skips
// the comments) and loads the rows; dumpscope refused the whole import before its first
// statement: "the dump would PREPARE from something other than a string literal: what it
// runs cannot be checked (offset 405, line 3), … rerun with --allow-system-schemas".
// False refusal, of every such dump. Cause and fix: as TestReviewX13MySQLVersionComment.
func TestReviewX13PerconaRocksdbProbe(t *testing.T) {
	importMatchesClient(t, perconaRocksdbHead+x9HeadRows()+x7Rows("k", 100, 200), x12Parallel(), "x9")
}

// TestReviewX13PerconaRocksdbProbeSerial: the same dump, imported as the client's, still
// runs on one connection from line 3 on ("a prepared statement lives in one connection:
// the rest of the dump runs on one connection"), for a statement the server skips whole.
// Exact, but --parallel is lost for every Percona dump into MariaDB.
//
// Cause: sqlscan.FirstWord (importer/sqlscan/ddlwords.go:127) lexes with the zero Syntax,
// so with no Server, where every executable comment below 999999 runs; connectionState
// (plan/state.go:229) reads PREPARE there. So do its 27 other callers and DDLWords's 13
// (they take no Syntax): x-fix14 made the Tokenizer follow the target, not these
// readers. Fixed (x-fix17): FirstWord takes the statement's Syntax, as DDLWords does.
func TestReviewX13PerconaRocksdbProbeSerial(t *testing.T) {
	var log strings.Builder
	o := x12Parallel()
	o.Log = &log
	importMatchesClient(t, perconaRocksdbHead+x9HeadRows()+x7Rows("k", 100, 200), o, "x9")
	if strings.Contains(log.String(), "runs on one connection") {
		t.Errorf("the run went serial at a statement the server skips:\n%s", log.String())
	}
}

// x13FunctionWrites is fz0.m (MyISAM), fz0.b (InnoDB) with a row, and f(x), a stored
// function that inserts x into b and returns it.
const x13FunctionWrites = "CREATE DATABASE fz0;\nUSE fz0;\n" +
	"CREATE TABLE m (id int PRIMARY KEY, v int) ENGINE=MyISAM;\n" +
	"CREATE TABLE b (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
	"INSERT INTO b VALUES (100);\n" +
	"DELIMITER //\nCREATE FUNCTION f(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO b VALUES (x); RETURN x; END//\nDELIMITER ;\n"

// TestReviewX13MarkerFunctionWritesInnoDB: a statement that writes one MyISAM table
// without triggers but calls a stored function that writes an InnoDB table (INSERT INTO
// m VALUES (1, f(1)), UPDATE m SET v = f(7)) gets its "ran" marker written at once, in the
// non-transactional markers' table (checkpoint.Run.Ran), though its InnoDB part commits
// only with its progress row:
//   - outside a transaction (--parallel 2 --checkpoint, killed between the marker and
//     the COMMIT, AfterMark): the server rolls back f's row in b, the resume reads the
//     marker ("INSERT `m` had run to its end on `fz0`.`m` (not transactional) …; it is
//     not run again") and skips it: b lacks the row 1 (or 7) the client's has;
//   - inside the dump's START TRANSACTION (no kill needed: a graceful stop after any of
//     the next statements of the transaction, then --resume): the stop rolls the
//     transaction back, the resume runs it again but skips the marked INSERT: b lacks 1.
//
// Silent. Cause: mayWriteTransactional (importer/replay/intentmark.go:58) and the
// barrier's scope (writeScope, replay/checkpoint.go:47-60, read by
// scopeMayWriteTransactional) take a statement that writes one non-transactional table
// with no triggers for one that writes nothing else: the stored functions it calls are
// not looked at (a trigger's are: its table's touches). A gap in the fix of difffuzz seed
// 41040 (51d217d, f548114), not a regression: before it every such statement was marked.
// Fixed (x-fix17): a statement that names a stored function of any database
// (mayCallFunction) is mixed, its intent covers every non-transactional table, and the
// resume refuses it by name as half applied (m has its row, b lost f's), as for the
// trigger of seed 41040: no resume can give the client's database then.
func TestReviewX13MarkerFunctionWritesInnoDB(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	tail := "INSERT INTO m VALUES (2, 2);\nINSERT INTO b VALUES (200);\n"
	for name, c := range map[string]struct{ dump, at string }{
		"insert": {x13FunctionWrites + "INSERT INTO m VALUES (1, f(1));\n" + tail, "INSERT INTO m VALUES (1"},
		"update": {x13FunctionWrites + "INSERT INTO m VALUES (1, 1);\nUPDATE m SET v = f(7) WHERE id = 1;\n" + tail, "UPDATE m"},
		// The function names are read once (funcnames.go): one created after that is
		// still known, by the dump's CREATE FUNCTION.
		"created after the look-up": {strings.Replace(x13FunctionWrites, "DELIMITER //", "UPDATE m SET v = ABS(v);\nDELIMITER //", 1) + "INSERT INTO m VALUES (1, f(1));\n" + tail, "INSERT INTO m VALUES (1"},
	} {
		t.Run("killed after the marker/"+name, func(t *testing.T) {
			killAfterMark(t, ref, srv, "fz0", c.dump, lineOf(t, c.dump, c.at), "may be half applied")
		})
	}
	dump := x13FunctionWrites + "START TRANSACTION;\nINSERT INTO b VALUES (5);\nINSERT INTO m VALUES (1, f(1));\nINSERT INTO b VALUES (6);\nINSERT INTO b VALUES (7);\nCOMMIT;\nINSERT INTO b VALUES (8);\n"
	t.Run("stopped in the transaction", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO b VALUES (6)"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
			refused: "may be half applied"})
	})
}

// x13DiagHead is fz0.sv (the values read), fz0.t3 (InnoDB) and a PREPARE, after which the
// run goes on one connection.
const x13DiagHead = "CREATE DATABASE `fz0`;\n" +
	"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
	"CREATE TABLE `fz0`.`t3` (id int NOT NULL PRIMARY KEY, c1 tinyint) ENGINE=InnoDB;\n" +
	"PREPARE s1 FROM 'SELECT 1';\n"

// TestReviewX13RowCountAfterTemporaryTable: in a run gone serial (a PREPARE), a statement
// on a TEMPORARY table that changes 3 rows and whose user variables are journaled (INSERT
// INTO tmp SELECT id, @n := @n + 1 FROM t3; or a plain INSERT of 3 rows once a trigger
// body names a user variable), then GET DIAGNOSTICS @r = ROW_COUNT: the client stores 3,
// dumpscope 0 (--parallel 2 and --checkpoint alike). Silent. (ROW_COUNT() in the next
// INSERT matched: rowCounts.give writes the count into it.)
//
// Cause: a temporary table's statement is Volatile (no progress row), so runSerial reads
// its journal values at once (control.go:336, diagTail.holdVars: a SELECT) and the tail
// owes them alone; the reader then runs in the transaction before() opens (START
// TRANSACTION leaves 0), and giveRowCount (replay/diagtail.go:251) gives back only -1, 0
// and 1, "the only counts a SELECT … INTO, SET or DO leaves": a temporary table's DML
// leaves any count. A gap in 1896108/c2e110c (stop 39: held journal rows, giveRowCount);
// not run against the code before them, where the journal's own INSERT came between.
// Fixed (x-diag2): such a statement's values are read when the next statement is known,
// after it when it is a GET DIAGNOSTICS of statement items, and its warnings counted then
// (replay/diagunread.go).
func TestReviewX13RowCountAfterTemporaryTable(t *testing.T) {
	trig := "CREATE TABLE `fz0`.`lg` (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER `fz0`.`tl` BEFORE INSERT ON `fz0`.`lg` FOR EACH ROW SET @seen = NEW.id;\n"
	tmp := "CREATE TEMPORARY TABLE `fz0`.`tmp` (id int, n int);\n"
	for name, dump := range map[string]string{
		"assigns":       x13DiagHead + tmp + "INSERT INTO `fz0`.`t3` VALUES (1, 3), (2, 1), (3, 4);\nSET @n = 0;\nINSERT INTO `fz0`.`tmp` SELECT id, @n := @n + 1 FROM `fz0`.`t3`;\nGET DIAGNOSTICS @r = ROW_COUNT;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('r', @r), ('n', @n);\n",
		"trigger names": x13DiagHead + trig + tmp + "INSERT INTO `fz0`.`tmp` VALUES (1, 1), (2, 2), (3, 3);\nGET DIAGNOSTICS @r = ROW_COUNT;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('r', @r);\n",
	} {
		for mode, o := range map[string]importer.Options{"parallel": x12Parallel(), "checkpointed": checkpointed(t)} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}

// TestReviewX13WrappedSetGlobalResentOnResume: EXECUTE IMMEDIATE 'SET GLOBAL
// max_connections = 300', rows, SET GLOBAL max_connections = 200, rows, then INSERT INTO
// r … @@global.max_connections. The client stores 200. Stopped after the plain SET
// GLOBAL or the rows after it (--parallel 2, checkpointed) and resumed on the same
// server, dumpscope stores 300: the resume sends the wrapped SET GLOBAL again (the GLOBAL
// goes back to 300), and skips the plain one, which the first attempt marked as run.
// Silent (and the server's GLOBAL is left at 300 after the import).
//
// Cause: sessionOnly (importer/replay/wrappedsession.go:19) takes any wrapped KindSession
// statement for one that changes only its connection's session, so dispatch.go:176 never
// skips it; a SET GLOBAL is a KindSession too, and the resume's rule for a SET GLOBAL
// that ran (execSetGlobal, resumeSetGlobal: setglobal.go) does not look inside a wrapper.
// Regression of 719a34a (x-fix14: "a wrapped session SET … is sent again, not skipped"),
// which made the wrapper run again; before it the committed wrapper was skipped (this
// test passes at 719a34a^). Fixed: sessionOnly is false for a wrapped SET that assigns a
// GLOBAL (plan.ParseSet's Global), which a resume skips once committed, as before.
func TestReviewX13WrappedSetGlobalResentOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, wrapped := range map[string]string{
		"GLOBAL":   "EXECUTE IMMEDIATE 'SET GLOBAL max_connections = 300';\n",
		"@@global": "EXECUTE IMMEDIATE 'SET @@global.max_connections = 300';\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
			wrapped + x7Rows("k", 100, 141) +
			"SET GLOBAL max_connections = 200;\n" + x7Rows("k", 200, 241) +
			"INSERT INTO r (what, n) VALUES ('mc', @@global.max_connections);\n"
		from := lineOf(t, dump, "SET GLOBAL max_connections = 200")
		for _, stop := range []int64{from, from + 1} {
			t.Run(fmt.Sprintf("%s/stop %d", name, stop), func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 512},
					setup: []string{"SET GLOBAL max_connections = 151"}})
			})
		}
	}
	// A wrapped SET GLOBAL that adds one, stopped right after it: sent again, it added two
	// (SET STATEMENT … FOR wraps too; a PREPAREd one matched on main).
	for name, wrapped := range map[string]string{
		"EXECUTE IMMEDIATE": "EXECUTE IMMEDIATE 'SET GLOBAL max_connections = @@global.max_connections + 1';\n",
		"SET STATEMENT":     "SET STATEMENT sql_mode = '' FOR SET GLOBAL max_connections = @@global.max_connections + 1;\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
			wrapped + x7Rows("k", 100, 141) + "INSERT INTO r (what, n) VALUES ('mc', @@global.max_connections);\n"
		t.Run(name+" adds one", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "max_connections + 1") + 1, opt: checkpointed(t),
				setup: []string{"SET GLOBAL max_connections = 151"}})
		})
	}
}

// TestReviewX13SkippedTemporaryComment: CREATE /*!110000 TEMPORARY */ TABLE t2 …, its
// rows, more rows (and DROP /*!110000 TEMPORARY */ TABLE t2 after t2's rows). MariaDB
// 10.11 skips the comment: t2 is a table of x9, created (or dropped) as any other.
// Imported straight through, dumpscope matches (it sends the text); stopped after the
// CREATE (or the DROP) or any statement after it and resumed (--parallel 2, checkpointed),
// the resume fails where the client finished: "CREATE TABLE `t2`: ERROR 1050 (42S01):
// Table 't2' already exists" (or "DROP TABLE `t2`: ERROR 1051 (42S02): Unknown table
// 'x9.t2'"). False error.
//
// Cause: sqlscan.DDLWords (importer/sqlscan/ddlwords.go:7) drops every executable
// comment's marker whatever its version, so Planner.volatile (plan/plan.go:259-266) reads
// TEMPORARY, takes the statement for one that "lives only in the connection" (no progress
// row, run again on --resume) and sends it again. The same root as
// TestReviewX13PerconaRocksdbProbeSerial: x-fix14 made the Tokenizer follow the target
// (Syntax.Server), not FirstWord (28 callers) and DDLWords (13), which take no Syntax.
// Fixed (x-fix17): DDLWords takes the statement's Syntax and skips a comment its Server
// skips.
func TestReviewX13SkippedTemporaryComment(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, dump := range map[string]string{
		"CREATE": x9HeadRows() + "CREATE /*!110000 TEMPORARY */ TABLE t2 (id int, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("t2", 1, 41) + x7Rows("k", 100, 141),
		"DROP":   x9HeadRows() + "CREATE TABLE t2 (id int, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("t2", 1, 41) + "DROP /*!110000 TEMPORARY */ TABLE t2;\n" + x7Rows("k", 100, 141),
	} {
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "TEMPORARY"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestReviewX13TriggerCallsProcedureVarResume: a trigger on r2 CALLs pz(NEW.id), pz
// setting the user variable @pv; INSERT INTO r2 VALUES (7), rows, then INSERT INTO k
// VALUES (999, @pv). The client stores '7'. Imported straight through under --parallel 2
// dumpscope matches; stopped after the INSERT into r2 or a statement after it, and
// resumed, it stores NULL: the resume skips the committed INSERT, and nothing gave @pv
// back. Silent.
//
// Cause: withProcedureVars (importer/replay/procvars.go:53-66) journals a procedure's
// variables only after a statement whose text names CALL or that is an EXECUTE, "a
// trigger may fire at any INSERT, a procedure runs only when called": a trigger's (or a
// function's) body CALLs it too, and the INSERT that fires the trigger names no CALL;
// noteRoutineVars (checkpoint.go:264) reads the trigger's own body, whose only variable
// is NEW.id. Not a regression of 942129e (which narrowed the journal to CALL
// statements): at 942129e^ the stop after the rows gives NULL too (the stop after the
// INSERT was refused there, for the AUTO_INCREMENT counters the trigger may take).
//
// Still open after x-fix17, which tried the suggested fix (withProcedureVars adding the
// procedure's variables to every INSERT and DML once a trigger or function body names
// CALL): not enough. INSERT INTO r2 VALUES (7) is a plain row insert (plan.Rows), sent
// in a batch by dispatcher.addRows, and never reaches recordUserVars (barrierTail.run,
// recordUserVarsInTxn) nor restoreUserVars: the journal is read for barriers only. With
// it, the stop after the rows still gave NULL, and the stop right after the INSERT was
// refused ("cannot recreate the AUTO_INCREMENT counters of the tables the triggers of
// x9.r2 write", as at 942129e^). A fix must journal after a batch whose table's
// triggers may CALL (or plan such an INSERT as a barrier).
//
// Fixed (x-fix19): plan.CalledVars follows the trigger's CALL into pz; the run turns
// serial at the CREATE TRIGGER, so the INSERT runs on the control connection with its
// progress row, and the replay's routineVars take pz's @pv, journaled after it.
func TestReviewX13TriggerCallsProcedureVarResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\n" + x9HeadRows() +
		"CREATE PROCEDURE pz(x int) SET @pv = x;\nCREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz(NEW.id);\n" +
		"INSERT INTO r2 VALUES (7);\n" + x7Rows("k", 100, 141) + "INSERT INTO k VALUES (999, @pv);\n"
	t.Run("straight", func(t *testing.T) { importMatchesClient(t, dump, x12Parallel(), "x9") })
	from := lineOf(t, dump, "INSERT INTO r2")
	for _, stop := range []int64{from, from + 1} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestReviewX13WrappedSetGlobalDefaultResume: SET GLOBAL time_zone = '+01:00', SET
// time_zone = DEFAULT (the session takes +01:00), a SET GLOBAL time_zone = '+02:00' run
// by EXECUTE IMMEDIATE, then TIMESTAMP rows: the client stores them at +01:00. Stopped
// after the wrapped SET GLOBAL (--parallel 2, checkpointed) and resumed on the same
// server, the resume sends SET time_zone = DEFAULT again (a session statement) on a
// connection whose GLOBAL the first attempt's wrapped SET GLOBAL made +02:00, and stored
// the rows an hour off. Silent. The same with a plain SET GLOBAL time_zone = '+02:00'
// ("plain") matched: its GLOBAL values are journaled and given back (setglobal.go,
// setglobal_resume.go). difffuzz seed 50606 (resume-load-data) is the same without
// DEFAULT: PREPARE sg4 FROM 'SET GLOBAL net_read_timeout = @@global.net_read_timeout +
// 348'; EXECUTE sg4; then the session's @@net_read_timeout stored: client 30, the resumed
// session 378 ("session-read").
//
// Cause: execSetGlobal and the resume's give-back read the statement's own SET: a SET
// GLOBAL inside EXECUTE IMMEDIATE (or a prepared statement) journaled nothing. Fixed
// (x-fix18): the SET a wrapper runs is journaled and marked at the wrapper's offset
// (plan.Planner.Wrapped, replay's globalSet). Both cases failed before.
func TestReviewX13WrappedSetGlobalDefaultResume(t *testing.T) {
	t.Run("session-read", func(t *testing.T) {
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		dump := "SET NAMES utf8mb4;\n" + x9HeadRows() + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
			"PREPARE sg FROM 'SET GLOBAL net_read_timeout = 100';\nEXECUTE sg;\n" + x7Rows("k", 100, 141) +
			"INSERT INTO r (what, n) VALUES ('session', @@net_read_timeout);\n"
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "EXECUTE sg"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
			setup: []string{"SET GLOBAL net_read_timeout = 30"}})
	})
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"plain":   "SET GLOBAL time_zone = '+02:00';\n",
		"wrapped": "EXECUTE IMMEDIATE 'SET GLOBAL time_zone = ''+02:00''';\n",
	} {
		dump := "SET NAMES utf8mb4;\nCREATE DATABASE x9;\nUSE x9;\nCREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" + x11TimestampRows(1, 11) +
			"SET GLOBAL time_zone = '+01:00';\nSET time_zone = DEFAULT;\n" + x11TimestampRows(11, 21) + set + x11TimestampRows(21, 41)
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "+02:00"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
				setup: []string{"SET GLOBAL time_zone = SYSTEM"}})
		})
	}
}

// TestReviewX13CalcFoundRowsRefusedOnResume (difffuzz seed 50198, resume): a CALL, rows,
// then SELECT SQL_CALC_FOUND_ROWS * FROM k LIMIT 1 and INSERT INTO fr SELECT
// FOUND_ROWS(). Stopped after the CALL or the rows after it and resumed (--parallel 2,
// checkpointed), the resume refused the SELECT SQL_CALC_FOUND_ROWS itself: "--resume
// cannot recreate FOUND_ROWS() of the interrupted run's connection" (or "ROW_COUNT() or
// FOUND_ROWS()" right after a skipped statement; in the seed, after a CALL that giveFound
// held back, 429a904's "it reads FOUND_ROWS() after a CALL or EXECUTE …; import it with
// --parallel 1"), where the client finished. False refusal.
//
// Cause: skipState.lostState (importer/replay/skipped.go) took a statement whose text
// contains FOUND_ROWS for a reader of it; SQL_CALC_FOUND_ROWS contains it, and sets
// FOUND_ROWS() rather than reading it. Fixed: readsFoundRows counts FOUND_ROWS beyond
// the SQL_CALC_FOUND_ROWS in the text. The INSERT … SELECT FOUND_ROWS() right after a
// skipped SELECT is still refused, as it should be (not tested here).
func TestReviewX13CalcFoundRowsRefusedOnResume(t *testing.T) {
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"CREATE TABLE fr (n bigint) ENGINE=InnoDB;\nCREATE PROCEDURE p() SET @px = 46;\nCALL p();\n" + x7Rows("k", 100, 141) +
		"SELECT SQL_CALC_FOUND_ROWS * FROM k LIMIT 1;\nINSERT INTO fr SELECT FOUND_ROWS();\n" + x7Rows("k", 200, 221)
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for stop := lineOf(t, dump, "CALL p()"); stop < lineOf(t, dump, "SELECT SQL_CALC"); stop++ {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10}})
		})
	}
}

// TestReviewX13DropViewKilledResume (difffuzz seed 50225, resume-defer-indexes): killed
// right after DROP VIEW vc1 returned, before its progress row (AfterDDL), a resume runs
// it again and fails: "DROP VIEW `vc1`: ERROR 4092 (42S02): Unknown VIEW: 'x9.vc1'",
// where the client finished (CREATE VIEW's 1050 and DROP TABLE's 1051 in the same place
// are taken for "it had run"). False error.
//
// Cause: checkpoint.AlreadyApplied (importer/checkpoint/run.go:310) lacks MariaDB's
// ER_UNKNOWN_VIEW (4092), which DROP VIEW of a view that is not there raises (10.11; an
// older server said 1051). Fixed: mysqlerr.UnknownView is one of them.
func TestReviewX13DropViewKilledResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\n" + x9HeadRows() + "CREATE VIEW vc1 AS SELECT * FROM k;\n" + x7Rows("k", 100, 141) +
		"DROP VIEW vc1;\n" + x7Rows("k", 200, 241)
	for _, at := range []string{"CREATE VIEW", "DROP VIEW"} {
		t.Run(at, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, killAtDDL: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}
