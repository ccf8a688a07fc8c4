package importer_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestPreflightErrorNamesFileOnce: the preflight's read of a truncated .gz into a server
// that holds a database (so it reads ahead) fails naming the file once; it said
// "preflight: d.sql.gz: d.sql.gz: gzip input…", the reader's error already naming it.
func TestPreflightErrorNamesFileOnce(t *testing.T) {
	srv := testsandbox.Start(t)
	if _, err := sandboxDB(t, srv, "").ExecContext(context.Background(), "CREATE DATABASE other"); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	for i := range 20000 {
		z.Write([]byte("INSERT INTO t VALUES (" + strings.Repeat("1", i%40+1) + ");\n"))
	}
	z.Close()
	path := writeFile(t, "d.sql.gz", b.Bytes()[:b.Len()/2])
	_, err := tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{Log: &strings.Builder{}})
	if err == nil {
		t.Fatal("a truncated dump imported without an error")
	}
	if n := strings.Count(err.Error(), "d.sql.gz"); n != 1 || !strings.HasPrefix(err.Error(), "preflight: ") {
		t.Fatalf("error %q: want it to start with 'preflight: ' and name d.sql.gz once (%d)", err, n)
	}
}
