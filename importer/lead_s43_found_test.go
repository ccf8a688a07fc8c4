package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestLeadS43WarningThenFunctionCallThenReader: in a run gone serial (a SELECT … INTO)
// or serial with a journal, `SET @dw = CAST('5y' AS SIGNED); DO f(1); SELECT
// @@warning_count INTO @w3` where f is a stored function that raises nothing and opens no
// table: the client's DO keeps the area and @w3 is 1; dumpscope's was 0 (found by the
// lead while checking x-fix31's change, session 43). The general log (x-fix34): before
// the DO, the function look-up (information_schema.ROUTINES, VIEWS), the intent of a
// statement that may call a writing function (the non-InnoDB tables' look-up, CHECKSUM
// TABLE, REPLACE INTO dumpscope_progress.intents) and the warning list's clearing (DO
// (SELECT 1 FROM (SELECT 1) …)) on the control connection, each of which empties the
// area. Now the look-ups and the intent go to an idle worker and the list is not cleared
// before a SELECT, DO or VALUES that names no table (replay's keeperConn, warnLog.mayKeep).
// A function whose body opens a table empties the area on the server itself (checked on
// 10.11: `SELECT COUNT(*) INTO n FROM t` in the body, INSERT, UPDATE), which the
// "reads" and "writes" subtests check; a RETURN (SELECT …) keeps it. Failed before.
func TestLeadS43WarningThenFunctionCallThenReader(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE m (id int) ENGINE=MyISAM;\n" +
		"CREATE TABLE t (id int) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1), (2);\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x + 1;\n" +
		"CREATE FUNCTION fsub(x int) RETURNS int READS SQL DATA RETURN (SELECT COUNT(*) FROM t) + x;\n" +
		"DELIMITER ;;\n" +
		"CREATE FUNCTION fread(x int) RETURNS int READS SQL DATA BEGIN DECLARE n int; SELECT COUNT(*) INTO n FROM t; RETURN n + x; END ;;\n" +
		"CREATE FUNCTION fwrite(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO m VALUES (x); RETURN x; END ;;\n" +
		"DELIMITER ;\n" +
		"SET @om = @@sql_mode;\nSET sql_mode = '';\n" +
		"CREATE FUNCTION fwarn(x int) RETURNS int DETERMINISTIC RETURN CAST('3z' AS SIGNED) + x;\n" +
		"SET sql_mode = @om;\n" +
		"SELECT COUNT(*) INTO @c FROM m;\n" +
		"SET @dw = CAST('5y' AS SIGNED);\n"
	tail := "SELECT @@warning_count INTO @w3;\n" +
		"INSERT INTO sv (name, v) VALUES ('w3', @w3);\n"
	calls := map[string]string{
		"do":        "DO f(1);\n",
		"select":    "SELECT f(2) INTO @r;\n",
		"concat":    "SELECT CONCAT(@c, 1) INTO @r;\n",
		"subquery":  "DO fsub(1);\n",
		"reads":     "DO fread(1);\n",
		"writes":    "DO fwrite(1);\n",
		"warns":     "SELECT fwarn(1) INTO @r;\n",
		"two keeps": "DO f(1);\nDO 1;\n",
		"get diag":  "DO f(1);\nGET DIAGNOSTICS @w3 = NUMBER;\n",
	}
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 2},
		"checkpoint": {Parallel: 1},
	} {
		for call, text := range calls {
			t.Run(name+", "+call, func(t *testing.T) {
				if name == "checkpoint" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				importMatchesClient(t, head+text+tail, o, "fz0")
			})
		}
	}
}
