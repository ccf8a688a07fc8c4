package importer_test

import "testing"

// The x-review7 findings about the dump's session state (see review_x7_test.go).

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
	reviewX7(t)
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
// Cause: pureWord (importer/plan/state.go:118) takes a word not followed by "(" for a
// constant, so ParseSet marks the SET Constant and setState finds nothing; the SET goes
// into every worker's session list (dispatch.go:373-378) and a worker runs it when it
// next takes an entry (runEntry, importer/replay/worker.go:85-89). CURRENT_TIMESTAMP,
// CURRENT_DATE, CURRENT_TIME, LOCALTIME, LOCALTIMESTAMP, UTC_TIMESTAMP, UTC_DATE and
// UTC_TIME read the clock without parentheses. Not a regression (so since 178c9b4).
func TestReviewX7TimeWithoutParentheses(t *testing.T) {
	reviewX7(t)
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET @t = CURRENT_TIMESTAMP, @d = LOCALTIME;\nDO SLEEP(1.5);\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @t), (501, @d);\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 502, IF(MAX(v) = @t, 'same', 'differs') FROM k WHERE id = 500;\n" +
		"INSERT INTO k SELECT 503, IF(MAX(v) = @d, 'same', 'differs') FROM k WHERE id = 501;\n" +
		"DELETE FROM k WHERE id IN (500, 501);\n"
	x7Run(t, dump, x7Modes(), "x7")
}
