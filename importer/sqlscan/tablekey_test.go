package sqlscan

import "testing"

// TestTableKey: one key per table, dotted and backquoted names included, and Names reads
// back what TableKeyOf built and what a user types.
func TestTableKey(t *testing.T) {
	for _, tc := range []struct {
		db, table string
		key       TableKey
	}{
		{"shop", "orders", "shop.orders"},
		{"d.x", "y", "`d.x`.`y`"},
		{"d", "x.y", "`d`.`x.y`"},
		{"we`ird", "t", "`we``ird`.`t`"},
		{"", "t", ".t"},
	} {
		if got := TableKeyOf(tc.db, tc.table); got != tc.key {
			t.Errorf("TableKeyOf(%q, %q) = %s, want %s", tc.db, tc.table, got, tc.key)
		}
		if db, table := tc.key.Names(); db != tc.db || table != tc.table {
			t.Errorf("%s.Names() = %q, %q, want %q, %q", tc.key, db, table, tc.db, tc.table)
		}
	}
	for _, n := range [][2]string{{"a", "b"}, {"d.x", "t"}, {"d", "x.t"}, {"a`b", "c"}, {"a", "b``.c"}} {
		if db, table := TableKeyOf(n[0], n[1]).Names(); db != n[0] || table != n[1] {
			t.Errorf("TableKeyOf(%q, %q).Names() = %q, %q", n[0], n[1], db, table)
		}
	}
	if TableKeyOf("d.x", "y") == TableKeyOf("d", "x.y") {
		t.Error("`d.x`.y and d.`x.y` share a key")
	}
	for typed, want := range map[string][2]string{
		"t": {"", "t"}, "`my t`": {"", "my t"}, "shop.*": {"shop", "*"}, "`d.x`.t": {"d.x", "t"},
		"d.`x.y`": {"d", "x.y"}, "d.x.y": {"d", "x.y"},
	} {
		if db, table := TableKey(typed).Names(); db != want[0] || table != want[1] {
			t.Errorf("TableKey(%q).Names() = %q, %q, want %q, %q", typed, db, table, want[0], want[1])
		}
	}
}
