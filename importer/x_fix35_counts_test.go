package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix35HeldVarsCounts: `SELECT COUNT(*) INTO @rc FROM k` outside a transaction in a
// run gone serial (its journal row waits for the next statement: diagTail.holdVars),
// then readers of ROW_COUNT() and FOUND_ROWS(); killed before the first reader (the
// journal row written, the reader's progress row not) and resumed, the resume gives @rc
// back in the SELECT's place. holdVars journaled the values without the counts
// (x-fix33's HeldVars.WithCounts was recordUserVars's only), so the resume refused the
// reader ("cannot recreate ROW_COUNT()") where the client stores 1 and 1.
func TestXFix35HeldVarsCounts(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, sel := range map[string]string{
		"count":  "SELECT COUNT(*) INTO @rc FROM k;",
		"no row": "SELECT v INTO @rc FROM k WHERE v < -5;", // ROW_COUNT() 0
	} {
		t.Run(name, func(t *testing.T) {
			dump := "CREATE DATABASE x35;\nUSE x35;\n" +
				"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO k VALUES (1, 10), (2, 20);\n" +
				"CREATE TABLE lg (id int PRIMARY KEY, ref bigint) ENGINE=InnoDB;\n" +
				"SELECT 5 INTO @c;\n" + sel + "\n" +
				"INSERT INTO lg VALUES (3, ROW_COUNT());\n" + // killed before it is sent
				"INSERT INTO lg VALUES (4, FOUND_ROWS());\nINSERT INTO lg VALUES (2, @rc);\n"
			x35KillBefore(t, ref, srv, "x35", dump, lineOf(t, dump, "INSERT INTO lg VALUES (3, ROW_COUNT())"), importer.Options{Parallel: 2, BatchBytes: 512}, "")
		})
	}
}

// TestXFix35FoundRowsKeptForDiagnostics: x-review16 #5's fix must not change what a GET
// DIAGNOSTICS … ROW_COUNT right after the INSERT … SELECT reads (its one row), nor what
// FOUND_ROWS() reads after that (the INSERT's SELECT found 1 row: 1, not the 3 of the
// SQL_CALC_FOUND_ROWS before it). Straight, --parallel 3 and --parallel 2 --checkpoint.
func TestXFix35FoundRowsKeptForDiagnostics(t *testing.T) {
	dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE b10 (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b10 VALUES (1),(2),(3);\n" +
		"CREATE TABLE sv (name varchar(10), v varchar(20)) ENGINE=InnoDB;\nCREATE TABLE vars_fr (n bigint) ENGINE=InnoDB;\n" +
		"SELECT SQL_CALC_FOUND_ROWS * FROM b10 LIMIT 1;\nINSERT INTO vars_fr SELECT FOUND_ROWS();\n" +
		"GET DIAGNOSTICS @r = ROW_COUNT;\nSELECT FOUND_ROWS() INTO @w2;\n" +
		"INSERT INTO sv (name, v) VALUES ('fr', @w2), ('r', @r);\n" +
		"INSERT INTO vars_fr SELECT id FROM b10 WHERE id = 2;\nSET @w3 = FOUND_ROWS();\nINSERT INTO sv (name, v) VALUES ('fr3', @w3);\n"
	want := x16Client(t, dump, "fz0")
	for name, o := range map[string]importer.Options{
		"parallel 3":            {Parallel: 3, BatchBytes: 2 << 10},
		"parallel 2 checkpoint": {Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
	} {
		t.Run(name, func(t *testing.T) { x16Straight(t, dump, "fz0", want, o) })
	}
}

// TestXFix35SkippedInsertSelectFoundRows: an INSERT … SELECT sets FOUND_ROWS() (3 here),
// a DROP TABLE after it leaves it; stopped after the INSERT and resumed, the resume
// skips the INSERT and must not give the reader after the DROP the count from before it
// (the client's `use`, 1): rowCounts.skipped took only a SELECT for a statement that sets
// it. The reader is refused by name.
func TestXFix35SkippedInsertSelectFoundRows(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE b10 (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b10 VALUES (1),(2),(3);\n" +
		"CREATE TABLE t12 (id int) ENGINE=InnoDB;\nCREATE TABLE sv (name varchar(10), v varchar(20)) ENGINE=InnoDB;\n" +
		"CREATE TABLE vars_fr (n bigint) ENGINE=InnoDB;\nUSE fz0;\n" +
		"INSERT INTO vars_fr SELECT id FROM b10;\n" + // the stop, after it
		"DROP TABLE t12;\nSELECT FOUND_ROWS() INTO @w2;\nINSERT INTO sv (name, v) VALUES ('fr', @w2);\n"
	runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, "INSERT INTO vars_fr SELECT id FROM b10"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: "FOUND_ROWS()"})
}
