package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportSchemaThenData: a schema file and then a data file (Sakila's two files, the
// layout of datacharmer's test_db) import without --overwrite, and give what the client
// gives; the data file again, into the now full tables, is refused. Issue 22, item 20.
func TestImportSchemaThenData(t *testing.T) {
	type pair struct{ name, schema, data, db string }
	dir := t.TempDir()
	small := pair{"synthetic", filepath.Join(dir, "schema.sql"), filepath.Join(dir, "data.sql"), "shop"}
	write := func(p, text string) {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(small.schema, "CREATE DATABASE shop;\nUSE shop;\n"+
		"CREATE TABLE item (id int PRIMARY KEY, name varchar(20)) ENGINE=MyISAM;\n"+
		"CREATE TABLE line (id int PRIMARY KEY, item int, KEY (item)) ENGINE=InnoDB;\n")
	write(small.data, "USE shop;\nLOCK TABLES `item` WRITE;\n/*!40000 ALTER TABLE `item` DISABLE KEYS */;\n"+
		"INSERT INTO item VALUES (1,'a'),(2,'b');\n/*!40000 ALTER TABLE `item` ENABLE KEYS */;\nUNLOCK TABLES;\n"+
		"INSERT INTO line VALUES (1,1);\nCREATE TRIGGER line_bi BEFORE INSERT ON line FOR EACH ROW SET NEW.item = NEW.item + 0;\n"+
		"INSERT INTO line VALUES (2,2);\n")
	pairs := []pair{small}
	s := pair{"sakila", filepath.Join(sakilaDir, "sakila-mv-schema.sql"), filepath.Join(sakilaDir, "sakila-mv-data.sql"), "sakila"}
	if _, err := os.Stat(s.data); err == nil {
		pairs = append(pairs, s)
	} else {
		t.Logf("skipping Sakila's two files (only the synthetic pair): %v", err)
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			ref := testsandbox.Start(t)
			clientImport(t, ref, p.schema, p.data)
			want := redump(t, ref, p.db)

			got := testsandbox.Start(t)
			for _, f := range []string{p.schema, p.data} {
				if code, _, stderr := dumpscopeImport(t, got, []string{"--no-advisor"}, f); code != 0 {
					t.Fatalf("dumpscope import %s without --overwrite: exit %d: %s", filepath.Base(f), code, stderr)
				}
			}
			if have := redump(t, got, p.db); !bytes.Equal(want, have) {
				t.Fatalf("re-dumps differ; first difference at %s", firstDiff(want, have))
			}
			// The tables are full now: the same data again would change them.
			code, _, stderr := dumpscopeImport(t, got, []string{"--no-advisor"}, p.data)
			if code == 0 || !strings.Contains(stderr, "refusing to overwrite existing objects") {
				t.Fatalf("data into full tables: exit %d, want a refusal: %s", code, stderr)
			}
		})
	}
}
