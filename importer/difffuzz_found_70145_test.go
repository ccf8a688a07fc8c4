package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDiffFuzzFound70145ReaderAfterKeeperTurnedSerial: a REPLACE raises three warnings
// while the run is parallel (ids generated: a barrier, its progress row written right
// after it), `SELECT 14 INTO @v` turns the run serial and keeps the diagnostics area (it
// opens no table), and `GET DIAGNOSTICS @ac = NUMBER` reads it: the client's @ac is 3 (its
// next `SET autocommit = @ac` fails with ERROR 1231), dumpscope read the control
// connection's emptied area and finished (difffuzz seed 70145, lead's search of session
// 42). The planner refused a reader only while the run was parallel; now also in a run
// gone serial when the area it reads is kept from a statement planned while parallel that
// may have raised conditions (plan.regionArea.lost). Both modes finished before.
func TestDiffFuzzFound70145ReaderAfterKeeperTurnedSerial(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\nUSE `fz0`;\n" +
		"CREATE TABLE `t4` (`id` int NOT NULL AUTO_INCREMENT, `c1` varchar(64), `c2` bigint NOT NULL, `c3` double NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		"/*!40101 SET SQL_MODE='' */;\n" +
		"REPLACE INTO t4 VALUES (0,'a\xC0xa','','');\n" +
		"SELECT 14 INTO @v111;\n" +
		"GET DIAGNOSTICS @ac112 = NUMBER;\n" +
		"SET autocommit = @ac112;\n"
	for name, o := range map[string]importer.Options{
		"parallel":  {Parallel: 3, BatchBytes: 2 << 10},
		"load-data": {Parallel: 2, LoadData: true},
	} {
		t.Run(name, func(t *testing.T) {
			srv := testsandbox.Start(t)
			f := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
				t.Fatal(err)
			}
			res := importFile(t, srv, "", f, o)
			if res.Status != importer.Failed || res.Err == nil {
				t.Fatalf("status %v, err %v: want GET DIAGNOSTICS refused (the client's @ac112 is 3 and its SET autocommit fails)", res.Status, res.Err)
			}
			msg := res.Err.Error()
			for _, want := range []string{"GET DIAGNOSTICS", "line 7", "reads the diagnostics area"} {
				if !strings.Contains(msg, want) {
					t.Errorf("refusal %q does not say %q", msg, want)
				}
			}
		})
	}
}

// TestDiffFuzzFound70158WarningSetCommitReader: in a run gone serial at a SELECT … INTO,
// a SET that raises a warning, a plain COMMIT outside any transaction, then `SET @w =
// @@warning_count`: the client's @w is 1, dumpscope's 0 under --load-data (difffuzz seed
// 70158, lead's search of session 42 with diag-set-warning on). The general log showed the
// COMMIT's own progress row (START TRANSACTION, INSERT, COMMIT) written right after it,
// which emptied the area; it now waits in diagTail (replay's oweKeeperRow). Failed before.
func TestDiffFuzzFound70158WarningSetCommitReader(t *testing.T) {
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE `fz0`.`t55` (`id` int NOT NULL AUTO_INCREMENT, `c2` int unsigned, PRIMARY KEY (`id`)) ENGINE=InnoDB;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c56 FROM `fz0`.`t55`;\n" +
		"SET @dw1 = CAST('6y' AS SIGNED);\n" +
		"COMMIT;\n" +
		"SET @w = @@warning_count;\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	importMatchesClient(t, dump, importer.Options{Parallel: 2, LoadData: true, BatchBytes: 2 << 10}, "fz0")
}
