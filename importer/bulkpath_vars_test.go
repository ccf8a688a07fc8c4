package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestImportBulkPathJournaledVars: inside the dump's transaction, after an INSERT IGNORE
// took InnoDB's bulk path into the empty table (mariadb-dump's unique_checks=0 and
// foreign_key_checks=0), a SET CHARACTER SET, whose session variables a checkpointed or
// parallel run journals on the control connection, and an INSERT IGNORE repeating a
// unique key. The client's COMMIT leaves the table empty with AUTO_INCREMENT=624; the
// journal's INSERT … ON DUPLICATE KEY UPDATE ended the bulk path, and dumpscope kept two
// rows with AUTO_INCREMENT=6 (difffuzz seed 38040, --parallel 3 --batch-bytes 2K;
// checkpoint/vars.go).
func TestImportBulkPathJournaledVars(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\nCREATE TABLE `fz0`.`t3` (\n  `id` int NOT NULL AUTO_INCREMENT,\n  `c0` date,\n  `c1` blob,\n  `u` int,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `uk` (`u`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		"/*!40014 SET FOREIGN_KEY_CHECKS=0 */;\n/*!40014 SET UNIQUE_CHECKS=0 */;\nSET autocommit=0;\n" +
		"INSERT IGNORE INTO `fz0`.`t3` (`id`,c1) VALUES (NULL,0);\nSET CHARACTER SET utf8mb4;\n" +
		"INSERT IGNORE INTO `fz0`.`t3` (`id`,c0,`u`) VALUES (0,NULL,0),(540,NULL,0),(619,NULL,0),(623,NULL,0);\n"
	for _, o := range []importer.Options{{Parallel: 3, BatchBytes: 2048}, {Parallel: 1, CheckpointPath: "x"}} {
		for _, end := range []string{"", "COMMIT;\n"} {
			if o.CheckpointPath != "" {
				o.CheckpointPath = writeFile(t, "cp", nil)
			}
			importMatchesClient(t, dump+end, o, "fz0")
		}
	}
}
