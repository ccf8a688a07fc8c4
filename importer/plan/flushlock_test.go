package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestFlushLockedTables: which FLUSH statements take table locks, and of which tables.
func TestFlushLockedTables(t *testing.T) {
	for q, want := range map[string][]string{
		"FLUSH TABLES k WITH READ LOCK":                {"db.k"},
		"flush local table `a`, e.b for export":        {"db.a", "e.b"},
		"FLUSH TABLES WITH READ LOCK":                  {"*"},
		"FLUSH NO_WRITE_TO_BINLOG TABLES k FOR EXPORT": {"db.k"},
		"FLUSH TABLES k":                               nil,
		"FLUSH LOGS":                                   nil,
		"FLUSH PRIVILEGES":                             nil,
	} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatal(sp.Err())
		}
		st := sp.Statement()
		got, ok := flushLockedTables(&st, "db")
		if ok != (want != nil) || !slices.Equal(got, want) {
			t.Errorf("flushLockedTables(%q) = %q, %v; want %q", q, got, ok, want)
		}
	}
	p := NewPlanner()
	for i, q := range []string{"SELECT 1 INTO @c", "FLUSH TABLES k WITH READ LOCK", "SELECT 1 INTO @n", "UNLOCK TABLES"} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		sp.Next()
		st := sp.Statement()
		pl, err := p.Next(&st, "db", fakeCatalog{})
		if err != nil {
			t.Fatal(err)
		}
		if want := i == 1 || i == 2; p.FlushLocked() != want || pl.Locked != want {
			t.Errorf("after %q: FlushLocked %v, Locked %v; want %v", q, p.FlushLocked(), pl.Locked, want)
		}
	}
}
