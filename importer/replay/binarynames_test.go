package replay

import "testing"

// TestLiteralRows: only plain INSERTs of literal rows with ASCII names run under binary
// names; a function, variable, introducer, hex literal or comment leaves the batch under
// the session's names, and so does a backslash under NO_BACKSLASH_ESCAPES.
func TestLiteralRows(t *testing.T) {
	for q, want := range map[string][2]bool{ // escapes on, off
		"INSERT INTO `t` VALUES (1,'a',NULL,-2.5e-3),(2,'it''s',null,+7)": {true, true},
		"INSERT INTO `db`.`t` (`a`, b) VALUES\n(1, 'x'),\n(2, 'y')":       {true, true},
		"insert into t values (1,'a\tb')":                                 {true, true},
		"INSERT INTO `t` VALUES (1,'é')":                                  {true, true},
		"INSERT INTO `t` VALUES (1,'a\\'b'),(2,'c')":                      {true, false},
		"INSERT INTO `t` VALUES (1,'a\\\\'),(2,'c')":                      {true, false},
		"INSERT INTO `t` VALUES (1,'a\\'),(2,UPPER('c'))":                 {false, false}, // one string with escapes; with none, a function
		"INSERT INTO `t` VALUES (1,'a\\":                                  {false, false},
		"INSERT INTO `té` VALUES (1,'e')":                                 {false, false},
		"INSERT INTO `t` VALUES (1,UPPER('a'))":                           {false, false},
		"INSERT INTO `t` VALUES (1,CHARSET('a'))":                         {false, false},
		"INSERT INTO `t` VALUES (1,_latin1'a')":                           {false, false},
		"INSERT INTO `t` VALUES (1,0x41)":                                 {false, false},
		"INSERT INTO `t` VALUES (1,X'41')":                                {false, false},
		"INSERT INTO `t` VALUES (1,@a)":                                   {false, false},
		"INSERT INTO `t` VALUES (1,DEFAULT)":                              {false, false},
		"INSERT INTO `t` VALUES (1,'a') ON DUPLICATE KEY UPDATE a=1":      {false, false},
		"INSERT INTO `t` VALUES (1,'a') /* c */":                          {false, false},
		"INSERT INTO `t` VALUES (1,\"a\")":                                {false, false},
		"INSERT IGNORE INTO `t` VALUES (1,'a')":                           {false, false},
		"REPLACE INTO `t` VALUES (1,'a')":                                 {false, false},
		"INSERT INTO `t` VALUES (1,'a');":                                 {false, false},
		"INSERT INTO `t` VALUES (1 'a')":                                  {false, false},
		"INSERT INTO `t` VALUES (1,'a'":                                   {false, false},
		"INSERT INTO `t` VALUES (1.5.2)":                                  {false, false},
		"INSERT INTO `t` VALUES (--1)":                                    {false, false},
		"INSERT INTO `t` VALUES (1e)":                                     {false, false},
	} {
		for i, escapes := range []bool{true, false} {
			if got := literalRows(q, escapes); got != want[i] {
				t.Errorf("literalRows(%q, escapes %v) = %v, want %v", q, escapes, got, want[i])
			}
		}
	}
}
