package replay

import "testing"

// TestLiteralHead: binary names read a row insert's head only, `INSERT INTO name
// [(names)] VALUES`, with ASCII names; its values are the planner's (plan.Plan.Literal,
// read under the sql_mode's escapes: rowBatch.readNBE). INSERT IGNORE, REPLACE, a
// non-ASCII name, a comment in the head or a missing VALUES are not read.
func TestLiteralHead(t *testing.T) {
	for q, want := range map[string]bool{
		"INSERT INTO `t` VALUES (1,'a',NULL,-2.5e-3),(2,'it''s',null,+7)": true,
		"INSERT INTO `db`.`t` (`a`, b) VALUES\n(1, 'x'),\n(2, 'y')":       true,
		"insert into t values (1,'a\tb')":                                 true,
		"INSERT INTO `t` VALUES (1,'a\\'b'),(2,'c')":                      true,
		"INSERT INTO `té` VALUES (1,'e')":                                 false,
		"INSERT INTO `t` (`é`) VALUES (1)":                                false,
		"INSERT IGNORE INTO `t` VALUES (1,'a')":                           false,
		"REPLACE INTO `t` VALUES (1,'a')":                                 false,
		"INSERT INTO /* c */ `t` VALUES (1,'a')":                          false,
		"INSERT INTO `t` VALUE (1,'a')":                                   false,
		"INSERT INTO `t` SET a = 1":                                       false,
		"INSERT INTO `t`.`u`.`v` VALUES (1)":                              false,
		"INSERT INTO `t` (a, b VALUES (1)":                                false,
	} {
		if got := literalHead(q); got != want {
			t.Errorf("literalHead(%q) = %v, want %v", q, got, want)
		}
	}
}
