package importer_test

import "testing"

// x-review12, fourth batch (see review_x12_test.go): the scope of a SET's assignments
// (the lead's 109448b, sqlscan.Tokenizer.SetTarget).

// TestReviewX12NeverRunScopeComment: SET /*!110000 GLOBAL */ time_zone = '+02:00',
// sql_mode = 'NO_BACKSLASH_ESCAPES', then INSERT INTO t VALUES (1, 'a\') and (2, 'b').
// MariaDB 10.11 skips the comment (its version, 11.0.0, is above the server's), so both
// assignments are the session's (checked: @@session.sql_mode NO_BACKSLASH_ESCAPES,
// @@global.sql_mode unchanged) and the client stores a\ and b. Under --parallel 2 the
// import fails: "line 5: insert `x12.t`: ERROR 1064 … near 'a\') …", the worker's session
// never having taken the SET (a TIMESTAMP row there would miss the time zone, silently:
// not checked). Serial imports match.
//
// Cause: Tokenizer.comment (importer/sqlscan/tokenizer.go:84-99) takes /*!110000 for a
// comment the server runs (neverExecuted, tokenizer.go:121-129, says no only from
// 999999), so ParseSet (plan/state.go:72-74) reads GLOBAL and carries it to both
// assignments, SetsGlobalOnly (state.go:308-314) says yes, and workerSession
// (replay/worker_session.go:46) keeps the SET from the workers. SetTarget (109448b) reads
// the same comment the same way for the splitter's tracker and the literal sql_mode. Not a
// regression: it fails the same at 109448b^ (the comment's misreading is older than the
// scope's carry; replay/sqlmode.go:51's maxExecutedCommentVersion guards the literal
// sql_mode only). Fixed (x-fix14): the splitter's options carry the target's @@version
// (sqlscan.Server), and every Syntax made from them reads a comment the server skips as
// a comment (sqlscan/server.go).
func TestReviewX12NeverRunScopeComment(t *testing.T) {
	dump := "CREATE DATABASE x12;\nUSE x12;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n" +
		"SET /*!110000 GLOBAL */ time_zone = '+02:00', sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
		"INSERT INTO t VALUES (1, 'a\\');\nINSERT INTO t VALUES (2, 'b');\nSET sql_mode = DEFAULT;\nINSERT INTO t VALUES (3, 'c');\n"
	importMatchesClient(t, dump, x12Parallel(), "x12")
}
