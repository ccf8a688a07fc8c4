package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportLoadData: --load-data gives the mariadb client's database on the generated
// dump (InnoDB tables of every common type, JSON, blobs, an Aria and a MyISAM table that
// stay INSERTs) and on both Sakila layouts, while loading most batches in bulk; with the
// server's local_infile off it says so once and gives the same database with INSERTs.
func TestImportLoadData(t *testing.T) {
	loaded := regexp.MustCompile(`--load-data: (\d+) batches loaded in bulk`)
	check := func(t *testing.T, settings []string, files []string, db string, args []string, wantBulk bool) string {
		t.Helper()
		ref, got := testsandbox.Start(t), testsandbox.Start(t, settings...)
		var stdout, stderr string
		for _, f := range files {
			clientImport(t, ref, f)
			var code int
			code, stdout, stderr = dumpscopeImport(t, got, append([]string{"--overwrite", "--no-advisor", "--load-data"}, args...), f)
			if code != 0 {
				t.Fatalf("dumpscope import --load-data %v %s: exit %d: %s", args, f, code, stderr)
			}
		}
		if want, have := redump(t, ref, db), redump(t, got, db); !bytes.Equal(want, have) {
			t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
		}
		m := loaded.FindStringSubmatch(stdout)
		if m == nil || (m[1] != "0") != wantBulk {
			t.Errorf("%v: summary %q, want bulk loads: %v\n%s", args, m, wantBulk, stdout)
		}
		return stderr
	}
	gen := genDump(t, 8<<20, true)
	for _, args := range [][]string{{"--parallel", "2", "--batch-bytes", "512K"}, {"--batch-bytes", "256K"}} {
		t.Run("gen"+strings.Join(args, ""), func(t *testing.T) {
			check(t, nil, []string{gen}, "dumpscope_gen", args, true)
		})
	}
	t.Run("local_infile=OFF", func(t *testing.T) {
		stderr := check(t, []string{"local_infile=OFF"}, []string{gen}, "dumpscope_gen", []string{"--parallel", "2"}, false)
		if n := strings.Count(stderr, "refuses LOAD DATA LOCAL"); n != 1 {
			t.Errorf("local_infile=OFF said %d times, want once:\n%s", n, stderr)
		}
	})
	for _, files := range [][]string{{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, {"sakila-mariadb-dump.sql"}} {
		t.Run(files[0], func(t *testing.T) {
			requireSakila(t)
			{
				var paths []string
				for _, f := range files {
					paths = append(paths, filepath.Join(sakilaDir, f))
				}
				// sakila-mv-data.sql loads each table inside SET AUTOCOMMIT=0 … COMMIT and
				// names no producer that never writes ROLLBACK: the planner runs those
				// transactions on the control connection as the client's INSERTs (exact
				// whatever ends them), so only the mariadb-dump layout loads in bulk.
				check(t, nil, paths, "sakila", []string{"--parallel", "2", "--batch-bytes", "64K"}, files[0] != "sakila-mv-schema.sql")
			}
		})
	}
}
