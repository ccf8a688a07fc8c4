package dumpfile

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenNamesWhatItIsNot checks that a tar archive (plain or gzip-compressed) and a
// mydumper directory are named as such, with the command that handles them, instead of
// failing later on a NUL byte or "is a directory".
func TestOpenNamesWhatItIsNot(t *testing.T) {
	dir := t.TempDir()
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	body := []byte("CREATE TABLE t (id INT);\n")
	tw.WriteHeader(&tar.Header{Name: "dump.sql", Mode: 0o644, Size: int64(len(body))})
	tw.Write(body)
	tw.Close()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(tb.Bytes())
	zw.Close()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mydumper := filepath.Join(dir, "export-20240101")
	os.Mkdir(mydumper, 0o755)
	os.WriteFile(filepath.Join(mydumper, "metadata"), []byte("Started dump at: 2024-01-01\n"), 0o644)
	plainDir := filepath.Join(dir, "empty")
	os.Mkdir(plainDir, 0o755)

	for _, tt := range []struct{ path, want string }{
		{write("d.tar", tb.Bytes()), "a tar archive, not a dump: list it with tar -tf FILE"},
		{write("d.tar.gz", gz.Bytes()), "a gzip-compressed tar archive (.tar.gz), not a dump: list it with tar -tzf FILE"},
		{mydumper, "is a mydumper directory: that is myloader's format (myloader --directory"},
		{plainDir, "is a directory, not a dump file"},
	} {
		in, err := Open(tt.path)
		if err == nil {
			in.Close()
			t.Errorf("%s: opened", tt.path)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want %q", tt.path, err, tt.want)
		}
	}
	// A gzip-compressed SQL file still opens and reads whole after the peek.
	var sql bytes.Buffer
	zw = gzip.NewWriter(&sql)
	zw.Write(body)
	zw.Close()
	in, err := Open(write("ok.sql.gz", sql.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var got bytes.Buffer
	if _, err := got.ReadFrom(in.Reader); err != nil || !bytes.Equal(got.Bytes(), body) {
		t.Errorf("read %q, %v; want %q", got.Bytes(), err, body)
	}
}
