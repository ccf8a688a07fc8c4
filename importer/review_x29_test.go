package importer_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twenty-ninth hostile review (branch x-review29, session 54): session 53's merges
// (x-fix81's ROW_COUNT give-back through a scratch table, checkpoint.TriggerBodies and
// sqlscan.DefaultQuoted, plan.PlainCommit; x-fuzz8's blockrowcount walk and
// subquerySetsFound; x-review28's packagereach and createPreState) against the mariadb
// client on the same input.
//
// Findings: /work/notes/s54/findings-x-review29.md.

// x29Fixture is a sessionFixture on a sandbox started with settings (binary logging).
func x29Fixture(t *testing.T, settings ...string) *sessionFixture {
	t.Helper()
	srv := testsandbox.Start(t, settings...)
	path := filepath.Join(t.TempDir(), "dump.sql")
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &sessionFixture{t: t, srv: srv, cfg: cfg, db: db, path: path}
}

// x29Modes are the fast modes a give-back or a FOUND_ROWS read-back runs in.
func x29Modes(t *testing.T) map[string]importer.Options {
	return map[string]importer.Options{
		"parallel 2": {Parallel: 2, BatchBytes: 512},
		"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
		"checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
	}
}

// x29Compare runs dump through the client, then through dumpscope in each of modes, on
// f's server (db dropped before each run), and compares query's answer; a refusal in one
// line holding refusedWord (or naming the diagnostics area) passes (logged).
func x29Compare(t *testing.T, f *sessionFixture, name, db, dump, query, refusedWord string, modes map[string]importer.Options) {
	t.Helper()
	if err := os.WriteFile(f.path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	f.exec("DROP DATABASE IF EXISTS " + db)
	f.client()
	want := f.query(query)
	t.Logf("%s: the client's %s", name, want)
	for mode, o := range modes {
		t.Run(name+"/"+mode, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS " + db)
			f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(t.Context(), f.cfg, importer.Source{Path: f.path}, o)
			if err == nil && res != nil {
				err = res.Err
			}
			if err != nil {
				if msg := err.Error(); refusedWord != "" && (strings.Contains(msg, refusedWord) || strings.Contains(msg, "diagnostics area")) && !strings.Contains(msg, "\n") {
					t.Logf("refused: %s", msg)
					return
				}
				t.Fatalf("import: %v", err)
			}
			if got := f.query(query); got != want {
				t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
			}
		})
	}
}

// TestReviewX29FoundRowsSetters: statements after `SELECT SQL_CALC_FOUND_ROWS … LIMIT 1`
// (7 found) that may set FOUND_ROWS() anew, then a reader. subquerySetsFound knows SET,
// DO, UPDATE, DELETE with the word SELECT; resultVerbs the statements that return rows.
// Finding 1 (silent, --parallel 2, --load-data, --checkpoint; 12 of 60 fail): VALUES and
// HANDLER … READ return rows but leave FOUND_ROWS() as it was (the client's 7): the
// read-back after them read what dumpscope's own SELECTs left (1). A multi-table UPDATE
// or DELETE (`UPDATE t JOIN u … SET`, `DELETE t FROM t JOIN u …`) sets FOUND_ROWS() (2, 1)
// without the word SELECT: dumpscope kept 7. Measured on MariaDB 10.11.19: CHECK,
// ANALYZE, OPTIMIZE, REPAIR, CHECKSUM TABLE, HELP, SHOW WARNINGS/ERRORS/CREATE …/GRANTS/
// PROCESSLIST/MASTER STATUS keep it too; SHOW TABLES/COLUMNS/INDEX/STATUS, DESC t set it.
// Fixed: FOUND_ROWS() is given before such a statement (replay's mayKeepFound), and a
// multi-table UPDATE/DELETE is one after which a reader is refused by name
// (subquerySetsFound).
func TestReviewX29FoundRowsSetters(t *testing.T) {
	const head = "CREATE DATABASE f9;\nUSE f9;\nCREATE TABLE t (id int PRIMARY KEY, k int) ENGINE=InnoDB;\n" +
		"CREATE TABLE u (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO u VALUES (1),(2);\n" +
		"CREATE TABLE log (n int AUTO_INCREMENT PRIMARY KEY, what varchar(20), v bigint) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7);\n" +
		"DELIMITER ;;\nCREATE PROCEDURE ps() BEGIN SELECT id FROM t WHERE id < 4; END;;\n" +
		"CREATE PROCEDURE pn(x int) BEGIN SET @pn = x; END;;\n" +
		"CREATE FUNCTION fs() RETURNS int READS SQL DATA BEGIN DECLARE c int; SELECT COUNT(*) INTO c FROM t WHERE id < 3; RETURN c; END;;\nDELIMITER ;\n" +
		"SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1;\n"
	f := x29Fixture(t)
	for name, stmt := range map[string]string{
		"executable comment set":  "SET @v5 = /*!50000 (SELECT COUNT(*) FROM t) */;\n",
		"executable comment stmt": "/*!50000 SET @v5 = (SELECT COUNT(*) FROM t) */;\n",
		"set statement update":    "SET STATEMENT max_statement_time = 0 FOR UPDATE t SET k = k + 1 WHERE id IN (SELECT id FROM (SELECT id FROM t WHERE id < 3) x);\n",
		"call subquery arg":       "CALL pn((SELECT COUNT(*) FROM t WHERE id < 4));\n",
		"do function":             "DO fs();\n",
		"values":                  "VALUES (1),(2),(3);\n",
		"with":                    "WITH x AS (SELECT id FROM t WHERE id < 5) SELECT COUNT(*) FROM x;\n",
		"call select":             "CALL ps();\n",
		"select into":             "SELECT id INTO @i FROM t WHERE id = 2;\n",
		"show":                    "SHOW TABLES;\n",
		"execute immediate":       "EXECUTE IMMEDIATE 'SELECT id FROM t WHERE id < 3';\n",
		"insert select":           "INSERT INTO u SELECT id + 10 FROM t WHERE id < 6;\n",
		"create select":           "CREATE TABLE c2 SELECT id FROM t WHERE id < 5;\n",
		"multi update":            "UPDATE t JOIN u ON t.id = u.id SET t.k = 0;\n",
		"multi delete":            "DELETE t FROM t JOIN u ON t.id = u.id WHERE t.id = 2;\n",
		"update function":         "UPDATE t SET k = fs() WHERE id = 1;\n",
		"insert function":         "INSERT INTO u VALUES (50 + fs());\n",
		"handler":                 "HANDLER t OPEN;\nHANDLER t READ FIRST;\nHANDLER t CLOSE;\n",
		"lowercase do":            "do (select count(*) from t where id < 3);\n",
		"set two":                 "SET @a = 1, @b = (SELECT COUNT(*) FROM t WHERE id < 6);\n",
	} {
		dump := head + stmt + "INSERT INTO t VALUES (10,0),(11,0);\nINSERT INTO log (what, v) VALUES ('fr', FOUND_ROWS());\n"
		x29Compare(t, f, name, "f9", dump, "SELECT GROUP_CONCAT(CONCAT(what, ' = ', v)) FROM f9.log", "FOUND_ROWS", x29Modes(t))
	}
}

const x29RowHead = "CREATE DATABASE rr;\nUSE rr;\nCREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint) ENGINE=InnoDB;\n" +
	"CREATE TABLE t (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO t VALUES (100, 0), (101, 0), (102, 0), (103, 0);\n" +
	"CREATE TABLE big (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
	"DELIMITER ;;\nCREATE PROCEDURE pd() BEGIN DECLARE r, w bigint; GET DIAGNOSTICS r = ROW_COUNT, w = NUMBER; INSERT INTO log (what, n) VALUES ('p diag', r), ('p number', w); END;;\n" +
	"CREATE PROCEDURE pr() BEGIN INSERT INTO log (what, n) VALUES ('p row_count', ROW_COUNT()), ('p found_rows', FOUND_ROWS()); END;;\nDELIMITER ;\n"

// x29RowBefores are statements that leave a ROW_COUNT() the code after reads.
var x29RowBefores = map[string]string{
	"insert 3":         "INSERT INTO t VALUES (1, 0), (2, 0), (3, 0);\n",
	"found 3 insert 1": "SELECT SQL_CALC_FOUND_ROWS id FROM t WHERE id > 100 LIMIT 1;\nINSERT INTO t VALUES (4, 0);\n",
	"found 3 insert 3": "SELECT SQL_CALC_FOUND_ROWS id FROM t WHERE id > 100 LIMIT 1;\nINSERT INTO t VALUES (5, 0), (6, 0), (7, 0);\n",
	"found 3 update 0": "SELECT SQL_CALC_FOUND_ROWS id FROM t WHERE id > 100 LIMIT 1;\nUPDATE t SET v = 0 WHERE id = 100;\n",
	"txn insert 3":     "START TRANSACTION;\nINSERT INTO t VALUES (8, 0), (9, 0), (10, 0);\n",
	"big 150000":       "INSERT INTO big SELECT seq FROM seq_1_to_150000;\n",
}

// x29RowReaders are code that reads ROW_COUNT() (and the diagnostics area) the statement
// before it left.
var x29RowReaders = map[string]string{
	"block rc found": "BEGIN NOT ATOMIC INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT()), ('found_rows', FOUND_ROWS()); END",
	"block diag":     "BEGIN NOT ATOMIC DECLARE r, w bigint; GET DIAGNOSTICS r = ROW_COUNT, w = NUMBER; INSERT INTO log (what, n) VALUES ('diag', r), ('number', w); END",
	"call diag":      "CALL pd()",
	"call rc":        "CALL pr()",
}

// x29RowCount runs every reader after every before on f.
func x29RowCount(t *testing.T, f *sessionFixture, befores map[string]string) {
	for reader, code := range x29RowReaders {
		for before, stmt := range befores {
			dump := x29RowHead + stmt + "DELIMITER ;;\n" + code + ";;\nDELIMITER ;\n" +
				"INSERT INTO t VALUES (50, 0);\nINSERT INTO log (what, n) VALUES ('end', @@warning_count);\nCOMMIT;\n"
			x29Compare(t, f, reader+"/"+before, "rr", dump, "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq", "ROW_COUNT", x29Modes(t))
		}
	}
}

// TestReviewX29RowCountGiven: x-fix81's give-back (−1 by SELECT 1, 0 by DO 0, 1 by SELECT
// … INTO, more by a scratch table's DELETE) read by blocks and CALLed bodies, with
// FOUND_ROWS() and the diagnostics area read too. Finding 2 (silent, --parallel 2,
// --load-data, --checkpoint; 3 of 72 fail, the rest pass or are refused by name): a block
// reading ROW_COUNT() and FOUND_ROWS() after `SELECT SQL_CALC_FOUND_ROWS … LIMIT 1` (3)
// and an INSERT of one row: the 1 is given by `SELECT 1 INTO @…`, which sets FOUND_ROWS()
// to 0 (x-fix81 took it for one that keeps it): found_rows = 0 where the client has 3.
// Fixed: 1 is given by the scratch table where FOUND_ROWS() above 1 was given (oneByTable).
func TestReviewX29RowCountGiven(t *testing.T) {
	x29RowCount(t, x29Fixture(t), x29RowBefores)
}

// TestReviewX29RowCountBinlog: the same with the binary log on, each format.
func TestReviewX29RowCountBinlog(t *testing.T) {
	for _, format := range []string{"STATEMENT", "MIXED", "ROW"} {
		t.Run(format, func(t *testing.T) {
			f := x29Fixture(t, "log_bin=x29bin", "server_id=29", "binlog_format="+format)
			x29RowCount(t, f, map[string]string{"insert 3": x29RowBefores["insert 3"], "txn insert 3": x29RowBefores["txn insert 3"]})
		})
	}
}

// x29WindowForms are CREATE forms of objects x77Objects made already (the client stops
// at each with "already exists") that createPreState leaves PreUnknown though x-review28
// fixed the kind: a body naming the word REPLACE or EXISTS anywhere (hasWord: a REPLACE()
// call, an IF EXISTS (SELECT …) in the body), a DEFINER clause, and mysqldump's view
// form with ALGORITHM (DDLWords' second word is then not VIEW).
var x29WindowForms = []struct{ name, ddl string }{
	{"procedure body replace()", "CREATE PROCEDURE p1() SELECT REPLACE('ab', 'a', 'c')"},
	{"procedure body exists", "CREATE PROCEDURE p1() SELECT EXISTS (SELECT 1)"},
	{"procedure definer", "CREATE DEFINER=CURRENT_USER PROCEDURE p1() SELECT 2"},
	{"view algorithm", "CREATE ALGORITHM=MERGE VIEW v1 AS SELECT 1 AS x"},
	{"view mysqldump form", "/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=CURRENT_USER SQL SECURITY DEFINER */ /*!50001 VIEW v1 AS SELECT 1 AS x */"},
	{"event body exists", "CREATE EVENT ev1 ON SCHEDULE EVERY 2 DAY STARTS '2030-01-01 00:00:00' DO DELETE FROM keep1 WHERE EXISTS (SELECT 1)"},
	{"table like", "CREATE TABLE d1 LIKE keep1"},
}

// TestReviewX29MarkedNotSentForms: x28markedNotSent for x29WindowForms (replay/ddlmark.go
// is x-fix83's this session: the test only; the procedure and event forms fixed by x-fix83's
// sqlscan.ObjectHead, the views by the lead's merge: no allowance for mysqldump's view head).
// Finding 4 (silent, --checkpoint + a kill
// between the mark and the send + --resume; 5 of 7 fail: the procedure with REPLACE( or
// EXISTS in its body, both view forms, the event with EXISTS): the mark says '?', and the
// resume takes the dump's own "already exists" for "it ran"; the client stops there.
func TestReviewX29MarkedNotSentForms(t *testing.T) {
	x28markedNotSent(t, x29WindowForms)
}

// x29PkgShapes: a package's state reached from a trigger through what packageWhy does not
// follow: a trigger firing another table's trigger that calls the package, a view whose
// column calls a package function that bumps the state. Finding 3 (silent, --parallel 2,
// --load-data; 2 of 4 fail): the view: (908,'g5') where the client has 'g245' (the
// trigger's words name the view, not the package). The chain holds. Fixed: a view that
// names a package is read as a routine that reaches it (plan's packageRoutines).
var x29PkgShapes = map[string]string{
	"trigger chain": x28Pk1 +
		"CREATE TABLE `x28`.`tg3` (id INT);;\n" +
		"CREATE TRIGGER `x28`.`t3b` BEFORE INSERT ON `x28`.`tg3` FOR EACH ROW\nBEGIN\n  `x28`.`pk1`.bump(1);\nEND;;\n" +
		"CREATE TRIGGER `x28`.`t2b` BEFORE INSERT ON `x28`.`tg2` FOR EACH ROW\nBEGIN\n  INSERT INTO `x28`.`tg3` VALUES (:NEW.id);\nEND;;\n" +
		x28PkgTail + x28Rows("tg2", 1, 12) + "INSERT INTO opk1 VALUES (908, CONCAT('g', `x28`.`pk1`.g(5)));\n",
	"view calls package function": "CREATE PACKAGE `x28`.`pk3` AS\n  FUNCTION gb(x INT) RETURN INT;\n  FUNCTION g(x INT) RETURN INT;\nEND;;\n" +
		"CREATE PACKAGE BODY `x28`.`pk3` AS\n  cnt INT := 0;\n  FUNCTION gb(x INT) RETURN INT AS\n  BEGIN\n    cnt := cnt + x;\n    RETURN x;\n  END;\n" +
		"  FUNCTION g(x INT) RETURN INT AS\n  BEGIN\n    RETURN x + cnt;\n  END;\nEND;;\n" +
		"CREATE TABLE `x28`.`tg3` (id INT);;\n" +
		"CREATE VIEW `x28`.`vb` AS SELECT `x28`.`pk3`.gb(1) AS x;;\n" +
		"CREATE TRIGGER `x28`.`t2b` BEFORE INSERT ON `x28`.`tg2` FOR EACH ROW\nBEGIN\n  INSERT INTO `x28`.`tg3` SELECT x FROM `x28`.`vb`;\nEND;;\n" +
		x28PkgTail + x28Rows("tg2", 1, 12) + "INSERT INTO opk1 VALUES (908, CONCAT('g', `x28`.`pk3`.g(5)));\n",
}

// TestReviewX29PackageReach: x29PkgShapes under --parallel 2 and --load-data.
func TestReviewX29PackageReach(t *testing.T) {
	for name, body := range x29PkgShapes {
		for mode, o := range map[string]importer.Options{
			"parallel":  {Parallel: 2, BatchBytes: 512},
			"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
		} {
			t.Run(name+" "+mode, func(t *testing.T) {
				sessionMatchesClient(t, x28PkgHead+body, "x28", o, "", "package")
			})
		}
	}
}

// TestReviewX29SkippedCommentTriggerReload: TestXFix81AnsiQuotesTriggerReload's reload
// with a trigger body holding an executable comment the server skips (`/*!80000 … */`:
// MySQL's, which MariaDB takes for a comment; `/*!120000 … */`: a later version) with a
// quote in it, closed by another such comment before END (the mariadb client reads
// both as code, as a reader given no server does). The server's body writes lg; read as
// code, the quotes make a string that hides the INSERT.
func TestReviewX29SkippedCommentTriggerReload(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, c := range map[string]struct{ mode, body string }{
		"mysql version":  {"", `BEGIN SET NEW.s = CONCAT(NEW.v, 'x') /*!80000 ' */; INSERT INTO lg VALUES (NEW.id); /*!80000 ' */ END`},
		"later version":  {"", `BEGIN SET NEW.s = CONCAT(NEW.v, 'x') /*!120000 ' */; INSERT INTO lg VALUES (NEW.id); /*!120000 ' */ END`},
		"nbe later":      {"NO_BACKSLASH_ESCAPES", `BEGIN SET NEW.s = CONCAT(NEW.v, 'a\') /*!120000 ' */; INSERT INTO lg VALUES (NEW.id); /*!120000 ' */ END`},
		"ansi mysql ver": {"ANSI_QUOTES", `BEGIN SET NEW.s = CONCAT(NEW.v, 'x') /*!80000 " */; INSERT INTO lg VALUES (NEW.id); /*!80000 " */ END`},
	} {
		t.Run(name, func(t *testing.T) {
			rows := func(from, to int) string {
				return strings.Replace(rowsOf("m", from, to), "INSERT INTO m VALUES", "INSERT INTO m (id, v) VALUES", 1)
			}
			head := "CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE lg (id int) ENGINE=MyISAM;\n" +
				"CREATE TABLE m (id int, v varchar(40), s varchar(80)) ENGINE=MyISAM;\n" +
				"SET SESSION sql_mode = '" + c.mode + "';\n" +
				"DELIMITER ;;\nCREATE TRIGGER trg BEFORE INSERT ON m FOR EACH ROW " + c.body + ";;\nDELIMITER ;\n" +
				"SET SESSION sql_mode = DEFAULT;\n" + rows(1, 60) + rows(60, 120)
			dump := head + "CREATE TABLE u (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("u", 0, 100) + rowsOf("u", 100, 200) + rowsOf("u", 200, 300)
			runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, stop: int64(strings.Count(head, "\n")) + 3, opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10},
				refused: "its trigger(s) `trg` may write other tables or variables"})
		})
	}
}

// TestReviewX29RowCountRollbackWarning: a count above 1 given back inside the dump's
// transaction writes the MyISAM scratch table there; the dump's ROLLBACK then warns
// (1196, some non-transactional changed tables could not be rolled back) where the
// client's has no warning, and a reader of the warnings after it sees one.
func TestReviewX29RowCountRollbackWarning(t *testing.T) {
	for name, settings := range map[string][]string{
		"no binlog":        nil,
		"binlog statement": {"log_bin=x29bin", "server_id=29", "binlog_format=STATEMENT"},
	} {
		t.Run(name, func(t *testing.T) {
			f := x29Fixture(t, settings...)
			for reader, tail := range map[string]string{
				"insert warning_count": "INSERT INTO log (what, n) VALUES ('w', @@warning_count), ('rc', @rc);\n",
				"set warning_count":    "SET @w = @@warning_count;\nINSERT INTO log (what, n) VALUES ('w', @w), ('rc', @rc);\n",
				"get diagnostics":      "GET DIAGNOSTICS @n = NUMBER;\nINSERT INTO log (what, n) VALUES ('n', @n), ('rc', @rc);\n",
			} {
				dump := x29RowHead + "START TRANSACTION;\nINSERT INTO t VALUES (1, 0), (2, 0), (3, 0);\n" +
					"DELIMITER ;;\nBEGIN NOT ATOMIC SET @rc = ROW_COUNT(); END;;\nDELIMITER ;\nROLLBACK;\n" + tail
				x29Compare(t, f, reader, "rr", dump, "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq", "ROW_COUNT", x29Modes(t))
			}
		})
	}
}
