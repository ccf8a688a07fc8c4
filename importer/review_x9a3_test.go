package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
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
//
// Fixed (x-fix9a1): ParseSet reads NAMES and CHARACTER SET as the character-set
// variables they set and reads the list on (charsetItem).
func TestReviewX9aSetAfterNames(t *testing.T) {
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
//
// Fixed (x-fix9a1): as TestReviewX9aSetAfterNames; @t = SYSDATE(6) is seen and the rest
// runs serial.
func TestReviewX9aClockAfterNames(t *testing.T) {
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
//
// Fixed (x-fix9a1): the planner reads what EXECUTE IMMEDIATE and EXECUTE of a PREPARE run
// and follows a transaction statement or SET autocommit/completion_type there as the
// dump's own (plan/wrappers.go); a CALL of a procedure whose body may change the
// transaction is refused at its line with the advice (call-autocommit).
func TestReviewX9aHiddenTransaction(t *testing.T) {
	t.Run("call-autocommit", func(t *testing.T) {
		body := "CREATE PROCEDURE p() SET autocommit = 0;\nCALL p();\n" + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		x9Refused(t, x9Serial(body), checkpointed(t), "line 8: ", "CALL p: the procedure's body has AUTOCOMMIT", "import this dump without --parallel")
	})
	for name, body := range map[string]string{
		"prepared-start":     "PREPARE s FROM 'START TRANSACTION';\nEXECUTE s;\n" + x7Rows("k", 100, 141) + "ROLLBACK;\n",
		"execute-autocommit": "EXECUTE IMMEDIATE 'SET autocommit = 0';\n" + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n",
		"execute-start":      "EXECUTE IMMEDIATE 'START TRANSACTION';\n" + x7Rows("k", 100, 141) + "ROLLBACK;\n",
		"execute-completion": "EXECUTE IMMEDIATE 'SET completion_type = 1';\nSTART TRANSACTION;\n" + x7Rows("k", 100, 121) + "COMMIT;\n" + x7Rows("k", 200, 241),
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}

// x9Refused imports dump with o and fails unless the import stops with an error that
// holds each of wants (the place, the reason, the advice).
func x9Refused(t *testing.T, dump string, o importer.Options, wants ...string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := tryImport(t, testsandbox.Start(t), "", importer.Source{Path: f}, o)
	if err == nil && res != nil {
		err = res.Err
	}
	for _, want := range wants {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("import: %v, want an error with %q", err, want)
		}
	}
}
