package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestLeadS44PreparedReaderAfterWorkerWarnings (open, gated; difffuzz seed 90045, --load-data; the
// lead's search of session 44): an INSERT IGNORE raising a warning, then `PREPARE dks3
// FROM 'SET @w = @@warning_count'; EXECUTE dks3`: PREPARE keeps the area in the client
// and @w is 1; in dumpscope the INSERT IGNORE ran where the reader's connection did not
// see it (a worker, before the PREPARE turned the run serial) and @w is 0, silently; serial
// --checkpoint too (a progress row between). The plain serial replay matches.
func TestLeadS44PreparedReaderAfterWorkerWarnings(t *testing.T) {
	reviewX(t)
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT IGNORE INTO `fz0`.`sv` (n, name, v) VALUES (143241, 'dup', 'a'), (143241, 'dup', 'b');\n" +
		"PREPARE dks3 FROM 'SET @w = @@warning_count';\n" +
		"EXECUTE dks3;\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, o := range map[string]importer.Options{
		"serial":     {},
		"parallel":   {Parallel: 2, BatchBytes: 2 << 10},
		"load-data":  {Parallel: 2, BatchBytes: 2 << 10, LoadData: true},
		"checkpoint": {Parallel: 1},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "checkpoint" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			importMatchesClient(t, dump, o, "fz0")
		})
	}
}
