package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestOptionsUnchangedResultSaysWhatWasUsed: a resume of a run that deferred its indexes,
// asked with neither --overwrite nor --defer-indexes, runs with both (the journal and the
// interrupted run's own objects decide); the caller's Options is the same after Import as
// before, so the same value resumes twice alike, and Result.Used says what was used and
// why. Before, Import rewrote its copy of Options and the caller could not learn either.
func TestOptionsUnchangedResultSaysWhatWasUsed(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte(strings.ReplaceAll(importDump, "%s", "")), 0o600); err != nil {
		t.Fatal(err)
	}
	first := importer.Options{Parallel: 2, BatchBytes: 1 << 20, DeferIndexes: true, CheckpointPath: filepath.Join(dir, "j")}
	res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(6, first))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	if want := (importer.Used{Parallel: 2, DeferIndexes: true}); !reflect.DeepEqual(res.Used, want) {
		t.Errorf("first run used %+v, want %+v (what was asked)", res.Used, want)
	}

	resume := importer.Options{Parallel: 0, BatchBytes: 1 << 20, CheckpointPath: first.CheckpointPath, Resume: true}
	asked := resume
	var log strings.Builder
	resume.Log = &log
	res, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, resume)
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	resume.Log = nil
	if !reflect.DeepEqual(resume, asked) {
		t.Errorf("Import changed the caller's Options:\n got %+v\nwant %+v", resume, asked)
	}
	u := res.Used
	if u.Parallel != 1 || !u.Overwrite || !u.DeferIndexes || u.SkipWarningCount {
		t.Errorf("resume used %+v, want 1 worker, overwrite and deferred indexes", u)
	}
	if len(u.Reasons) != 2 || !strings.Contains(u.Reasons[0], "overwrite: a resume") || !strings.Contains(u.Reasons[1], "defer indexes: the interrupted run deferred them") {
		t.Errorf("reasons %q, want the overwrite's and the deferred indexes'", u.Reasons)
	}
}
