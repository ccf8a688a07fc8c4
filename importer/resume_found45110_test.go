package importer_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFound45110CompletionChain (difffuzz seed 45110, resume-defer-indexes): the
// script sets completion_type = CHAIN through EXECUTE IMMEDIATE, commits (which opens the
// next transaction), writes t1 and rolls that back. Stopped after the EXECUTE IMMEDIATE,
// the resume skipped it as committed, so its new connection did not chain: the rows the
// ROLLBACK takes back stayed (in t1 and its CREATE … SELECT copy). Stopped after the
// chained COMMIT, the resume skipped the COMMIT and ran what followed outside any
// transaction, with the same result. It stops after every statement; on main it failed at
// lines 27–137. The stops before a statement that takes AUTO_INCREMENT ids (t95's, or
// log_t1's through t1's trigger: 148, 150, 152, 159, 163) were refused as if the earlier
// attempt might have been inside it; a graceful stop records that it sent nothing after
// its statement (checkpoint.NeverSent), and they end as the client's.
func TestResumeFound45110CompletionChain(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-45110-resume-defer-indexes.sql")
	if err != nil {
		t.Fatal(err)
	}
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, stop := range []int64{11, 12, 13, 14, 15, 26, 27, 28, 29, 31, 129, 130, 131, 133, 137, 138, 139, 140, 141, 148, 149, 150, 152, 159, 162, 163} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: string(seed), stop: stop, deferIndexes: true})
		})
	}
}
