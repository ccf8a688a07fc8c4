package importer_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestReviewX68OverwriteStopInsideText (found by x-fix68): a DELIMITER ;; text the server
// runs as several statements (split.ServerParts), whose second part writes into what the
// target holds, imported into that target without --overwrite and without
// --preflight-scan. The per-statement check runs on each part: the import runs the first
// part (an INSERT into the dump's own table), then stops before the second, naming
// offset text+1 (the part's, a byte inside the text's first line) and says "everything up
// to offset <text> was executed (statements after it were not sent)". The client cannot
// stop inside a text: the place a stop can be held to is the text's start, none of it
// run (difffuzz's overlap oracle cuts there since x-fix68, textCut). What differs: the
// first part's row is in fresh.t; serial and parallel (--checkpoint); loud (a refusal)
// but its offset names no statement's start and the row is kept against what the stop
// line says. Cause: the replay calls OnStatement (preflightHook) per part
// (replay/multistmt.go runParts, dispatchParts), not once for the whole text before any.
// Seed 156014 (overlap) met it with parts that set only session variables.
//
// Fixed by x-fix70 (both subtests failed before, each on the place and the row): the
// replay hands the preflight's check each text whole before any part runs
// (replay.ReplayOptions.Judge), and the stop names the text's start and which of its
// statements would overwrite (preflight.InTextOf).
func TestReviewX68OverwriteStopInsideText(t *testing.T) {
	const dump = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i INT PRIMARY KEY);\nDELIMITER ;;\nINSERT INTO t VALUES (1);\nINSERT INTO other.k VALUES (2)\n;;\nDELIMITER ;\n"
	text := strings.Index(dump, "INSERT INTO t")
	f := newSessionFixture(t, dump)
	f.exec("CREATE DATABASE other")
	f.exec("CREATE TABLE other.k (i INT PRIMARY KEY)")
	f.exec("INSERT INTO other.k VALUES (1)")
	for _, c := range []struct {
		name string
		o    importer.Options
	}{
		{"serial", importer.Options{}},
		{"parallel", importer.Options{Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "j")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS fresh")
			var log strings.Builder
			c.o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, c.o)
			if err != nil || res.Err == nil || !strings.Contains(res.Err.Error(), "INSERT INTO `other`.`k`") {
				t.Fatalf("%v, %v: want the stop before INSERT INTO other.k\n%s", err, res.Err, log.String())
			}
			if where := fmt.Sprintf("(offset %d, line 5; statement 2 of the 2 ", text); !strings.Contains(res.Err.Error(), where) {
				t.Errorf("the stop names %q; want the text's place and its part %s", res.Err, where)
			}
			if got := f.query("SELECT COUNT(*) FROM fresh.t"); got != "0" {
				t.Errorf("fresh.t has %s rows after the stop; want 0 (none of the text run, as the client's input cut at the text)", got)
			}
			if got := f.query("SELECT COUNT(*) FROM other.k"); got != "1" {
				t.Errorf("other.k has %s rows; want its 1", got)
			}
		})
	}
}
