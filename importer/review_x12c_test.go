package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review12, third batch (see review_x12_test.go): SET GLOBAL and --resume
// (x-fix11b's replay/setglobal_resume.go).

// TestReviewX12SetGlobalSessionSetBetweenResume: inside the dump's START TRANSACTION,
// row 2, SET time_zone = '+01:00', row 3, SET GLOBAL time_zone = '+05:00', row 4, COMMIT
// (TIMESTAMP '2020-01-01 00:00:00' each); the run (--parallel 2, gone serial) stops after
// the SET GLOBAL or after row 4 and resumes on the same server. The client stores row 2
// under the session's SYSTEM (UTC) time zone; the resume sends the transaction again
// from its START with the value journaled just before the SET GLOBAL, '+01:00', given
// back at the START, so row 2 is stored 1 hour off (2019-12-31 23:00:00). Silent.
//
// Cause: giveBackAtResumePoint (importer/replay/setglobal_resume.go:29-60) gives back, at
// the resume point, the session values journaled before each later SET GLOBAL
// (checkpoint.SessionsFrom), which are the session's at the SET, not at the resume point,
// where a session SET between the two changed it; the doc names this a limit
// (setglobal_resume.go:21-23). Not a regression: before df7b292 the rows before the SET
// were read under the GLOBAL '+05:00' (TestReviewX11SetGlobalInTransactionResume), 5
// hours off; a remainder of that finding, whose fix would journal the session values at
// the transaction's start (or give the SET time_zone's prior value back). Fixed (x-fix14):
// a variable the dump's session had not set before the resume point is given the GLOBAL
// journaled before the first SET GLOBAL of it that ran, the value the client's session
// connected with (setglobal_resume.go, sessionBeforeResume).
func TestReviewX12SetGlobalSessionSetBetweenResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE x12;\nUSE x12;\nCREATE TABLE g (id int PRIMARY KEY, t timestamp NULL, v varchar(20)) ENGINE=InnoDB;\n" +
		"INSERT INTO g VALUES (1, '2020-01-01 00:00:00', 'a');\nSELECT COUNT(*) INTO @c FROM g;\n" +
		"START TRANSACTION;\nINSERT INTO g VALUES (2, '2020-01-01 00:00:00', 'b');\nSET time_zone = '+01:00';\n" +
		"INSERT INTO g VALUES (3, '2020-01-01 00:00:00', 'c');\nSET GLOBAL time_zone = '+05:00';\nINSERT INTO g VALUES (4, '2020-01-01 00:00:00', 'd');\nCOMMIT;\n" +
		"INSERT INTO g VALUES (5, '2020-01-01 00:00:00', 'e');\nSET GLOBAL time_zone = SYSTEM;\n"
	for _, stop := range []int64{lineOf(t, dump, "SET GLOBAL time_zone = '+05:00'"), lineOf(t, dump, "(4, ")} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "x12", dump: dump, stop: stop})
		})
	}
}

// TestResumeSetGlobalSessionSetBeforeAndBetween: as
// TestReviewX12SetGlobalSessionSetBetweenResume, with SET time_zone = '+03:00' inside an
// earlier transaction that committed, and no USE: the resume's first statement not
// skipped is the second transaction's START, where the client's session holds '+03:00'
// (the SET runs again on the resume's session though its stretch is skipped), not the
// '+01:00' journaled at the SET GLOBAL, nor the GLOBAL the session connected with
// (x-fix14: heldValues).
func TestResumeSetGlobalSessionSetBeforeAndBetween(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE x12;\nCREATE TABLE x12.g (id int PRIMARY KEY, t timestamp NULL, v varchar(20)) ENGINE=InnoDB;\n" +
		"START TRANSACTION;\nSET time_zone = '+03:00';\nINSERT INTO x12.g VALUES (1, '2020-01-01 00:00:00', 'a');\nCOMMIT;\n" +
		"START TRANSACTION;\nINSERT INTO x12.g VALUES (2, '2020-01-01 00:00:00', 'b');\nSET time_zone = '+01:00';\n" +
		"INSERT INTO x12.g VALUES (3, '2020-01-01 00:00:00', 'c');\nSET GLOBAL time_zone = '+05:00';\nINSERT INTO x12.g VALUES (4, '2020-01-01 00:00:00', 'd');\nCOMMIT;\n" +
		"INSERT INTO x12.g VALUES (5, '2020-01-01 00:00:00', 'e');\nSET GLOBAL time_zone = SYSTEM;\n"
	for _, stop := range []int64{lineOf(t, dump, "SET GLOBAL time_zone = '+05:00'"), lineOf(t, dump, "(4, ")} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "x12", dump: dump, stop: stop})
		})
	}
}
