package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix43PreflightVersionedEmpty: the preflight lets rows into an existing table that
// was empty (nothing can be lost), but listed only TABLE_TYPE `BASE TABLE`: an empty
// table WITH SYSTEM VERSIONING (`SYSTEM VERSIONED`) counted as full and a dump filling it
// was refused without --overwrite, where the client loads it (x-fix36's leftover,
// preflight.go). Its history counts as rows: a versioned table whose current rows are
// deleted still holds them, and DELETE HISTORY of it stays refused.
func TestXFix43PreflightVersionedEmpty(t *testing.T) {
	srv := testsandbox.Start(t)
	db := sandboxDB(t, srv, "")
	db.SetMaxOpenConns(1)
	for _, q := range []string{"DROP DATABASE IF EXISTS d", "CREATE DATABASE d",
		"CREATE TABLE d.tv (id int PRIMARY KEY) ENGINE=InnoDB WITH SYSTEM VERSIONING",
		"CREATE TABLE d.ta (id int PRIMARY KEY) ENGINE=Aria WITH SYSTEM VERSIONING",
		"CREATE TABLE d.th (id int PRIMARY KEY) ENGINE=InnoDB WITH SYSTEM VERSIONING",
		"INSERT INTO d.th VALUES (7)", "DELETE FROM d.th"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		stmt    string
		refused bool
	}{
		{"INSERT INTO tv VALUES (1),(2)", false},
		{"INSERT INTO ta VALUES (1),(2)", false},
		{"INSERT INTO th VALUES (1)", true},
		{"DELETE HISTORY FROM th", true},
	} {
		t.Run(c.stmt, func(t *testing.T) {
			res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte("USE d;\n"+c.stmt+";\n"))}, importer.Options{SkipRowCounts: true, Log: &strings.Builder{}})
			if err == nil {
				err = res.Err
			}
			refused := err != nil && strings.Contains(err.Error(), "overwrite")
			if refused != c.refused || err != nil && !refused {
				t.Fatalf("%s without --overwrite: %v; want refused %v", c.stmt, err, c.refused)
			}
		})
	}
	var n int
	if err := db.QueryRow("SELECT (SELECT COUNT(*) FROM d.tv) + (SELECT COUNT(*) FROM d.ta) + (SELECT COUNT(*) FROM d.th FOR SYSTEM_TIME ALL)").Scan(&n); err != nil || n != 5 {
		t.Fatalf("rows of tv, ta and th's history: %d (%v), want 2 + 2 + 1", n, err)
	}
}
