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
