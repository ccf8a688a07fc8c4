package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDeferIndexesInsideRegionResume: TestReviewX7DeferredKeysInsideRegion stopped
// inside t's rows and resumed: the resume must add t's held-back key before the
// transaction or LOCK TABLES whose statement reads t through it, as a run without a stop
// does.
func TestDeferIndexesInsideRegionResume(t *testing.T) {
	var rows strings.Builder
	for i := 1; i <= 100; i += 20 {
		rows.WriteString("INSERT INTO t VALUES ")
		for j := i; j < i+20; j++ {
			if j > i {
				rows.WriteString(",")
			}
			fmt.Fprintf(&rows, "(%d,'v%d')", j, 1000-j)
		}
		rows.WriteString(";\n")
	}
	head := "CREATE DATABASE x7;\nUSE x7;\n" +
		"CREATE TABLE t (\n  `id` int NOT NULL,\n  `v` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k` (`v`)\n) ENGINE=InnoDB;\n" + rows.String() +
		"CREATE TABLE u (n int AUTO_INCREMENT PRIMARY KEY, id int, v varchar(40)) ENGINE=InnoDB;\n"
	for name, body := range map[string]string{
		"force": "START TRANSACTION;\nINSERT INTO u (id, v) SELECT id, v FROM t FORCE INDEX (k) WHERE id < 50;\nCOMMIT;\n",
		"lock":  "LOCK TABLES t READ, u WRITE;\nINSERT INTO u (id, v) SELECT id, v FROM t FORCE INDEX (k) WHERE id < 50;\nUNLOCK TABLES;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := head + body
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "x7", dump: dump, stop: lineOf(t, dump, "INSERT INTO t VALUES (61"),
				opt: importer.Options{Parallel: 2, BatchBytes: 512, DeferIndexes: true}})
		})
	}
}

// TestDeferIndexesReferencedByEarlierChildResume: TestReviewX7DeferredKeyReferencedByEarlierChild
// stopped inside the parent's rows and resumed: the resume, which skips the child's
// CREATE TABLE, must still know that the child's FOREIGN KEY references the parent's key.
func TestDeferIndexesReferencedByEarlierChildResume(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nSET foreign_key_checks = 0;\n" +
		"CREATE TABLE c (\n  `id` int NOT NULL,\n  `tv` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `fk` (`tv`),\n  CONSTRAINT `fk` FOREIGN KEY (`tv`) REFERENCES `t` (`v`)\n) ENGINE=InnoDB;\n" +
		"CREATE TABLE t (\n  `id` int NOT NULL,\n  `v` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k` (`v`)\n) ENGINE=InnoDB;\n" +
		"SET foreign_key_checks = 1;\n" +
		x7Rows("t", 1, 101) + x7Rows("c", 1, 101)
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "x7", dump: dump, stop: lineOf(t, dump, "INSERT INTO t VALUES (41"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512, DeferIndexes: true}})
}
