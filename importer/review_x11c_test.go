package importer_test

import "testing"

// x-review11, third batch (see review_x11_test.go): the database a prepared statement
// runs in.

// TestReviewX11PreparedStatementDatabase: MariaDB binds a prepared statement's
// unqualified routine names to the database current at PREPARE, not at EXECUTE. In a
// checkpointed run gone serial, in x9:
//   - call: x9.p sets autocommit = 0, y9.p sets a user variable; PREPARE s FROM 'CALL
//     p()'; USE y9; EXECUTE s (the server runs x9.p); USE x9;
//   - create: x9.p sets a user variable; PREPARE s FROM 'CREATE OR REPLACE PROCEDURE p()
//     SET autocommit = 0'; USE y9; EXECUTE s (the server replaces x9.p); USE x9; CALL p().
//
// The client's next 40 rows stay in the open transaction and the dump's ROLLBACK undoes
// them; dumpscope does not refuse and gives each INSERT its own START TRANSACTION …
// progress row … COMMIT: rows 100-140 in the re-dump where the client has none. Silent.
//
// Cause: the registry keeps a prepared statement without the database current at its
// PREPARE (importer/plan/registry.go:125 `r.prepared[name] = in`); at EXECUTE s,
// registry.inner (wrappers.go:120-124) and observeAt (registry.go:149-155) read it with
// the database current then (r.db through procKey, registry.go:66-71): CALL p() is
// judged as y9.p, and the CREATE is recorded as y9.p's while x9.p keeps its harmless
// body. Not a regression: before 1ae5e7b procedures were keyed by the bare name and a
// prepared CREATE was not followed at all (TestReviewX10ProcedureOtherDatabase,
// …ProcedureMadeByExecute); a gap in 1ae5e7b's fix of them.
//
// Fixed (x-fix11a): the registry keeps the database current at PREPARE with the statement
// (plan.preparedStmt) and judges and follows it there at EXECUTE, so EXECUTE s (call) and
// the later CALL p() (create) are refused as x9.p's (its body sets autocommit).
func TestReviewX11PreparedStatementDatabase(t *testing.T) {
	tail := x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
	for name, pre := range map[string]string{
		"call":   "CREATE PROCEDURE p() SET autocommit = 0;\nCREATE DATABASE y9;\nCREATE PROCEDURE y9.p() SET @x = 1;\nPREPARE s FROM 'CALL p()';\nUSE y9;\nEXECUTE s;\nUSE x9;\n",
		"create": "CREATE PROCEDURE p() SET @x = 1;\nCREATE DATABASE y9;\nPREPARE s FROM 'CREATE OR REPLACE PROCEDURE p() SET autocommit = 0';\nUSE y9;\nEXECUTE s;\nUSE x9;\nCALL p();\n",
	} {
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(pre+tail), checkpointed(t), "CALL p: the procedure's body has", "without --parallel")
		})
	}
}
