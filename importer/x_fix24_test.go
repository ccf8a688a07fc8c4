package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix24RowCountInTransaction: inside the dump's transaction, in a run gone serial
// (a PREPARE), a statement that changes rows (an INSERT of two, an INSERT IGNORE of three
// with a duplicate, a PREPARE of a table: 0), then GET DIAGNOSTICS @w = ROW_COUNT (and
// NUMBER): the client reads the statement's count, dumpscope read −1 in every mode that
// counts warnings (the SELECT @@warning_count after the statement). Its warnings are now
// counted late (replay/diagregion.go), after the GET DIAGNOSTICS.
func TestXFix24RowCountInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const head = "CREATE DATABASE `fz0`;\nUSE `fz0`;\n" +
		"CREATE TABLE `t1` (`id` int NOT NULL PRIMARY KEY) ENGINE=InnoDB;\n" +
		"CREATE TABLE `sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT INTO `t1` VALUES (1),(2);\nPREPARE s0 FROM 'SELECT 1';\nSTART TRANSACTION;\n"
	const tail = "COMMIT;\nINSERT INTO `sv` (name, v) VALUES ('w', @w), ('n', @n);\n"
	for name, dump := range map[string]string{
		"insert":           head + "INSERT INTO `t1` VALUES (7),(8);\nGET DIAGNOSTICS @w = ROW_COUNT;\nSET @n = 0;\n" + tail,
		"insert ignore":    head + "INSERT IGNORE INTO `t1` VALUES (7),(8),(1);\nGET DIAGNOSTICS @w = ROW_COUNT, @n = NUMBER;\n" + tail,
		"two readers":      head + "INSERT IGNORE INTO `t1` VALUES (7),(8),(1);\nGET DIAGNOSTICS @w = ROW_COUNT;\nGET DIAGNOSTICS @n = NUMBER;\n" + tail,
		"then row_count()": head + "INSERT INTO `t1` VALUES (7),(8);\nSELECT ROW_COUNT() INTO @w;\nSET @n = @@warning_count;\n" + tail,
		"prepare of table": head + "PREPARE s FROM 'SELECT id FROM t1';\nGET DIAGNOSTICS @w = ROW_COUNT, @n = NUMBER;\n" + tail,
	} {
		for mode, o := range diag2Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) { diag2MatchesOn(t, ref, srv, dump, o, "fz0") })
		}
	}
}

// TestXFix24RegionCommitResumed: the dump's COMMIT of its transaction taken into diagTail
// (replay/diagregion.go), stopped after each statement from the INSERT IGNORE in the
// transaction to the row that stores what the reader read, and resumed: the resume
// matches the client, or refuses in one line where the reader would read the area of a
// statement the interrupted run committed (as after a SET @q between them:
// TestXDiag2KeepersResumed). In the run still parallel around the transaction and in one
// gone serial.
func TestXFix24RegionCommitResumed(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const head = "CREATE DATABASE `fz0`;\nUSE `fz0`;\n" +
		"CREATE TABLE `t1` (`id` int NOT NULL PRIMARY KEY) ENGINE=InnoDB;\n" +
		"CREATE TABLE `sv` (name varchar(40) PRIMARY KEY, v varchar(400));\n" +
		"INSERT INTO `t1` VALUES (1),(2);\n"
	const txn = "START TRANSACTION;\nINSERT IGNORE INTO `t1` VALUES (1),(4);\nCOMMIT;\nGET DIAGNOSTICS @w = NUMBER;\n" +
		"INSERT INTO `sv` VALUES ('w', @w);\nINSERT INTO `t1` VALUES (9);\n"
	const diagRefused = "cannot recreate the diagnostics area"
	for name, dump := range map[string]string{
		"parallel": head + txn,
		"serial":   head + "PREPARE s0 FROM 'SELECT 1';\n" + txn,
	} {
		from := lineOf(t, dump, "INSERT IGNORE")
		for stop := from; stop <= from+3; stop++ {
			c := reviewCase{db: "fz0", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 512}}
			if stop == from+1 {
				c.refused = diagRefused // the COMMIT committed: the reader after it is refused
			}
			t.Run(fmt.Sprintf("%s/stop %d", name, stop), func(t *testing.T) { runReviewCase(t, ref, srv, c) })
		}
	}
}

// TestDiffFuzzFound73814ShowCountWarningsKeeps (difffuzz seed 73814, load-data; the
// generator's diag-set-warning form, also in plain --parallel): a run gone serial (SELECT
// … INTO), `SET @dw1 = CAST('4y' AS SIGNED)` (warning 1292), SHOW COUNT(*) WARNINGS, then
// SELECT @@warning_count INTO @w: 0 where the client has 1. Before the SHOW the replay
// looked up the server's non-transactional tables for its intent (stale after the
// CREATE TABLE), which empties the area, though a read-only statement's scope is empty
// and needs no intent (replay's beginIntent). Also SHOW WARNINGS and a plain SELECT there.
func TestDiffFuzzFound73814ShowCountWarningsKeeps(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-73814-load-data.sql")
	if err != nil {
		t.Fatal(err)
	}
	dump := string(seed)
	for name, d := range map[string]string{
		"seed 73814":    dump,
		"show warnings": strings.Replace(dump, "SHOW COUNT(*) WARNINGS;", "SHOW WARNINGS;", 1),
		"select":        strings.Replace(dump, "SHOW COUNT(*) WARNINGS;", "SELECT 1;", 1),
	} {
		if !strings.Contains(d, "SET @dw1") || d == dump && name != "seed 73814" {
			t.Fatalf("%s: the seed's script changed", name)
		}
		for mode, o := range diag2Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) { diag2MatchesOn(t, ref, srv, d, o, "fz0") })
		}
	}
}

// TestDiffFuzzFound73970PrepareAfterParallelSet (difffuzz seed 73970, --parallel 3; the
// diag-set-warning form): `SET @dw1 = CAST('5y' AS SIGNED)` while the run is still
// parallel, then PREPAREs that turn it serial and keep the area, then EXECUTE of a
// prepared `SET @w = @@warning_count`: 0 where the client stores 1. Before the first
// serial statement the replay marked the Aria table's load complete (an UPDATE of its
// loads table), which empties the area; now not before a keeper (replay's keepsForReader).
func TestDiffFuzzFound73970PrepareAfterParallelSet(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const dump = "CREATE DATABASE `fz0`;\nUSE `fz0`;\nCREATE TABLE `iv1` (id int PRIMARY KEY, a int, KEY ka (a)) ENGINE=Aria;\n" +
		"INSERT INTO `iv1` VALUES (1,1),(2,2);\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SET @dw1 = CAST('5y' AS SIGNED);\nPREPARE dps3 FROM 'SELECT 1';\nPREPARE dks4 FROM 'SET @w = @@warning_count';\nEXECUTE dks4;\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	modes := diag2Modes()
	modes["parallel 3"] = importer.Options{Parallel: 3, BatchBytes: 2 << 10}
	modes["defer-indexes"] = importer.Options{Parallel: 2, BatchBytes: 512, DeferIndexes: true, CheckpointPath: "set"}
	for mode, o := range modes {
		t.Run(mode, func(t *testing.T) { diag2MatchesOn(t, ref, srv, dump, o, "fz0") })
	}
}
