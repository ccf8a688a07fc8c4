package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix81BlockRowCountGiven: a top-level compound statement (x78Blocks) reading
// ROW_COUNT(), FOUND_ROWS() and GET DIAGNOSTICS … ROW_COUNT right after a statement that
// changed more than one row. x-fix78 refused it by name under --parallel 2, --load-data
// and --checkpoint (only −1 and 0 were given back); the count is given back now
// (replay's giveRowByRows) and rr.log must hold what the client's holds, with no refusal.
func TestXFix81BlockRowCountGiven(t *testing.T) {
	const head = "CREATE DATABASE rr;\nUSE rr;\nCREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint);\n" +
		"CREATE TABLE t (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO t VALUES (100, 0), (101, 0), (102, 0), (103, 0);\n"
	befores := map[string]string{
		"insert 3":       "INSERT INTO t VALUES (1, 0), (2, 0), (3, 0);\n",
		"found 2 upd 3":  "SELECT SQL_CALC_FOUND_ROWS id FROM t WHERE id > 100 LIMIT 1;\nUPDATE t SET v = 1 WHERE id > 100;\n",
		"myisam delete2": "CREATE TABLE m (i int) ENGINE=MyISAM;\nINSERT INTO m VALUES (1), (2), (3);\nDELETE FROM m WHERE i < 3;\n",
	}
	const read = "INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT()), ('found_rows', FOUND_ROWS())"
	const diag = "BEGIN NOT ATOMIC DECLARE r bigint; GET DIAGNOSTICS r = ROW_COUNT; INSERT INTO log (what, n) VALUES ('diag', r); END"
	f := newSessionFixture(t, "")
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq"
	blocks := map[string]string{"diag": diag}
	for name, form := range x78Blocks {
		blocks[name] = strings.Replace(form, "%s", read, 1)
	}
	for block, text := range blocks {
		for before, stmt := range befores {
			dump := head + stmt + "DELIMITER ;;\n" + text + ";;\nDELIMITER ;\n" +
				"INSERT INTO t VALUES (50, 0);\nINSERT INTO log (what, n) VALUES ('end', 0);\n"
			if err := os.WriteFile(f.path, []byte(dump), 0o600); err != nil {
				t.Fatal(err)
			}
			f.exec("DROP DATABASE IF EXISTS rr")
			f.client()
			want := f.query(logQuery)
			if strings.Count(want, "=") < 2 {
				t.Fatalf("%s/%s: the client's rr.log: %q", block, before, want)
			}
			for mode, o := range map[string]importer.Options{
				"parallel 2": {Parallel: 2, BatchBytes: 512},
				"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
				"checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
			} {
				t.Run(block+"/"+before+"/"+mode, func(t *testing.T) {
					f.exec("DROP DATABASE IF EXISTS rr")
					f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
					var log strings.Builder
					o.Log = &log
					res, err := importer.Import(t.Context(), f.cfg, importer.Source{Path: f.path}, o)
					if err == nil && res != nil {
						err = res.Err
					}
					if err != nil {
						t.Fatalf("import: %v", err)
					}
					if got := f.query(logQuery); got != want {
						t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
					}
				})
			}
		}
	}
}

// TestXFix81AnsiQuotesTriggerReload: a MyISAM table's trigger created under sql_mode
// ANSI_QUOTES or NO_BACKSLASH_ESCAPES, its rows committed before a stop: the resume
// reloads the table (TRUNCATE, the rows again) only if its triggers do nothing but set
// their row. The reload's check read the body with the default syntax: under ANSI_QUOTES
// `SET NEW.s = "f"(NEW.id)` is a call of the stored function f (which writes lg), read
// as a string; under NO_BACKSLASH_ESCAPES `CONCAT(NEW.v, 'a\')` opens a string that
// hides the INSERT after it. It reloaded, and lg was written a second time for the
// committed rows (2 of 3 subtests failed before; the default-syntax control passed).
// Read in its own sql_mode (checkpoint.TriggerBodies), the reload is refused naming the
// trigger, as for a body in the default syntax.
func TestXFix81AnsiQuotesTriggerReload(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, c := range map[string]struct{ mode, body string }{
		"ansi_quotes": {"ANSI_QUOTES", `SET NEW.s = "f"(NEW.id)`},
		"nbe":         {"NO_BACKSLASH_ESCAPES", `BEGIN SET NEW.s = CONCAT(NEW.v, 'a\'); INSERT INTO lg VALUES (NEW.id); END`},
		"default":     {"", "SET NEW.s = `f`(NEW.id)"},
	} {
		t.Run(name, func(t *testing.T) {
			rows := func(from, to int) string {
				return strings.Replace(rowsOf("m", from, to), "INSERT INTO m VALUES", "INSERT INTO m (id, v) VALUES", 1)
			}
			head := "CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE lg (id int) ENGINE=MyISAM;\n" +
				"CREATE TABLE m (id int, v varchar(40), s varchar(80)) ENGINE=MyISAM;\n" +
				"DELIMITER ;;\nCREATE FUNCTION f(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO lg VALUES (x); RETURN x; END;;\nDELIMITER ;\n" +
				"SET SESSION sql_mode = '" + c.mode + "';\n" +
				"DELIMITER ;;\nCREATE TRIGGER trg BEFORE INSERT ON m FOR EACH ROW " + c.body + ";;\nDELIMITER ;\n" +
				"SET SESSION sql_mode = DEFAULT;\n" + rows(1, 60) + rows(60, 120)
			dump := head + "CREATE TABLE u (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("u", 0, 100) + rowsOf("u", 100, 200) + rowsOf("u", 200, 300)
			// Stopped in u's rows: m's rows have committed, its load is still under way.
			runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, stop: int64(strings.Count(head, "\n")) + 3, opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10},
				refused: "its trigger(s) `trg` may write other tables or variables"})
		})
	}
}

// TestXFix81ReadOnlyTransactionRefusedByName pins what a `START TRANSACTION READ ONLY`
// meets in a run with progress rows (--checkpoint, serial and --parallel 2): dumpscope
// writes its journal on the dump's connection inside the dump's transaction (progress
// rows, user variables, DDL marks), which a read-only transaction refuses with ERROR
// 1792. It is refused before it runs, in one line naming the statement and why
// (replay/readonly.go), not by a journal write's 1792 naming no place. Exact (the
// journal writes moved after the transaction) is left: see x-fix81's report.
func TestXFix81ReadOnlyTransactionRefusedByName(t *testing.T) {
	dump := "CREATE DATABASE q;\nUSE q;\nCREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO k VALUES (1), (2);\n" +
		"START TRANSACTION READ ONLY;\nSELECT COUNT(*) INTO @c FROM k;\nCOMMIT;\nINSERT INTO k VALUES (10 + @c);\n"
	for mode, o := range map[string]importer.Options{
		"checkpoint":            {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
		"parallel 2 checkpoint": checkpointed(t),
	} {
		t.Run(mode, func(t *testing.T) {
			x9Refused(t, dump, o, "line 5: START TRANSACTION:", "it makes the connection read-only", "ERROR 1792", ": START TRANSACTION READ ONLY")
		})
	}
}
