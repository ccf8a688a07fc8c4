package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/metrics"
)

// TestImportFinalKeepsProgress: the metrics' final totals map the importer's progress as
// every tick does, phase, table counts and the dump's size included; the metrics' own
// copy of the mapping dropped them.
func TestImportFinalKeepsProgress(t *testing.T) {
	sql := []byte("CREATE TABLE t (a int);\nINSERT INTO t VALUES (1);\n")
	path := filepath.Join(t.TempDir(), "d.sql")
	if err := os.WriteFile(path, sql, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := dumpfile.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	p := importer.Progress{Bytes: 50, PendingBytes: 10, Statements: 2, Rows: 1, Commits: 2, Warnings: 1, Table: "t",
		Phase: importer.PhaseVerifying, TablesDone: 1, TablesTotal: 1}
	res := &importer.Result{Input: in, Replay: &importer.ReplayResult{Progress: p, Tables: []importer.TableCount{{}}}}
	got := importFinal(exitOK, res)
	want := metrics.Final{Phase: metrics.PhaseFinished, Tables: 1, Progress: &advisor.ImportProgress{
		Bytes: 40, ReadBytes: 50, Statements: 2, Rows: 1, Commits: 2, Warnings: 1, Table: "t",
		CompressedBytes: in.CompressedBytesRead(), CompressedTotalBytes: int64(len(sql)),
		ExpectedBytes: int64(len(sql)), ExpectedExact: true,
		Phase: importer.PhaseVerifying, TablesDone: 1, TablesTotal: 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("final (-want +got):\n%s", diff)
	}
}
