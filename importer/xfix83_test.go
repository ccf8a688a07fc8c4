package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// x83PreparedAutocommit is seed 170102 by hand (resume): a trigger that counts in @trg
// (so every row statement after it journals @trg), after a temporary table that turned
// the rest of the run serial, then `PREPARE s9 FROM 'SET autocommit
// = 0'; EXECUTE s9;`, rows, COMMIT, and autocommit back on the same way; under
// mysqldump's UNIQUE_CHECKS=0 and FOREIGN_KEY_CHECKS=0, with which InnoDB's first INSERT
// of a transaction into an empty table locks the table (the bulk path).
const x83PreparedAutocommit = "SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0;\nSET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0;\nCREATE DATABASE x83;\nUSE x83;\n" +
	"CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM;\n" +
	"CREATE TABLE t2 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB;\n" +
	"CREATE TABLE t3 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB;\n" +
	"CREATE TEMPORARY TABLE tt (id INT);\nINSERT INTO tt VALUES (1);\nINSERT INTO t2 SELECT id + 100, 0 FROM tt;\nDROP TEMPORARY TABLE tt;\n" +
	"CREATE TRIGGER trg8 BEFORE INSERT ON t3 FOR EACH ROW SET @trg = COALESCE(@trg, 0) + 1;\n" +
	"INSERT INTO t3 VALUES (1, 1), (2, 2);\n" +
	"PREPARE s9 FROM 'SELECT 1';\n" +
	"PREPARE s9 FROM 'SET autocommit = 0';\n" +
	"EXECUTE s9;\n" +
	"INSERT IGNORE INTO t1 VALUES (1, 1), (2, 2), (1, 3);\n" +
	"INSERT IGNORE INTO t1 VALUES (3, 3);\n" +
	"INSERT INTO t2 VALUES (1, 1);\n" +
	"INSERT INTO t3 VALUES (3, 3);\n" +
	"COMMIT;\n" +
	"PREPARE s10 FROM 'SET autocommit = 1';\n" +
	"EXECUTE s10;\n" +
	"INSERT INTO t3 VALUES (4, @trg);\n" +
	"INSERT INTO t2 VALUES (2, @trg);\n"

// TestXFix83PreparedAutocommitResumed: seed 170102, every kill point, resumed.
func TestXFix83PreparedAutocommitResumed(t *testing.T) {
	differ := 0
	for _, r := range killSweep(t, []byte(x83PreparedAutocommit), "resume", nil) {
		if r.d != nil {
			differ++
			t.Errorf("killed at %v, resumed: %v", r.at, r.d)
		} else if r.refused != "" {
			t.Logf("killed at %v: refused: %s", r.at, r.refused)
		}
	}
	_ = strings.Contains
	t.Logf("%d kill points differ", differ)
}

// TestXFix83Seed170102Sweep: seed 170102's script (testdata), killed at each point from
// 30 lines before the temporary table's IF block (X83_FROM: another first line) to the COMMIT after `EXECUTE s9` (autocommit 0 by a
// prepared statement) and resumed. Gated: each point is a whole import.
func TestXFix83Seed170102Sweep(t *testing.T) {
	reviewX(t)
	script, err := os.ReadFile("testdata/seed-170102-resume.sql")
	if err != nil {
		t.Fatal(err)
	}
	first, last := lineOfText(string(script), "CREATE TABLE `fz0`.`tdst5`")-30, lineOfText(string(script), "PREPARE s10 FROM 'SELECT 1'")
	if s := os.Getenv("X83_FROM"); s != "" {
		fmt.Sscan(s, &first)
	}
	for _, r := range killSweep(t, script, "resume", func(k killPoint) bool { return k.line >= first && k.line <= last }) {
		if r.d != nil {
			t.Errorf("killed at %v, resumed: %v", r.at, r.d)
		} else if r.refused != "" {
			t.Logf("killed at %v: refused: %s", r.at, r.refused)
		}
	}
}
