package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportSchemaThenData: a schema file and then a data file (Sakila's two files, the
// layout of datacharmer's test_db) import without Overwrite, and give what the client
// gives; the data file again, into the now full tables, is refused before it changes
// anything. Issue 22, item 20. (It lived in cmd/dumpscope.)
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
			clientImport(t, ref, p.schema)
			clientImport(t, ref, p.data)
			want := redumps(t, ref, p.db)

			got := testsandbox.Start(t)
			for _, f := range []string{p.schema, p.data} {
				finished(t, importFile(t, got, "", f, importer.Options{Parallel: 1}))
			}
			have := redumps(t, got, p.db)
			sameDump(t, "schema then data", want, have)
			// The tables are full now: the same data again would change them, so Import
			// refuses it (before the first statement that writes into them: the data file's
			// first) and they stay as they were.
			if res, err := tryImport(t, got, "", importer.Source{Path: p.data}, importer.Options{Parallel: 1}); err == nil && (res.Err == nil || !strings.Contains(res.Err.Error(), "which exists in the target; stopped before it")) {
				t.Fatalf("data into full tables: status %v, err %v: want Import refused", res.Status, res.Err)
			}
			sameDump(t, "after the refusal", have, redumps(t, got, p.db))
		})
	}
}
