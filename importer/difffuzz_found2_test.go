package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// Differences the differential fuzzer found with the session-state constructs of branch
// f-gen2 (internal/difffuzz/gen_session*.go, docs/difffuzz.md), shrunk, each failing on
// main (9603cc8) when written and showing the database differing from `mariadb < same
// input`. They are gated (difffuzzFound2): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestDiffFuzzFound2
//
// A fix removes its test's difffuzzFound2 call, and the construct named in the test's
// comment goes back on (internal/difffuzz SessionKnownBugs).

// difffuzzFound2 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func difffuzzFound2(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the difffuzz session constructs (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestDiffFuzzFound2SelectIntoDiagnostics: SELECT CAST('7x' AS SIGNED) INTO @d (one
// warning), then a reader of its diagnostics area (SET @w = @@warning_count, + @@error_count,
// GET DIAGNOSTICS @w = NUMBER, or CALL of a procedure whose body is SELECT @@warning_count
// INTO @w), then @w stored. The client's @w is 1; under --parallel (3, 2K batches: fuzzer
// seed 40011; a CALL: seed 40015; also --parallel 2) and checkpointed (--checkpoint alone,
// and with --parallel 2) dumpscope stores
// 0. Silent. The same reader after SET @d = CAST('7x' AS SIGNED), DO CAST(…) or a SELECT
// that returns rows reads 1, as the client's.
//
// Cause (general log): after the SELECT … INTO, the replay runs on the control connection
// SELECT ROW_COUNT(), FOUND_ROWS(), SELECT @@warning_count, SHOW WARNINGS, SELECT @`d`,
// CHARSET(@`d`), COLLATION(@`d`), then the user-variable journal's INSERT INTO
// dumpscope_progress.vars (controller.recordUserVars, importer/replay/checkpoint.go:361;
// checkpoint.RecordVars): an INSERT that uses a table empties the diagnostics area before
// the dump's reader runs. diagTail (importer/replay/diagtail.go) holds a statement's
// progress row and commit back for a reader, not the vars row a SELECT … INTO writes
// right after it.
//
// Fixed (x-fix12a): the journal's values are read at once (a SELECT that opens no table
// keeps the area) and its row written when the next statement is known, after it when it
// reads the area (diagTail.holdVars). Failed on main 014640c in every case and mode.
func TestDiffFuzzFound2SelectIntoDiagnostics(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\nCREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n"
	const store = "INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	cases := map[string]string{
		"seed-40011":             head + "SELECT CAST('7x' AS SIGNED) INTO @d5;\nSET @w = @@warning_count + @@error_count;\n" + store,
		"seed-40015":             head + "CREATE PROCEDURE `fz0`.`p133`() SELECT @@warning_count INTO @w;\nSELECT CAST('7x' AS SIGNED) INTO @d134;\nCALL `fz0`.`p133`();\n" + store,
		"get-diagnostics-serial": head + "SET @x = 1;\nSELECT CAST('7x' AS SIGNED) INTO @d;\nGET DIAGNOSTICS @w = NUMBER;\n" + store,
	}
	for name, dump := range cases {
		for mode, o := range map[string]importer.Options{
			"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
			"checkpointed": checkpointed(t),
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}

// TestDiffFuzzFound2SelectIntoDiagnosticsSerial: the cases of
// TestDiffFuzzFound2SelectIntoDiagnostics in the plain serial replay (no checkpoint),
// which sends only the client's statements, match the client: the difference is the
// journal's, not the reader's.
func TestDiffFuzzFound2SelectIntoDiagnosticsSerial(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\nCREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT CAST('7x' AS SIGNED) INTO @d5;\nSET @w = @@warning_count + @@error_count;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	importMatchesClient(t, dump, importer.Options{}, "fz0")
}

// TestDiffFuzzFound2ShowWarningsAfterTriggerVars: once the dump has created a trigger
// whose body sets a user variable (SET @trg = COALESCE(@trg, 0) + 1), a statement with a
// note or warning (CREATE TABLE IF NOT EXISTS of a table that exists; INSERT IGNORE of a
// duplicate), then SHOW WARNINGS or SHOW ERRORS, then a reader of the diagnostics area
// (GET DIAGNOSTICS @w = NUMBER, or in EXECUTE IMMEDIATE), then @w stored. The client's
// @w is 1 (SHOW WARNINGS keeps the area); under --parallel 3 (fuzzer seed 40026, 2K
// batches), --parallel 2 --load-data and --checkpoint dumpscope stores 0. Silent. Without
// the SHOW, or with the run made serial by a SELECT … INTO instead of the trigger, it
// matches.
//
// Cause (general log, --checkpoint): after the SHOW WARNINGS the replay journals the
// variables the trigger bodies name (SELECT @`trg`, CHARSET(…), COLLATION(…), then
// INSERT INTO dumpscope_progress.vars: the fix of TestResumeFoundTriggerVariable, which
// journals them after every statement that may fire a trigger), and that INSERT empties
// the diagnostics area before the reader. A SHOW fires no trigger; diagTail
// (importer/replay/diagtail.go) runs it as a reader (plan.KeepsDiagnostics) but the
// journal row still follows it.
//
// Fixed (x-fix12a) as TestDiffFuzzFound2SelectIntoDiagnostics: the readers' journal rows
// wait with the statement's. Failed on main 014640c in every case and mode.
func TestDiffFuzzFound2ShowWarningsAfterTriggerVars(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\nCREATE TABLE `fz0`.`t3` (`id` int) ENGINE=Aria;\n" +
		"DELIMITER ;;\nCREATE TRIGGER `fz0`.`trg4` BEFORE INSERT ON `fz0`.`t3` FOR EACH ROW\nBEGIN\n  SET @trg = COALESCE(@trg, 0) + 1;\nEND ;;\nDELIMITER ;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n"
	const store = "INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	cases := map[string]string{
		"seed-40026":    head + "CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int);\nSHOW ERRORS;\nEXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';\n" + store,
		"insert-ignore": head + "INSERT IGNORE INTO `fz0`.`sv` (n, name, v) VALUES (7, 'd', 'a'), (7, 'd', 'b');\nSHOW WARNINGS;\nGET DIAGNOSTICS @w = NUMBER;\n" + store,
	}
	for name, dump := range cases {
		for mode, o := range map[string]importer.Options{
			"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
			"load-data":    {Parallel: 2, BatchBytes: 2 << 10, LoadData: true},
			"checkpointed": checkpointed(t),
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}

// TestDiffFuzzFound2WrappedRollback: the dump opens a transaction (BEGIN, EXECUTE
// IMMEDIATE 'BEGIN', or PREPARE s FROM 'BEGIN'; EXECUTE s), gives it rows, and ends it
// with EXECUTE IMMEDIATE 'ROLLBACK'. The client's rows are rolled back; dumpscope kept
// them (rows 100-159 in the re-dump where the client has none) under --parallel 2 (with
// and without --load-data) and --checkpoint alone. Silent. Found by the fuzzer (seed
// 40016, resume-load-data: PREPARE s5 FROM 'BEGIN', rows of a table, EXECUTE IMMEDIATE
// 'ROLLBACK'; the kill was not needed). A plain ROLLBACK after the wrapped BEGIN
// matches (TestReviewX9aHiddenTransaction).
//
// Cause (general log, --parallel 2): after the dump's rows the replay wrote a progress
// row and sent START TRANSACTION on the control connection before EXECUTE IMMEDIATE
// 'ROLLBACK' (then a progress row and COMMIT after it): the planner read the wrapped
// ROLLBACK (importer/plan/wrappers.go inner) and planned the end of the transaction,
// but runSerial (importer/replay/control.go) chose its bookkeeping by the EXECUTE's own
// kind, KindOther: a statement outside the dump's transaction, run as a barrier in a
// transaction of its own, whose START TRANSACTION committed the dump's.
//
// Fixed (x-fix12b): plan.Plan.Txn says the statement is or runs a transaction
// statement, and runSerial treats it as the plain one. The wrapped-rollback construct is
// on again.
func TestDiffFuzzFound2WrappedRollback(t *testing.T) {
	modes := func() map[string]importer.Options {
		m := x7Modes()
		m["checkpoint"] = importer.Options{BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
		return m
	}
	for name, begin := range map[string]string{
		"begin":             "BEGIN;\n",
		"execute-immediate": "EXECUTE IMMEDIATE 'BEGIN';\n",
		"seed-40016":        "PREPARE s5 FROM 'SELECT 1';\nPREPARE s5 FROM 'BEGIN';\nEXECUTE s5;\nDEALLOCATE PREPARE s5;\n",
	} {
		dump := x9HeadRows() + begin + x7Rows("k", 100, 160) + "EXECUTE IMMEDIATE 'ROLLBACK';\n" + x7Rows("k", 200, 241)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, modes(), "x9") })
	}
	// The other wrappers of a ROLLBACK, and a wrapped COMMIT followed by a transaction
	// the dump rolls back (the COMMIT's rows stay, the next ones do not).
	for name, end := range map[string]string{
		"prepared":      "PREPARE r FROM 'ROLLBACK';\nEXECUTE r;\n",
		"set-statement": "SET STATEMENT max_statement_time = 0 FOR ROLLBACK;\n",
		"and-chain":     "EXECUTE IMMEDIATE 'ROLLBACK AND CHAIN';\n" + x7Rows("k", 300, 341) + "ROLLBACK;\n",
		"commit":        "EXECUTE IMMEDIATE 'COMMIT';\nBEGIN;\n" + x7Rows("k", 300, 341) + "EXECUTE IMMEDIATE 'ROLLBACK';\n",
	} {
		dump := x9HeadRows() + "BEGIN;\n" + x7Rows("k", 100, 160) + end + x7Rows("k", 200, 241)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, modes(), "x9") })
	}
}

// TestDiffFuzzFound2WrappedRollbackResume: TestDiffFuzzFound2WrappedRollback's dump
// stopped inside the transaction, at the wrapped ROLLBACK and after it, then resumed
// (the fuzzer's resume-load-data mode): the resume must not send the rolled-back rows,
// nor skip the rows after them.
func TestDiffFuzzFound2WrappedRollbackResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	// Lines: 1-3 head, 4-5 rows, 6-9 the wrapped BEGIN, 10-12 rows, 13 the ROLLBACK, 14-16 rows.
	dump := x9HeadRows() + "PREPARE s5 FROM 'SELECT 1';\nPREPARE s5 FROM 'BEGIN';\nEXECUTE s5;\nDEALLOCATE PREPARE s5;\n" +
		x7Rows("k", 100, 160) + "EXECUTE IMMEDIATE 'ROLLBACK';\n" + x7Rows("k", 200, 241)
	for _, stop := range []int64{8, 11, 13, 14} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "x9", dump: dump, stop: stop})
		})
	}
}
