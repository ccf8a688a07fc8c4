package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The fourteenth hostile review (branch x-review14, session 41), of what stop 40 merged
// (11d107a..df3cb82). Each test failed on main (df3cb82) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX14): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX14
//
// A fix removes its test's reviewX14 call.
//
// Found, most severe first (each test names its cause):
//   - silent, every fast mode: @c\f:= … (a form feed before :=) is no assignment to
//     the planner nor the journal (TrimLeft " \t\r\n" where IsSpace has six): the
//     INSERT reading @c runs where the SELECT did not, NULL where the client has 40;
//   - silent, --checkpoint kill/stop + --resume: a MyISAM write that reaches a stored
//     function through a view (INSERT INTO m SELECT … FROM vf, UPDATE vm …) is marked ran
//     at once; the resume skips it and loses f's InnoDB rows (views.go/funcnames.go look
//     at a view's base tables, not its functions); the same for a function made by
//     EXECUTE s of a PREPAREd CREATE FUNCTION after the look-up (funcnames.go's note);
//   - silent, stop + --resume: a TEMPORARY table made through a wrapper (SET STATEMENT …
//     FOR, EXECUTE IMMEDIATE, EXECUTE s) is not volatile: the resume skips its CREATE, and
//     its rows after the stop land in the real table it shadowed; a DROP TABLE (without
//     TEMPORARY) of a temporary table leaves its name marked temporary, and the real
//     table made after it gets its rows twice on resume;
//   - silent, stop + --resume: a TEMPORARY table filled from a real table (CREATE
//     TEMPORARY TABLE tt SELECT * FROM k) is rebuilt by the resume from k as it is then,
//     with the rows committed after it: a count of tt reads 80-odd where the client's 40;
//   - silent, stop + --resume: rows an InnoDB TEMPORARY table got inside a transaction the
//     dump rolled back (ROLLBACK, ROLLBACK TO SAVEPOINT, autocommit = 0) are sent again by
//     the resume without the ROLLBACK: a count of it reads 2 where the client's 0;
//   - silent, stop + --resume: a wrapped SET whose value calls a writing function
//     (EXECUTE IMMEDIATE 'SET @x = g(5)', EXECUTE s, SET STATEMENT … FOR SET) is sent
//     again (Plan.Session), g's row lands twice;
//   - silent, --checkpoint and stop + --resume: DDLWords unquotes names and splits on four
//     blanks, so DROP TABLE `temporary` (a real table) is read as DROP TEMPORARY TABLE
//     (rows of the dump's transaction duplicated on resume) and CREATE\fTEMPORARY TABLE
//     as a real table (rows the dump's ROLLBACK undid are kept);
//   - false refusal: every resume past a CREATE PROCEDURE IF NOT EXISTS refuses its CALL
//     ("the dump did not create the procedure"): the target asked is the one the
//     interrupted run changed;
//   - loud: CREATE TABLE `temporary` turns the run serial and its resume fails with ERROR
//     1050; CREATE\fTEMPORARY TABLE fails --parallel and --load-data with ERROR 1146.
//
// Tried and matched the client, or refused as meant (scratch tests not kept): a stored
// function reading ROW_COUNT() called by SET, SELECT … INTO, INSERT, a CALLed procedure
// and EXECUTE IMMEDIATE after an UPDATE of 5 rows (refused by name under --parallel and
// --checkpoint); a MyISAM INSERT in the dump's transaction that assigns @n (:=, SELECT …
// INTO, UPDATE … @n := …) stopped inside it and resumed; 400 rows INSERTed into an
// updatable view (column subset, renamed columns, WITH CHECK OPTION, another column
// order) under --load-data, --parallel and --defer-indexes, INSERT IGNORE of rows a WITH
// [CASCADED] CHECK OPTION view refuses (nested views) under --load-data; odd literals in
// --load-data rows (0x41 and b'1000001' into INT and VARCHAR, TRUE, 1e3, _latin1'…',
// _latin1 X'E9', _binary, BIT); 400 rows into a view over InnoDB (keyed, keyless) and
// MyISAM stopped in them and resumed (--parallel, --load-data); a wrapped CREATE
// TEMPORARY TABLE straight through; a dump that ends inside LOCK TABLES, START
// TRANSACTION or autocommit = 0 (no UNLOCK/COMMIT: the end's count did not wait); CREATE TABLE IF\fNOT EXISTS
// of an existing table under --defer-indexes; a plain SET @x = g(5) stopped after and
// resumed; nested comments in a skipped /*!80000 … */ (the client itself sends them
// broken: ERROR 1064), /*!50700 … */ nested in a run /*!40101 … */ (skipped by both);
// SET autocommit=0 before the rows with and without the COMMIT, SET GLOBAL autocommit=0
// around them (--parallel, --load-data).

// reviewX14 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX14(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review14 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x14FunctionView is x13FunctionWrites (fz0.m MyISAM, fz0.b InnoDB, f(x) inserts x into
// b) with src (InnoDB, ids 1 and 2) and two views that call f: vf reads src through f,
// vm is m filtered by f (updatable: one base table).
const x14FunctionView = "SET NAMES utf8mb4;\n" + x13FunctionWrites +
	"CREATE TABLE src (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO src VALUES (1), (2);\n" +
	"CREATE VIEW vf AS SELECT f(id) AS x FROM src;\n" +
	"CREATE VIEW vm AS SELECT id, v FROM m WHERE f(id + 10) > 0;\n"

// TestReviewX14MarkerFunctionThroughView: a statement that writes one MyISAM table and
// names no stored function, but reaches one through a view (INSERT INTO m SELECT x, x
// FROM vf; UPDATE vm SET v = 5, where vm's WHERE calls f), and f writes the InnoDB table
// b. x-fix17 made a statement that names a function mixed (mayCallFunction); this one
// names none, so its "ran" marker is written at once, in the markers' table, though f's
// InnoDB rows commit only with its progress row. Killed between the marker and the
// progress row, the server rolls back b's rows, and the resume skips the statement
// ("had run to its end"): b lacks 1 and 2 (11, 12) where the client's has them. Silent.
//
// Cause: mayCallFunction (importer/replay/funcnames.go:53) reads the statement's text
// only, and throughViews (replay/intentmark.go:91, checkpoint.ViewBases) follows a view
// to its base tables only: the functions a view's definition calls (its VIEW_DEFINITION
// holds `fz0`.`f`(…), which qualifiedNames reads and baseTables drops as no table) are
// not looked at, for the view written (vm) nor a view only read (vf).
func TestReviewX14MarkerFunctionThroughView(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	tail := "INSERT INTO m VALUES (3, 3);\nINSERT INTO b VALUES (200);\n"
	for name, c := range map[string]struct{ dump, at string }{
		"insert select from a view":   {x14FunctionView + "INSERT INTO m (id) SELECT x FROM vf;\n" + tail, "INSERT INTO m (id) SELECT"},
		"update through a view":       {x14FunctionView + "INSERT INTO m VALUES (1, 1), (2, 2);\nUPDATE vm SET v = 5;\n" + tail, "UPDATE vm"},
		"insert with a view subquery": {x14FunctionView + "INSERT INTO m VALUES (1, (SELECT MAX(x) FROM vf));\n" + tail, "INSERT INTO m VALUES (1,"},
	} {
		t.Run("killed after the marker/"+name, func(t *testing.T) {
			killAfterMark(t, ref, srv, "fz0", c.dump, lineOf(t, c.dump, c.at), "may be half applied")
		})
	}
	dump := x14FunctionView + "START TRANSACTION;\nINSERT INTO b VALUES (5);\nINSERT INTO m (id) SELECT x FROM vf;\nINSERT INTO b VALUES (6);\nINSERT INTO b VALUES (7);\nCOMMIT;\nINSERT INTO b VALUES (8);\n"
	t.Run("stopped in the transaction", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO b VALUES (6)"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
			refused: "may be half applied"})
	})
}

// x14TableNamedTemporary is a mysqldump-style table named `temporary` (a real, InnoDB
// table, keyless), with rows, between rows of x9.k.
func x14TableNamedTemporary(create string) string {
	return x9HeadRows() + "DROP TABLE IF EXISTS `temporary`;\n" + create + x7Rows("`temporary`", 1, 41) + x7Rows("k", 100, 141)
}

// TestReviewX14TableNamedTemporary: a real table named `temporary` (mysqldump quotes
// every name; TEMPORARY is not reserved).
//   - CREATE TABLE `temporary` (…), its rows, rows of k; stopped in k's rows, resumed:
//     the resume sends the CREATE again, ERROR 1050 "already exists" where the client
//     finished (loud); the first run also said "a temporary table exists only on the
//     connection that created it: the rest of the dump runs on one connection" (all of
//     --parallel lost);
//   - DROP TABLE `temporary` inside the dump's START TRANSACTION, rows of the keyless lg
//     around it, ROLLBACK: the server commits at the DROP, dumpscope thinks the
//     transaction goes on; stopped after INSERT INTO lg VALUES (3) or (4) and resumed, lg
//     holds 1, 2, 3 (and 4) twice. Silent.
//
// Cause: sqlscan.DDLWords (importer/sqlscan/ddlwords.go:41) returns a quoted name
// unquoted, as a word among the keywords, and Planner.volatile (plan/plan.go:275),
// keepsTransaction (plan/temporary.go:23) and connectionState (plan/state.go:242) take
// any of the first 4 words equal to TEMPORARY for the keyword: `temporary` is the third.
// (Not a regression: DDLWords unquoted before stop 40.)
func TestReviewX14TableNamedTemporary(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, create := range map[string]string{
		"keyless": "CREATE TABLE `temporary` (id int, v varchar(40)) ENGINE=InnoDB;\n",
	} {
		dump := x14TableNamedTemporary(create)
		t.Run("resume/"+name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
		t.Run("parallel/"+name, func(t *testing.T) {
			var log strings.Builder
			o := x12Parallel()
			o.Log = &log
			importMatchesClient(t, dump, o, "x9")
			if strings.Contains(log.String(), "a temporary table exists only") {
				t.Errorf("a real table named `temporary` turned the run serial:\n%s", log.String())
			}
		})
	}
	// DROP TABLE `temporary` inside the dump's transaction: the server commits there.
	txn := x9HeadRows() + "CREATE TABLE lg (n int) ENGINE=InnoDB;\nCREATE TABLE `temporary` (id int);\n" + x7Rows("k", 100, 141) +
		"START TRANSACTION;\nINSERT INTO lg VALUES (1);\nDROP TABLE `temporary`;\nINSERT INTO lg VALUES (2);\nINSERT INTO lg VALUES (3);\nINSERT INTO lg VALUES (4);\nROLLBACK;\n" + x7Rows("k", 200, 241)
	// Fixed (x-fix21), the DROP commits as any other table's does, and the resume refuses
	// as it does for a table of any other name there (the keyless lg got its first row in
	// the transaction the DROP committed, so its reload is not known to start empty):
	// loud, by name, where it doubled lg's rows.
	for _, at := range []string{"INSERT INTO lg VALUES (3)", "INSERT INTO lg VALUES (4)"} {
		t.Run("drop in a transaction/stopped after "+at, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: txn, stop: lineOf(t, txn, at), opt: importer.Options{Parallel: 2, BatchBytes: 512},
				refused: "x9.lg (non-transactional engine or no primary key) was being loaded"})
		})
	}
}

// x14SetCallsFunction is fz0.lg (InnoDB, keyless) and g(x), a stored function that
// inserts x into lg and returns it, then rows of fz0.k.
const x14SetCallsFunction = "CREATE DATABASE fz0;\nUSE fz0;\n" +
	"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
	"CREATE TABLE lg (n int) ENGINE=InnoDB;\n" +
	"DELIMITER //\nCREATE FUNCTION g(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO lg VALUES (x); RETURN x; END//\nDELIMITER ;\n"

// TestReviewX14SetCallsFunctionResume: SET @x = g(5), g inserting 5 into the keyless
// InnoDB lg, then rows of k; stopped in k's rows and resumed. The plain SET matches (its
// @x is journaled and given back); the wrapped ones (EXECUTE IMMEDIATE 'SET @x = g(5)',
// PREPARE s FROM 'SET @x = g(5)' + EXECUTE s, SET STATEMENT … FOR SET @x = g(5)) are sent
// again by the resume though committed: lg holds 5 three times where the client's holds
// it twice (once by g, once by the last INSERT). Silent.
//
// Cause: registry.sessionOnly (importer/plan/sessiononly.go:33) takes a wrapped
// KindSession statement that sets no GLOBAL for one that changes only its session
// (Plan.Session), so dispatch.go:177 never skips it; a SET's value may call a stored
// function that writes tables. (With a value reading the tables the same rule gives
// TestResumeWrappedSetUserVarFromData, open; this one writes.) Not checked against the
// commits before 719a34a (wrapped SET sent again) and 955f6ab (EXECUTE s).
func TestReviewX14SetCallsFunctionResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"plain":             "SET @x = g(5);\n",
		"session var":       "SET @@session.sql_select_limit = g(5) + 1000;\n",
		"execute immediate": "EXECUTE IMMEDIATE 'SET @x = g(5)';\n",
		"prepared":          "PREPARE s FROM 'SET @x = g(5)';\nEXECUTE s;\n",
		"set statement":     "SET STATEMENT sql_select_limit = 10 FOR SET @x = g(5);\n",
	} {
		dump := x14SetCallsFunction + x7Rows("k", 1, 41) + set + x7Rows("k", 100, 141) + "INSERT INTO lg VALUES (@x);\n"
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestReviewX14TemporaryAfterFormFeed: CREATE TEMPORARY TABLE and DROP TEMPORARY TABLE
// with a form feed or vertical tab between the words: whitespace to the server (the
// client's run of the same file finishes) and to the Tokenizer (sqlscan.IsSpace: the
// splitter's Verb is CREATE TABLE), not to DDLWords.
//   - inside the dump's START TRANSACTION … ROLLBACK, --parallel 2 --checkpoint: the
//     planner takes the DDL for a commit (keepsTransaction false, as before
//     TestFixX10aTemporaryTableInTransaction's fix), and the rows after it commit where
//     the client's ROLLBACK undid them. Silent.
//   - the temporary table's rows under --parallel 2 and --load-data: sent to a worker,
//     ERROR 1146 "doesn't exist" (loud).
//
// Cause: DDLWords (importer/sqlscan/ddlwords.go:57) ends a word at ' ', '\t', '\n',
// '\r' only, so "CREATE\fTEMPORARY" is one word; its readers (plan/temporary.go:23,
// plan/plan.go:275, plan/state.go:242) never see TEMPORARY.
func TestReviewX14TemporaryAfterFormFeed(t *testing.T) {
	for _, sp := range []string{"\f", "\v"} {
		for name, ddl := range map[string]string{
			"create": "CREATE" + sp + "TEMPORARY TABLE tt (a int);\n",
			"drop":   "DROP" + sp + "TEMPORARY TABLE tt;\n",
		} {
			body := "CREATE TEMPORARY TABLE IF NOT EXISTS tt (a int);\nDROP TEMPORARY TABLE tt;\nCREATE TEMPORARY TABLE IF NOT EXISTS tt (a int);\n"
			if name == "create" {
				body = ""
			}
			body += "START TRANSACTION;\n" + x7Rows("k", 100, 121) + ddl + x7Rows("k", 200, 221) + "ROLLBACK;\n"
			t.Run(fmt.Sprintf("in a transaction/%q/%s", sp, name), func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
		}
		dump := x9HeadRows() + "CREATE" + sp + "TEMPORARY TABLE tt (id int, v varchar(40));\n" + x7Rows("tt", 1, 41) + "INSERT INTO k SELECT id + 1000, v FROM tt;\n" + x7Rows("k", 100, 141)
		t.Run(fmt.Sprintf("rows/%q/parallel", sp), func(t *testing.T) { importMatchesClient(t, dump, x12Parallel(), "x9") })
		t.Run(fmt.Sprintf("rows/%q/load-data", sp), func(t *testing.T) {
			importMatchesClient(t, dump, importer.Options{LoadData: true, Parallel: 2, BatchBytes: 16 << 20}, "x9")
		})
	}
}

// TestReviewX14MarkerPreparedFunction: f (x13FunctionWrites's: it inserts x into the
// InnoDB b) is created by EXECUTE s of a PREPARE s FROM 'CREATE FUNCTION f …', after a
// statement that made dumpscope look the stored functions up (UPDATE m SET v = ABS(v)
// between the PREPARE and the EXECUTE); then INSERT INTO m VALUES (1, f(1)) on the MyISAM
// m, killed between its "ran" marker and its progress row, and resumed. The resume says
// "INSERT `m` had run to its end … it is not run again": b lacks f's row 1. Silent.
//
// Cause: functionNames.note (importer/replay/funcnames.go:28-36) has the server asked
// again only after a statement whose text names FUNCTION; the PREPARE does, but runs
// before the look-up the UPDATE makes (the function does not exist yet), and EXECUTE s,
// which creates it, names none. The planner's registry knows what s holds
// (plan.Planner.WrapsDDL reads it); note does not ask it.
func TestReviewX14MarkerPreparedFunction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE m (id int PRIMARY KEY, v int) ENGINE=MyISAM;\n" +
		"CREATE TABLE b (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		"INSERT INTO b VALUES (100);\nINSERT INTO m VALUES (50, 50);\n" +
		"PREPARE s FROM 'CREATE FUNCTION f(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO b VALUES (x); RETURN x; END';\n" +
		"UPDATE m SET v = ABS(v);\nEXECUTE s;\n"
	dump := head + "INSERT INTO m VALUES (1, f(1));\nINSERT INTO m VALUES (2, 2);\nINSERT INTO b VALUES (200);\n"
	killAfterMark(t, ref, srv, "fz0", dump, lineOf(t, dump, "INSERT INTO m VALUES (1"), "may be half applied")
}

// TestReviewX14ProcedureIfNotExistsResume: CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1
// (plain, mysqldump's versioned form, EXECUTE IMMEDIATE) into an empty target, rows,
// CALL p(), rows; stopped in the rows before or after the CALL, and resumed on the same
// server. The straight run matches (TestProcedureIfNotExistsNew); every resume fails at
// the CALL: "CALL p: the dump did not create the procedure, so what it does to the
// transaction is not known; … import this dump without --parallel, --checkpoint,
// --load-data and --defer-indexes". False refusal, of every resume of such a dump past
// its CREATE, whose advice (no --checkpoint) cannot be followed on a resume.
//
// Cause: registry.lookUpNewProcedure (importer/plan/routineexists.go:53-56) asks the
// target whether p exists; on resume the interrupted run's CREATE made it, so the
// planner takes it for one that was there before the dump and leaves its body unknown.
// A gap in a2cdefe (stop 40), which asked the target for the straight run only.
//
// Fixed (x-fix23): the first attempt records the target's procedures in the journal
// before it sends anything (checkpoint.ProcedureExistedBefore); a resume takes a
// procedure the target has now, and did not have then, for the one the dump's CREATE
// made. The last case: a p with another body was there before the run (the client keeps
// it, @x = 2): the resume, like the straight run, cannot know its body and refuses the CALL.
func TestReviewX14ProcedureIfNotExistsResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("k", 1, 21)
	for name, create := range map[string]string{
		"plain":     "CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1;\n",
		"mysqldump": "DELIMITER ;;\n/*!50003 CREATE*/ /*!50020 DEFINER=`root`@`localhost`*/ /*!50003 PROCEDURE IF NOT EXISTS `p`() SET @x = 1 */;;\nDELIMITER ;\n",
		"execute":   "EXECUTE IMMEDIATE 'CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1';\n",
	} {
		dump := head + create + x7Rows("k", 100, 161) + "CALL p();\nINSERT INTO k VALUES (1000, @x);\n" + x7Rows("k", 200, 241)
		for _, at := range []string{"INSERT INTO k VALUES (120", "INSERT INTO k VALUES (220"} {
			t.Run(name+"/stopped at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
	dump := strings.Replace(head, "CREATE DATABASE fz0", "CREATE DATABASE IF NOT EXISTS fz0", 1) + "CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1;\n" +
		x7Rows("k", 100, 161) + "CALL p();\nINSERT INTO k VALUES (1000, @x);\n" + x7Rows("k", 200, 241)
	t.Run("there before the run", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512, Overwrite: true},
			setup:   []string{"CREATE DATABASE fz0", "CREATE PROCEDURE fz0.p() SET @x = 2"},
			refused: "CALL p: the dump did not create the procedure"})
	})
}

// TestReviewX14AssignAfterFormFeed: a user variable assigned with := after a form feed
// (SELECT @c\f:= COUNT(*) FROM k; DO @c\f:= (SELECT …); UPDATE k SET v = (@c\f:= @c + 1)),
// rows, then INSERT INTO k VALUES (1000, @c). The client stores 40 (29). Straight
// through, --parallel 2, --load-data and --checkpoint store NULL: the run does not go
// serial, and the INSERT runs on a connection that never ran the SELECT. Stopped in the
// rows and resumed, the same (with a space instead of \f both match: the run goes serial
// and the journal gives @c back). Silent.
//
// Cause: exprState (importer/plan/state.go:330) and assignedUserVars
// (importer/replay/checkpoint.go:232) look for := after the variable past " \t\r\n"
// only (bytes.TrimLeft), not the Tokenizer's spaces (sqlscan.IsSpace has \v and \f, as
// the server has). The same TrimLeft in plan/state.go:323, plan/autocommitvars.go:116,
// replay/funcnames.go:87 (f\f(1) is no call: the marker finding again) and
// replay/catalog.go:214; DDLWords's is TestReviewX14TemporaryAfterFormFeed.
//
// Fixed (x-fix23): one definition of the server's blanks (sqlscan.Blanks, IsSpace,
// Charset.IsSpace with the connection character set's own, latin1's 0xA0); the readers
// ask the Tokenizer for the next token (AtAssign), which skips blanks and comments as the
// server does.
func TestReviewX14AssignAfterFormFeed(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"select": "SELECT @c\f:= COUNT(*) FROM k;\n",
		"do":     "DO @c\f:= (SELECT COUNT(*) FROM k);\n",
		"update": "SET @c = 0;\nUPDATE k SET v = (@c\f:= @c + 1) WHERE id < 30;\n",
	} {
		dump := x9HeadRows() + set + x7Rows("k", 100, 161) + "INSERT INTO k VALUES (1000, @c);\n" + x7Rows("k", 200, 241)
		for mode, o := range map[string]importer.Options{"load-data": {LoadData: true, Parallel: 2, BatchBytes: 2048}, "parallel": x12Parallel(), "checkpoint": checkpointed(t)} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "x9") })
		}
		t.Run(name+"/resume", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestReviewX14TemporaryDroppedWithoutKeyword: CREATE TEMPORARY TABLE tt, its rows, DROP
// TABLE tt (without TEMPORARY: the server drops the temporary table), then a real,
// keyless InnoDB table tt and its rows, then rows of k; stopped in tt's or k's rows and
// resumed.
//   - CREATE TABLE IF NOT EXISTS tt: the resume sends tt's committed rows again: tt holds
//     rows 100-159 twice (or some of them) where the client's holds them once. Silent.
//   - CREATE TABLE tt: the resume sends the CREATE again, ERROR 1050 (loud).
//   - EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE tt', then CREATE TABLE IF NOT EXISTS:
//     stopped at tt's rows 140-159, the real tt lacks row 160 after the resume (the
//     wrapper is not read: TestReviewX14WrappedTemporaryResume's cause). Silent.
//
// Cause: Planner.volatile (importer/plan/plan.go:273-286) sets p.temporary[key] at CREATE
// TEMPORARY TABLE and clears it only at a DROP that says TEMPORARY; a DROP TABLE without
// it, which drops the temporary table, leaves the key marked, so every later statement
// of the real table of that name is volatile: no progress row, sent again on resume.
func TestReviewX14TemporaryDroppedWithoutKeyword(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, c := range map[string]struct{ drop, create string }{
		"if not exists":           {"DROP TABLE tt;\n", "CREATE TABLE IF NOT EXISTS tt (id int, v varchar(40)) ENGINE=InnoDB;\n"},
		"plain":                   {"DROP TABLE tt;\n", "CREATE TABLE tt (id int, v varchar(40)) ENGINE=InnoDB;\n"},
		"dropped through EXECUTE": {"EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE tt';\n", "CREATE TABLE IF NOT EXISTS tt (id int, v varchar(40)) ENGINE=InnoDB;\n"},
	} {
		dump := x9HeadRows() + "CREATE TEMPORARY TABLE tt (id int, v varchar(40));\n" + x7Rows("tt", 1, 21) + c.drop +
			c.create + x7Rows("tt", 100, 161) + x7Rows("k", 100, 161)
		for _, at := range []string{"INSERT INTO tt VALUES (140", "INSERT INTO k VALUES (140"} {
			t.Run(name+"/stopped at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
	// DROP TABLE of the temporary tt with a real table (x-fix21): sent again it dropped the
	// real one a second time, skipped it leaves the rebuilt tt: refused past it, by name.
	dump := x9HeadRows() + "CREATE TABLE k2 (id int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40));\n" + x7Rows("tt", 1, 21) +
		"DROP TABLE tt, k2;\nCREATE TABLE IF NOT EXISTS tt (id int, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("tt", 100, 161) + x7Rows("k", 100, 161)
	t.Run("dropped with a real table", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (140"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
			refused: "--resume cannot rebuild temporary table x9.tt as the dump made it: this DROP TABLE drops it with real tables"})
	})
}

// TestReviewX14WrappedTemporaryResume: a TEMPORARY table k that shadows the real k,
// created through a wrapper (SET STATEMENT … FOR CREATE TEMPORARY TABLE, EXECUTE
// IMMEDIATE 'CREATE TEMPORARY TABLE …', PREPARE + EXECUTE), its rows, INSERT INTO r
// SELECT COUNT(*) FROM k, more rows, the count again, DROP TEMPORARY TABLE IF EXISTS k,
// rows of the real k; stopped in the temporary table's rows and resumed. The resume
// skips the wrapped CREATE (it has a progress row), so its new connection has no
// temporary k, and the temporary rows after the stop land in the real k: it gains them
// (rows 600-640, stopped at 620), and r's counts read 41, 41, 82 where the client's read
// 41, 82, 81. Silent. The plain CREATE TEMPORARY TABLE matches (volatile,
// sent again). Straight through (--parallel, --load-data, --checkpoint) all match: the
// wrapper turns the run serial.
//
// Cause: Planner.volatile (importer/plan/plan.go:273) looks for TEMPORARY only where
// st.Verb is CREATE TABLE or DROP TABLE, the statement itself; a wrapper's Verb is SET
// STATEMENT or EXECUTE (the registry knows what it runs: plan.Planner.WrapsDDL), so the
// CREATE is not volatile, k is not marked temporary, and its rows get progress rows.
func TestReviewX14WrappedTemporaryResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, create := range map[string]string{
		"set statement":     "SET STATEMENT max_statement_time = 0 FOR CREATE TEMPORARY TABLE k (id int, v varchar(40));\n",
		"execute immediate": "EXECUTE IMMEDIATE 'CREATE TEMPORARY TABLE k (id int, v varchar(40))';\n",
		"prepared":          "PREPARE s FROM 'CREATE TEMPORARY TABLE k (id int, v varchar(40))';\nEXECUTE s;\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\n" + create + x7Rows("k", 500, 541) + "INSERT INTO r SELECT COUNT(*) FROM k;\n" + x7Rows("k", 600, 641) +
			"INSERT INTO r SELECT COUNT(*) FROM k;\nDROP TEMPORARY TABLE IF EXISTS k;\n" + x7Rows("k", 100, 141) + "INSERT INTO r SELECT COUNT(*) FROM k;\n"
		for _, at := range []string{"INSERT INTO k VALUES (520", "INSERT INTO k VALUES (620"} {
			t.Run(name+"/stopped at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
}

// TestReviewX14TemporaryRefilledOnResume: a TEMPORARY table filled from a real table
// (CREATE TEMPORARY TABLE tt SELECT * FROM k, or CREATE + INSERT INTO tt SELECT * FROM k)
// when k has 40 rows, then 60 more rows of k, then INSERT INTO r SELECT COUNT(*) FROM tt:
// the client's r holds 40. Stopped in k's later rows and resumed, r holds 80-odd: the
// resume rebuilds tt (volatile statements are sent again, docs/import.md "With --resume")
// from k as it is at the resume point, with the committed rows after it. Silent. (Not
// stop 40's code; the same class as TestResumeWrappedSetUserVarFromData, for a table.)
//
// Cause: Planner.volatile (importer/plan/plan.go:284) makes every statement that writes a
// temporary table volatile, and the resume sends them again whatever they read; a
// statement that fills one from real tables the interrupted run has written since cannot
// be rebuilt so, and is neither journaled nor refused.
func TestReviewX14TemporaryRefilledOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, fill := range map[string]string{
		"create select": "CREATE TEMPORARY TABLE tt SELECT * FROM k;\n",
		"insert select": "CREATE TEMPORARY TABLE tt (id int, v varchar(40));\nINSERT INTO tt SELECT * FROM k;\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\n" + fill + x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*) FROM tt;\n" + x7Rows("k", 200, 241)
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
				refused: "--resume cannot rebuild temporary table x9.tt as the dump made it: it is filled from `k`"})
		})
		// Dropped before the resume point, what read it is committed: no refusal.
		dropped := strings.Replace(dump, "INSERT INTO r SELECT COUNT(*) FROM tt;\n", "INSERT INTO r SELECT COUNT(*) FROM tt;\nDROP TEMPORARY TABLE tt;\n", 1)
		t.Run(name+"/dropped before the stop", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dropped, stop: lineOf(t, dropped, "INSERT INTO k VALUES (220"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
		// Stopped before the fill, the resume runs it as the client did.
		t.Run(name+"/stopped before", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "CREATE TABLE r"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
	// A fill from another temporary table is rebuilt exactly: no refusal.
	dump := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE t0 (id int, v varchar(40));\nINSERT INTO t0 VALUES (1, 'a'), (2, 'b');\n" +
		"CREATE TEMPORARY TABLE tt SELECT a.id, b.v FROM t0 AS a, t0 AS b;\n" + x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*) FROM tt;\n" + x7Rows("k", 200, 241)
	t.Run("from a temporary table", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
	})
}

// TestReviewX14TemporaryRollbackOnResume: rows written into an InnoDB TEMPORARY table
// inside the dump's transaction that ends in ROLLBACK (START TRANSACTION … ROLLBACK,
// SET autocommit = 0 … ROLLBACK, or ROLLBACK TO SAVEPOINT after one of them), then rows
// of k, then INSERT INTO r SELECT COUNT(*) FROM tt: the client's r holds 0 (1). Stopped
// in k's rows and resumed, r holds 2: the resume sends the temporary table's INSERTs
// again (volatile) but not the ROLLBACK (or SAVEPOINT) around them, which the
// interrupted run committed past. Silent.
//
// Cause: the resume's skip (importer/replay/dispatch.go:177, cp.Skip) passes over the
// committed transaction statements while Planner.volatile (importer/plan/plan.go:284)
// has every write to a temporary table sent again: the rebuild replays what the client's
// ROLLBACK undid. (Not stop 40's code.) Refused since x-fix21; since x-fix72 the resume
// sends those writes inside a transaction of its own that it rolls back at the ROLLBACK
// (replay's tempTxn): exact, but for ROLLBACK TO SAVEPOINT, still refused.
func TestReviewX14TemporaryRollbackOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, body := range map[string]string{
		"rollback":    "START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a'), (2, 'b');\nINSERT INTO k VALUES (900, 'z');\nROLLBACK;\n",
		"savepoint":   "START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a');\nSAVEPOINT s1;\nINSERT INTO tt VALUES (2, 'b');\nINSERT INTO k VALUES (900, 'z');\nROLLBACK TO SAVEPOINT s1;\nCOMMIT;\n",
		"autocommit0": "SET autocommit = 0;\nINSERT INTO tt VALUES (1, 'a'), (2, 'b');\nINSERT INTO k VALUES (900, 'z');\nROLLBACK;\nSET autocommit = 1;\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40)) ENGINE=InnoDB;\n" + body + x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*) FROM tt;\n" + x7Rows("k", 200, 241)
		refused := ""
		if name == "savepoint" {
			refused = "--resume cannot rebuild temporary table x9.tt as the dump made it: this ROLLBACK undid rows of it"
		}
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512},
				refused: refused})
		})
		// Dropped (without TEMPORARY) before the resume point: no refusal.
		dropped := strings.Replace(dump, "INSERT INTO r SELECT COUNT(*) FROM tt;\n", "INSERT INTO r SELECT COUNT(*) FROM tt;\nDROP TABLE tt;\n", 1)
		t.Run(name+"/dropped before the stop", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dropped, stop: lineOf(t, dropped, "INSERT INTO k VALUES (220"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
		// The same transaction committed: the rows sent again are the client's.
		committed := strings.ReplaceAll(strings.ReplaceAll(dump, "ROLLBACK;", "COMMIT;"), "ROLLBACK TO SAVEPOINT s1;", "RELEASE SAVEPOINT s1;")
		t.Run(name+"/committed", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: committed, stop: lineOf(t, committed, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}
