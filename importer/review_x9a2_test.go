package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review9a, second batch (see review_x9a_test.go): runs gone serial, checkpointed, and
// readers of the diagnostics area.

// x9Serial is x9.k with 20 rows and x9.r (what, n) for the values read, then a SELECT …
// INTO @c that sends the rest of the run serial, then body.
func x9Serial(body string) string {
	return x9Head + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
		rowsOf("k", 1, 21) + "SELECT COUNT(*) INTO @c FROM k;\n" + body
}

// TestReviewX9aStaleAutocommitVariable: in a run gone serial (SELECT … INTO @c), SET @ac
// = 1, then @ac set to 0 otherwise than by SET (SELECT 0 INTO @ac, DO @ac := 0), then SET
// autocommit = @ac. The client's next 40 rows stay in the open transaction and the dump's
// ROLLBACK undoes them; with a checkpoint (--parallel 2, gone serial) they are committed:
// rows 100-140 in the re-dump where the client has none. Silent.
//
// Cause: AutocommitVars.Apply (importer/plan/autocommitvars.go:20-43) follows SET
// statements only; Planner.toSerial forgets what it knows at the switch (plan.go:367),
// not at a later SELECT … INTO or := once the run is serial. So plan.go:266 takes SET
// autocommit = @ac for a known ON, and the checkpointed serial replay, outside a region,
// sends each INSERT in a START TRANSACTION … progress row … COMMIT of its own, which
// commits what the client holds open. A gap in x-fix7a's 8858c2d (AutocommitVars); at
// e6aaf52 SET autocommit = @ac was taken for ON whatever @ac held (x-review7's
// AutocommitFromExpression), so not a regression in effect.
//
// Fixed (x-fix9a1): AutocommitVars.forgetAssigned forgets a variable that SELECT … INTO or
// := may set (all of them at CALL, EXECUTE, a compound statement), so SET autocommit =
// @ac is not known there and the planner takes it as off.
func TestReviewX9aStaleAutocommitVariable(t *testing.T) {
	for name, set := range map[string]string{
		"select-into":       "SELECT 0 INTO @ac;\n",
		"do-assign":         "DO @ac := 0;\n",
		"execute-immediate": "EXECUTE IMMEDIATE 'SELECT 0 INTO @ac';\n",
	} {
		body := "SET @ac = 1;\n" + set + "SET autocommit = @ac;\n" + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}

// x9Warn is an INSERT that truncates a value (sql_mode empty): one warning.
const x9Warn = "SET sql_mode = '';\nINSERT INTO k VALUES (600, 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy');\n"

// x9Store stores @w in x9.r.
const x9Store = "INSERT INTO r (what, n) VALUES ('w', @w);\n"

// TestReviewX9aWrappedDiagnosticsReader: a reader of the diagnostics area inside EXECUTE
// IMMEDIATE or a procedure (EXECUTE IMMEDIATE 'SELECT @@warning_count INTO @w', EXECUTE
// IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER', CALL p() whose body is GET DIAGNOSTICS @w =
// NUMBER) after an INSERT with one warning: the client's @w is 1 (MariaDB 10.11 keeps
// the caller's diagnostics area for both), dumpscope stores 0. In a checkpointed run gone
// serial the INSERT's progress row and commit ran in between; under --parallel 2 (with or
// without --load-data, no checkpoint) the INSERT ran on a worker and the EXECUTE or CALL
// on the control connection. Silent, where a plain GET DIAGNOSTICS is exact (serial) or
// refused at its line (parallel).
//
// Cause: plan.ReadsDiagnostics (importer/plan/diagnostics.go:33-37) reads the first word
// only: GET, or SET/DO/SELECT/VALUES with @@warning_count; EXECUTE and CALL are neither,
// so diagTail.before (importer/replay/diagtail.go:100) settles the INSERT's tail first
// and the planner (plan.go:278) does not refuse. Not a regression (every reader read 0
// before x-lock2); a gap in x-lock2's fix.
//
// Fixed (x-fix9a2): readsDiagnostics (plan/diagnostics.go) reads EXECUTE IMMEDIATE's
// literal as the statement it runs, and the planner's diagBodies (plan/diagbodies.go)
// a CALL's procedure by the dump's CREATE PROCEDURE (an unknown one may read): the
// checkpointed serial run gives the reader the INSERT's area (diagTail), and the parallel
// run refuses it at its line, as a plain GET DIAGNOSTICS (the parallel subtests wanted
// the client's value, which no parallel replay can give: the INSERT ran on a worker).
func TestReviewX9aWrappedDiagnosticsReader(t *testing.T) {
	readers := map[string]string{
		"execute-immediate-select": "EXECUTE IMMEDIATE 'SELECT @@warning_count INTO @w';\n",
		"execute-immediate-get":    "EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';\n",
		"call-get":                 "CALL p();\n",
	}
	const proc = "CREATE PROCEDURE p() GET DIAGNOSTICS @w = NUMBER;\n"
	for name, reader := range readers {
		t.Run("checkpoint/"+name, func(t *testing.T) {
			importMatchesClient(t, x9Serial(proc+x9Warn+reader+x9Store), checkpointed(t), "x9")
		})
		dump := x9HeadRows() + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
			proc + x9Warn + reader + x9Store + x7Rows("k", 100, 141)
		for mode, o := range x7Modes() {
			t.Run("parallel/"+name+"/"+mode, func(t *testing.T) {
				res := importFile(t, testsandbox.Start(t), "", writeFile(t, "d.sql", []byte(dump)), o)
				want := fmt.Sprintf("line %d: %s: it reads the diagnostics area", lineOf(t, dump, reader), strings.Fields(reader)[0])
				if res.Err == nil || !strings.Contains(res.Err.Error(), want) {
					t.Fatalf("got %v, want a refusal: %s", res.Err, want)
				}
			})
		}
	}
}

// TestReviewX9aDiagnosticsAfterDDL: in a checkpointed run gone serial, a reader of the
// diagnostics area right after a DDL that leaves a note: CREATE TABLE IF NOT EXISTS of a
// table that exists (Note 1050), DROP TABLE IF EXISTS of one that does not (Note 1051,
// mysqldump writes one before every CREATE TABLE). The client's SET @w =
// @@warning_count (GET DIAGNOSTICS @w = NUMBER) reads 1; dumpscope's 0. Silent.
//
// Cause: runBarrier defers the tail (progress row, commit) to diagTail for DML only
// (importer/replay/dispatch.go:511, `!ddl`); a DDL's tail (checkpoint.Record of its
// progress row, COMMIT: diagtail.go:195-206) runs at once, before the reader. Not a
// regression (so before x-lock2); a gap in its fix, whose header says "a statement
// that reads the diagnostics area runs first" after any statement.
//
// Fixed (x-fix9a2): runBarrier owes a DDL's progress row to diagTail as it owes DML's
// commit (its abort leaves the DDL unrecorded, as a kill right after it would), and
// holds its warnings' count until then.
func TestReviewX9aDiagnosticsAfterDDL(t *testing.T) {
	for name, body := range map[string]string{
		"create-if-not-exists": "CREATE TABLE IF NOT EXISTS k (id int);\nSET @w = @@warning_count;\n" + x9Store,
		"drop-if-exists":       "DROP TABLE IF EXISTS nosuch;\nGET DIAGNOSTICS @w = NUMBER;\n" + x9Store,
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}
