package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// TestExcludedTableHiddenRows: rows written by a statement in another statement's clothes
// — SET STATEMENT … FOR INSERT, EXECUTE IMMEDIATE 'INSERT …', PREPARE s FROM 'INSERT …'
// then EXECUTE s, and the same for REPLACE, UPDATE and DELETE — into a table the user left
// out with --exclude-tables: the client given the dump without the table's statements
// leaves the target's table as it was. They passed the filter (they followed their
// database; x-review5 left it open), and the target's excluded table silently changed.
func TestExcludedTableHiddenRows(t *testing.T) {
	setup := []string{"CREATE DATABASE d", "CREATE TABLE d.k (id int PRIMARY KEY, c int)",
		"CREATE TABLE d.x (id int PRIMARY KEY, c int)", "INSERT INTO d.x VALUES (100,100)"}
	kept := "USE d;\nINSERT INTO k VALUES (1,1);\nSET STATEMENT foreign_key_checks=0 FOR INSERT INTO k VALUES (2,2);\n" +
		"EXECUTE IMMEDIATE 'INSERT INTO `d`.k VALUES (3,3)';\n"
	dump := kept + "SET STATEMENT foreign_key_checks=0 FOR INSERT IGNORE INTO x VALUES (4,4);\n" +
		"SET STATEMENT unique_checks=0 FOR REPLACE x VALUES (100,5);\n" +
		"EXECUTE IMMEDIATE 'INSERT INTO x VALUES (6,6)';\n" +
		"EXECUTE IMMEDIATE 'UPDATE x SET c = c + 1';\n" +
		"PREPARE st FROM 'DELETE FROM `d`.`x` WHERE id = 100';\nEXECUTE st;\nDEALLOCATE PREPARE st;\n"
	for _, par := range []int{1, 2} {
		t.Run(fmt.Sprintf("parallel %d", par), func(t *testing.T) {
			runX5(t, x5Case{setup: setup, dump: dump, ref: kept, dbs: []string{"d"},
				opt: importer.Options{Parallel: par, Overwrite: true, SkipRowCounts: true,
					Transform: transform.Options{DataOnly: true, ExcludeTables: []string{"d.x"}}}})
		})
	}
}
