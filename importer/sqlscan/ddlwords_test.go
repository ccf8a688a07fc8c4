package sqlscan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDDLWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"/*!40000 DROP DATABASE IF EXISTS `sakila`*/", []string{"DROP", "DATABASE", "IF", "EXISTS", "sakila"}},
		{"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `sakila` /*!40100 DEFAULT CHARACTER SET utf8mb4 */", []string{"CREATE", "DATABASE", "IF", "NOT", "EXISTS", "sakila", "DEFAULT", "CHARACTER", "SET", "utf8mb4"}},
		{"CREATE TABLE `we;ird``x` (\n  `a` int)", []string{"CREATE", "TABLE", "we;ird`x"}},
		{"DROP TABLE IF EXISTS `db`.`t`", []string{"DROP", "TABLE", "IF", "EXISTS", "db\x01t"}},
		{"/*!50001 DROP VIEW IF EXISTS `v`*/", []string{"DROP", "VIEW", "IF", "EXISTS", "v"}},
		{"USE `sakila`", []string{"USE", "sakila"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, DDLWords([]byte(tc.in), 12)); diff != "" {
			t.Errorf("DDLWords(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}
