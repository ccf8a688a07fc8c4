package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzFound80017WrappedReaderAfterSerialTurn: in a run gone serial at
// a SELECT … INTO (or serial with a journal), a SET that raises a warning, then `EXECUTE
// IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER'`: the client's @w is 1, dumpscope's 0 under
// --parallel and serial --checkpoint (difffuzz seed 80017, lead's search of session 43 with
// diag-set-warning on). The plain `GET DIAGNOSTICS @w = NUMBER` in the same place read 1:
// the intent's look-up of the non-transactional tables (information_schema.TABLES, which
// empties the area) was skipped for a plain GET DIAGNOSTICS only, and came between the SET
// and the wrapped one. Fixed: beginIntent reads the statement a wrapper runs (innermost).
// Without the SELECT … INTO the run stays parallel and the reader is refused in one line,
// as it should be.
func TestDiffFuzzFound80017WrappedReaderAfterSerialTurn(t *testing.T) {
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE `fz0`.`t1` (`id` bigint NOT NULL, `c0` json, `c1` longblob NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c3 FROM `fz0`.`t1`;\n" +
		"SET @dw1 = CAST('3y' AS SIGNED);\n" +
		"EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 3, BatchBytes: 2 << 10},
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
