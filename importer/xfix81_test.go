package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
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
