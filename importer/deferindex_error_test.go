package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDeferIndexesErrorNamesCreateTable: a key the server refuses (on a VIRTUAL column of
// an Aria table: ERROR 1904) fails, under --defer-indexes, at dumpscope's own ALTER TABLE
// after the rows. The message names the CREATE TABLE that holds the key (the line to fix)
// and spells the server's error as every statement error does; it named only the dump
// and the ALTER, with the driver's "Error 1904 (HY000)" (f-gen3's seed 28).
func TestDeferIndexesErrorNamesCreateTable(t *testing.T) {
	dump := "CREATE DATABASE dk;\nUSE dk;\n" +
		"CREATE TABLE t (\n  id int NOT NULL,\n  a int,\n  v int AS (a + 1) VIRTUAL,\n  PRIMARY KEY (id),\n  KEY kv (v)\n) ENGINE=Aria;\n" +
		"INSERT INTO t (id, a) VALUES (1, 1), (2, 2);\n"
	res := importFile(t, testsandbox.Start(t), "", writeFile(t, "d.sql", []byte(dump)), importer.Options{Parallel: 2, DeferIndexes: true})
	if res.Err == nil {
		t.Fatal("the import succeeded; the server refuses a key on a VIRTUAL column of an Aria table")
	}
	msg := res.Err.Error()
	for _, want := range []string{"d.sql: offset 27, line 3: CREATE TABLE `t`: ERROR 1904 (HY000): ", "(--defer-indexes: in ALTER TABLE `dk`.`t` ADD KEY kv (v), which adds back the keys this CREATE TABLE held back)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q\nwant it to contain %q", msg, want)
		}
	}
}
