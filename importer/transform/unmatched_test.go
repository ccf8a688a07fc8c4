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
