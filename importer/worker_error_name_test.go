package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestWorkerErrorNamesStatement: a row statement that fails on a worker is named as the
// serial replay names it (REPLACE or INSERT, upper case, at its line), not by the
// splitter's kind "insert".
func TestWorkerErrorNamesStatement(t *testing.T) {
	dump := "CREATE DATABASE we;\nUSE we;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(3));\n" +
		"INSERT INTO t VALUES (1,'a'),(2,'b');\nINSERT INTO t VALUES (2,'c');\n"
	res := importFile(t, testsandbox.Start(t), "", writeFile(t, "d.sql", []byte(dump)), importer.Options{Parallel: 2, BatchBytes: 16})
	if res.Err == nil {
		t.Fatal("the duplicate key was not reported")
	}
	if want := "line 5: INSERT `t`: ERROR 1062 (23000)"; !strings.Contains(res.Err.Error(), want) {
		t.Errorf("error %q\nwant it to contain %q", res.Err, want)
	}
}
