package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
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
