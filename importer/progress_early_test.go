package importer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The progress schema is made before the preflight now, its tables on a worker's
// connection while the preflight reads the target (importer/progress_early.go).

// TestEarlySchemaNotSeenByPreflight: the schema the import made for itself just before
// its preflight is not a database of the target's to protect: an empty target stays
// empty to the preflight, which does not read the whole dump ahead looking for
// overwrites (a second read of the file before the first row), and the re-dump is the
// client's.
func TestEarlySchemaNotSeenByPreflight(t *testing.T) {
	f := newSessionFixture(t, "CREATE DATABASE pe;\nUSE pe;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1), (2);\n")
	f.client()
	want := redumps(t, f.srv, "pe")
	f.exec("DROP DATABASE pe")
	var log strings.Builder
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, importer.Options{Parallel: 2, Log: &log})
	if err != nil || res.Err != nil || res.Status != importer.Finished {
		t.Fatalf("%v, %v\n%s", err, res.Err, log.String())
	}
	if strings.Contains(log.String(), "preflight: reading") {
		t.Errorf("the preflight read the dump ahead in an empty target (it took its own progress schema for the target's):\n%s", log.String())
	}
	sameDump(t, "parallel 2", want, redumps(t, f.srv, "pe"))
	if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); got != "0" {
		t.Errorf("dumpscope_progress left after a finished run")
	}
}

// TestEarlySchemaGoneBeforeSerialReplay: a preflight that finds code read later makes the
// run serial (no progress rows); the schema made for them before the preflight is dropped
// before the first statement, so that the dump sees the target the client sees: here it
// records whether dumpscope_progress exists (the client's: no). Kept until the end of
// the import, it was there all along the serial replay.
func TestEarlySchemaGoneBeforeSerialReplay(t *testing.T) {
	probe := "CREATE TABLE seen AS SELECT COUNT(*) AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress';\n"
	f := newSessionFixture(t, "SET NAMES utf8mb4;\n"+laterReaderDump+probe)
	f.exec("CREATE DATABASE other") // the preflight reads the dump ahead: a database of the target's is there
	f.client()
	want := redumps(t, f.srv, "rk")
	if got := f.query("SELECT n FROM rk.seen"); got != "0" {
		t.Fatalf("the client's probe saw %s", got)
	}
	for _, o := range []importer.Options{
		{Parallel: 2, BatchBytes: 2 << 10, PreflightScan: true},
		{Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "journal"), PreflightScan: true},
	} {
		f.exec("DROP DATABASE rk")
		var log strings.Builder
		o.Log = &log
		res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
		if err != nil || res.Err != nil || !res.Used.Serial {
			t.Fatalf("%s: %v, %v, serial %v\n%s", optsName(o), err, res.Err, res.Used.Serial, log.String())
		}
		sameDump(t, optsName(o), want, redumps(t, f.srv, "rk"))
		if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); got != "0" {
			t.Errorf("%s: dumpscope_progress left by a serial run", optsName(o))
		}
	}
}

// TestEarlySchemaHalfMadeByKill: a kill while the tables were being made before the
// preflight leaves the schema with some of them and no run in it (no journal: nothing to
// resume). The next import finds the schema there, makes the rest and upgrades what needs
// it, ends with the client's database and drops the schema.
func TestEarlySchemaHalfMadeByKill(t *testing.T) {
	f := newSessionFixture(t, "CREATE DATABASE pk;\nUSE pk;\nCREATE TABLE t (id INT PRIMARY KEY);\nINSERT INTO t VALUES (1), (2);\nCREATE TABLE u (id INT PRIMARY KEY);\nINSERT INTO u VALUES (3);\n")
	f.client()
	want := redumps(t, f.srv, "pk")
	for _, made := range [][]string{
		{"CREATE DATABASE dumpscope_progress DEFAULT CHARACTER SET utf8mb4"},
		{"CREATE DATABASE dumpscope_progress DEFAULT CHARACTER SET utf8mb4", "CREATE TABLE dumpscope_progress.runs (run_id CHAR(32) CHARACTER SET ascii PRIMARY KEY, dump_name VARCHAR(2048) CHARACTER SET utf8mb4, dump_head_sha256 CHAR(64) CHARACTER SET ascii, target_datadir VARCHAR(2048) CHARACTER SET utf8mb4, started_at DATETIME(6), finished_at DATETIME(6) NULL) ENGINE=InnoDB"},
	} {
		f.exec("DROP DATABASE pk")
		for _, q := range made {
			f.exec(q)
		}
		journal := filepath.Join(t.TempDir(), "journal")
		var log strings.Builder
		o := importer.Options{Parallel: 2, CheckpointPath: journal, Overwrite: true, Log: &log}
		res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
		if err != nil || res.Err != nil || res.Status != importer.Finished {
			t.Fatalf("after %d statements of the schema: %v, %v\n%s", len(made), err, res.Err, log.String())
		}
		sameDump(t, "parallel 2", want, redumps(t, f.srv, "pk"))
		if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); got != "0" {
			t.Errorf("after %d statements of the schema: dumpscope_progress left after the run finished", len(made))
		}
	}
}
