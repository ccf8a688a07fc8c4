package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzFound4KeeperBeforeReader (difffuzz seed 44174, parallel, shrunk to 7
// statements): after a PREPARE (the run goes on one connection from there), a statement
// that leaves warnings, then one that keeps the diagnostics area
// (SET @v = 1: it opens no table; x-fix12a's list of keepers, replay/diagtail.go), then a
// reader (GET DIAGNOSTICS @v = NUMBER). The client's reader sees the INSERT's 3 warnings;
// dumpscope's checkpointed replay (every --parallel run on a file keeps one) settles the
// INSERT's progress row and commits before the SET, since the SET does not read the area,
// and the reader sees 0. Silent (in the seed the 3 went into SET autocommit, which the
// client refused: ERROR 1231 where dumpscope finished). Fixed: a SET of user variables to
// literals (replay keepsArea) runs inside the owed tail as a reader does, so the tail
// waits past a chain of them to the reader.
func TestDiffFuzzFound4KeeperBeforeReader(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\n" +
		"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE TABLE `fz0`.`t2` (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, c1 decimal(5,0) unsigned NOT NULL, c2 char(12) NOT NULL) ENGINE=Aria;\n" +
		"PREPARE s1 FROM 'SELECT 1';\n" +
		"INSERT INTO `fz0`.`t2` (c1, c2) VALUES (74.5e0, ''), (NULL, NULL);\n"
	for name, dump := range map[string]string{
		"seed": head + "SET @v = 1;\nGET DIAGNOSTICS @v = NUMBER;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('v', @v);\n",
		// A chain of keepers, then a reader of the count and the conditions.
		"chain": head + "SET @v = 1;\nSET @a := 'x', @b = @a, @c = -2.5;\nGET DIAGNOSTICS @v = NUMBER, @r = ROW_COUNT;\n" +
			"INSERT INTO `fz0`.`sv` (name, v) VALUES ('v', @v), ('r', @r), ('b', @b);\n",
	} {
		for mode, o := range map[string]importer.Options{
			"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
			"checkpointed": checkpointed(t),
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}
