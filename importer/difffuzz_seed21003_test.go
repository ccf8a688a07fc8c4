package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzSeed21003KeptDiagnostics: a statement that opens no table and raises no
// condition (UNLOCK TABLES, SET @v = 1) leaves the diagnostics area as the statement
// before it left it, so GET DIAGNOSTICS @ac5 = NUMBER after SET @ac5 = 1 reads the
// conditions of the last statement that opened a table: 1 after mysqldump's ENABLE KEYS
// on InnoDB (Note 1031) or after an INSERT IGNORE with one warning. The client then keeps
// autocommit on and the ROLLBACK undoes nothing. A parallel run gone serial (here at
// completion_type = CHAIN) sends progress rows and catalogue lookups between those
// statements (and the parallel dispatcher drops the no-op KEYS toggle), GET DIAGNOSTICS
// reads 0, autocommit goes off and the ROLLBACK loses row 3 silently (difffuzz seed
// 21003: t4 short of rows 270-318 in the load-data and spool modes, not the
// --load-data converter). The serial replay (Parallel 1) sends only the client's
// statements and matches.
func TestDiffFuzzSeed21003KeptDiagnostics(t *testing.T) {
	chain := "CREATE DATABASE d;\nUSE d;\nSET completion_type = 1;\nSTART TRANSACTION;\nCOMMIT;\nSET completion_type = 0;\nCOMMIT;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, v TINYINT) ENGINE=InnoDB;\n"
	read := "SET @ac5 = 1;\nGET DIAGNOSTICS @ac5 = NUMBER;\nSET autocommit = @ac5;\n" +
		"INSERT INTO t VALUES (3,0);\nROLLBACK;\nSET autocommit = 1;\n"
	dumps := map[string]string{
		"keys-toggle": chain + "LOCK TABLES t WRITE;\n/*!40000 ALTER TABLE t DISABLE KEYS */;\nINSERT INTO t VALUES (1,0),(2,0);\n" +
			"/*!40000 ALTER TABLE t ENABLE KEYS */;\nUNLOCK TABLES;\n" + read,
		"insert-warning": chain + "INSERT INTO t VALUES (1,0);\nINSERT IGNORE INTO t VALUES (2,300);\nUNLOCK TABLES;\n" + read,
	}
	modes := map[string]importer.Options{
		"serial":    {Parallel: 1},
		"parallel":  {Parallel: 2},
		"load-data": {LoadData: true, Parallel: 2, BatchBytes: 2048},
	}
	for dn, dump := range dumps {
		for mn, o := range modes {
			t.Run(dn+"/"+mn, func(t *testing.T) { importMatchesClient(t, dump, o, "d") })
		}
	}
}

// TestKeptDiagnosticsKeepers: every statement diagkeep.go's table finds keeping the
// diagnostics area, and replay's keepsArea lets the held progress row wait past, between
// an INSERT IGNORE with one warning and GET DIAGNOSTICS (in a run gone serial, with and
// without progress rows and --load-data): the reader reads 1 warning, as the client's,
// and the ROLLBACK after it undoes nothing. On main the progress row was written before
// the first of them that was not a SET of user variables to literals, and the reader
// read 0 (autocommit went off and row 3 was rolled back).
func TestKeptDiagnosticsKeepers(t *testing.T) {
	chain := "CREATE DATABASE d;\nUSE d;\nSET completion_type = 1;\nSTART TRANSACTION;\nCOMMIT;\nSET completion_type = 0;\nCOMMIT;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, v TINYINT) ENGINE=InnoDB;\nINSERT INTO t VALUES (1,0);\n"
	read := "GET DIAGNOSTICS @ac5 = NUMBER;\nSET autocommit = @ac5;\nINSERT INTO t VALUES (3,0);\nROLLBACK;\nSET autocommit = 1;\n"
	keepers := map[string]string{
		"unlock":       "UNLOCK TABLES;\n",
		"do":           "DO 1 + 1;\n",
		"select":       "SELECT @ac5, 'x' AS y;\n",
		"select-into":  "SELECT 2 INTO @z;\n",
		"set-names":    "/*!40101 SET NAMES utf8mb4 */;\n",
		"set-session":  "SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION', @@time_zone = '+00:00';\n",
		"mysqldump":    "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n/*!40014 SET UNIQUE_CHECKS=0 */;\n",
		"all, chained": "UNLOCK TABLES;\nDO 1;\nSELECT 1;\nSET NAMES utf8mb4;\nSET @z = 1;\nSET foreign_key_checks = 0;\n",
	}
	modes := map[string]importer.Options{
		"parallel":     {Parallel: 2},
		"load-data":    {LoadData: true, Parallel: 2, BatchBytes: 2048},
		"checkpointed": {Parallel: 2, BatchBytes: 512, CheckpointPath: "journal"},
	}
	for kn, keep := range keepers {
		dump := chain + "INSERT IGNORE INTO t VALUES (2,300);\n" + keep + read
		for mn, o := range modes {
			t.Run(kn+"/"+mn, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), o.CheckpointPath)
				}
				importMatchesClient(t, dump, o, "d")
			})
		}
	}
}

// TestKeptDiagnosticsToggleAgain: the note of ALTER TABLE … ENABLE KEYS on InnoDB (1031)
// reaches a reader after keepers in a run gone serial, under autocommit=0 too (where the
// statements run alone and the toggle is not sent again: it would commit), and a DISABLE
// KEYS sent again leaves the reader no condition, as the client's.
func TestKeptDiagnosticsToggleAgain(t *testing.T) {
	chain := "CREATE DATABASE d;\nUSE d;\nSET completion_type = 1;\nSTART TRANSACTION;\nCOMMIT;\nSET completion_type = 0;\nCOMMIT;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, v INT, n INT) ENGINE=InnoDB;\nCREATE TABLE m (id INT PRIMARY KEY, k INT, KEY (k)) ENGINE=MyISAM;\n" +
		"INSERT IGNORE INTO t (id, v) VALUES (1, 1), (1, 2);\n"
	read := "GET DIAGNOSTICS @n = NUMBER;\nINSERT INTO t (v, n) VALUES (0, @n);\n"
	dumps := map[string]string{
		"enable, do":         chain + "/*!40000 ALTER TABLE t ENABLE KEYS */;\nDO 1;\n" + read,
		"disable, set":       chain + "/*!40000 ALTER TABLE t DISABLE KEYS */;\nSET @z = 1, NAMES utf8mb4;\n" + read,
		"myisam enable":      chain + "ALTER TABLE m DISABLE KEYS;\nINSERT IGNORE INTO t (id, v) VALUES (1, 3);\nALTER TABLE m ENABLE KEYS;\nUNLOCK TABLES;\n" + read,
		"enable, autocommit": chain + "SET autocommit = 0;\nALTER TABLE t ENABLE KEYS;\nSET @z = 1;\n" + read + "COMMIT;\nSET autocommit = 1;\n",
	}
	modes := map[string]importer.Options{
		"parallel":  {Parallel: 2},
		"load-data": {LoadData: true, Parallel: 2, BatchBytes: 2048},
	}
	for dn, dump := range dumps {
		for mn, o := range modes {
			t.Run(dn+"/"+mn, func(t *testing.T) { importMatchesClient(t, dump, o, "d") })
		}
	}
}

// TestKeptDiagnosticsStateNotKept (difffuzz seed 48546, parallel; a regression of this
// branch's first keepsArea, never on main): SET @it = @@in_transaction after an INSERT
// into an Aria table in a run gone serial (the PREPARE) was taken for a keeper and run
// inside the transaction of the INSERT's progress row, where it reads 1; the client's
// reads 0. A session variable that reads the connection's state is no keeper's value.
func TestKeptDiagnosticsStateNotKept(t *testing.T) {
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;\nUSE `fz0`;\n" +
		"CREATE TABLE `fz0`.`t2` (`id` int NOT NULL AUTO_INCREMENT, `c0` year NOT NULL, `c1` time(2), `u` int, PRIMARY KEY (`id`), UNIQUE KEY `uk` (`u`), KEY `k1` (`c0`)) ENGINE=Aria DEFAULT CHARSET=utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"PREPARE s5 FROM 'CREATE OR REPLACE PROCEDURE `fz0`.`p4`() GET DIAGNOSTICS @w = NUMBER';\n" +
		"INSERT INTO t2 VALUES (0,0,0,0);\nSET @it103 = @@in_transaction;\nINSERT INTO `fz0`.`sv` (name, v) VALUES ('in_tx', @it103);\n"
	importMatchesClient(t, dump, importer.Options{Parallel: 3, BatchBytes: 2048}, "fz0")
}
