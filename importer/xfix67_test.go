package importer_test

import (
	"strings"
	"testing"
)

// TestXFix67LockedTriggerTableKilled: an INSERT into a MyISAM table with a trigger, under
// the dump's LOCK TABLES, in a run gone serial (a PREPARE before it), killed after the
// INSERT ran and before its progress row. The write scope of a table with triggers is
// any table (nil), which lockState.intent took for none: no intent, and the resume sent
// the INSERT again: ERROR 1062 with a key (loud, difffuzz seed 155022), the rows twice
// without one (silent). Before the fix 1 of 2 kill points differed in each case; now
// the resume refuses it as maybe half applied (its intent has no checksums to tell).
func TestXFix67LockedTriggerTableKilled(t *testing.T) {
	for _, c := range []struct{ name, key string }{
		{"primary key", "PRIMARY KEY (`id`)"},
		{"keyless", "KEY (`id`)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := "CREATE DATABASE fz2;\nUSE fz2;\nPREPARE s FROM 'SELECT 1';\n" +
				"CREATE TABLE `t1` (`id` int NOT NULL, `a` int DEFAULT NULL, " + c.key + ") ENGINE=MyISAM;\n" +
				"DELIMITER ;;\nCREATE TRIGGER `ftr4` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN\n  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;\nEND ;;\nDELIMITER ;\n" +
				"LOCK TABLES `t1` WRITE;\nINSERT INTO `t1` VALUES (1,1),(2,2);\nUNLOCK TABLES;\nCREATE TABLE t9 (id int);\n"
			got := killSweep(t, []byte(script), "resume", func(k killPoint) bool { return k.line >= 10 && k.line <= 12 })
			refused := 0
			for _, r := range got {
				switch {
				case r.d != nil:
					t.Errorf("killed %v and resumed: %v", r.at, r.d)
				case r.refused != "":
					refused++
					if !strings.Contains(r.refused, "line 11: INSERT `t1`") || !strings.Contains(r.refused, "may be half applied") {
						t.Errorf("killed %v: refused, not naming the INSERT: %s", r.at, r.refused)
					}
				}
			}
			if refused == 0 {
				t.Errorf("no kill point refused: the sweep did not land between the INSERT and its progress row (%d points)", len(got))
			}
		})
	}
}
