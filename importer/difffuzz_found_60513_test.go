package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDiffFuzzFound60513SetWarningSelectIntoThenCall (difffuzz seed 60513, --parallel 3,
// the lead's search on the merged main of stop 41 with diag-set-warning on again; shrunk
// to 8 statements): `SELECT COUNT(*) INTO @c FROM t2` (the run goes serial there), then
// `SET @dw4 = CAST('1y' AS SIGNED)` (warning 1292), then a CALL whose body is
// `GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO`: the client's @w is 1292, dumpscope's
// was NULL, silently. The CALL may write the MyISAM table t2, so its intent (CHECKSUM
// TABLE, the intents row) was written right before it, between the SET and the reader,
// and emptied the area (the general log shows it). Without the SELECT … INTO the run stays
// parallel and the CALL is refused as a reader already. Now it is refused in one line
// in both cases: a reader that needs an intent cannot be run exactly with progress rows.
func TestDiffFuzzFound60513SetWarningSelectIntoThenCall(t *testing.T) {
	head := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;\n" +
		"CREATE TABLE `fz0`.`t2` (`id` int NOT NULL AUTO_INCREMENT, `c0` point, `c1` bit(12), `c2` double(10,3), PRIMARY KEY (`id`)) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE PROCEDURE `fz0`.`rdp3`() GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;\n"
	tail := "SET @dw4 = CAST('1y' AS SIGNED);\n" +
		"CALL `fz0`.`rdp3`();\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for name, mid := range map[string]string{
		"select-into":         "SELECT COUNT(*) INTO @c90 FROM `fz0`.`t2`;\n",
		"select-into-notable": "SELECT 5 INTO @c90;\n",
		"none":                "",
	} {
		t.Run(name, func(t *testing.T) {
			srv := testsandbox.Start(t)
			f := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(f, []byte(head+mid+tail), 0o644); err != nil {
				t.Fatal(err)
			}
			res := importFile(t, srv, "", f, importer.Options{Parallel: 3, BatchBytes: 2 << 10})
			if res.Status != importer.Failed || res.Err == nil {
				t.Fatalf("status %v, err %v: want the CALL refused (the client's @w is 1292; dumpscope stored NULL before the fix)", res.Status, res.Err)
			}
			msg := res.Err.Error()
			for _, want := range []string{"CALL", "reads the diagnostics area", "without --parallel, --checkpoint"} {
				if !strings.Contains(msg, want) {
					t.Errorf("refusal %q does not say %q", msg, want)
				}
			}
		})
	}
}
