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
		if diff := cmp.Diff(tc.want, DDLWords([]byte(tc.in), 12, Syntax{})); diff != "" {
			t.Errorf("DDLWords(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
	// With the target known, a comment it skips is skipped whole, as the server does
	// (MariaDB: a version above its own, and MySQL's 50700 to 99999; MySQL: `/*M!`).
	maria, mysql := Syntax{Server: ServerFromVersion("10.11.6-MariaDB")}, Syntax{Server: ServerFromVersion("8.0.32")}
	for _, tc := range []struct {
		in   string
		syn  Syntax
		want []string
	}{
		{"CREATE /*!110000 TEMPORARY */ TABLE t (a int)", maria, []string{"CREATE", "TABLE", "t"}},
		{"CREATE /*!100000 TEMPORARY */ TABLE t (a int)", maria, []string{"CREATE", "TEMPORARY", "TABLE", "t"}},
		{"CREATE /*!110000 TEMPORARY */ TABLE t (a int)", Syntax{}, []string{"CREATE", "TEMPORARY", "TABLE", "t"}},
		{"DROP /*!50717 TEMPORARY */ TABLE t", maria, []string{"DROP", "TABLE", "t"}},
		{"DROP /*!50717 TEMPORARY */ TABLE t", mysql, []string{"DROP", "TEMPORARY", "TABLE", "t"}},
		{"/*!50001 DROP VIEW IF EXISTS `v`*/", maria, []string{"DROP", "VIEW", "IF", "EXISTS", "v"}},
		{"CREATE /*M!100000 OR REPLACE */ TABLE t (a int)", maria, []string{"CREATE", "OR", "REPLACE", "TABLE", "t"}},
		{"CREATE /*M!100000 OR REPLACE */ TABLE t (a int)", mysql, []string{"CREATE", "TABLE", "t"}},
		{"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `s`", maria, []string{"CREATE", "DATABASE", "IF", "NOT", "EXISTS", "s"}},
	} {
		if diff := cmp.Diff(tc.want, DDLWords([]byte(tc.in), 12, tc.syn)); diff != "" {
			t.Errorf("DDLWords(%q) under %+v (-want +got):\n%s", tc.in, tc.syn.Server, diff)
		}
	}
}

// TestIsKeysToggle walks the forms the server takes for DISABLE/ENABLE KEYS and the
// statements that only look like one.
func TestIsKeysToggle(t *testing.T) {
	ansi := Syntax{ANSIQuotes: true}
	tests := []struct {
		in   string
		syn  Syntax
		want bool
	}{
		{"/*!40000 ALTER TABLE `t` DISABLE KEYS */", Syntax{}, true},
		{"/*!40000 ALTER TABLE `t` ENABLE KEYS */;", Syntax{}, true},
		{"ALTER TABLE t DISABLE KEYS", Syntax{}, true},
		{"alter table t enable keys", Syntax{}, true},
		{"ALTER TABLE `db`.`t` DISABLE KEYS", Syntax{}, true},
		{"ALTER TABLE db.t ENABLE KEYS", Syntax{}, true},
		{"ALTER TABLE `we``ird t` DISABLE KEYS", Syntax{}, true},
		{"ALTER TABLE `keys` DISABLE KEYS", Syntax{}, true},
		{"ALTER ONLINE TABLE t DISABLE KEYS", Syntax{}, true},
		{"ALTER IGNORE TABLE t ENABLE KEYS", Syntax{}, true},
		{"ALTER ONLINE IGNORE TABLE `db`.`t` DISABLE KEYS", Syntax{}, true},
		{"ALTER /* why */ TABLE t -- note\n DISABLE KEYS", Syntax{}, true},
		{"ALTER TABLE \"t\" DISABLE KEYS", ansi, true},
		{"ALTER TABLE \"t\" DISABLE KEYS", Syntax{}, false}, // a string, not a name
		{"ALTER TABLE t DISABLE KEYS, ADD INDEX (a)", Syntax{}, false},
		{"ALTER TABLE t ADD INDEX k (a), DISABLE KEYS", Syntax{}, false},
		{"ALTER TABLE t ENGINE=InnoDB", Syntax{}, false},
		{"ALTER TABLE t DISABLE", Syntax{}, false},
		{"ALTER TABLE DISABLE KEYS", Syntax{}, false},
		{"ALTER TABLE t DROP KEYS", Syntax{}, false},
		{"ALTER VIEW t DISABLE KEYS", Syntax{}, false},
		{"ALTER IGNORE ONLINE TABLE t DISABLE KEYS", Syntax{}, false}, // the grammar's order is ONLINE IGNORE
		{"CREATE TABLE t (a int)", Syntax{}, false},
		{"", Syntax{}, false},
	}
	for _, tc := range tests {
		if got := IsKeysToggle([]byte(tc.in), tc.syn); got != tc.want {
			t.Errorf("IsKeysToggle(%q, %+v) = %v, want %v", tc.in, tc.syn, got, tc.want)
		}
	}
}

// TestFirstWordServer: a comment the statement's Server skips is no word; the zero Syntax
// reads every executable comment below 999999 as run, as before the Server was known.
func TestFirstWordServer(t *testing.T) {
	maria, mysql := Syntax{Server: ServerFromVersion("10.11.6-MariaDB")}, Syntax{Server: ServerFromVersion("8.0.32")}
	for _, tc := range []struct {
		in   string
		syn  Syntax
		want string
	}{
		{"/*!50717 PREPARE s FROM @rocksdb_get_is_supported */", maria, ""},
		{"/*!50717 PREPARE s FROM @rocksdb_get_is_supported */", mysql, "PREPARE"},
		{"/*!50717 PREPARE s FROM @rocksdb_get_is_supported */", Syntax{}, "PREPARE"},
		{"/*!110000 SET */ DO 1", maria, "DO"},
		{"/*!40101 SET NAMES utf8mb4 */", maria, "SET"},
		{"/*M!100000 EXECUTE IMMEDIATE 'DO 1' */", mysql, ""},
		{"/*M!100000 EXECUTE IMMEDIATE 'DO 1' */", maria, "EXECUTE"},
		{"  GET DIAGNOSTICS @n = NUMBER", maria, "GET"},
	} {
		if got := FirstWord([]byte(tc.in), tc.syn); got != tc.want {
			t.Errorf("FirstWord(%q) under %+v = %q, want %q", tc.in, tc.syn.Server, got, tc.want)
		}
	}
}
