package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportParallelNoBackslashEscapesPlan: under NO_BACKSLASH_ESCAPES a string ending in a
// backslash ('C:\') ends at its quote. The planner reads statements to find what ties them
// to one connection (LAST_INSERT_ID(), @v := …, SELECT … INTO @v); read with backslash
// escapes, the string ran on to the end of the statement and hid them, and Parallel 2
// gave other rows than the client. (It lived in cmd/dumpscope.)
func TestImportParallelNoBackslashEscapesPlan(t *testing.T) {
	dump := writeFile(t, "nbe.sql", []byte("CREATE DATABASE nbe;\nUSE nbe;\n"+
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
	want := redumps(t, ref, "nbe")
	for _, o := range []importer.Options{{Parallel: 1}, {Parallel: 2}} {
		got := testsandbox.Start(t)
		finished(t, importFile(t, got, "", dump, o))
		sameDump(t, fmt.Sprintf("Parallel %d", o.Parallel), want, redumps(t, got, "nbe"))
	}
}
