package importer_test

import "testing"

// The x-review7 findings about the dump's session state (see review_x7_test.go). Fixed
// by x-fix7a (importer/plan/state.go, autocommitvars.go, worker_session.go): each such
// SET turns the rest of the run serial with a line that says why, and a SET GLOBAL runs
// once, as a barrier, not on the workers; the tests run ungated.

// TestReviewX7AutocommitFromExpression: the dump turns autocommit off with a value the
// planner does not read as a literal: SET autocommit = @ac (after SET @ac = 0), or
// SET autocommit = 1 - 1. The client's next 100 rows stay in the open transaction and the
// dump's ROLLBACK undoes them; under --parallel 2 (with or without --load-data) they
// went to the workers, committed in batches, and stay: rows 100-200 in the re-dump where
// the client has none. Silent. (SET autocommit := 0, = 'OFF' and @@session.autocommit
// := 0 are read right.)
//
// Cause: setsAutocommit (importer/plan/state.go:17-24) takes any value other than 0, OFF
// or FALSE for ON, so Planner.Next (plan.go:399) sees no region; a value it cannot read
// should count as unknown (a region, or the server asked). Not a regression: so since the
// planner was written (178c9b4).
func TestReviewX7AutocommitFromExpression(t *testing.T) {
	head := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41)
	for name, set := range map[string]string{
		"variable":   "SET @ac = 0;\nSET autocommit = @ac;\n",
		"expression": "SET autocommit = 1 - 1;\n",
	} {
		dump := head + set + x7Rows("k", 100, 201) + "ROLLBACK;\nSET autocommit = 1;\n" + x7Rows("k", 300, 341)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Modes(), "x7") })
	}
}

// TestReviewX7TimeWithoutParentheses: SET @t = CURRENT_TIMESTAMP, @d = LOCALTIME (the
// functions written without parentheses), DO SLEEP(1.5), rows, then a row that stores @t
// and @d. The client's @t is the time of the SET; a worker runs the SET when it next
// takes a batch, after the sleep, and the row it stores carries that later time. The test
// keeps only whether the stored value equals the control connection's @t ('same' in the
// client's database, 'differs' in dumpscope's, --parallel 2 with or without --load-data).
// Silent.
//
// Cause: pureWord (importer/plan/state.go:120) takes a word not followed by "(" for a
// constant, so ParseSet marks the SET Constant and setState finds nothing; the SET goes
// into every worker's session list (dispatch.go:373-378) and a worker runs it when it
// next takes an entry (runEntry, importer/replay/worker.go:85-89). CURRENT_TIMESTAMP,
// CURRENT_DATE, CURRENT_TIME, LOCALTIME, LOCALTIMESTAMP, UTC_TIMESTAMP, UTC_DATE and
// UTC_TIME read the clock without parentheses. Not a regression (so since 178c9b4).
func TestReviewX7TimeWithoutParentheses(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET @t = CURRENT_TIMESTAMP, @d = LOCALTIME;\nDO SLEEP(1.5);\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @t), (501, @d);\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 502, IF(MAX(v) = @t, 'same', 'differs') FROM k WHERE id = 500;\n" +
		"INSERT INTO k SELECT 503, IF(MAX(v) = @d, 'same', 'differs') FROM k WHERE id = 501;\n" +
		"DELETE FROM k WHERE id IN (500, 501);\n"
	x7Run(t, dump, x7Modes(), "x7")
}

// TestReviewX7SequenceInSet: SET @n = NEXT VALUE FOR s (the standard form, no
// parentheses), then rows and a row that stores @n. The client takes one value (100);
// every worker runs the SET again when it next takes a batch and takes a value of its
// own: the row a worker stores has 101 (--parallel 2, with or without --load-data), and
// the sequence has moved once per connection (the next value the dump's INSERT … SELECT
// NEXT VALUE FOR s takes differs too). Silent. SET @p = PREVIOUS VALUE FOR s reads the
// value of the connection that runs it: likewise.
//
// Cause: the SET is Constant to ParseSet (importer/plan/state.go:120, pureWord: NEXT,
// VALUE, FOR and s are words without "("), so it is a session statement replayed on every
// worker (dispatch.go:373-378); plan.TakesSequenceValues (exact.go:116), which knows the
// form, is asked only by a resume (replay/exact.go:96). Not a regression.
func TestReviewX7SequenceInSet(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE SEQUENCE s START WITH 100;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET @n = NEXT VALUE FOR s;\nSET @p = PREVIOUS VALUE FOR s;\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @n), (501, @p);\n" + x7Rows("k", 200, 241) + "INSERT INTO k SELECT 502, NEXT VALUE FOR s;\n"
	x7Run(t, dump, x7Modes(), "x7")
}

// TestReviewX7GlobalReadLater: SET @g = @@global.lock_wait_timeout, then SET GLOBAL
// lock_wait_timeout = 1234, rows, and a row that stores @g. The client's @g is the value
// before (86400); a worker runs the SET @g when it next takes a batch, after the SET
// GLOBAL, and stores 1234 (--parallel 2, with or without --load-data). Silent.
//
// Cause: connStateVar (importer/plan/exact.go:66) strips global. and looks the name up
// among session facts; a @@global. read is taken for a constant, though it is read when
// each worker gets to the SET (importer/replay/worker.go:85-89), not when the dump did.
// Not a regression.
func TestReviewX7GlobalReadLater(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET @g = @@global.lock_wait_timeout;\nSET GLOBAL lock_wait_timeout = 1234;\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @g);\n" + x7Rows("k", 200, 241) + "SET GLOBAL lock_wait_timeout = 86400;\n"
	x7Run(t, dump, x7Modes(), "x7")
}

// TestReviewX7SetGlobalRunsOnEveryWorker: SET GLOBAL lock_wait_timeout =
// @@global.lock_wait_timeout + 1000, twice, with rows after each, then INSERT … SELECT
// @@global.lock_wait_timeout. The client adds 2000 (88400); dumpscope's control
// connection runs each SET GLOBAL, then each worker again before its next batch: 6000
// (92400), --parallel 2 with or without --load-data. A SET GLOBAL whose value is constant
// is only sent again; one that reads the global (or anything a worker reads later: the
// time, a sequence) changes the server three times, and a worker that runs it after the
// dump's next SET GLOBAL sets back the older value.
//
// Cause: dispatch.go:373-378 appends every session statement to the workers' session
// list (workerSession, importer/replay/worker_session.go:34); ParseSet marks GLOBAL
// assignments (plan/state.go SetAssign.Global) but nothing keeps them off the workers,
// which share the server's globals with the control connection. Not a regression.
func TestReviewX7SetGlobalRunsOnEveryWorker(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000;\n" + x7Rows("k", 100, 141) +
		"SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000;\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, @@global.lock_wait_timeout;\nSET GLOBAL lock_wait_timeout = 86400;\n"
	x7Run(t, dump, x7Modes(), "x7")
}
