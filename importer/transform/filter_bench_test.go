package transform

import (
	"bytes"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/split/splittest"
)

// BenchmarkTransform: the splitter alone, then with a Transform that renames a database,
// maps for MariaDB and replaces definers (rows pass after a few bytes.Index calls), then
// with one that skips every row (--tables of another table): all at about the
// splitter's speed.
func BenchmarkTransform(b *testing.B) {
	dump := splittest.ExtendedInsertDump(32<<20, true)
	for _, bc := range []struct {
		name string
		opt  *Options
	}{
		{"splitter", nil},
		{"rename+compat+definer", &Options{RenameDatabases: map[string]string{"sakila": "s2"}, Compat: "mariadb", Definer: "a@b"}},
		{"skip-all", &Options{Tables: []string{"other.t"}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(dump)))
			for i := 0; i < b.N; i++ {
				var src StatementSource = split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{})
				if bc.opt != nil {
					tr, err := New(*bc.opt)
					if err != nil {
						b.Fatal(err)
					}
					tr.Attach(src, "", nil)
					src = tr
				}
				for src.Next() {
				}
				if err := src.Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
