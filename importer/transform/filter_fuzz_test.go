package transform

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// FuzzTransform runs every rewriter and a filter over arbitrary input: no panics, the
// consumed offset reaches the end of what was split, and a rewrite never touches a
// statement's Raw (the progress and the rejects file rely on it).
func FuzzTransform(f *testing.F) {
	files, _ := filepath.Glob("../split/testdata/split/*.sql")
	files = append(files, "testdata/compat/mysql80.sql", "testdata/compat/mysql80-users.sql")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(filterDump))
	f.Add([]byte("CREATE TABLE t (a int, KEY k ((a)), CHECK (a) /*!80016 NOT ENFORCED"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := New(Options{
			ExcludeTables: []string{"x*"}, RenameDatabases: map[string]string{"splitdb": "s2", "a": "b c"},
			Compat: "mariadb", GTIDPurged: "off", Definer: "u@h",
		})
		if err != nil {
			t.Fatal(err)
		}
		var end int64
		tr.Attach(split.NewSplitter(bytes.NewReader(data), split.SplitOptions{ReadBufferSize: 4096, BinaryMode: true}), "", func(e int64) { end = e })
		for tr.Next() {
			st := tr.Statement()
			if st.Offset < end {
				t.Fatalf("statement at %d before the consumed offset %d", st.Offset, end)
			}
			end = st.Offset + int64(len(st.Raw))
			if !bytes.Equal(st.Raw, data[st.Offset:end]) {
				t.Fatalf("Raw at %d is not the input", st.Offset)
			}
		}
		if tr.Err() == nil && end != int64(len(data)) {
			t.Fatalf("consumed %d of %d bytes", end, len(data))
		}
	})
}
