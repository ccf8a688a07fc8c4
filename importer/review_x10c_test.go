package importer_test

import "testing"

// x-review10, third batch (see review_x10_test.go): what the planner's autocommit and
// procedure bookkeeping misses in a checkpointed run gone serial.

// TestReviewX10GetDiagnosticsAssignsVariable: SET @ac = 1, then GET DIAGNOSTICS @ac =
// NUMBER after an INSERT without warnings (or @ac = ROW_COUNT after a SET), then SET
// autocommit = @ac: @ac is 0, the client's next 40 rows stay in the open transaction and
// the dump's ROLLBACK undoes them; a checkpointed run gone serial gives each its own
// START TRANSACTION … progress row … COMMIT: rows 100-140 in the re-dump where the client
// has none. Silent.
//
// Cause: AutocommitVars.forgetAssigned (importer/plan/autocommitvars.go:103-110) forgets
// a user variable after INTO or before := only; GET DIAGNOSTICS assigns its targets with
// a plain =, so @ac stays known as 1 and SET autocommit = @ac is taken for ON. A gap in
// x-fix9a1's fix of TestReviewX9aStaleAutocommitVariable, not a regression.
//
// Fixed: AutocommitVars forgets every user variable a GET DIAGNOSTICS names
// (plan/autocommitvars.go forgetAssigned).
func TestReviewX10GetDiagnosticsAssignsVariable(t *testing.T) {
	for name, pre := range map[string]string{
		"number":    "SET @ac = 1;\nINSERT INTO k VALUES (99, 'a');\nGET DIAGNOSTICS @ac = NUMBER;\nSET autocommit = @ac;\n",
		"row-count": "SET @ac = 1;\nSET @d = 1;\nGET DIAGNOSTICS @ac = ROW_COUNT;\nSET autocommit = @ac;\n",
	} {
		body := pre + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}

// TestReviewX10ProcedureMadeByExecute: the dump creates p() SET @x = 1, then replaces it
// through dynamic SQL (EXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE p() SET autocommit
// = 0', or 'DROP PROCEDURE p' then 'CREATE PROCEDURE p() …'), then CALL p(). As
// TestReviewX10ProcedureOtherDatabase: rows 100-140 in the re-dump where the client has
// none (checkpointed, gone serial). Silent.
//
// Cause: wrappers.observe (importer/plan/wrappers.go:36-66) follows the dump's own
// CREATE and DROP PROCEDURE (split.KindRoutine) only; Planner.Next (plan.go:216-217)
// observes the EXECUTE IMMEDIATE itself, not the statement it runs (inner unwraps only
// transaction statements), so the planner keeps the first, harmless body. A gap in
// x-fix9a1, not a regression.
//
// Fixed: the registry (plan/registry.go) observes what EXECUTE IMMEDIATE and a prepared
// statement run as the dump's own statements, so the CALL is judged by the body that
// sets autocommit, and refused.
func TestReviewX10ProcedureMadeByExecute(t *testing.T) {
	for name, pre := range map[string]string{
		"create-or-replace": "CREATE PROCEDURE p() SET @x = 1;\nEXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE p() SET autocommit = 0';\nCALL p();\n",
		"drop-create":       "CREATE PROCEDURE p() SET @x = 1;\nEXECUTE IMMEDIATE 'DROP PROCEDURE p';\nEXECUTE IMMEDIATE 'CREATE PROCEDURE p() SET autocommit = 0';\nCALL p();\n",
		"prepared":          "CREATE PROCEDURE p() SET @x = 1;\nPREPARE s FROM 'CREATE OR REPLACE PROCEDURE p() SET autocommit = 0';\nEXECUTE s;\nCALL p();\n",
	} {
		body := pre + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(body), checkpointed(t), "CALL p: the procedure's body has AUTOCOMMIT", "import this dump without --parallel")
		})
	}
}

// TestReviewX10DiagnosticsProcedureMadeByExecute: the dump creates p() SET @x = 1, then
// replaces it through EXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE p() GET DIAGNOSTICS
// @w = NUMBER', then an INSERT with a warning, CALL p(), and stores @w. The client's @w is
// 1; a checkpointed run gone serial stores 0 (its progress row ran between the INSERT and
// the CALL). Silent.
//
// Cause: as TestReviewX10ProcedureMadeByExecute, for x-fix9a2's diagBodies.note
// (importer/plan/diagbodies.go:24-41): it follows the dump's own CREATE PROCEDURE only,
// so the CALL is judged by the first body (no reader) and replay's diagTail does not hold
// the progress row back. A gap in x-fix9a2, not a regression.
//
// Fixed: the readers of the diagnostics area look the CALL up in the planner's registry
// (plan/registry.go), which follows what EXECUTE IMMEDIATE runs.
func TestReviewX10DiagnosticsProcedureMadeByExecute(t *testing.T) {
	body := "CREATE PROCEDURE p() SET @x = 1;\nEXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE p() GET DIAGNOSTICS @w = NUMBER';\n" +
		x9Warn + "CALL p();\n" + x9Store
	importMatchesClient(t, x9Serial(body), checkpointed(t), "x9")
}
