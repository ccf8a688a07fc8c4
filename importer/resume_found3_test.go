package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFoundDeferredIndexRecreated (difffuzz seed 21032, resume-defer-indexes): under
// --defer-indexes a table created with a secondary key got rows, was dropped and created
// again without it. The interrupted run added the key to the first table before its DROP;
// the resume, skipping the committed CREATE, held the key back again, skipped the DROP
// without letting go of it, and added it at the end to the second table, which the
// client's has without it. Stopped at the second table's first and second rows, with the
// DROP in the parallel part, in a part run on one connection (after a user variable),
// and inside the dump's transaction there (which the DROP commits).
func TestResumeFoundDeferredIndexRecreated(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	create := func(key bool) string {
		q := "CREATE TABLE t2 (\n  id int NOT NULL,\n  v varchar(40),\n  PRIMARY KEY (id)"
		if key {
			q += ",\n  KEY k1 (v)"
		}
		return q + "\n) ENGINE=InnoDB;\n"
	}
	dump := "CREATE DATABASE fz0;\nUSE fz0;\n" + create(true) + rowsOf("t2", 1, 40) + "DROP TABLE t2;\n" + create(false) +
		rowsOf("t2", 40, 80) + rowsOf("t2", 80, 120)
	lineOf := func(dump, stmt string) int64 {
		return int64(strings.Count(dump[:strings.Index(dump, stmt)], "\n") + 1)
	}
	for _, tc := range []struct{ name, dump string }{
		{"parallel", dump},
		{"serial", strings.Replace(dump, "DROP TABLE t2;", "SET @v = 1;\nDROP TABLE t2;", 1)},
		{"transaction", strings.Replace(dump, "DROP TABLE t2;", "SET autocommit=0;\nINSERT INTO t2 VALUES (200,'x');\nDROP TABLE t2;", 1)},
	} {
		second := lineOf(tc.dump, "DROP TABLE t2;") + 1
		for _, stop := range []int64{second + 5, second + 6} { // the second table's first and second rows
			t.Run(fmt.Sprintf("%s, stop at line %d", tc.name, stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: tc.dump, stop: stop, deferIndexes: true})
			})
		}
	}
}
