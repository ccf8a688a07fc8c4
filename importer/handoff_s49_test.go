package importer_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestParallelGzipInline: a parallel import of a gzip file decodes it in the dispatcher
// (dumpfile.OpenInline, session 49's p-handoff) and the database is what the client makes
// of the same dump uncompressed, with small batches (many pieces and hand-offs), with
// --load-data, and serially (which keeps the read-ahead goroutine); and stopped between
// two batches, then resumed from its journal (which decodes the file again from its start).
func TestParallelGzipInline(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 3 << 20
	o.ExtendedInsert = true
	o.RowsPerInsertBytes = 16 << 10
	var plain bytes.Buffer
	if _, err := gen.Write(&plain, o); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sqlPath, gzPath := filepath.Join(dir, "gen.sql"), filepath.Join(dir, "gen.sql.gz")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain.Bytes())
	zw.Close()
	if err := os.WriteFile(sqlPath, plain.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gzPath, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := testsandbox.Start(t)
	clientImport(t, ref, sqlPath)
	want := redumps(t, ref, o.Database)
	for name, opt := range map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 64 << 10},
		"load-data": {Parallel: 2, BatchBytes: 64 << 10, LoadData: true},
		"serial":    {Parallel: 1},
	} {
		t.Run(name, func(t *testing.T) {
			got := testsandbox.Start(t)
			res := importFile(t, got, "", gzPath, opt)
			finished(t, res)
			sameDump(t, name, want, redumps(t, got, o.Database))
		})
	}
	for _, loadData := range []bool{false, true} {
		t.Run(fmt.Sprintf("stop-resume/load-data=%v", loadData), func(t *testing.T) {
			got := testsandbox.Start(t)
			journal := filepath.Join(t.TempDir(), "journal")
			stop := make(chan struct{})
			var once sync.Once
			var entries atomic.Int64
			opt := importer.Options{Parallel: 2, BatchBytes: 64 << 10, LoadData: loadData, CheckpointPath: journal, Stop: stop}
			opt = importer.WithWorkerHook(opt, func() {
				if entries.Add(1) == 6 {
					once.Do(func() { close(stop) })
				}
			})
			res := importFile(t, got, "", gzPath, opt)
			if res.Status != importer.Interrupted {
				t.Fatalf("status %v (err %v), want interrupted", res.Status, res.Err)
			}
			res = importFile(t, got, "", gzPath, importer.Options{Parallel: 2, BatchBytes: 64 << 10, LoadData: loadData, CheckpointPath: journal, Resume: true})
			finished(t, res)
			sameDump(t, "stop-resume", want, redumps(t, got, o.Database))
		})
	}
}
