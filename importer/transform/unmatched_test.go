package transform

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestFilterWarnsUnmatched: each filter entry that matched nothing in the dump is named in
// a warning at the end of the stream; the ones that matched are not.
func TestFilterWarnsUnmatched(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\nCREATE TABLE customers (id int);\nINSERT INTO customers VALUES (1);\n"
	tr, err := New(Options{Tables: []string{"d.customers", "d.custmers"}, ExcludeTables: []string{"x*"}, IncludeDatabases: []string{"d", "e"}})
	if err != nil {
		t.Fatal(err)
	}
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{}), "", nil)
	for tr.Next() {
	}
	got := strings.Join(tr.Stats().Warnings, "\n")
	for _, want := range []string{`--tables entry "d.custmers"`, `--exclude-tables entry "x*"`, `--include-databases entry "e"`} {
		if !strings.Contains(got, want) {
			t.Errorf("no warning naming %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"d.customers"`) || strings.Contains(got, `entry "d"`) {
		t.Errorf("a warning names an entry that matched:\n%s", got)
	}
}

// TestFilterUnmatchedDataOnly: under --data-only a table the dump creates but fills with
// no rows was matched all the same (its CREATE TABLE is left out before the filter sees
// its name): no warning.
func TestFilterUnmatchedDataOnly(t *testing.T) {
	tr, err := New(Options{DataOnly: true, Tables: []string{"d.empty"}})
	if err != nil {
		t.Fatal(err)
	}
	tr.Attach(split.NewSplitter(strings.NewReader("USE d;\nCREATE TABLE empty (id int);\n"), split.SplitOptions{}), "", nil)
	for tr.Next() {
	}
	if w := tr.Stats().Warnings; len(w) > 0 {
		t.Errorf("warnings: %q", w)
	}
}
