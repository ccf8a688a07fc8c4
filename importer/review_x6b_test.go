package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// Second batch of the x-review6 cases (see review_x6_test.go).

// TestReviewX6CompletionChain: the dump sets completion_type=CHAIN (1): its COMMIT opens
// the next transaction at once, and the row after it stays uncommitted, lost when the
// client's session ends. The planner does not follow completion_type (its region ends
// at the COMMIT), so under --parallel the INSERT goes to a worker and is committed, with
// or without --checkpoint. Not a regression: the same before workerSession; serial
// matches the client. (With the dump's LOCK TABLES around the COMMIT, the same.)
func TestReviewX6CompletionChain(t *testing.T) {
	reviewX6(t)
	dump := "SET completion_type = 1;\nCREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("k", 1, 21) + "INSERT INTO k VALUES (802,'c');\nCOMMIT;\nSET completion_type = 0;\nINSERT INTO k VALUES (803,'c');\n"
	for name, o := range map[string]importer.Options{"parallel": {Parallel: 2, BatchBytes: 512}, "checkpoint": checkpointed(t)} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "x6") })
	}
}

// TestReviewX6LockedProgressWithoutLockPrivilege: an account with every privilege the dump
// needs on x6 and the progress tables' own (SELECT, INSERT, UPDATE, DELETE, CREATE, DROP,
// ALTER, INDEX on dumpscope_progress) but not LOCK TABLES there. It passes the check at
// the start (import.go) and used to finish; now the dump's LOCK TABLES, to which
// lockState.lockSQL adds dumpscope_progress.done WRITE (checkpoint.LockList), fails with
// ERROR 1044 in the middle of the run, where the client finishes.
func TestReviewX6LockedProgressWithoutLockPrivilege(t *testing.T) {
	dump := lockedSerial("INSERT INTO k VALUES (100,'in');\n", "INSERT INTO k VALUES (101,'out');\n")
	path := writeFile(t, "d.sql", []byte(dump))
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, path)
	admin := sandboxDB(t, srv, "")
	for _, q := range []string{
		"CREATE USER x6@localhost",
		"GRANT ALL ON x6.* TO x6@localhost",
		"GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, ALTER, INDEX ON dumpscope_progress.* TO x6@localhost",
	} {
		if _, err := admin.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	o := checkpointed(t)
	res := importFile(t, srv, "x6", path, o)
	finished(t, res)
	sameDump(t, "without LOCK TABLES on dumpscope_progress", redumps(t, ref, "x6"), redumps(t, srv, "x6"))
}
