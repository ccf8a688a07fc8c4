package importer_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	rd "github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The differences the differential fuzzer found outside resume (docs/difffuzz.md,
// "Differences found"), each imported by the client and by Import in the modes the
// fuzzer saw it in: the re-dumps must be identical. (They lived in cmd/dumpscope.)

// TestImportFKChildAfterParentBatches: rows into a foreign key child whose ids the server
// generates (INSERT or REPLACE of NULL ids: a barrier on the control connection, not a
// batch) wait for the parent's batches in flight, as plain child rows do, so that every
// parent row before them has committed when foreign_key_checks checks them. Before, only
// the child's own batches were waited for: ERROR 1452 where the client succeeded (fuzzer
// seed 1229, --parallel 3 --batch-bytes 2K).
func TestImportFKChildAfterParentBatches(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE fk;\nUSE fk;\n" +
		"CREATE TABLE `p` (\n  `id` bigint NOT NULL,\n  `pad` varchar(200),\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n" +
		"CREATE TABLE `c` (\n  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,\n  `pid` bigint,\n  `note` varchar(20),\n  KEY `kp` (`pid`),\n" +
		"  CONSTRAINT `c_fk` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)\n) ENGINE=InnoDB;\n" +
		"CREATE TABLE `d` (\n  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,\n  `pid` bigint,\n  KEY `kp` (`pid`),\n" +
		"  CONSTRAINT `d_fk` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)\n) ENGINE=InnoDB;\n" +
		"INSERT INTO `c` VALUES (NULL,NULL,'first');\nINSERT INTO `d` VALUES (NULL,NULL);\n")
	id := 0
	for s := 0; s < 3; s++ {
		// Each stretch of parent rows spans many batches; the child rows that follow
		// name its last rows.
		for i := 0; i < 30; i++ {
			b.WriteString("INSERT INTO `p` VALUES ")
			for j := 0; j < 8; j++ {
				id++
				if j > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "(%d,'%s')", id, strings.Repeat("x", 100))
			}
			b.WriteString(";\n")
		}
		fmt.Fprintf(&b, "REPLACE INTO `c` VALUES (NULL,%d,'r'),(NULL,%d,'r');\n", id, id-1)
		for i := 0; i < 10; i++ {
			b.WriteString("INSERT INTO `p` VALUES ")
			for j := 0; j < 8; j++ {
				id++
				if j > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "(%d,'%s')", id, strings.Repeat("y", 100))
			}
			b.WriteString(";\n")
		}
		fmt.Fprintf(&b, "INSERT INTO `d` (`pid`) VALUES (%d);\n", id)
		fmt.Fprintf(&b, "INSERT IGNORE INTO `c` VALUES (NULL,%d,'i');\n", id-2)
	}
	dump := writeFile(t, "fk.sql", []byte(b.String()))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redumps(t, ref, "fk")
	for _, o := range []importer.Options{
		{Parallel: 3, BatchBytes: 2 << 10},
		{Parallel: 3, BatchBytes: 2 << 10, LoadData: true},
		{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true},
	} {
		got := testsandbox.Start(t)
		finished(t, importFile(t, got, "", dump, o))
		if have := redumps(t, got, "fk"); want != have {
			t.Errorf("%+v: re-dumps differ; first difference at %s", o, rd.FirstDiff([]byte(want), []byte(have)))
		}
	}
}

// TestImportDeferIndexesRenamedInRegion: a table whose keys --defer-indexes held back,
// renamed once the run has turned serial inside an autocommit=0 region, gets its keys
// before the RENAME (any DDL that names it), not at the end under its old name, which
// failed with "Table 'fz0.t3' doesn't exist" (fuzzer seed 1276). ALTER TABLE … RENAME,
// ALTER TABLE and DROP TABLE of such tables, and DROP DATABASE of their database, take
// the same path.
func TestImportDeferIndexesRenamedInRegion(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-1276-defer-indexes.sql")
	if err != nil {
		t.Fatal(err)
	}
	key := func(n string) string {
		return "CREATE TABLE `" + n + "` (\n  `id` int NOT NULL,\n  `a` int,\n  `b` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  KEY `kb` (`b`)\n) ENGINE=InnoDB;\n" +
			"INSERT INTO `" + n + "` VALUES (1,1,1),(2,2,2);\n"
	}
	// The same with more tables created (keys held back) before the run turns serial,
	// and more DDL on them after the RENAME.
	head, tail, ok := bytes.Cut(seed, []byte("SET autocommit=0;\n"))
	if !ok {
		t.Fatal("no SET autocommit=0 in the seed script")
	}
	tables := "USE fz0;\n" + key("u1") + key("u2") + key("u3") + key("u4") +
		"CREATE DATABASE gone;\nUSE gone;\n" + key("g1") + "USE fz0;\n"
	more := "ALTER TABLE `u1` RENAME TO `v1`;\n" +
		"ALTER TABLE `u2` ADD COLUMN `c` int;\n" +
		"DROP TABLE `u3`;\n" +
		"CREATE TABLE `w4` LIKE `u4`;\n" +
		"DROP DATABASE gone;\n" +
		"COMMIT;\n"
	cases := map[string][]byte{"seed-1276": seed, "more": []byte(string(head) + tables + "SET autocommit=0;\n" + string(tail) + more)}
	for name, script := range cases {
		dump := writeFile(t, name+".sql", script)
		ref := testsandbox.Start(t)
		clientImport(t, ref, dump)
		want := redumps(t, ref, "fz0")
		for _, o := range []importer.Options{{Parallel: 2, DeferIndexes: true, BatchBytes: 2 << 10}, {DeferIndexes: true}} {
			got := testsandbox.Start(t)
			finished(t, importFile(t, got, "", dump, o))
			if have := redumps(t, got, "fz0"); want != have {
				t.Errorf("%s %+v: re-dumps differ; first difference at %s", name, o, rd.FirstDiff([]byte(want), []byte(have)))
			}
		}
	}
}
