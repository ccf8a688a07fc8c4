package importer_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
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
	_, err := tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{Log: &strings.Builder{}, PreflightScan: true})
	if err == nil {
		t.Fatal("a truncated dump imported without an error")
	}
	if n := strings.Count(err.Error(), "d.sql.gz"); n != 1 || !strings.HasPrefix(err.Error(), "preflight: ") {
		t.Fatalf("error %q: want it to start with 'preflight: ' and name d.sql.gz once (%d)", err, n)
	}
}

// TestCutOffDumpSaysSo: a plain dump cut off in the middle of an INSERT fails as the
// client's does, with ERROR 1064 "… near ”", and says that the dump ends inside the
// statement; the server's message alone did not point at a cut-off file.
func TestCutOffDumpSaysSo(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := "DROP DATABASE IF EXISTS co;\nCREATE DATABASE co;\nUSE co;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(9));\nINSERT INTO t VALUES (1,'a'),(2,'b'),(3,"
	for _, parallel := range []int{1, 2} {
		_, err := importResult(t, srv, writeFile(t, "cut.sql", []byte(dump)), importer.Options{Parallel: parallel, Overwrite: true, Log: &strings.Builder{}})
		if err == nil || !strings.Contains(err.Error(), "ERROR 1064") || !strings.Contains(err.Error(), "the dump ends inside this statement") {
			t.Errorf("parallel %d: %v; want ERROR 1064 and the hint that the dump ends inside the statement", parallel, err)
		}
	}
}

// importResult imports path and returns the result and the error that stopped it.
func importResult(t *testing.T, srv *sandbox.Server, path string, o importer.Options) (*importer.Result, error) {
	t.Helper()
	res, err := tryImport(t, srv, "", importer.Source{Path: path}, o)
	if err == nil && res != nil {
		err = res.Err
	}
	return res, err
}
