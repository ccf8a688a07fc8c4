package importer_test

import (
	"strings"
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
//
// Fixed (x-lock2): SET completion_type = CHAIN turns the rest serial, and the planner
// follows the chain (plan's completion.go); dumpscope's own COMMITs on the control
// connection say AND NO CHAIN NO RELEASE. RELEASE is refused at its line.
func TestReviewX6CompletionChain(t *testing.T) {
	dump := "SET completion_type = 1;\nCREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("k", 1, 21) + "INSERT INTO k VALUES (802,'c');\nCOMMIT;\nSET completion_type = 0;\nINSERT INTO k VALUES (803,'c');\n"
	for name, o := range map[string]importer.Options{"parallel": {Parallel: 2, BatchBytes: 512}, "checkpoint": checkpointed(t)} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "x6") })
	}
	locked := "CREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("k", 1, 21) +
		"SET completion_type = 'CHAIN';\nLOCK TABLES k WRITE;\nINSERT INTO k VALUES (802,'c');\nCOMMIT;\nINSERT INTO k VALUES (803,'c');\nUNLOCK TABLES;\n" +
		"INSERT INTO k VALUES (804,'c');\nCOMMIT AND NO CHAIN;\nINSERT INTO k VALUES (805,'c');\n"
	t.Run("locked, checkpoint", func(t *testing.T) { importMatchesClient(t, locked, checkpointed(t), "x6") })
	release := "CREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("k", 1, 21) +
		"SET completion_type = 2;\nCOMMIT;\n"
	res := importFile(t, testsandbox.Start(t), "", writeFile(t, "d.sql", []byte(release)), checkpointed(t))
	const want = "line 5: SET: completion_type RELEASE"
	if res.Err == nil || !strings.Contains(res.Err.Error(), want) {
		t.Errorf("completion_type = 2: %v; want a refusal: %s", res.Err, want)
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
