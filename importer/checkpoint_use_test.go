package importer

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// TestFilterFlags: the journal's filters are spelt in one order whatever the order of the
// flags and of the map, so the same command compares equal on resume.
func TestFilterFlags(t *testing.T) {
	o := &Options{StripDefiners: true, Transform: transform.Options{
		Tables: []string{"t2", "t1"}, RenameDatabases: map[string]string{"b": "y", "a": "x"}, Compat: "mariadb", SchemaOnly: true,
	}}
	want := "tables=t1,t2 schema-only rename-database=a=x,b=y compat=mariadb strip-definers"
	for i := 0; i < 5; i++ {
		if got := filterFlags(o); got != want {
			t.Fatalf("filterFlags = %q, want %q", got, want)
		}
	}
	if got := filterFlags(&Options{Transform: transform.Options{StartAt: 100}}); got != "" {
		t.Errorf("--start-at is not a filter: %q", got)
	}
}

// TestStdinIdentity: a stream is identified by the hash of its first MiB, read ahead and
// then replayed into the decoder, so the import still gets every byte; a file also by
// its size.
func TestStdinIdentity(t *testing.T) {
	dump := bytes.Repeat([]byte("INSERT INTO t VALUES (1);\n"), 60_000) // 1.5 MiB
	in, id, err := openSource(Source{Reader: bytes.NewReader(dump), Name: "stdin", Stdin: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	want, _ := checkpoint.HeadHash(bytes.NewReader(dump))
	if id.Name != "stdin" || id.Size != -1 || id.HeadSHA256 != want {
		t.Errorf("identity %+v, want stdin, -1, %s", id, want)
	}
	got, err := io.ReadAll(in.Reader)
	if err != nil || !bytes.Equal(got, dump) {
		t.Errorf("the import read %d bytes (%v), want the %d of the stream", len(got), err, len(dump))
	}
	other := bytes.Clone(dump)
	other[100] = '2'
	_, id2, err := openSource(Source{Reader: bytes.NewReader(other), Name: "stdin", Stdin: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	if checkpoint.VerifyDump(&checkpoint.Journal{Dump: id}, id2) == nil {
		t.Error("another stdin stream passed as the same dump")
	}
	path := filepath.Join(t.TempDir(), "d.sql")
	if err := os.WriteFile(path, dump, 0o600); err != nil {
		t.Fatal(err)
	}
	f, fid, err := openSource(Source{Path: path}, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if fid.Size != int64(len(dump)) || fid.HeadSHA256 != want {
		t.Errorf("file identity %+v", fid)
	}
}
