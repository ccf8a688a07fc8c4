package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestLeadS44PreparedReaderAfterWorkerWarnings (difffuzz seed 90045, --load-data; the
// lead's search of session 44): an INSERT IGNORE raising a warning, then `PREPARE dks3
// FROM 'SET @w = @@warning_count'; EXECUTE dks3`: PREPARE keeps the area in the client
// and @w is 1; in dumpscope the INSERT IGNORE ran where the reader's connection did not
// see it (a worker, before the PREPARE turned the run serial) and @w was 0, silently.
// Since x-fix34 the EXECUTE is refused in one line (70145's rule follows an EXECUTE of a
// prepared reader), also under --skip-warning-count (x-fix42 counts the conditions
// there too). x-fix42 kept the refusal: the area cannot be carried to the control
// connection. The worker's count is known, but the client's area holds the conditions
// themselves (level, code, SQLSTATE, text: what GET DIAGNOSTICS CONDITION n and SHOW
// WARNINGS read); SIGNAL can raise a warning only of SQLSTATE class 01, where this one
// is 23000 (1062), and the window's count may include rows of other statements in flight.
// The plain serial replay matches the client; every mode with workers refuses.
func TestLeadS44PreparedReaderAfterWorkerWarnings(t *testing.T) {
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT IGNORE INTO `fz0`.`sv` (n, name, v) VALUES (143241, 'dup', 'a'), (143241, 'dup', 'b');\n" +
		"PREPARE dks3 FROM 'SET @w = @@warning_count';\n" +
		"EXECUTE dks3;\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, o := range map[string]importer.Options{
		"serial":                        {},
		"checkpoint, default workers":   {CheckpointPath: "x"},
		"parallel":                      {Parallel: 2, BatchBytes: 2 << 10},
		"load-data":                     {Parallel: 2, BatchBytes: 2 << 10, LoadData: true},
		"checkpoint":                    {Parallel: 1, CheckpointPath: "x"},
		"parallel, skip-warning-count":  {Parallel: 2, BatchBytes: 2 << 10, SkipWarningCount: true},
		"load-data, skip-warning-count": {Parallel: 2, BatchBytes: 2 << 10, LoadData: true, SkipWarningCount: true},
	} {
		t.Run(name, func(t *testing.T) {
			if o.CheckpointPath != "" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			refuse := ""
			if o.Parallel > 0 || o.CheckpointPath != "" {
				refuse = "EXECUTE"
			}
			xfix34Refused(t, dump, o, refuse)
		})
	}
}
