package main

import "testing"

func TestWriteTarget(t *testing.T) {
	for _, c := range []struct{ info, want string }{
		{"INSERT INTO `sbtest1` VALUES (1,2,'a','b')", "sbtest1"},
		{"/*!40000 ALTER TABLE x */ INSERT INTO `dumpscope_gen`.`orders` VALUES", "orders"},
		{"insert ignore into t2 values (1)", "t2"},
		{"REPLACE INTO `t3` VALUES (1)", "t3"},
		{"LOAD DATA LOCAL INFILE 'x' INTO TABLE `db`.`t4` CHARACTER SET", "t4"},
		{"INSERT INTO dumpscope_progress.done (run_id, start_offset) VALUES ('r', 1)", ""},
		{"COMMIT", ""},
	} {
		if got := writeTarget(c.info); got != c.want {
			t.Errorf("writeTarget(%q) = %q, want %q", c.info, got, c.want)
		}
	}
}
