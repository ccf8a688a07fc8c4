package importer_test

import (
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
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
// right after it. The construct diag-select-into is off until a fix.
func TestDiffFuzzFound2SelectIntoDiagnostics(t *testing.T) {
	difffuzzFound2(t)
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
