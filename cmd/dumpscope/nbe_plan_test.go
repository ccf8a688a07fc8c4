package main

import (
	"bytes"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportParallelNoBackslashEscapesPlan: under NO_BACKSLASH_ESCAPES a string ending in a
// backslash ('C:\') ends at its quote. The planner reads statements to find what ties them
// to one connection (LAST_INSERT_ID(), @v := …, SELECT … INTO @v); read with backslash
// escapes, the string ran on to the end of the statement and hid them, and --parallel 2
// gave other rows than the client.
func TestImportParallelNoBackslashEscapesPlan(t *testing.T) {
	dump := writeDump(t, "nbe.sql", []byte("CREATE DATABASE nbe;\nUSE nbe;\n"+
		"SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_BACKSLASH_ESCAPES';\n"+
		"CREATE TABLE a (id int AUTO_INCREMENT PRIMARY KEY, s varchar(10)) ENGINE=InnoDB;\n"+
		"CREATE TABLE b (id int PRIMARY KEY, s varchar(10), ref int) ENGINE=InnoDB;\n"+
		"INSERT INTO a (s) VALUES ('x'),('y');\n"+
		"INSERT INTO b VALUES (1, 'C:\\', LAST_INSERT_ID());\n"+
		"SET @n = 0;\n"+
		"INSERT INTO b SELECT 2, 'D:\\', @n := @n + 5;\n"+
		"INSERT INTO b VALUES (3, 'E:\\', @n);\n"+
		"SELECT 'F:\\', s INTO @v, @w FROM a WHERE id = 2;\n"+
		"INSERT INTO b VALUES (4, @w, 0);\n"+
		"SET SQL_MODE=@OLD_SQL_MODE;\n"))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redump(t, ref, "nbe")
	for _, extra := range [][]string{nil, {"--parallel", "2"}} {
		got := testsandbox.Start(t)
		if code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor"}, extra...), dump); code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr)
		}
		if have := redump(t, got, "nbe"); !bytes.Equal(want, have) {
			t.Errorf("%v: re-dumps differ; first difference at %s", extra, firstDiff(want, have))
		}
	}
}
