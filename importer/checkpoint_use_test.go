package importer

import "testing"

// TestFilterFlags: the journal's filters are spelt in one order whatever the order of the
// flags and of the map, so the same command compares equal on resume.
func TestFilterFlags(t *testing.T) {
	o := &Options{StripDefiners: true, Transform: TransformOptions{
		Tables: []string{"t2", "t1"}, RenameDatabases: map[string]string{"b": "y", "a": "x"}, Compat: "mariadb", SchemaOnly: true,
	}}
	want := "tables=t1,t2 schema-only rename-database=a=x,b=y compat=mariadb strip-definers"
	for i := 0; i < 5; i++ {
		if got := filterFlags(o); got != want {
			t.Fatalf("filterFlags = %q, want %q", got, want)
		}
	}
	if got := filterFlags(&Options{Transform: TransformOptions{StartAt: 100}}); got != "" {
		t.Errorf("--start-at is not a filter: %q", got)
	}
}

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
