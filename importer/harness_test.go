package importer_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The pieces the differential tests share (the review and fix tests of sessions 45–48
// had each its own copy): the start of a killed-and-resumed import compared with the
// client's, a client-then-dumpscope run on one server with a refusal allowed, and the
// rows that keep a table's batches in flight. New tests call these; the older helpers
// (killAt, x35Kill, partsResumeDBs, x20ClientOrDiagRefusal, …) keep their names and
// signatures and are built on them.

// clientFirst writes dump to d.sql in a new temporary directory, drops the databases dbs
// and dumpscope's progress schema on ref and srv, and imports the file into ref with the
// mariadb client; it returns the directory, the file's path and srv's connection
// config, for a test that imports it into srv (killed, resumed) and compares the
// re-dumps of dbs with ref's.
func clientFirst(t *testing.T, ref, srv *sandbox.Server, dump string, dbs ...string) (dir, path string, cfg *mysql.Config) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "d.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*sandbox.Server{ref, srv} {
		conn, err := sql.Open("mysql", s.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		for _, db := range append(dbs[:len(dbs):len(dbs)], "dumpscope_progress") {
			if _, err := conn.Exec("DROP DATABASE IF EXISTS " + db); err != nil {
				t.Fatal(err)
			}
		}
		conn.Close()
	}
	clientImport(t, ref, path)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	return dir, path, cfg
}

// warningCallHead is x-review19 #5's dump head: r19.sv, a procedure rdp1 that stores
// @@warning_count in @w, and a SET that leaves one warning; a test puts statements
// after it, then `CALL rdp1()` and the INSERT of @w (warningCallTail).
const (
	warningCallHead = "SET NAMES utf8mb4;\nCREATE DATABASE r19;\nUSE r19;\n" +
		"CREATE TABLE sv (n INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\nCREATE PROCEDURE rdp1() BEGIN SET @w = @@warning_count; END ;;\nDELIMITER ;\n" +
		"SET @dw2 = CAST('0y' AS SIGNED);\n"
	warningCallTail = "CALL rdp1();\nINSERT INTO sv (v) VALUES (@w);\n"
)

// sessionMatchesClient imports dump with the mariadb client into a session fixture and
// re-dumps db (which must hold premise, when set: what the test is about), drops db and
// imports dump again with dumpscope and o (a fresh CheckpointPath where o has one): it
// wants the client's re-dump, or, where refusal is set, dumpscope's error in one line
// that holds refusal.
func sessionMatchesClient(t *testing.T, dump, db string, o importer.Options, premise, refusal string) {
	t.Helper()
	f := newSessionFixture(t, dump)
	f.client()
	want := redump(t, f.srv, db)
	if premise != "" && !strings.Contains(want, premise) {
		t.Fatalf("the client's re-dump does not hold %s:\n%s", premise, want)
	}
	f.exec("DROP DATABASE " + db)
	if o.CheckpointPath != "" {
		o.CheckpointPath = t.TempDir() + "/cp"
	}
	if res := f.dumpscope(o); res.Err != nil {
		if msg := res.Err.Error(); refusal != "" && strings.Contains(msg, refusal) && !strings.Contains(msg, "\n") {
			return // a refusal in one line will do
		}
		t.Fatalf("%v", res.Err)
	}
	if got := redump(t, f.srv, db); got != want {
		t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
	}
}

// fortyInserts is 40 INSERTs into table of 100 rows each (id from first on, a 150-byte
// v): enough that a later statement meets the table's batches in flight under --parallel.
func fortyInserts(table string, first int) string {
	var rows strings.Builder
	for s := 0; s < 40; s++ {
		rows.WriteString("INSERT INTO " + table + " VALUES ")
		for i := 0; i < 100; i++ {
			if i > 0 {
				rows.WriteString(",")
			}
			fmt.Fprintf(&rows, "(%d,'%s')", first+s*100+i, strings.Repeat("x", 150))
		}
		rows.WriteString(";\n")
	}
	return rows.String()
}
