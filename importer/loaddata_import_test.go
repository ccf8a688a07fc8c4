package importer_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportLoadData: LoadData gives the mariadb client's database on the generated dump
// (InnoDB tables of every common type, JSON, blobs, an Aria and a MyISAM table that stay
// INSERTs) and on both Sakila layouts, while loading most batches in bulk; with the
// server's local_infile off the Result says why (LoadData.Off) and the database is the
// same, made with INSERTs. (It lived in cmd/dumpscope and read the summary line; that
// line's wording stays cmd's.)
func TestImportLoadData(t *testing.T) {
	check := func(t *testing.T, settings []string, files []string, db string, o importer.Options, wantBulk bool) *importer.Result {
		t.Helper()
		o.LoadData, o.Overwrite = true, true
		ref, got := testsandbox.Start(t), testsandbox.Start(t, settings...)
		var res *importer.Result
		for _, f := range files {
			clientImport(t, ref, f)
			res = importFile(t, got, "", f, o)
			finished(t, res)
		}
		sameDump(t, fmt.Sprintf("LoadData %+v", o), redumps(t, ref, db), redumps(t, got, db))
		ld := res.Replay.LoadData
		if ld == nil {
			t.Fatal("no LOAD DATA stats in the result")
		}
		if (ld.Loaded > 0) != wantBulk {
			t.Errorf("Parallel %d, BatchBytes %d: %d batches loaded in bulk, want bulk loads: %v", o.Parallel, o.BatchBytes, ld.Loaded, wantBulk)
		}
		return res
	}
	gen := genDump(t, 8<<20, "", true)
	for _, o := range []importer.Options{{Parallel: 2, BatchBytes: 512 << 10}, {Parallel: 1, BatchBytes: 256 << 10}} {
		t.Run(fmt.Sprintf("gen-parallel%d", o.Parallel), func(t *testing.T) {
			check(t, nil, []string{gen}, "dumpscope_gen", o, true)
		})
	}
	t.Run("local_infile=OFF", func(t *testing.T) {
		res := check(t, []string{"local_infile=OFF"}, []string{gen}, "dumpscope_gen", importer.Options{Parallel: 2, BatchBytes: 16 << 20}, false)
		if res.Replay.LoadData.Off == "" {
			t.Errorf("local_infile=OFF: LoadData.Off is empty, want why LOAD DATA LOCAL was refused")
		}
	})
	for _, files := range [][]string{{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, {"sakila-mariadb-dump.sql"}} {
		t.Run(files[0], func(t *testing.T) {
			requireSakila(t)
			var paths []string
			for _, f := range files {
				paths = append(paths, filepath.Join(sakilaDir, f))
			}
			// sakila-mv-data.sql loads each table inside SET AUTOCOMMIT=0 … COMMIT and
			// names no producer that never writes ROLLBACK: the planner runs those
			// transactions on the control connection as the client's INSERTs (exact
			// whatever ends them), so only the mariadb-dump layout loads in bulk.
			check(t, nil, paths, "sakila", importer.Options{Parallel: 2, BatchBytes: 64 << 10}, files[0] != "sakila-mv-schema.sql")
		})
	}
}
