package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestProgressPhaseIndexesAtTheEnd: under --parallel --defer-indexes, the index builds
// that follow the last rows of the dump are the "indexes" phase, not "loading". The
// dispatcher marked the stream as read only after it had built them, so a seed-000-like
// run (rows, then a 22 s index build of the last table) showed no index phase and the
// verdict could not tell what bounded the build.
func TestProgressPhaseIndexesAtTheEnd(t *testing.T) {
	srv := testsandbox.Start(t)
	table := func(name string) string { // as mysqldump writes it: one definition per line
		return "CREATE TABLE `" + name + "` (\n  `id` int(11) NOT NULL,\n  `v` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_v` (`v`)\n) ENGINE=InnoDB;\n"
	}
	dump := "CREATE DATABASE ph;\nUSE ph;\n" + table("a") + "INSERT INTO a VALUES (1,1),(2,2);\n" +
		table("b") + "INSERT INTO b VALUES (1,1),(2,2);\nINSERT INTO b VALUES (3,3),(4,4);\n"
	path := filepath.Join(t.TempDir(), "ph.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	var progress func() importer.Progress
	var phases []string // the phase as each table's index build starts
	var log strings.Builder
	opt := importer.WithIndexBuildHook(importer.Options{
		Parallel: 2, DeferIndexes: true, Log: &log,
		OnReplay: func(_ *dumpfile.Input, p func() importer.Progress) func() {
			progress = p
			return func() {}
		},
	}, func() { phases = append(phases, progress().Phase) })
	res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, opt)
	if err != nil || res.Err != nil {
		t.Fatalf("Import: %v, %v\n%s", err, res.Err, log.String())
	}
	// Both tables' indexes are built once the stream has been read.
	if want := []string{importer.PhaseIndexes}; strings.Join(phases, ",") != strings.Join(want, ",") {
		t.Errorf("phases as the index builds started: %q, want %q", phases, want)
	}
}
