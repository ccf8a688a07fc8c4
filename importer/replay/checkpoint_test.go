package replay

import (
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestDMLTarget: the one table a single-table UPDATE or DELETE writes, and no answer for
// the forms that may write several.
func TestDMLTarget(t *testing.T) {
	for _, tc := range []struct {
		q, db, table string
		ok           bool
	}{
		{"UPDATE counter SET n = n + 1 WHERE id = 1", "", "counter", true},
		{"UPDATE LOW_PRIORITY IGNORE `s`.`c` SET n = 0", "s", "c", true},
		{"DELETE FROM log WHERE v % 5 = 1 LIMIT 1", "", "log", true},
		{"DELETE QUICK FROM `d`.`log`", "d", "log", true},
		{"DELETE FROM log ORDER BY id LIMIT 3", "", "log", true},
		{"UPDATE a, b SET a.n = b.n WHERE a.id = b.id", "", "", false},
		{"UPDATE a JOIN b ON a.id = b.id SET a.n = 1", "", "", false},
		{"UPDATE a x SET x.n = 1", "", "", false},
		{"DELETE a FROM a JOIN b ON a.id = b.id", "", "", false},
		{"DELETE FROM a USING a, b WHERE a.id = b.id", "", "", false},
		{"DELETE FROM a PARTITION (p0)", "", "", false},
		{"SELECT 1", "", "", false},
	} {
		db, table, ok := dmlTarget([]byte(tc.q))
		if db != tc.db || table != tc.table || ok != tc.ok {
			t.Errorf("%s: %q %q %v, want %q %q %v", tc.q, db, table, ok, tc.db, tc.table, tc.ok)
		}
	}
}

// TestAssignedUserVars: the user variables a statement sets from values a resume would
// evaluate anew, which the checkpoint journals; none for a SET of constants.
func TestAssignedUserVars(t *testing.T) {
	for q, want := range map[string][]string{
		"SET @n = (SELECT COUNT(*) FROM t), @k = 7":                                  {"@n", "@k"},
		"SET @k = 7, @s = 'x'":                                                       nil,
		"SET SESSION group_concat_max_len = (SELECT COUNT(*) FROM t), sql_mode = ''": {"@@group_concat_max_len", "@@sql_mode"},
		"SET GLOBAL max_connections = (SELECT COUNT(*) FROM t), @a = 1":              nil, // not the connection's
		"SET @@session.time_zone = (SELECT MAX(tz) FROM t)":                          {"@@time_zone"},
		"SET @OLD_SQL_MODE=@@SQL_MODE":                                               nil,
		"SELECT MAX(id), GROUP_CONCAT(s) INTO @m, @`g h` FROM t":                     {"@m", "@g h"},
		"UPDATE t SET f = f + (@c := @c + 1) WHERE id <= 3":                          {"@c"},
		"INSERT INTO t VALUES (1, 'a@b.c := d')":                                     nil,
		"INSERT INTO t SELECT @r := @r + 1, v FROM s":                                {"@r"},
		"SELECT @a FROM t":    nil,
		"DO @x := (SELECT 1)": {"@x"},
	} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: no statement", q)
		}
		st := sp.Statement()
		if got := assignedUserVars(&st); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}
