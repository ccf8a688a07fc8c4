package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// loadDataMatchesClient imports dump (SQL text) with the mariadb client and with
// dumpscope --load-data --parallel 2, and fails unless the re-dumps of db are identical.
// It returns how many batches went in as LOAD DATA.
func loadDataMatchesClient(t *testing.T, dump, db string) int {
	t.Helper()
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, f)
	code, stdout, stderr := dumpscopeImport(t, got, []string{"--no-advisor", "--load-data", "--parallel", "2"}, f)
	if code != 0 {
		t.Fatalf("dumpscope import --load-data: exit %d: %s", code, stderr)
	}
	if want, have := redump(t, ref, db), redump(t, got, db); !bytes.Equal(want, have) {
		t.Errorf("re-dumps differ; first difference at %s", firstDiff(want, have))
	}
	m := regexp.MustCompile(`--load-data: (\d+) batches loaded in bulk`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no --load-data summary:\n%s", stdout)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestLoadDataTableRedefined: a table dropped and created again with its columns in
// another order, one ALTERed from INT to VARCHAR, one moved to MyISAM and one renamed
// away and created anew take their rows as the client's INSERTs put them. --load-data
// used the column facts it had read for a table's first definition: b2 landed in a, 007
// stayed text, and a LOAD into the MyISAM table that was not clean was replayed as
// INSERTs over the row it had kept (a duplicate).
func TestLoadDataTableRedefined(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE t (a VARCHAR(10), b VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('a1','b1');\n" +
		"DROP TABLE t;\n" +
		"CREATE TABLE t (b VARCHAR(10), a VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('b2','a2');\n" +
		"CREATE TABLE u (id INT, v INT) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES (1,7);\n" +
		"ALTER TABLE u MODIFY v VARCHAR(10);\n" +
		"INSERT INTO u VALUES (2,007);\n" +
		"CREATE TABLE w (id INT, x DECIMAL(10,3)) ENGINE=InnoDB;\n" +
		"INSERT INTO w VALUES (1,1.5);\n" +
		"ALTER TABLE w ENGINE=MyISAM;\n" +
		"INSERT INTO w VALUES (2,'0.0005');\n" +
		"RENAME TABLE u TO u_old;\n" +
		"CREATE TABLE u (v VARCHAR(10), id VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES ('x','y');\n"
	if loadDataMatchesClient(t, dump, "d") == 0 {
		t.Error("no batch was loaded in bulk")
	}
}
