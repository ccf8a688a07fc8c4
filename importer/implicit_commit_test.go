package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImplicitCommitListMatchesServer: statements inside the dump's START TRANSACTION
// whose implicit commit the planner must know as the server does (checked on MariaDB
// 10.11 with @@in_transaction after each): CHECK VIEW (as CHECK TABLE:
// TestReviewX11CheckTableCommitsResume) and ANALYZE TABLE commit; CACHE INDEX, LOAD INDEX,
// CHECKSUM TABLE and ANALYZE of a SELECT do not. (SET PASSWORD, SET DEFAULT ROLE and
// BACKUP STAGE commit too; the first two are refused without --allow-system-schemas.)
// Rows 1-9, the statement, rows 100-109 and 200-209, ROLLBACK: the client keeps rows 1-9
// where the statement commits and none where it does not. A checkpointed run (--parallel
// 2, gone serial) stopped after the statement and resumed must match. Before the fix the
// planner's list (plan.go implicitCommitVerbs) missed CHECK: rows 1-9 were sent again on
// resume (ERROR 1062); and took CACHE INDEX and ANALYZE SELECT for commits: rows the
// client's ROLLBACK undid were kept. Now importer/plan/implicitcommit.go.
func TestImplicitCommitListMatchesServer(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, st := range map[string]string{
		"check-view":     "CHECK VIEW v1;\n",
		"analyze-table":  "ANALYZE TABLE t1;\n",
		"checksum-table": "CHECKSUM TABLE t1;\n",
		"load-index":     "LOAD INDEX INTO CACHE t1;\n",
		"cache-index":    "CACHE INDEX t1 IN default;\n",
		"analyze-select": "ANALYZE SELECT 1;\n",
		"wrapped-check":  "EXECUTE IMMEDIATE 'CHECK VIEW v1';\n",
	} {
		// Line 9 is the statement; the stops are after it and after the rows that follow.
		dump := "SET NAMES utf8mb4; CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"CREATE VIEW v1 AS SELECT 1 AS a;\nSELECT 1;\nSELECT COUNT(*) INTO @c FROM t1;\nSTART TRANSACTION;\n" +
			rowsOf("t1", 1, 10) + st + rowsOf("t1", 100, 110) + rowsOf("t1", 200, 210) + "ROLLBACK;\n" + rowsOf("t1", 300, 310)
		for stop := int64(9); stop <= 11; stop++ {
			t.Run(fmt.Sprint(name, "/stop at line ", stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}
