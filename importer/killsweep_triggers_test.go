package importer_test

import "testing"

// TestKillSweepDropTriggerFiltered: under --tables and --exclude-tables a DROP TRIGGER
// follows the table of the dump's CREATE TRIGGER of that name before it, or else of the
// target's trigger of that name (transform/triggers.go). A resume asked the target,
// which the interrupted attempt had changed: it found the trigger that attempt's own
// CREATE made, kept the DROP the attempt had left out, ran it, and skipped the CREATE as
// done (TestDiffFuzzFoundS46DropTriggerOnResume). Now the first attempt records the
// target's triggers in the journal and every resume decides from them. Swept at every
// kill point, with both filters (each keeps all of the script, so the client's import of
// it is the reference): mariadb-dump's DROP TRIGGER IF EXISTS before its CREATE, a DROP
// of a trigger the dump made earlier and made again, a DROP of one that never was.
// Failed before with --tables at 3 of its points, the kills before lines 11, 14 and 16
// (each resume ran line 4's DROP and dropped the trigger the skipped CREATE had made);
// --exclude-tables passed (there a DROP of a trigger not known follows its database: kept
// by both attempts).
func TestKillSweepDropTriggerFiltered(t *testing.T) {
	const script = "CREATE DATABASE fz0;\nUSE fz0;\n" + // 1-2
		"CREATE TABLE t1 (id int NOT NULL PRIMARY KEY, a int, s varchar(40)) ENGINE=InnoDB;\n" + // 3
		"/*!50032 DROP TRIGGER IF EXISTS `ftr1` */;\n" + // 4
		"DELIMITER ;;\nCREATE TRIGGER `ftr1` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN\n  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;\n  SET NEW.`s` = CONCAT(NEW.`s`, '+');\nEND ;;\nDELIMITER ;\n" + // 5-10
		"INSERT INTO t1 VALUES (1, 25, 'x'), (2, 26, 'y');\n" + // 11
		"DROP TRIGGER IF EXISTS ftr1;\n" + // 12
		"CREATE TRIGGER ftr1 BEFORE INSERT ON t1 FOR EACH ROW SET NEW.a = NEW.a + 2000;\n" + // 13
		"INSERT INTO t1 VALUES (3, 27, 'z');\n" + // 14
		"DROP TRIGGER IF EXISTS ftr2;\n" + // 15
		"INSERT INTO t1 VALUES (4, 28, 'w');\n" // 16
	for _, mode := range []string{"resume --tables=fz0.t1", "resume --exclude-tables=fz0.t9"} {
		t.Run(mode, func(t *testing.T) { sweepClean(t, script, mode) })
	}
}
