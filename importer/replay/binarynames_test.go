package replay

import "testing"

// TestLiteralRowsASCII: only plain INSERTs of ASCII literal rows run under binary names;
// a function, variable, introducer, hex literal, comment, backslash or non-ASCII byte
// anywhere leaves the batch under the session's names.
func TestLiteralRowsASCII(t *testing.T) {
	for q, want := range map[string]bool{
		"INSERT INTO `t` VALUES (1,'a',NULL,-2.5e-3),(2,'it''s',null,+7)":    true,
		"INSERT INTO `db`.`t` (`a`, b) VALUES\n(1, 'x'),\n(2, 'y')":          true,
		"insert into t values (1,'a\tb')":                                    true, // a raw TAB: ASCII; a warning quoting it undoes the batch
		"INSERT INTO `t` VALUES (1,'é')":                                     false,
		"INSERT INTO `té` VALUES (1,'e')":                                    false,
		"INSERT INTO `t` VALUES (1,'a\\'b')":                                 false,
		"INSERT INTO `t` VALUES (1,UPPER('a'))":                              false,
		"INSERT INTO `t` VALUES (1,CHARSET('a'))":                            false,
		"INSERT INTO `t` VALUES (1,_latin1'a')":                              false,
		"INSERT INTO `t` VALUES (1,0x41)":                                    false,
		"INSERT INTO `t` VALUES (1,X'41')":                                   false,
		"INSERT INTO `t` VALUES (1,@a)":                                      false,
		"INSERT INTO `t` VALUES (1,DEFAULT)":                                 false,
		"INSERT INTO `t` VALUES (1,'a') ON DUPLICATE KEY UPDATE a=1":         false,
		"INSERT INTO `t` VALUES (1,'a') /* c */":                             false,
		"INSERT INTO `t` VALUES (1,\"a\")":                                   false,
		"INSERT IGNORE INTO `t` VALUES (1,'a')":                              false,
		"REPLACE INTO `t` VALUES (1,'a')":                                    false,
		"INSERT INTO `t` VALUES (1,'a');":                                    false,
		"INSERT INTO `t` VALUES (1 'a')":                                     false,
		"INSERT INTO `t` VALUES (1,'a'":                                      false,
		"INSERT INTO `t` VALUES (1,'abcdefgh\\ijklmnop')":                    false, // a backslash found by the word step
		"INSERT INTO `t` VALUES (1,'abcdefghijklmnopqrstuvwxyz0123456789é')": false,
		"INSERT INTO `t` VALUES (1.5.2)":                                     false,
		"INSERT INTO `t` VALUES (--1)":                                       false,
		"INSERT INTO `t` VALUES (1e)":                                        false,
	} {
		if got := literalRowsASCII(q); got != want {
			t.Errorf("literalRowsASCII(%q) = %v, want %v", q, got, want)
		}
	}
}
