package importer_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDifffuzzFound38741SkippedDropLookup (difffuzz seed 38741, resume-defer-indexes):
// an INSERT into t2, DROP TABLE t2, CREATE TABLE t2 with an AUTO_INCREMENT column, an
// INSERT of NULL ids into it, then SET @v = LAST_INSERT_ID(). Stopped after the DROP,
// the resume plans the INSERT it skips and looks t2 up on the server, where the DROP has
// run: no table, no AUTO_INCREMENT column. The skipped DROP did not forget that lookup
// (a DROP that runs does), so the INSERT of NULL ids into the new t2 was planned as plain
// rows and ran on a worker: LAST_INSERT_ID() of the control connection stayed 0 and @v
// read 0 where the client's read 1 (the seed's row (259,1846,'ÿ',NULL,10927223,1,NULL)
// of r180 read …,0,…). With and without --defer-indexes; the seed's script too.
func TestDifffuzzFound38741SkippedDropLookup(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"INSERT INTO t2 VALUES (1, 'first t2');\n" +
		"DROP TABLE t2;\n" + // line 6: the first run stops after it
		"CREATE TABLE t2 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, v varchar(40), KEY k (v)) ENGINE=Aria;\n" +
		"INSERT INTO t2 VALUES (NULL, 'a'), (5, 'b'), (NULL, 'c');\n" +
		"SET @v = LAST_INSERT_ID();\nCREATE TABLE vars (name varchar(20), v bigint);\nINSERT INTO vars VALUES ('v', @v);\n"
	for _, di := range []bool{false, true} {
		t.Run(fmt.Sprint("defer-indexes ", di), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 6, deferIndexes: di})
		})
	}
	t.Run("seed 38741", func(t *testing.T) {
		seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-38741-resume-defer-indexes.sql")
		if err != nil {
			t.Fatal(err)
		}
		// Line 46: DROP TABLE `fz0`.`t2`, after REPLACE INTO t2 (line 45).
		runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: string(seed), stop: 46, deferIndexes: true})
	})
}
