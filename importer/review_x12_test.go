package importer_test

import (
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The twelfth hostile review (branch x-review12, session 39), of fixes no review had
// read: x-fix11a (a prepared statement's PREPARE-time database, plan/registry.go; a
// trigger's or function's SET of a session variable as code read later,
// plan/sessionbody.go), x-fix11b (replay/setglobal_resume.go), x-seed38741
// (replay/skipped.go) and the lead's 109448b (sqlscan.Tokenizer.SetTarget's scope). Each
// test failed on main (109448b) when written and shows the database differing from
// `mariadb < same input`. They are gated (reviewX12): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX12
//
// A fix removes its test's reviewX12 call (and, where the fix is a refusal, makes the
// test expect it, as x11SessionBodyRefused does).
//
// Found (each test names its cause): a function whose body DECLAREs a name in an inner
// block, or as a CONDITION or CURSOR, and SETs the name where no variable of it is in
// scope sets the session variable (MariaDB 10.11), where bodySessionSet takes it for a
// local: rows 5 hours off (this file); a trigger whose body CALLs a procedure that sets
// completion_type: the rows the client's chained transaction loses are kept (this file);
// a trigger that reads ROW_COUNT() created through EXECUTE IMMEDIATE is not seen by the
// later-reader rule (this file), nor is an INSERT that fires such a trigger (or one that
// sets completion_type) through EXECUTE IMMEDIATE or a prepared statement
// (review_x12b_test.go); all silent, none a regression. A resume after a SET GLOBAL
// inside the dump's transaction gives back, at the transaction's START, the session value
// journaled at the SET, so a session SET between the two makes the earlier rows 1 hour
// off (silent; setglobal_resume.go's own named limit; review_x12c_test.go). SET
// /*!110000 GLOBAL */ …: MariaDB 10.11 skips the comment, the tokenizer runs it, so
// ParseSet reads GLOBAL and the workers never take the SET: ERROR 1064 under --parallel
// 2 where the client finished (a worker's TIMESTAMP rows would miss the time zone: not
// checked). Not a regression of 109448b, which carries the same misreading into the
// splitter's tracker (review_x12d_test.go).
//
// Fixed (session 39): the shadowed DECLARE (x-fix12b: DECLAREd names per BEGIN…END
// block; session 40, x-fix16: a CONDITION's or CURSOR's name hides none); the resume's
// session values (x-fix14: a variable the session had not set before the resume point
// gets the value it connected with, one it had set keeps its value there); the versioned comment (x-fix14: sqlscan.Syntax.Server, the target's version,
// decides which /*!NNNNN */ and /*M!NNNNNN */ run). The other findings are open or
// fixed as their tests say.
//
// Tried and matched the client, or refused as meant (the scratch tests are not kept):
//   - a stored function in a DEFAULT expression, a generated column or a CHECK
//     constraint: MariaDB 10.11 refuses it (ERROR 1901), so none reaches such a body;
//   - mysqldump's /*!50003 CREATE*/ /*!50017 DEFINER=…*/ /*!50003 TRIGGER … SET
//     time_zone = … */;; then INSERT INTO r2: refused as meant (the refusal's advice
//     speaks of ROW_COUNT() and FOUND_ROWS() where the trigger sets time_zone: long, but
//     it names the trigger and the variable);
//   - a trigger whose body CALLs a procedure that sets time_zone, then TIMESTAMP rows
//     (--parallel 2): matched; a trigger that sets time_zone created through EXECUTE
//     IMMEDIATE (--parallel 2): the prepared statement turns the run serial, matched;
//   - SET STATEMENT sql_mode = 'NO_BACKSLASH_ESCAPES' FOR SELECT 'a\\b': the server
//     lexes the statement under the session's sql_mode (one backslash), as the splitter;
//   - stops after the SET GLOBAL and after the rows that follow it, inside the dump's
//     START TRANSACTION (--parallel 2, gone serial, same server): SET GLOBAL time_zone =
//     '+05:00', SESSION time_zone = '+03:00' (one variable, both scopes); SET GLOBAL
//     sql_mode = 'ANSI' then SET sql_mode = 'PIPES_AS_CONCAT' before '1' || '0' rows; and
//     outside a transaction SET @x = '1' || '0', @t = @@session.time_zone before SET
//     GLOBAL sql_mode = 'ANSI', time_zone = '+05:00', the variables stored after the
//     stop: the re-dumps match;
//   - --load-data (--parallel 2) with EXECUTE IMMEDIATE 'DROP TABLE t' then t created
//     again with its columns the other way round, and EXECUTE IMMEDIATE 'ALTER TABLE u
//     MODIFY v VARCHAR(10)' before INSERT … (2, 007): the prepared statement turns the
//     run serial, and the rows land as the client's.
//
// Not reached (time): x-seed38741's skipped-DDL lookups against CREATE OR REPLACE,
// CREATE TABLE … SELECT, TEMPORARY tables and cross-database RENAME between the resume
// point and the furthest commit (read: changesLookup, replay/dispatch.go:438, leaves out
// every CREATE, which looks sound where the server's state at the stop already holds
// the new table); --parallel 1 and --load-data kills around SET GLOBAL; a server restart
// between the attempts of TestReviewX12SetGlobalSessionSetBetweenResume's dump.

// reviewX12 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX12(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review12 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x12Parallel is --parallel 2 with small batches, the one mode these cases run in (the
// machine is shared; x7Modes's --load-data loses the same way where checked).
func x12Parallel() importer.Options { return importer.Options{Parallel: 2, BatchBytes: 512} }

// x12TimestampDump is x9.k with rows, x9.g (id, t TIMESTAMP), pre (which makes the
// session's time_zone '+05:00' through code the dump created), then 80 rows of g with
// '2020-01-01 00:00:00': the client stores them as 2019-12-31 19:00:00 UTC.
func x12TimestampDump(pre string) string {
	return x9HeadRows() + "CREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" + pre + x11TimestampRows(1, 81)
}

// TestReviewX12ShadowedDeclare: a function f() whose body DECLAREs time_zone where its
// SET time_zone = '+05:00' does not see it: in an inner BEGIN … END that has ended
// ("inner-block"), or as a CONDITION ("condition") or a CURSOR ("cursor"), none of them a
// variable. MariaDB 10.11 sets the session's time_zone in all three (checked: SELECT f(),
// @@session.time_zone gives +05:00), so INSERT INTO r2 VALUES (1, f()) changes the
// session and the client stores the 80 rows after it 5 hours off; under --parallel 2 the
// INSERT is not refused, runs on the control connection, and the workers store the rows
// at 2020-01-01 00:00:00 UTC. Silent.
//
// Cause: bodySessionSet (importer/plan/sessionbody.go:41-55) takes every name DECLAREd
// anywhere in the body for a local variable of every SET in it (`local :=
// declared[base]`), with no scope; declaredNames (sessionbody.go:60-66) adds a CONDITION's
// or CURSOR's name too, on the comment's word that "a SET names it, which the server
// refuses": it does not, the SET is the session variable's. A gap in x-fix11a (b8aec08),
// not a regression (before it no body was read for session variables).
//
// Fixed for the inner block (x-fix12b: DECLAREd names per BEGIN … END block), and for a
// CONDITION or CURSOR of the name (x-fix16: declaredNames hides only a variable DECLARE's
// names): the INSERT that calls f is refused, naming the function and the variable.
func TestReviewX12ShadowedDeclare(t *testing.T) {
	for name, body := range map[string]string{
		"inner-block": "BEGIN BEGIN DECLARE time_zone varchar(10); END; SET time_zone = '+05:00'; RETURN 1; END",
		"condition":   "BEGIN DECLARE time_zone CONDITION FOR SQLSTATE '45000'; SET time_zone = '+05:00'; RETURN 1; END",
		"cursor":      "BEGIN DECLARE time_zone CURSOR FOR SELECT 1; SET time_zone = '+05:00'; RETURN 1; END",
	} {
		pre := "CREATE TABLE r2 (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nDELIMITER //\nCREATE FUNCTION f() RETURNS int " + body +
			"//\nDELIMITER ;\nINSERT INTO r2 VALUES (1, f());\n"
		t.Run(name, func(t *testing.T) {
			want := "INSERT `r2`: it names f and so may run code read later (the function f sets time_zone"
			x9Refused(t, x12TimestampDump(pre), x12Parallel(), want, "without --parallel")
		})
	}
}

// TestReviewX12TriggerCallsProcedure: a trigger on r2 whose body is CALL pz(), pz()
// setting completion_type = 1. MariaDB 10.11 runs it from a trigger (checked:
// @@session.completion_type is CHAIN after INSERT INTO r2 VALUES (1)), so the client's
// later COMMIT chains a transaction that holds rows 200-240 until its session ends,
// undone; under --parallel 2 the INSERT is not refused and dumpscope keeps rows 200-240.
// Silent. (The same trigger through a pz() that sets time_zone matched the client under
// --parallel 2: not kept.)
//
// Cause: bodySessionSet (importer/plan/sessionbody.go:33-36) reads triggers and functions
// only, and laterReaders (laterreader.go:109-125) makes a body reach a name through
// another body only when that one is in lr.names: a procedure never is, its SETs of
// autocommit and completion_type being left to txnWord at the dump's own CALL
// (sessionbody.go:20-21), which never sees the CALL a trigger (or function) makes; nor
// does completionType (completion.go). A gap in x-fix11a (b8aec08), not a regression.
//
// Fixed (x-fix13): laterReaders follows the procedures a trigger's or function's body
// CALLs, transitively (plan/latercalls.go), so the INSERT is refused as one that fires a
// trigger that sets completion_type itself (and the read-ahead runs such a dump serially).
func TestReviewX12TriggerCallsProcedure(t *testing.T) {
	dump := x9HeadRows() + "CREATE PROCEDURE pz() SET completion_type = 1;\n" +
		"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nINSERT INTO r2 VALUES (1);\n" +
		"START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241)
	x9Refused(t, dump, x12Parallel(), "INSERT `r2`: it names r2 and so may run code read later (the trigger ti calls pz: the procedure pz sets completion_type", "without --parallel")
}

// TestReviewX12TriggerMadeByExecute: in a checkpointed run gone serial, EXECUTE IMMEDIATE
// 'CREATE TRIGGER tr BEFORE INSERT ON r FOR EACH ROW SET NEW.n = ROW_COUNT()', then
// UPDATE k … WHERE id < 6 (5 rows) and INSERT INTO r (what) VALUES ('rc'): the client's
// trigger reads the UPDATE's 5 (checked on MariaDB 10.11); dumpscope's reads what its
// own progress row left. The same trigger written as a plain CREATE TRIGGER is refused
// (LaterCountsReader). Silent.
//
// Cause: Planner.plan (importer/plan/plan.go:283) and LaterReaders.Refuses
// (laterreader.go:71) hand laterReaders.observe the wrapper st, whose bodyKind is "",
// never the CREATE TRIGGER that registry.inner unwrapped (eff, plan.go:228-231); a
// trigger or function that sets a session variable (bodySessionSet) and is created this
// way escapes x-fix11a's rule the same way (under --parallel 2 the prepared statement
// turns the run serial, so that one matched). Not a regression: the later-reader rule
// has never looked inside a wrapper.
//
// Fixed (x-fix13): laterReaders observes what a wrapper runs (plan/laterwrapped.go), so
// the INSERT is refused as after a plain CREATE TRIGGER.
func TestReviewX12TriggerMadeByExecute(t *testing.T) {
	body := "EXECUTE IMMEDIATE 'CREATE TRIGGER tr BEFORE INSERT ON r FOR EACH ROW SET NEW.n = ROW_COUNT()';\n" +
		"UPDATE k SET v = 'y' WHERE id < 6;\nINSERT INTO r (what) VALUES ('rc');\n"
	x9Refused(t, x9Serial(body), checkpointed(t), "INSERT `r`: it names r and so may run code read later (the trigger tr reads ROW_COUNT())", "without --parallel")
}
