package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestPreflightReadsFileOnce: into a target that holds a database, the overwrite preflight
// read the whole dump file ahead of the replay (a second inflate and split of it: 0.6–0.8 s
// of CPU on the 200 MiB gen dump, half of a default run's extra CPU, issue 24). The
// overwrite check now runs on each statement just before it runs, as for a stream, and
// the file is read once; --preflight-scan (and a terminal's question, and definers to
// check) still reads it ahead and refuses before anything runs.
func TestPreflightReadsFileOnce(t *testing.T) {
	const dump = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i INT PRIMARY KEY);\nINSERT INTO t VALUES (1),(2);\n"
	f := newSessionFixture(t, dump)
	f.exec("CREATE DATABASE other")
	f.exec("CREATE TABLE other.k (i INT PRIMARY KEY)")
	f.exec("INSERT INTO other.k VALUES (1)")
	scans := importer.CountPreflightScans(t)
	for _, c := range []struct {
		name  string
		o     importer.Options
		scans int64
	}{
		{"serial", importer.Options{}, 0},
		{"parallel", importer.Options{Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "j")}, 0},
		{"load-data", importer.Options{Parallel: 2, LoadData: true, CheckpointPath: filepath.Join(t.TempDir(), "j")}, 0},
		{"--preflight-scan", importer.Options{Parallel: 2, PreflightScan: true, CheckpointPath: filepath.Join(t.TempDir(), "j")}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS fresh")
			scans.Store(0)
			var log strings.Builder
			c.o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, c.o)
			if err != nil || res.Err != nil {
				t.Fatalf("%v, %v\n%s", err, res.Err, log.String())
			}
			if got := scans.Load(); got != c.scans {
				t.Errorf("the file was read ahead %d times, want %d:\n%s", got, c.scans, log.String())
			}
			if said := strings.Contains(log.String(), "preflight: reading"); said != (c.scans > 0) {
				t.Errorf("log says it reads the file ahead: %v, want %v:\n%s", said, c.scans > 0, log.String())
			}
			if got := f.query("SELECT COUNT(*) FROM fresh.t"); got != "2" {
				t.Errorf("fresh.t has %s rows, want 2", got)
			}
		})
	}
}

// TestPreflightStopsBeforeOverwrite: checked as the statements run (no read ahead), an
// overwrite is still refused before it touches what exists: the existing table keeps its
// row, and the run offers no --resume (a resume writes over what exists and would run the
// refused statement), its progress rows and journal gone. What ran before stays, as for a
// stream. With --preflight-scan nothing runs.
func TestPreflightStopsBeforeOverwrite(t *testing.T) {
	const dump = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i INT PRIMARY KEY);\nINSERT INTO t VALUES (1),(2);\nINSERT INTO other.k VALUES (2);\nINSERT INTO t VALUES (3);\n"
	f := newSessionFixture(t, dump)
	f.exec("CREATE DATABASE other")
	f.exec("CREATE TABLE other.k (i INT PRIMARY KEY)")
	f.exec("INSERT INTO other.k VALUES (1)")
	const want = "fresh.sql: the dump would INSERT INTO `other`.`k` (offset 99, line 5), which exists in the target; stopped before it — rerun with --overwrite to allow it"
	for _, c := range []struct {
		name string
		o    importer.Options
	}{
		{"serial", importer.Options{}},
		{"parallel", importer.Options{Parallel: 2, BatchBytes: 1}},
		{"load-data", importer.Options{Parallel: 2, LoadData: true}},
		{"--preflight-scan", importer.Options{Parallel: 2, PreflightScan: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS fresh")
			journal := filepath.Join(t.TempDir(), "journal")
			if c.o.Parallel > 1 {
				c.o.CheckpointPath = journal
			}
			var log strings.Builder
			c.o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, c.o)
			if c.o.PreflightScan {
				if err == nil || !strings.Contains(err.Error(), "refusing to overwrite existing objects") || !strings.Contains(log.String(), "INSERT INTO `other`.`k` (offset 99, line 5)") {
					t.Fatalf("%v\n%s: want the scan's refusal listing other.k", err, log.String())
				}
				if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'fresh'"); got != "0" {
					t.Errorf("fresh made before the scan's refusal")
				}
			} else {
				if err != nil {
					t.Fatalf("%v\n%s", err, log.String())
				}
				if res.Err == nil || !strings.HasSuffix(res.Err.Error(), strings.TrimPrefix(want, "fresh.sql")) || strings.Contains(res.Err.Error(), "\n") {
					t.Fatalf("%v; want one line ending %q", res.Err, strings.TrimPrefix(want, "fresh.sql"))
				}
				if res.Journal != "" || res.GiveUp != "" {
					t.Errorf("journal %q, give-up %q: a refused overwrite offers a resume", res.Journal, res.GiveUp)
				}
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM fresh.t"); got != "1,2" {
					t.Errorf("fresh.t holds %s, want what ran before the refusal: 1,2", got)
				}
			}
			if got := f.query("SELECT GROUP_CONCAT(i) FROM other.k"); got != "1" {
				t.Errorf("other.k holds %s, want 1: overwritten", got)
			}
			if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); got != "0" {
				t.Errorf("progress rows left after the refusal")
			}
			if _, err := os.Stat(journal); err == nil {
				t.Errorf("journal %s left after the refusal", journal)
			}
		})
	}
}
