package importer_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/difffuzz"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/go-sql-driver/mysql"
)

// foundRowsAfter runs each dump (head + the statement under test + the reader of
// FOUND_ROWS() into f9.log) through the client and through dumpscope in --parallel 2,
// --load-data and --checkpoint, and compares f9.log; a refusal in one line naming
// FOUND_ROWS passes.
func foundRowsAfter(t *testing.T, head string, cases map[string]string) {
	f := newSessionFixture(t, "")
	// A server without a thread cache, as the fuzzer's (difffuzz.SandboxSettings): a
	// connection on a cached thread starts with FOUND_ROWS() at what the thread's last
	// connection left, which a block then makes visible (the server's history, not the
	// dump's).
	f.srv = testsandbox.Start(t, difffuzz.SandboxSettings...)
	cfg, err := mysql.ParseDSN(f.srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", f.srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f.cfg, f.db = cfg, db
	for name, stmt := range cases {
		dump := head + stmt + "INSERT INTO f9.log (what, v) VALUES ('fr', FOUND_ROWS());\n"
		if head == "" {
			dump = stmt
		}
		if err := os.WriteFile(f.path, []byte(dump), 0o600); err != nil {
			t.Fatal(err)
		}
		f.exec("DROP DATABASE IF EXISTS f9")
		f.client()
		want := f.query("SELECT GROUP_CONCAT(CONCAT(what, ' = ', v) ORDER BY n) FROM f9.log")
		t.Logf("%s: the client's %s", name, want)
		for mode, o := range map[string]importer.Options{
			"parallel 2": {Parallel: 2, BatchBytes: 512},
			"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
			"checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				f.exec("DROP DATABASE IF EXISTS f9")
				f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
				res, err := importer.Import(t.Context(), f.cfg, importer.Source{Path: f.path}, o)
				if err == nil && res != nil {
					err = res.Err
				}
				if err != nil {
					if msg := err.Error(); strings.Contains(msg, "FOUND_ROWS") && !strings.Contains(msg, "\n") {
						t.Logf("refused: %s", msg)
						return
					}
					t.Fatalf("import: %v", err)
				}
				if got := f.query("SELECT GROUP_CONCAT(CONCAT(what, ' = ', v) ORDER BY n) FROM f9.log"); got != want {
					t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
				}
			})
		}
	}
}

// TestXFuzz9FoundRowsAfterValuesSubquery: FOUND_ROWS() read after an INSERT … VALUES
// whose value is a subquery. Such a subquery may set FOUND_ROWS() (COUNT(*) … WHERE of a
// table: 1) or leave it as it was (GROUP_CONCAT over an empty table, MAX(id) the
// optimizer answers from the index: measured on MariaDB 10.11.19 after a SELECT
// SQL_CALC_FOUND_ROWS … LIMIT 1 of 7 rows, 7 kept), and the fast modes read it back
// after the statement (holdFound's SELECT FOUND_ROWS() INTO, or a worker's SELECT
// FOUND_ROWS()), where "as it was" is what dumpscope's own statements or another
// connection left: x-fuzz9 seed 169174 (parallel, shrunk; the generator's `INSERT INTO
// sv … VALUES ('tmp', (SELECT … GROUP_CONCAT(s ORDER BY id) … FROM tt3))` of an empty
// TEMPORARY table after USE): 2 where the client's is 1 (USE's SELECT DATABASE()). SILENT,
// no kill needed. Since the fix (replay's valuesSubquery) FOUND_ROWS() after such a
// statement is not known and a reader is refused by name, as after a SET with a subquery
// (x-fuzz8's finding B).
func TestXFuzz9FoundRowsAfterValuesSubquery(t *testing.T) {
	const head = "CREATE DATABASE f9;\nUSE f9;\n" +
		"CREATE TABLE log (n int AUTO_INCREMENT PRIMARY KEY, what varchar(20), v bigint) ENGINE=InnoDB;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE TABLE r (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		"INSERT INTO r VALUES (1),(2),(3),(4),(5),(6),(7);\n"
	const tmp = "CREATE TEMPORARY TABLE tt (id int NOT NULL PRIMARY KEY, a int, s varchar(40)) ENGINE=Aria;\n"
	const calc = "SELECT SQL_CALC_FOUND_ROWS id INTO @z FROM r LIMIT 1;\n"
	foundRowsAfter(t, head, map[string]string{
		"seed-169174":  tmp + "INSERT INTO sv (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(a), MAX(id), GROUP_CONCAT(s ORDER BY id)), 400) FROM tt));\n",
		"group-concat": tmp + calc + "INSERT INTO sv (name, v) VALUES ('tmp', (SELECT GROUP_CONCAT(s) FROM tt));\n",
		"max-index":    calc + "INSERT INTO sv (name, v) VALUES ('tmp', (SELECT MAX(id) FROM r));\n",
		"count-where":  calc + "INSERT INTO sv (name, v) VALUES ('tmp', (SELECT COUNT(*) FROM r WHERE id > 2));\n",
		"set-form":     calc + "INSERT INTO sv SET name = 'tmp', v = (SELECT MAX(id) FROM r);\n",
	})
}

// xfuzz9CreateTwiceScript is x-fuzz9 seed 169647's shape (filter-resume; the filter is
// not needed): a DROP TABLE IF EXISTS and a CREATE TABLE of the same name in a run gone
// serial (SET STATEMENT … FOR), rows after it.
const xfuzz9CreateTwiceScript = "CREATE DATABASE c9;\n" +
	"USE c9;\n" +
	"CREATE TABLE a (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
	"INSERT INTO a VALUES (1,1),(2,2);\n" +
	"SET STATEMENT max_statement_time = 0 FOR INSERT INTO a VALUES (3,3);\n" +
	"DROP TABLE IF EXISTS t1;\n" +
	"CREATE TABLE t1 (\n  id int NOT NULL,\n  v int DEFAULT NULL,\n  PRIMARY KEY (id)\n) ENGINE=InnoDB;\n" +
	"INSERT INTO t1 VALUES (1,1),(2,2),(3,3);\n" +
	"INSERT INTO a VALUES (4,4);\n"

// TestXFuzz9CreateRanTwiceKilled: killed after a CREATE TABLE ran and before dumpscope
// recorded it, then the resume killed at the same point (after its CREATE ran), the
// second resume sends the CREATE again: ERROR 1050 "Table 't1' already exists" where
// the client runs on. LOUD (the import fails; a resume after the 1050 does not get
// past it either). One kill at that point resumes right (the CREATE's pre-state, d5596bad);
// two do not. Found by x-fuzz9 seed 169647 (filter-resume, --kills 2; the two-kill sweep
// of its script found the one pair "ran 72, then ran 72" of 12 around the CREATE, with
// and without the filter). 1 of 1 pair failed before checkpoint.MarkSent kept the first
// attempt's mark.
func TestXFuzz9CreateRanTwiceKilled(t *testing.T) {
	pairs := twoKillSweep(t, []byte(xfuzz9CreateTwiceScript), "resume",
		func(a killPoint) bool { return a.kind == "ran" && a.line == 7 },
		func(_, b killPoint) bool { return b.kind == "ran" && b.line == 7 })
	if len(pairs) == 0 {
		t.Fatal("no pair of kills met (the resume never ran the CREATE TABLE)")
	}
	for _, r := range pairs {
		switch {
		case r.d != nil:
			t.Errorf("%v: %v", r, r.d)
		case r.refused != "":
			t.Logf("%v: refused: %s", r, r.refused)
		}
	}
}

// TestXFuzz9FoundRowsAfterHandlerBlock: FOUND_ROWS() read right after a top-level REPEAT
// block (an EXIT HANDLER taking a SIGNAL, an UPDATE, a ROW_COUNT() read and a DELETE
// inside; a one-row INSERT under the same DELIMITER right before it), after USE (the
// client's SELECT DATABASE(): 1). x-fuzz9 seed 169686 (load-data, shrunk to 7
// statements): the client's reader stores 1, dumpscope's 0 in --parallel 2, --load-data
// and --checkpoint (the "shrunk" case, 3 of 3 fail). SILENT, OPEN (gated). Both the
// one-row INSERT before the block and the block's ROW_COUNT() read are needed (without
// either it passes; the SET foreign_key_checks is not): the block's code reads ROW_COUNT
// 1, which giveRowToCode gives by `SELECT 1 INTO` a variable of dumpscope's after
// giveFound. Measured by hand (10.11.19, thread_cache_size=0): after `SELECT 1 INTO @v`
// such a block leaves FOUND_ROWS() 0, after `SELECT SQL_CALC_FOUND_ROWS 1 LIMIT 0` or `DO
// 0` it leaves 1 — the SELECT … INTO does not keep FOUND_ROWS() as its comment says,
// seen through a block. A direction: give 1 as a count above 1 is given (fillRowToCode's
// scratch row, then DELETE, which leaves FOUND_ROWS()), where the diagnostics area is
// empty.
func TestXFuzz9FoundRowsAfterHandlerBlock(t *testing.T) {
	const head = "CREATE DATABASE f9;\nUSE f9;\n" +
		"CREATE TABLE log (n int AUTO_INCREMENT PRIMARY KEY, what varchar(20), v bigint) ENGINE=InnoDB;\n" +
		"CREATE TABLE r (id int PRIMARY KEY, v varchar(20), k int) ENGINE=InnoDB;\n"
	const block = "DELIMITER ;;\nBEGIN NOT ATOMIC\n  BEGIN\n    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET @h = 1;\n" +
		"    INSERT INTO r VALUES (1, 'a', 0);\n    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'caught';\n  END;\nEND\n;;\nDELIMITER ;\n"
	foundRowsAfter(t, head, map[string]string{
		"handler": block,
		"seed-169686": "SET @i = 0;\nDELIMITER ;;\nREPEAT\n  SET @i = @i + 1;\n  BEGIN\n    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET @h = COALESCE(@h, 0) + 1;\n" +
			"    INSERT INTO r VALUES (4000 + @i * 10, 'before-err', 0);\n    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x7 caught';\n  END;\n" +
			"  IF @i = 2 THEN\n    UPDATE r SET k = k + 1 WHERE id % 2 = 0;\n    DELETE FROM r WHERE id = 3;\n  END IF;\nUNTIL @i >= 2 END REPEAT\n;;\nDELIMITER ;\n",
		"no-signal": "DELIMITER ;;\nBEGIN NOT ATOMIC\n  INSERT INTO r VALUES (1, 'a', 0);\nEND\n;;\nDELIMITER ;\n",
	})
	foundRowsAfter(t, "", map[string]string{"shrunk": "CREATE DATABASE f9 DEFAULT CHARACTER SET latin1;\nUSE f9;\nCREATE TABLE f9.`x7r1` (id int NOT NULL PRIMARY KEY, v varchar(60) DEFAULT NULL, k int DEFAULT NULL) ENGINE=InnoDB;\nCREATE TABLE f9.`log` (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, what varchar(20) DEFAULT NULL, v varchar(200) DEFAULT NULL) ENGINE=InnoDB;\nSET @x7i1 = 0;\nDELIMITER ;;\nINSERT INTO f9.`log` (what, v) VALUES ('under', ';;');;\nREPEAT\n  SET @x7i1 = @x7i1 + 1;\n  IF @x7i1 = 1 THEN\n    SET SESSION foreign_key_checks = 0;\n  END IF;\n  BEGIN\n    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET @x7h1 = COALESCE(@x7h1, 0) + 1;\n    INSERT INTO f9.`x7r1` VALUES (4000 + @x7i1 * 10, 'before-err', 0);\n    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x7 caught';\n    INSERT INTO f9.`x7r1` VALUES (4001 + @x7i1 * 10, 'after-err', 0);\n  END;\n  IF @x7i1 = 2 THEN\n    UPDATE f9.`x7r1` SET k = k + 1 WHERE id % 2 = 0;\n    INSERT INTO f9.`log` (what, v) VALUES ('rc-in', ROW_COUNT());\n    DELETE FROM f9.`x7r1` WHERE id = 3;\n  END IF;\nUNTIL @x7i1 >= 2 END REPEAT\n;;\nDELIMITER ;\nINSERT INTO f9.`log` (what, v) VALUES ('fr', FOUND_ROWS());\n"})
}
