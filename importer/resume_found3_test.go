package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	rd "github.com/dumpscope/dumpscope/internal/redump"
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
		{"serial", strings.Replace(dump, "DROP TABLE t2;", "SELECT COUNT(*) INTO @v FROM t2;\nDROP TABLE t2;", 1)},
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

// TestImportDeferIndexesMyISAMRowOrder (difffuzz seed 21038, found in the
// resume-defer-indexes mode, shown without a kill too): a MyISAM table with a held-back
// key got rows by a REPLACE whose duplicates deleted rows, and more rows after the run
// had turned serial. The key was added there, by an ALTER TABLE that copies a MyISAM
// table and so drops the space of the deleted rows; the client's table put the next rows
// into that space, so a row came in another place in the re-dump. A non-InnoDB table now
// gets its keys at once, while it is empty.
func TestImportDeferIndexesMyISAMRowOrder(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-21038-defer-indexes.sql")
	if err != nil {
		t.Fatal(err)
	}
	dump := writeFile(t, "seed-21038.sql", seed)
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redumps(t, ref, "fz0")
	finished(t, importFile(t, got, "", dump, importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true}))
	if have := redumps(t, got, "fz0"); want != have {
		t.Errorf("re-dumps differ; first difference at %s", rd.FirstDiff([]byte(want), []byte(have)))
	}
}
