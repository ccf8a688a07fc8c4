package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// Stop 51's leftovers (branch x-fix78, session 52): top-level compound statements that
// read ROW_COUNT()/FOUND_ROWS() or set session variables, MERGE tables on resume,
// sequences moved by DEFAULT.

// x78Blocks are the top-level compound statements (plan.CompoundStatement) whose body
// reads what the statement before them left: %s is the reading statement.
var x78Blocks = map[string]string{
	"not atomic": "BEGIN NOT ATOMIC %s; END",
	"if":         "IF 1 THEN %s; END IF",
	"for":        "FOR i IN 1..1 DO %s; END FOR",
	"while":      "WHILE @w IS NULL DO SET @w = 1; %s; END WHILE",
	"case":       "CASE WHEN 1 THEN %s; END CASE",
	"repeat":     "REPEAT %s; UNTIL 1 END REPEAT",
	"loop":       "BEGIN NOT ATOMIC l: LOOP %s; LEAVE l; END LOOP; END",
}

// TestXFix78BlockReadsRowCount: a top-level compound statement whose body reads
// ROW_COUNT() (or FOUND_ROWS()) right after a row INSERT, a DELETE of no row or a
// SELECT SQL_CALC_FOUND_ROWS: rr.log must hold what the client's holds, or the run
// refuses in one line naming ROW_COUNT. The block runs on the control connection, where
// dumpscope's own statements (progress rows, warning counts) ran since the statement
// before it, itself perhaps sent on a worker.
func TestXFix78BlockReadsRowCount(t *testing.T) {
	const head = "CREATE DATABASE rr;\nUSE rr;\nCREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint);\n" +
		"CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO t VALUES (100), (101);\n"
	befores := map[string]string{
		"insert 3": "INSERT INTO t VALUES (1), (2), (3);\n",
		"delete 0": "DELETE FROM t WHERE id > 1000;\n",
		"found 2":  "SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1;\nINSERT INTO t VALUES (7);\n",
	}
	reads := map[string]string{
		"insert 3": "INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT())",
		"delete 0": "INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT())",
		"found 2":  "INSERT INTO log (what, n) VALUES ('found_rows', FOUND_ROWS())",
	}
	f := newSessionFixture(t, "")
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq"
	for block, form := range x78Blocks {
		for before, stmt := range befores {
			dump := head + stmt + "DELIMITER ;;\n" + strings.Replace(form, "%s", reads[before], 1) + ";;\nDELIMITER ;\n" +
				"INSERT INTO t VALUES (50);\nINSERT INTO log (what, n) VALUES ('end', 0);\n"
			if err := os.WriteFile(f.path, []byte(dump), 0o600); err != nil {
				t.Fatal(err)
			}
			f.exec("DROP DATABASE IF EXISTS rr")
			f.client()
			want := f.query(logQuery)
			if !strings.Contains(want, " = ") || strings.Count(want, "=") < 2 {
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
						if msg := err.Error(); strings.Contains(msg, "may read ROW_COUNT") && !strings.Contains(msg, "\n") {
							t.Logf("refused: %s", msg)
							return // refused in one line
						}
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
