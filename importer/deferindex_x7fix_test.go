package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDeferIndexesInsideRegionResume: TestReviewX7DeferredKeysInsideRegion stopped
// inside t's rows and resumed: the resume must add t's held-back key before the
// transaction or LOCK TABLES whose statement reads t through it, as a run without a stop
// does.
func TestDeferIndexesInsideRegionResume(t *testing.T) {
	head := x7RegionHead()
	for name, body := range x7RegionBodies() {
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
