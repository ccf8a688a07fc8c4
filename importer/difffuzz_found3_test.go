package importer_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// Differences found with the table-feature constructs of branch f-gen3
// (internal/difffuzz/gen_features*.go, docs/difffuzz.md "Table features"), each failing
// on main (014640c) when written and showing the database differing from `mariadb < same
// input`. An open one is gated (difffuzzFound3): run it with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestDiffFuzzFound3
//
// A fix removes its test's difffuzzFound3 call, and the construct named in the test's
// comment goes back on (internal/difffuzz FeatureKnownBugs).

// difffuzzFound3 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func difffuzzFound3(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the difffuzz table-feature constructs (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestDiffFuzzFound3VersionedReload: a table WITH SYSTEM VERSIONING that a resume
// reloads (MyISAM, Aria, or InnoDB without a primary key: its rows are not told apart
// from what its load committed), the import stopped while its rows were being loaded
// (--parallel 2, 1K batches, --checkpoint), then --resume. The client ends with all the
// rows and an UPDATE's; on main the resume stops at "resume: truncate fz0.sv for a
// reload: Error 4137 (HY000): System-versioned tables do not support TRUNCATE TABLE",
// so a killed import of such a table could not be resumed at all. Found by hand while
// checking the system-versioning construct (a kill in one of the fuzzer's resume modes
// lands in such a table's rows now and then: the blocks' engines are MyISAM or Aria
// one time in two). Fixed: such a table is emptied by DELETE and DELETE HISTORY
// (importer/checkpoint/reload.go emptyVersioned).
func TestDiffFuzzFound3VersionedReload(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const n = 40 // statements of rows, one a line (stopAfter counts lines)
	for _, table := range []string{
		"`id` int NOT NULL, `a` int, `s` varchar(40), PRIMARY KEY (`id`)) ENGINE=MyISAM",
		"`id` int NOT NULL AUTO_INCREMENT, `a` int, `s` varchar(40), PRIMARY KEY (`id`)) ENGINE=Aria AUTO_INCREMENT=7",
		"`id` int, `a` int, `s` varchar(40)) ENGINE=InnoDB",
	} {
		engine := table[strings.LastIndex(table, "ENGINE=")+len("ENGINE="):]
		t.Run(strings.Fields(engine)[0]+fmt.Sprint(strings.Contains(table, "AUTO_INCREMENT")), func(t *testing.T) {
			var b strings.Builder
			b.WriteString("CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE sv (" + table + " DEFAULT CHARSET=utf8mb4 WITH SYSTEM VERSIONING;\n")
			id := 7
			for range n {
				b.WriteString("INSERT INTO sv VALUES ")
				for r := range 20 {
					if r > 0 {
						b.WriteString(",")
					}
					fmt.Fprintf(&b, "(%d,%d,'row %d, long enough to fill a batch')", id, id%97, id)
					id++
				}
				b.WriteString(";\n")
			}
			b.WriteString("UPDATE sv SET a = a + 1 WHERE id % 3 = 0;\n")
			if strings.Contains(table, "AUTO_INCREMENT") {
				b.WriteString("INSERT INTO sv (a, s) VALUES (1, 'after');\n") // the counter the reload gave back
			}
			dump := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(dump, []byte(b.String()), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP DATABASE IF EXISTS fz0", "DROP DATABASE IF EXISTS dumpscope_progress"} {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			clientImport(t, srv, dump)
			want := redump(t, srv, "fz0")
			if _, err := db.Exec("DROP DATABASE fz0"); err != nil {
				t.Fatal(err)
			}
			o := importer.Options{Parallel: 2, BatchBytes: 1 << 10, SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
			res, err := importer.Import(context.Background(), cfg, importer.Source{Path: dump}, stopAfter(3+n/2, o))
			if err != nil || res.Status != importer.Interrupted {
				t.Fatalf("first run: %v, %v", res, err)
			}
			o.Resume = true
			if res, err := importer.Import(context.Background(), cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
				t.Fatalf("resume: %v, %v", res, err)
			}
			if got := redump(t, srv, "fz0"); got != want {
				t.Errorf("the re-dump after the resume differs from the client's:\n%s", firstLineDiff(want, got))
			}
		})
	}
}

// firstLineDiff names the first line where want and got differ.
func firstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d: client %q, dumpscope %q", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("the client's has %d lines, dumpscope's %d", len(w), len(g))
}

// TestDiffFuzzFound3FoundRowsBeforeCallClearsDiagnostics: a statement that leaves a note
// (DROP TABLE IF EXISTS of no table), then the CALL of a procedure made by EXECUTE
// IMMEDIATE whose body reads the diagnostics area (GET DIAGNOSTICS @w = NUMBER), after a
// SELECT that returned rows: the client's @w is 1; under --parallel 3 (2K batches)
// dumpscope's is 0. Silent. Fuzzer seed 45023 (parallel; shrunk by hand to 18
// statements, then to these 9: the feature blocks of the script are not needed).
//
// Cause (general log): before a CALL or EXECUTE the parallel replay gives the control
// connection the client's FOUND_ROWS() (rowCounts.giveFound, importer/replay/rowcount.go)
// by a SELECT SQL_CALC_FOUND_ROWS … LIMIT 0 of its own, which runs between the dump's
// DROP TABLE IF EXISTS and the CALL and empties the diagnostics area the procedure reads.
// The procedure's body is not in the dump as a CREATE PROCEDURE (EXECUTE IMMEDIATE made
// it), so dumpscope does not know it reads the area. Fixed: a FOUND_ROWS() above 1 (the
// most a SELECT that keeps the area can leave) is not given while the area holds
// conditions; FOUND_ROWS() after the CALL is then not known, and a reader of it refused.
func TestDiffFuzzFound3FoundRowsBeforeCallClearsDiagnostics(t *testing.T) {
	const head = "CREATE DATABASE `fz0`;\nUSE `fz0`;\nCREATE TABLE `fz0`.`b4` (id int PRIMARY KEY, c1 float);\nINSERT INTO `fz0`.`b4` VALUES (10,2),(11,123456789.125);\n" +
		"CREATE TABLE `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n"
	const call = "EXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE `fz0`.`p9`() GET DIAGNOSTICS @w = NUMBER';\nDROP TABLE IF EXISTS `fz0`.`nosuch10`;\n" +
		"CALL `fz0`.`p9`();\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, dump := range map[string]string{
		"calc-found-rows": head + "SELECT SQL_CALC_FOUND_ROWS * FROM `fz0`.`b4` LIMIT 1;\n" + call,
		"select":          head + "SELECT * FROM `fz0`.`b4`;\nCREATE TABLE `fz0`.`t5` (id int);\n" + call,
	} {
		t.Run(name, func(t *testing.T) {
			importMatchesClient(t, dump, importer.Options{Parallel: 3, BatchBytes: 2 << 10}, "fz0")
		})
	}
}

// TestFoundRowsNotGivenBeforeCallRefused: where giveFound holds back (a note before the
// CALL of a procedure that may read it, FOUND_ROWS() of 2), a later FOUND_ROWS() reader
// is refused, not given what dumpscope's own statements left (silently 0 where the
// client's read 2, before the refusal).
func TestFoundRowsNotGivenBeforeCallRefused(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\nUSE `fz0`;\nCREATE TABLE `fz0`.`b4` (id int PRIMARY KEY);\nINSERT INTO `fz0`.`b4` VALUES (10),(11);\n" +
		"EXECUTE IMMEDIATE 'CREATE OR REPLACE PROCEDURE `fz0`.`p9`() GET DIAGNOSTICS @w = NUMBER';\nSELECT * FROM `fz0`.`b4`;\nDROP TABLE IF EXISTS `fz0`.`nosuch10`;\nCALL `fz0`.`p9`();\n" +
		"CREATE TABLE `fz0`.`sv` (v int);\nINSERT INTO `fz0`.`sv` VALUES (FOUND_ROWS());\n"
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := tryImport(t, testsandbox.Start(t), "", importer.Source{Path: f}, importer.Options{Parallel: 3, BatchBytes: 2 << 10})
	if err == nil && res != nil {
		err = res.Err
	}
	if err == nil || !strings.Contains(err.Error(), "FOUND_ROWS()") {
		t.Fatalf("want a refusal naming FOUND_ROWS(), got %v", err)
	}
	// With the planner's advice, which difffuzz counts as a refusal and after which no
	// --resume is offered (seed 73108: "import it with --parallel 1" was taken for a
	// difference, and the summary offered a resume that meets the same refusal).
	if !strings.Contains(err.Error(), "import this dump without --parallel, --checkpoint, --load-data and --defer-indexes") || !errors.Is(err, replay.ErrSerialOnly) {
		t.Fatalf("want the serial-only advice, got %v", err)
	}
}
