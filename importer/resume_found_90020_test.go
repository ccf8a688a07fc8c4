package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFound90020ChainEndedByDDL (difffuzz seed 90020, resume): under
// completion_type = 1 (CHAIN; set through a prepared statement as in the seed, or
// plainly) a COMMIT opens the next transaction, and a CREATE TABLE after it ends that one
// by its implicit commit, which does not chain. A resume past both skipped them: the
// skipped COMMIT opened its chained transaction again (chainState.skipped) and the skipped DDL
// ended nothing, so the dump's XA START failed with ERROR 1400 XAER_OUTSIDE where the
// client went on, and a row INSERT after the DDL joined that transaction, which the dump's
// later ROLLBACK took back (silent: the client's INSERT committed alone). Both failed
// before the fix.
func TestResumeFound90020ChainEndedByDDL(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n"
	chain := "START TRANSACTION;\nINSERT INTO t VALUES (10);\nCOMMIT;\n" +
		"CREATE TABLE t11 (id int PRIMARY KEY) ENGINE=InnoDB;\n" // the first run stops after it
	for name, c := range map[string]struct{ set, tail string }{
		"prepared, XA": {"PREPARE s3 FROM 'SET completion_type = 1';\nEXECUTE s3;\n",
			"XA START 'x40';\nINSERT INTO t VALUES (1),(2);\nXA END 'x40';\nXA PREPARE 'x40';\nXA COMMIT 'x40';\nINSERT INTO t VALUES (3);\n"},
		"plain, XA": {"SET completion_type = 1;\n",
			"XA START 'x40';\nINSERT INTO t VALUES (1),(2);\nXA END 'x40';\nXA PREPARE 'x40';\nXA COMMIT 'x40';\nINSERT INTO t VALUES (3);\n"},
		"prepared, rollback": {"PREPARE s3 FROM 'SET completion_type = 1';\nEXECUTE s3;\n",
			"INSERT INTO t VALUES (5);\nROLLBACK;\nINSERT INTO t11 VALUES (6);\n"},
		"plain, rollback": {"SET completion_type = 1;\n",
			"INSERT INTO t VALUES (5);\nROLLBACK;\nINSERT INTO t11 VALUES (6);\n"},
	} {
		t.Run(name, func(t *testing.T) {
			dump := head + c.set + chain + c.tail
			stop := int64(strings.Count(head+c.set+chain, "\n"))
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}
