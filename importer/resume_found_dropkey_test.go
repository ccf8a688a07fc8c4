package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFoundDeferredKeyOfDroppedTable (difffuzz seed 21365, resume-defer-indexes): a
// table whose key --defer-indexes held back gets its rows and is dropped, and the first
// run dies right after the DROP returned, before its progress row. The resume holds the
// key back again at the skipped CREATE, then, before it sends the DROP again, adds the
// key to the table the DROP had already removed: ERROR 1146, and the import failed where
// the client goes on. The key had been added before the DROP ran (the first run sent them
// in order): on resume a missing table there owes its keys no more (indexes.go, gone).
func TestResumeFoundDeferredKeyOfDroppedTable(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	create := "CREATE TABLE t2 (\n  id int NOT NULL,\n  v varchar(40),\n  PRIMARY KEY (id),\n  KEY k1 (v)\n) ENGINE=InnoDB;\n"
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" + create + rowsOf("t2", 1, 40) + rowsOf("t2", 40, 80)
	dump := head + "DROP TABLE t2;\nCREATE TABLE t3 (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("t3", 1, 40)
	drop := strings.Count(head, "\n") + 1
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, killAtDDL: drop, deferIndexes: true})
}
