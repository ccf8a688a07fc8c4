package importer_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestLoadDataShapes: which batches of real dump shapes --load-data loads and which run
// as INSERTs, and why (p-ldpath, session 51). A mariadb-dump of a table with a UNIQUE key,
// a secondary key and an AUTO_INCREMENT column loads every batch but the table's first
// statement: under the dump's unique_checks=0 and foreign_key_checks=0 that one may meet
// the empty table on InnoDB's bulk path, where a duplicate is the client's ERROR 1180 and
// drops a LOAD's connection (bulkpath.go), so it runs as INSERTs. difffuzz's rs-batch-edge
// block is that first statement and nothing else: it loads nothing, as it must. Rows whose
// ids the server generates run on the control connection (plan.Plan.IDs), never in a batch.
func TestLoadDataShapes(t *testing.T) {
	ref := testsandbox.Start(t)
	schema := "CREATE DATABASE ldshape; USE ldshape;\n" +
		"CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, u VARCHAR(20) NOT NULL, k INT, v VARCHAR(40), UNIQUE KEY (u), KEY (k)) ENGINE=InnoDB;\n"
	var fill strings.Builder
	fill.WriteString(schema)
	for b := 0; b < 20; b++ {
		fill.WriteString("INSERT INTO t (u, k, v) VALUES ")
		for r := 0; r < 200; r++ {
			if r > 0 {
				fill.WriteString(",")
			}
			n := b*200 + r
			fmt.Fprintf(&fill, "('u%05d',%d,'row %d')", n, n%37, n)
		}
		fill.WriteString(";\n")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "fill.sql")
	if err := os.WriteFile(src, []byte(fill.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	clientImport(t, ref, src)
	out, err := exec.Command(testsandbox.RequireTool(t, "mariadb-dump"), append(ref.ClientArgs(), "--skip-dump-date", "--net-buffer-length=16384", "--databases", "ldshape")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	mdump := filepath.Join(dir, "mariadb-dump.sql")
	if err := os.WriteFile(mdump, out, 0o644); err != nil {
		t.Fatal(err)
	}
	header := "/*!40101 SET NAMES utf8mb4 */;\n/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;\n"
	// rs-batch-edge: one plain INSERT of 300 rows whose row 240 repeats row 0's key
	// (collide), after a first one-row INSERT; header: mariadb-dump's session lines first.
	edgeDump := func(name string, collide bool) string {
		var edge strings.Builder
		edge.WriteString(header)
		edge.WriteString(schema + "INSERT INTO t (u, k, v) VALUES ('a',1,'x');\nINSERT INTO t (u, k, v) VALUES ")
		for r := 0; r < 300; r++ {
			if r > 0 {
				edge.WriteString(",")
			}
			n := r
			if collide {
				n = r % 240
			}
			fmt.Fprintf(&edge, "('e%05d',%d,'r')", n, r)
		}
		edge.WriteString(";\nINSERT INTO t (u, k, v) VALUES ('z',1,'x');\n")
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(edge.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// The fuzz block's plain form: explicit ids, no AUTO_INCREMENT, no collision.
	var fz strings.Builder
	fz.WriteString(header + "CREATE DATABASE ldshape; USE ldshape;\nCREATE TABLE t (id int NOT NULL PRIMARY KEY, u int NOT NULL, v varchar(200) DEFAULT NULL, UNIQUE KEY uu (u)) ENGINE=InnoDB;\nINSERT INTO t VALUES ")
	for i := 0; i < 300; i++ {
		if i > 0 {
			fz.WriteString(",")
		}
		fmt.Fprintf(&fz, "(%d,%d,'e%d')", i+1, 10000+i, i+1)
	}
	fz.WriteString(";\n")
	fzPath := filepath.Join(dir, "fz.sql")
	if err := os.WriteFile(fzPath, []byte(fz.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// want: batches loaded at least (minLoaded; -1: none at all), batches committed as
	// INSERTs (asInserts), and the client's error ("" when it finishes).
	shapes := []struct {
		name      string
		files     []string
		minLoaded int64
		asInserts int64
		err       string
	}{
		// Every batch but the table's first statement, which may meet the empty table on
		// InnoDB's bulk path (bulkpath.go: a duplicate there is ERROR 1180 for the client
		// and a dropped connection for a LOAD).
		{"mariadb-dump unique+key+autoinc", []string{mdump}, 4, 1, ""},
		// The difffuzz block: one statement, the table's first: all of it as INSERTs.
		{"rs-batch-edge fuzz plain form", []string{fzPath}, -1, 1, ""},
		// Ids left to the server (no id in the column list): the control connection
		// (plan.Plan.IDs), never a batch; the duplicate is the client's ERROR 1062.
		{"ids generated, duplicate", []string{edgeDump("e1.sql", true)}, -1, 0, "ERROR 1062"},
		{"ids generated", []string{edgeDump("e2.sql", false)}, -1, 0, ""},
		// rental's and store's first statements (UNIQUE keys) and one more batch (film's
		// triggers write film_text, probably; not traced) as INSERTs.
		{"sakila-mariadb-dump", []string{filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")}, 15, 3, ""},
		// SET AUTOCOMMIT=0 … COMMIT per table: the control connection (TestImportLoadData).
		{"sakila-mv (mysqldump)", []string{filepath.Join(sakilaDir, "sakila-mv-schema.sql"), filepath.Join(sakilaDir, "sakila-mv-data.sql")}, -1, 0, ""},
		// Three batches as INSERTs, the Aria and MyISAM tables' among them.
		{"dumpscope gen", []string{genDump(t, 4<<20, "", true)}, 60, 3, ""},
	}
	for _, sh := range shapes {
		for _, par := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/parallel%d", sh.name, par), func(t *testing.T) {
				if strings.HasPrefix(sh.name, "sakila") {
					requireSakila(t)
				}
				got := testsandbox.Start(t)
				o := importer.Options{LoadData: true, Overwrite: true, Parallel: par, BatchBytes: 64 << 10}
				var res *importer.Result
				for _, f := range sh.files {
					res = importFile(t, got, "", f, o)
				}
				ld := res.Replay.LoadData
				t.Logf("%s, parallel %d: status %v, loaded %d, replayed %d, as inserts %d, notes %q, err %v", sh.name, par, res.Status, ld.Loaded, ld.Replayed, ld.AsInserts, ld.Notes, res.Err)
				switch {
				case sh.minLoaded < 0 && ld.Loaded != 0, sh.minLoaded >= 0 && ld.Loaded < sh.minLoaded:
					t.Errorf("%d batches loaded, want at least %d (-1: none)", ld.Loaded, sh.minLoaded)
				case ld.AsInserts != sh.asInserts || ld.Replayed != 0:
					t.Errorf("%d batches as INSERTs (%d replayed), want %d (0 replayed)", ld.AsInserts, ld.Replayed, sh.asInserts)
				}
				if sh.err == "" {
					finished(t, res)
				} else if res.Err == nil || !strings.Contains(res.Err.Error(), sh.err) {
					t.Errorf("err %v, want %s", res.Err, sh.err)
				}
			})
		}
	}
}
