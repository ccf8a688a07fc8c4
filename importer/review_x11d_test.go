package importer_test

import (
	"fmt"
	"strings"
	"testing"
)

// x-review11, fourth batch (see review_x11_test.go): session variables (completion_type,
// time_zone) set where neither the planner nor the replay looks: in a trigger or a stored
// function.

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
//
// Fixed (x-fix11a): a trigger or function whose body SETs a session variable (not a
// DECLAREd local, @user, NEW.x) is code read later (plan.bodySessionSet, laterReaders):
// the dump read ahead runs serially from the start, and the planner refuses a statement
// that names it where nothing was read ahead.
func TestReviewX11CompletionTypeInTriggerOrFunction(t *testing.T) {
	for name, pre := range map[string]string{
		"trigger":  "CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET completion_type = 1;\nINSERT INTO r2 VALUES (1);\n",
		"function": "CREATE TABLE r2 (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nDELIMITER //\nCREATE FUNCTION f() RETURNS int BEGIN SET completion_type = 1; RETURN 1; END//\nDELIMITER ;\nINSERT INTO r2 VALUES (1, f());\n",
	} {
		dump := x9HeadRows() + pre + "START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241)
		x11SessionBodyRefused(t, name, dump, "completion_type")
	}
}

// TestReviewX11SessionSetInTriggerOrFunction: a trigger on r2 (or a function f() used in
// INSERT … VALUES (1, f())) runs SET time_zone = '+05:00', which the client's session
// keeps; then 80 rows of g (id, t TIMESTAMP) with '2020-01-01 00:00:00'. The client stores
// them under +05:00 (2019-12-31 19:00:00 UTC); under --parallel 2 (with and without
// --load-data) the workers' sessions never took the SET and store 2020-01-01 00:00:00
// UTC: every row 5 hours off. Silent.
//
// Cause: the workers' sessions replay the session statements the dispatcher collects
// (dispatcher.session, replay/dispatch.go:24-26), which afterSerial
// (replay/diagtail.go:222-239) appends to for split.KindSession statements (SET …) only;
// an INSERT whose trigger or function sets a session variable changes the control
// connection's session alone, and the planner (which reads no trigger or function body)
// does not send the rows after it serially. Not a regression.
//
// Fixed (x-fix11a): as TestReviewX11CompletionTypeInTriggerOrFunction's.
func TestReviewX11SessionSetInTriggerOrFunction(t *testing.T) {
	for name, pre := range map[string]string{
		"trigger":  "CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET time_zone = '+05:00';\nINSERT INTO r2 VALUES (1);\n",
		"function": "CREATE TABLE r2 (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nDELIMITER //\nCREATE FUNCTION f() RETURNS int BEGIN SET time_zone = '+05:00'; RETURN 1; END//\nDELIMITER ;\nINSERT INTO r2 VALUES (1, f());\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" + pre + x11TimestampRows(1, 81)
		x11SessionBodyRefused(t, name, dump, "time_zone")
	}
}

// x11SessionBodyRefused checks that dump, whose trigger ti on r2 or function f (name)
// sets the session variable v, is refused at the INSERT that fires or calls it under
// --parallel 2 (with and without --load-data) and checkpointed. (Where the preflight
// reads the file ahead the import runs serially instead: TestLaterReaderRunsSeriallyUpFront.)
func x11SessionBodyRefused(t *testing.T, name, dump, v string) {
	t.Helper()
	names, what := "r2", "the trigger ti"
	if name == "function" {
		names, what = "f", "the function f"
	}
	want := "INSERT `r2`: it names " + names + " and so may run code read later (" + what + " sets " + v
	modes := x7Modes()
	modes["checkpointed"] = checkpointed(t)
	for mode, o := range modes {
		t.Run(name+"/"+mode, func(t *testing.T) { x9Refused(t, dump, o, want, "without --parallel") })
	}
}

// x11TimestampRows is INSERTs of ids from..to-1 into g (id, t) with t '2020-01-01
// 00:00:00', ten rows a statement.
func x11TimestampRows(from, to int) string {
	var b strings.Builder
	for i := from; i < to; i += 10 {
		b.WriteString("INSERT INTO g VALUES ")
		for j := i; j < min(i+10, to); j++ {
			if j > i {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "(%d,'2020-01-01 00:00:00')", j)
		}
		b.WriteString(";\n")
	}
	return b.String()
}
