package importer_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// seed32083 is difffuzz seed 32083 (--parallel 2 --defer-indexes --batch-bytes 2K), shrunk:
// the dump's SET autocommit=0, then a statement into a MyISAM table (its intent is written
// on a worker), a DDL that ends the region (run on a worker, after the session statements
// it had not run), and another MyISAM statement in the next region.
const seed32083 = "CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;\nUSE `fz0`;\n" +
	"CREATE TABLE `fz0`.`t1` (\n  `id` int,\n  `c0` bit(1) NOT NULL,\n  `c1` date,\n  `u` int,\n  UNIQUE KEY `uk` (`u`),\n  KEY `k1` (`c0`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
	"CREATE TABLE `fz0`.`t2` (\n  `id` int,\n  `c0` float,\n  `c1` enum('1','2','10','a','b') NOT NULL,\n  `c2` decimal(30,10),\n  `c3` float,\n  `c4` decimal(10,2) NOT NULL,\n  KEY `k1` (`c0`)\n) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;\n" +
	"SET autocommit=0;\n" +
	"INSERT INTO t2 VALUES (27,2,'a',-.284,-2.25e-3,'-34592.993'),(15,.5e1,'B',.93,123456789.125,38.5e2),(28,3.4e38,'10',0x158A4,2,0x6C57),(29,1.5,3,40774.00,2,30.5e2),(30,1e-30,1,-80.123456789012,3.4e38,-60624.11),(31,1.5,'2',13.5e0,'7.5',0x126FB);\n" +
	"CREATE TRIGGER `fz0`.`trg4` AFTER INSERT ON `fz0`.`t1` FOR EACH ROW INSERT INTO `fz0`.`log_t1` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));\n" +
	"CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));\n" +
	"DELIMITER ;;\nCREATE TRIGGER `fz0`.`trg5` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW\nBEGIN\n  SET @trg = COALESCE(@trg, 0) + 1;\n  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert');\nEND ;;\nDELIMITER ;\n" +
	"INSERT INTO `fz0`.`t2` VALUES (79,1e-30,3,-570.123456789012,123456789.125,-90139.01),(80,1e-30,1,874.123456789012,-2.25e-3,-648.123456789012),(81,123456789.125,'a',83.5e1,.5e1,'64434.027'),(82,null,'2',-62766.43,3.4e38,.823);\n" +
	"SET autocommit=1;\n"

// TestImportWorkerKeepsAutocommit: the dump's SET autocommit=0 reached a worker's session
// with the next entry it ran, and the intent, ran marker and user variables the
// controller then wrote on that worker stayed in an open transaction, which the control
// connection's DELETE of the intent waited for: ERROR 1205 at SET autocommit=1 where the
// client finishes. Which worker took the DDL after the SET decided it (5 runs in 6 failed
// on main), so the import runs several times; each must end with the client's database.
func TestImportWorkerKeepsAutocommit(t *testing.T) {
	ref := testsandbox.Start(t)
	// A short lock wait: on main each failing run waited for it.
	srv := testsandbox.Start(t, "innodb_lock_wait_timeout=2", "lock_wait_timeout=2")
	path := writeFile(t, "d.sql", []byte(seed32083))
	clientImport(t, ref, path)
	want := redumps(t, ref, "fz0")
	db := sandboxDB(t, srv, "")
	for i := range 6 {
		for _, q := range []string{"DROP DATABASE IF EXISTS fz0", "DROP DATABASE IF EXISTS dumpscope_progress"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		var log strings.Builder
		o := importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true, CheckpointPath: filepath.Join(t.TempDir(), "journal"), Log: &log}
		res, err := tryImport(t, srv, "", importer.Source{Path: path}, o)
		if err == nil {
			err = res.Err
		}
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i+1, err, log.String())
		}
		sameDump(t, fmt.Sprintf("run %d", i+1), want, redumps(t, srv, "fz0"))
	}
}
