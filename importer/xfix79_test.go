package importer_test

import (
	"github.com/dumpscope/dumpscope/importer"
	"strings"
	"testing"
)

// x-fix79: package state reached through code. replay/packagestate.go refused a
// resume's statement naming a package (pkg.routine) that a skipped statement named;
// a statement reaching the package through a procedure, a stored function, a trigger,
// or a package the scan did not see created, went by it.

const x79Head = "SET NAMES utf8mb4;\nCREATE DATABASE x79;\nUSE x79;\n" +
	"CREATE TABLE opk1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
	"CREATE TABLE keep1 (id INT PRIMARY KEY) ENGINE=InnoDB;\n" +
	"CREATE TABLE tg1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
	"/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n" +
	"/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;\n" +
	"DELIMITER ;;\n"

const x79Spec = "CREATE PACKAGE `x79`.`pk1` AS\n  FUNCTION g(x INT) RETURN INT;\n  PROCEDURE bump(x INT);\nEND;;\n"

const x79Body = "CREATE PACKAGE BODY `x79`.`pk1` AS\n  cnt INT := 0;\n  FUNCTION g(x INT) RETURN INT AS\n  BEGIN\n    RETURN x + cnt;\n  END;\n" +
	"  PROCEDURE bump(x INT) AS\n  BEGIN\n    cnt := cnt + x;\n  END;\nEND;;\n"

const x79Tail = "DELIMITER ;\n/*!50003 SET sql_mode              = @saved_sql_mode */ ;\nINSERT INTO keep1 VALUES (9);\n"

// x79Shapes are the ways a statement sets (the first statement of each body past the
// package) and a later one reads a package's state, with a commit between them.
var x79Shapes = map[string]string{
	"procedure sets": x79Spec + x79Body +
		"CREATE PROCEDURE `x79`.`p1`() AS\nBEGIN\n  `x79`.`pk1`.bump(2);\nEND;;\n" +
		"CALL `x79`.`p1`();;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`pk1`.g(5));;\n",
	"function reads": x79Spec + x79Body +
		"CREATE FUNCTION `x79`.`f1`(x INT) RETURN INT AS\nBEGIN\n  RETURN `x79`.`pk1`.g(x);\nEND;;\n" +
		"CALL `x79`.`pk1`.bump(2);;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`f1`(5));;\n",
	"procedure reads": x79Spec + x79Body +
		"CREATE PROCEDURE `x79`.`p2`() AS\nBEGIN\n  INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`pk1`.g(5));\nEND;;\n" +
		"CALL `x79`.`pk1`.bump(2);;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"CALL `x79`.`p2`();;\n",
	"trigger sets": x79Spec + x79Body +
		"CREATE TRIGGER `x79`.`t1b` BEFORE INSERT ON `x79`.`tg1` FOR EACH ROW\nBEGIN\n  `x79`.`pk1`.bump(NEW.id);\nEND;;\n" +
		"INSERT INTO `x79`.`tg1` VALUES (2, 'a');;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`pk1`.g(5));;\n",
	"trigger reads": x79Spec + x79Body +
		"CREATE TRIGGER `x79`.`t1b` BEFORE INSERT ON `x79`.`tg1` FOR EACH ROW\nBEGIN\n  :NEW.v := 'g' || `x79`.`pk1`.g(5);\nEND;;\n" +
		"CALL `x79`.`pk1`.bump(2);;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`tg1` VALUES (908, 'x');;\n",
	"trigger sets, package by dynamic SQL": x79Dynamic +
		"CREATE TRIGGER `x79`.`t1b` BEFORE INSERT ON `x79`.`tg1` FOR EACH ROW\nBEGIN\n  `x79`.`pk1`.bump(NEW.id);\nEND;;\n" +
		"INSERT INTO `x79`.`tg1` VALUES (2, 'a');;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`pk1`.g(5));;\n",
	"created by dynamic SQL": "EXECUTE IMMEDIATE 'CREATE PACKAGE `x79`.`pk1` AS FUNCTION g(x INT) RETURN INT; PROCEDURE bump(x INT); END';;\n" +
		"EXECUTE IMMEDIATE 'CREATE PACKAGE BODY `x79`.`pk1` AS cnt INT := 0; FUNCTION g(x INT) RETURN INT AS BEGIN RETURN x + cnt; END; PROCEDURE bump(x INT) AS BEGIN cnt := cnt + x; END; END';;\n" +
		"CALL `x79`.`pk1`.bump(2);;\nINSERT INTO `x79`.`keep1` VALUES (1);;\n" +
		"INSERT INTO `x79`.`opk1` VALUES (908, 'g' || `x79`.`pk1`.g(5));;\n",
}

// x79Dynamic makes the package through EXECUTE IMMEDIATE, which the resume does not
// read as a CREATE PACKAGE.
const x79Dynamic = "EXECUTE IMMEDIATE 'CREATE PACKAGE `x79`.`pk1` AS FUNCTION g(x INT) RETURN INT; PROCEDURE bump(x INT); END';;\n" +
	"EXECUTE IMMEDIATE 'CREATE PACKAGE BODY `x79`.`pk1` AS cnt INT := 0; FUNCTION g(x INT) RETURN INT AS BEGIN RETURN x + cnt; END; PROCEDURE bump(x INT) AS BEGIN cnt := cnt + x; END; END';;\n"

// x79From is the line text each shape's sweep starts at: the statement that sets, or
// the trigger that will (the plain parallel replay refuses the row insert that fires it:
// TestXFix79PackageStateParallel).
func x79From(body string) string {
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "CALL ") || strings.HasPrefix(l, "CREATE TRIGGER") {
			return l
		}
	}
	return ""
}

func TestXFix79PackageStateThroughCode(t *testing.T) {
	for name, body := range x79Shapes {
		for _, mode := range []string{"resume", "resume-load-data"} {
			t.Run(name+" "+mode, func(t *testing.T) {
				script := x79Head + body + x79Tail
				if n := x71Sweep(t, script, mode, x79From(body), ""); n == 0 {
					t.Fatal("no kill points")
				}
			})
		}
	}
}

// TestXFix79PackageStateParallel: without a resume, each shape under --parallel 2 and
// --load-data: the statement reading the package's state must run on the session that
// set it (the planner reads routine bodies transitively).
func TestXFix79PackageStateParallel(t *testing.T) {
	for name, body := range x79Shapes {
		for mode, o := range map[string]importer.Options{
			"parallel":  {Parallel: 2, BatchBytes: 512},
			"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
		} {
			t.Run(name+" "+mode, func(t *testing.T) {
				sessionMatchesClient(t, x79Head+body+x79Tail, "x79", o, "(908,'g7')", "calls package pk1")
			})
		}
	}
}

// TestXFix79ReadAheadGlobalQuoting: the target's global sql_mode (each new session's)
// has ANSI_QUOTES or NO_BACKSLASH_ESCAPES and the dump never sets sql_mode. The
// read-ahead (--preflight-scan) must split and read names as the server does from the
// session's mode: read as a string, "other"."k" would be no table, and the DELETE an
// overwrite the preflight missed.
func TestXFix79ReadAheadGlobalQuoting(t *testing.T) {
	f := newSessionFixture(t, "")
	t.Cleanup(func() { f.exec("SET GLOBAL sql_mode = DEFAULT") })
	for name, c := range map[string]struct{ mode, body string }{
		"ansi quotes":          {"ANSI_QUOTES", "DELETE FROM \"other\".\"k\";\n"},
		"ansi quotes, INSERT":  {"ANSI_QUOTES", "INSERT INTO \"other\".\"k\" VALUES (7);\n"},
		"no backslash escapes": {"NO_BACKSLASH_ESCAPES", "SELECT 'a\\' ;\nDELETE FROM other.k;\nSELECT '\\' ;\n"},
	} {
		for mode, o := range map[string]importer.Options{"preflight-scan": {Parallel: 2, PreflightScan: true}, "preflight-scan serial": {PreflightScan: true}, "per statement": {Parallel: 2}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				f.exec("SET GLOBAL sql_mode = '" + c.mode + "'")
				defer f.exec("SET GLOBAL sql_mode = DEFAULT")
				log, err := x23UntouchedKeeping(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+c.body, o)
				if err == nil || !strings.Contains(err.Error()+log, "other") {
					t.Errorf("want a refusal naming other.k; got %v\n%s", err, log)
				}
				f.exec("DROP DATABASE IF EXISTS fresh")
			})
		}
	}
}
