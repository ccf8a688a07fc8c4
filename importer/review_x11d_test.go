package importer_test

import "testing"

// x-review11, fourth batch (see review_x11_test.go): completion_type set where the
// planner does not look.

// TestReviewX11CompletionTypeInTriggerOrFunction: MariaDB refuses SET autocommit in a
// stored function or trigger (ERROR 1445) but runs SET completion_type = 1 there, and the
// session keeps CHAIN. A trigger on r2 (or a function f() used in INSERT … VALUES (1,
// f())) sets it; then START TRANSACTION, rows 100-140, COMMIT, rows 200-240. The client's
// COMMIT chains a transaction that holds rows 200-240 until its session ends, undone;
// under --parallel 2 (with and without --load-data) and checkpointed, dumpscope sends them
// to workers or in transactions of its own and keeps them: rows 200-240 in the re-dump
// where the client has none. Silent.
//
// Cause: completionType (importer/plan/completion.go:26-51) follows completion_type
// through SET statements only (and a procedure's body is refused when it holds
// COMPLETION_TYPE: txnWord, wrappers.go:66-84); the body of a CREATE TRIGGER or CREATE
// FUNCTION is not read for it, nor is a statement that fires the trigger or calls the
// function, so the planner keeps NO_CHAIN and takes the COMMIT for the end of the region
// (TestReviewX6CompletionChain's loss). Not a regression: the planner has never read
// trigger or function bodies for completion_type.
func TestReviewX11CompletionTypeInTriggerOrFunction(t *testing.T) {
	reviewX11(t)
	for name, pre := range map[string]string{
		"trigger":  "CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET completion_type = 1;\nINSERT INTO r2 VALUES (1);\n",
		"function": "CREATE TABLE r2 (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nDELIMITER //\nCREATE FUNCTION f() RETURNS int BEGIN SET completion_type = 1; RETURN 1; END//\nDELIMITER ;\nINSERT INTO r2 VALUES (1, f());\n",
	} {
		dump := x9HeadRows() + pre + "START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Modes(), "x9") })
		t.Run(name+"/checkpointed", func(t *testing.T) { importMatchesClient(t, dump, checkpointed(t), "x9") })
	}
}
