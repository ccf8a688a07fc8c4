package importer_test

import (
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFound49258PreparedChainSpool (difffuzz seed 49258, resume-spool: --parallel 2
// --load-data --batch-bytes 512, killed and resumed): after a mysqldump-shaped LOCK TABLES
// region, PREPARE s4 FROM 'SET completion_type = 1', EXECUTE s4, a transaction of child3
// rows and its COMMIT, which chains: the rows after it (635–822) are in the next
// transaction, which the dump's ROLLBACK takes back. Stopped after the EXECUTE and before
// the COMMIT, the resume skipped the EXECUTE as committed data, so its new control
// connection did not chain: the rows after the COMMIT committed one by one and the
// ROLLBACK took nothing back (the re-dump went on after (634,109,NULL)). Found by
// x-seed46026's run on 059a330 (branched from 11d107a), where this test fails at all four
// stops; x-fix16's Plan.Session (plan/sessiononly.go: an EXECUTE of a prepared session SET
// is sent again on resume, TestResumePreparedSessionSet) fixed it before this branch, so
// it passes on main (fd03d76). It stays as the seed's own check on the --load-data path.
func TestResumeFound49258PreparedChainSpool(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-49258-resume-spool.sql")
	if err != nil {
		t.Fatal(err)
	}
	dump := string(seed)
	for _, at := range []string{"EXECUTE s4;", "DEALLOCATE PREPARE s4;", "START TRANSACTION;", "INSERT INTO `fz0`.`child3` VALUES (617,"} {
		t.Run(at, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, at),
				opt: importer.Options{Parallel: 2, LoadData: true, BatchBytes: 512}})
		})
	}
}
