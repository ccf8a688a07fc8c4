package importer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestLaterReaderRunsSeriallyUpFront: a dump file whose trigger reads ROW_COUNT() and is
// fired after it was created was refused at that INSERT under --parallel, --checkpoint
// or --load-data, after part of the dump had run. When the preflight reads the file
// ahead anyway (here: the target holds a database of its own, and --preflight-scan looks
// for overwrites ahead), the same rule as the planner's (plan.LaterReaders) finds the trigger
// before the first statement, and the whole import runs serially: the re-dump is the
// client's, Result.Used says serial with the reason, and one line says so.
func TestLaterReaderRunsSeriallyUpFront(t *testing.T) {
	f := newSessionFixture(t, "SET NAMES utf8mb4;\n"+laterReaderDump) // the trigger keeps the charset it was created under
	f.exec("CREATE DATABASE other")
	f.exec("CREATE TABLE other.k (i INT PRIMARY KEY)")
	f.client()
	want := redumps(t, f.srv, "rk")
	for _, o := range []importer.Options{
		{Parallel: 2, BatchBytes: 2 << 10, PreflightScan: true},
		{Parallel: 2, LoadData: true, DeferIndexes: true, CheckpointPath: filepath.Join(t.TempDir(), "journal"), PreflightScan: true},
	} {
		f.exec("DROP DATABASE rk")
		var log strings.Builder
		o.Log = &log
		res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
		if err != nil || res.Err != nil {
			t.Fatalf("%s: %v, %v\n%s", optsName(o), err, res.Err, log.String())
		}
		sameDump(t, optsName(o), want, redumps(t, f.srv, "rk"))
		u := res.Used
		const why = "runs serially: at line 11 it names x and so may run code read later (the trigger tr reads ROW_COUNT()), which only the serial replay gives the client's values"
		if !u.Serial || u.Parallel != 1 || u.DeferIndexes || len(u.Reasons) != 1 || !strings.HasPrefix(u.Reasons[0], why) {
			t.Errorf("%s: used %+v, want serial, 1 connection, no deferred indexes, the reason %q", optsName(o), u, why)
		}
		if n := strings.Count(log.String(), "runs serially"); n != 1 {
			t.Errorf("%s: %d lines say it runs serially, want 1:\n%s", optsName(o), n, log.String())
		}
		if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'"); got != "0" {
			t.Errorf("%s: dumpscope_progress created by a serial run", optsName(o))
		}
	}
}
