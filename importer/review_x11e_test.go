package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review11, fifth batch (see review_x11_test.go): an implicit commit the planner does
// not know.

// TestReviewX11CheckTableCommitsResume: CHECK TABLE commits the transaction open before
// it (MariaDB's sql_command_flags[SQLCOM_CHECK] has CF_AUTO_COMMIT_TRANS, as ANALYZE,
// OPTIMIZE and REPAIR). Inside the dump's START TRANSACTION: rows 1-9, CHECK TABLE t1
// (or EXECUTE IMMEDIATE 'CHECK TABLE t1'), rows 100-109 and 200-209, ROLLBACK. The client
// keeps rows 1-9. A checkpointed run (--parallel 2, gone serial) stopped after the CHECK
// fails on --resume with ERROR 1062 (Duplicate entry '1'), where the client finished: the
// planner kept the region open across the CHECK, so the progress row of rows 1-9 was not
// committed with them, and the resume sends them again. Loud, but the resume cannot
// finish.
//
// Cause: implicitCommitVerbs (importer/plan/plan.go:514-517) lists ANALYZE, OPTIMIZE and
// REPAIR but not CHECK, so commitsImplicitly (plan.go:522-535) says no, and registry.inner
// (wrappers.go:131) does not plan the wrapped CHECK as a commit either. Not a regression
// (the list is as old as the planner's package, ff53fc6); x-fix10a's
// TestFixX10aWrappedImplicitCommitResume is the same loss for CREATE TABLE.
//
// Fixed: CHECK is in implicitCommitVerbs (importer/plan/implicitcommit.go), checked with
// the server's @@in_transaction (TestImplicitCommitListMatchesServer).
func TestReviewX11CheckTableCommitsResume(t *testing.T) {

	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, check := range map[string]string{
		"plain":             "CHECK TABLE t1;\n",
		"execute-immediate": "EXECUTE IMMEDIATE 'CHECK TABLE t1';\n",
	} {
		// Line 8 is the CHECK; the stops are after it and after the rows that follow.
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"SELECT 1;\nSELECT COUNT(*) INTO @c FROM t1;\nSTART TRANSACTION;\n" +
			rowsOf("t1", 1, 10) + check + rowsOf("t1", 100, 110) + rowsOf("t1", 200, 210) + "ROLLBACK;\n" + rowsOf("t1", 300, 310)
		for stop := int64(8); stop <= 10; stop++ {
			t.Run(fmt.Sprint(name, "/stop at line ", stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}
