package importer_test

import (
	"testing"
)

// x-review9a, third batch (see review_x9a_test.go): what the planner does not see of a
// SET or of a transaction.

// TestReviewX9aSetAfterNames: SET NAMES utf8mb4, autocommit = 0 (also SET CHARACTER SET
// utf8mb4, autocommit = 0 and SET @z = 1, NAMES utf8mb4, autocommit = 0; the client
// takes all three). The client's next 100 rows stay in the open transaction and the
// dump's ROLLBACK undoes them; under --parallel 2 (with or without --load-data) the
// workers commit them: rows 100-200 in the re-dump where the client has none. Silent.
//
// Cause: ParseSet (importer/plan/state.go:87-90) stops at NAMES or CHARACTER SET and
// returns the assignments before it, so the autocommit after it is never seen:
// AutocommitVars.Apply and setState (plan.go:266, state.go:253) find no autocommit, and
// the statement is a constant session statement. Not a regression (ParseSet stopped there
// at e6aaf52), but x-fix7a's serial switch relies on ParseSet seeing every assignment.
func TestReviewX9aSetAfterNames(t *testing.T) {
	reviewX9a(t)
	for name, set := range map[string]string{
		"names":         "SET NAMES utf8mb4, autocommit = 0;\n",
		"character-set": "SET CHARACTER SET utf8mb4, autocommit = 0;\n",
		"names-between": "SET @z = 1, NAMES utf8mb4, autocommit = 0;\n",
	} {
		dump := x9HeadRows() + set + x7Rows("k", 100, 201) + "ROLLBACK;\nSET autocommit = 1;\n" + x7Rows("k", 300, 341)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Modes(), "x9") })
	}
}

// TestReviewX9aClockAfterNames: SET NAMES utf8mb4, @t = SYSDATE(6), DO SLEEP(1.5), rows,
// then a row that stores @t: the client's @t is the time of the SET; the workers run the
// SET again when they next take a batch, after the sleep, and the row a worker stores
// carries their later time ('differs' where the client has 'same'; --parallel 2 with or
// without --load-data). Silent. The same SET without NAMES turns the run serial.
//
// Cause: as TestReviewX9aSetAfterNames: ParseSet (state.go:87-90) returns nothing after
// NAMES, so setState finds no assignment that is not Constant and the statement goes
// into every worker's session list. x-fix7a's "session SETs reading the clock → rest
// serial" misses it; not a regression.
func TestReviewX9aClockAfterNames(t *testing.T) {
	reviewX9a(t)
	dump := x9HeadRows() + "SET NAMES utf8mb4, @t = SYSDATE(6);\nDO SLEEP(1.5);\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @t);\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 502, IF(MAX(v) = @t, 'same', 'differs') FROM k WHERE id = 500;\nDELETE FROM k WHERE id = 500;\n"
	x7Run(t, dump, x7Modes(), "x9")
}

// TestReviewX9aHiddenTransaction: in a checkpointed run gone serial, the dump opens a
// transaction the planner does not see: CALL p() where p does SET autocommit = 0,
// EXECUTE IMMEDIATE 'SET autocommit = 0', EXECUTE IMMEDIATE 'START TRANSACTION', or
// EXECUTE IMMEDIATE 'SET completion_type = 1' before a START TRANSACTION … COMMIT. The
// client's next rows stay in the open (or chained) transaction and its ROLLBACK (or the
// end of its session) undoes them; dumpscope commits them: rows 100-140 (200-240 for
// completion_type) in the re-dump where the client has none. Silent.
//
// Cause: the planner follows autocommit, completion_type and START TRANSACTION only as
// the dump's own statements (Planner.plan, plan.go:262-274; Planner.track); EXECUTE and
// CALL send the run serial (serialVerbs, state.go) but what they run inside is not read,
// so Planner.region() stays false. The checkpointed serial replay then gives each later
// statement a START TRANSACTION … progress row … COMMIT of its own (runBarrier,
// importer/replay/dispatch.go:485; recordPending, control.go:480), and START TRANSACTION
// commits the client's open transaction. Under the dump's LOCK TABLES a CALL or EXECUTE
// commits on its own (x-review6's lockState.ownTransaction); outside them nothing does.
// Not a regression of x-fix7a or x-lock2 (they added the CHAIN and autocommit readings the
// wrappers bypass).
func TestReviewX9aHiddenTransaction(t *testing.T) {
	reviewX9a(t)
	for name, body := range map[string]string{
		"call-autocommit":    "CREATE PROCEDURE p() SET autocommit = 0;\nCALL p();\n" + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n",
		"execute-autocommit": "EXECUTE IMMEDIATE 'SET autocommit = 0';\n" + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n",
		"execute-start":      "EXECUTE IMMEDIATE 'START TRANSACTION';\n" + x7Rows("k", 100, 141) + "ROLLBACK;\n",
		"execute-completion": "EXECUTE IMMEDIATE 'SET completion_type = 1';\nSTART TRANSACTION;\n" + x7Rows("k", 100, 121) + "COMMIT;\n" + x7Rows("k", 200, 241),
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}
