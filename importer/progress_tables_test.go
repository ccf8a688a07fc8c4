package importer_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestProgressPhaseAndTables: the importer reports the tables whose rows are complete, of
// the total the preflight scan counted, and its phase: loading while statements run,
// "verifying rows" while the rows are counted after the replay; the current table is named
// with its database, in both modes. Serial: the first table
// is complete when the second's rows start; parallel: once its batches have committed.
func TestProgressPhaseAndTables(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A database of someone else's: the target is not empty, so the preflight reads the
	// dump (--preflight-scan), and counts its tables.
	if _, err := db.Exec("CREATE DATABASE other"); err != nil {
		t.Fatal(err)
	}
	var dump strings.Builder
	dump.WriteString("CREATE DATABASE pt;\nUSE pt;\n")
	for _, tbl := range []string{"a", "b", "c"} {
		fmt.Fprintf(&dump, "CREATE TABLE %s (id INT PRIMARY KEY);\n", tbl)
		for i := 0; i < 4; i++ {
			fmt.Fprintf(&dump, "INSERT INTO %s VALUES (%d),(%d);\n", tbl, 2*i, 2*i+1)
		}
	}
	path := filepath.Join(t.TempDir(), "pt.sql")
	if err := os.WriteFile(path, []byte(dump.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, parallel := range []int{1, 2} {
		t.Run(fmt.Sprintf("parallel=%d", parallel), func(t *testing.T) {
			if _, err := db.Exec("DROP DATABASE IF EXISTS pt"); err != nil {
				t.Fatal(err)
			}
			var progress func() importer.Progress
			var atC, last importer.Progress
			maxDone := 0
			var log strings.Builder
			res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{
				Parallel: parallel, BatchBytes: 64, Log: &log, PreflightScan: true, // the total: read ahead
				OnReplay: func(_ *dumpfile.Input, p func() importer.Progress) func() {
					progress = p
					return func() { last = progress() }
				},
				OnStatement: func(_ context.Context, st *split.Statement) error {
					if st.Verb == "CREATE TABLE" && st.Table == "c" {
						atC = progress()
					}
					// Tables done never goes down (TestTablesDoneWaitsForHeldBatch).
					if n := progress().TablesDone; n < maxDone {
						t.Errorf("at line %d: %d tables done after %d", st.Line, n, maxDone)
					} else {
						maxDone = n
					}
					if tbl := progress().Table; tbl != "" && !strings.HasPrefix(tbl, "pt.") {
						// One name for a table throughout: a record that said a and
						// pt.a listed two tables in its report.
						t.Errorf("at line %d the current table is %q: want it qualified, pt.…", st.Line, tbl)
					}
					return nil
				},
			})
			if err != nil || res.Err != nil {
				t.Fatalf("Import: %v, %v\n%s", err, res.Err, log.String())
			}
			if atC.Phase != importer.PhaseLoading || atC.TablesTotal != 3 {
				t.Errorf("before table c: phase %q, total %d; want %q and 3", atC.Phase, atC.TablesTotal, importer.PhaseLoading)
			}
			// a is complete (b's rows started after it); b is the current table. In
			// parallel a's last batch may still run: at most a.
			if parallel == 1 && atC.TablesDone != 1 || atC.TablesDone > 1 {
				t.Errorf("before table c: %d tables done, want 1 (a) serial, at most 1 parallel", atC.TablesDone)
			}
			if last.Phase != importer.PhaseVerifying || last.TablesDone != 3 || last.TablesTotal != 3 {
				t.Errorf("after the replay: phase %q, tables %d/%d; want %q, 3/3", last.Phase, last.TablesDone, last.TablesTotal, importer.PhaseVerifying)
			}
		})
	}
}

// TestLoadDataCountsInsertBatches: the --load-data summary says how many batches ran as
// INSERTs, not only "the rest": one table's rows load, the other's hold a number for a
// datetime, which the converter leaves to the INSERT.
func TestLoadDataCountsInsertBatches(t *testing.T) {
	dump := "CREATE DATABASE lc;\nUSE lc;\n" +
		"CREATE TABLE a (id int PRIMARY KEY, v varchar(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO `a` VALUES (1,'x'),(2,'y');\n" +
		"CREATE TABLE b (id int PRIMARY KEY, at datetime) ENGINE=InnoDB;\n" +
		"INSERT INTO `b` VALUES (1,@AT@),(2,@AT@);\n"
	ld := loadDataMatchesClient(t, strings.ReplaceAll(dump, "@AT@", "'2020-01-01'"), "lc")
	if ld.Loaded != 2 || ld.AsInserts != 0 {
		t.Errorf("every batch convertible: %d loaded, %d as INSERTs; want 2 and 0", ld.Loaded, ld.AsInserts)
	}
	ld = loadDataMatchesClient(t, strings.ReplaceAll(dump, "@AT@", "20200101000000"), "lc")
	if ld.Loaded != 1 || ld.AsInserts != 1 || ld.Replayed != 0 {
		t.Errorf("one batch the converter refuses: %d loaded, %d as INSERTs, %d replayed; want 1, 1, 0", ld.Loaded, ld.AsInserts, ld.Replayed)
	}
}
