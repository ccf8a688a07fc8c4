package importer_test

import (
	"os"
	"testing"
)

// TestDiffFuzzFoundS50x61FilterResumeDuplicate (seed 155022, mode filter-resume:
// --parallel 2 --batch-bytes 2K --checkpoint --include-databases 'fz[02]', killed twice;
// x-fix61's search; did not shrink: testdata/s50/seed-155022-filter-resume.sql). The
// resume (furthest offset 8192) failed at the statement at that very offset, `INSERT INTO
// t1` of fz2.t1 (ERROR 1062, Duplicate entry '1'), where the client ran on: its rows
// were already there. Loud. Not the filter's doing (mode resume alone gives the same):
// t1 is MyISAM with a trigger, written under the dump's LOCK TABLES in a run gone serial
// (a PREPARE at line 51); the write scope of a table with triggers is any table (nil),
// which lockState.intent took for none, so the INSERT left no intent and, killed after it
// ran and before its progress row, was sent again (x-fix67; keyless, the rows twice,
// silently: TestXFix67LockedTriggerTableKilled). The furthest offset is the INSERT's own
// start, 8192 in the fuzzer's file. Fixed: the resume refuses it as maybe half applied
// (1 of 14 kill points of lines 140-150 differed before, 0 now). The sweep's client does
// not filter, so its re-dump differences (fz1) are left out.
func TestDiffFuzzFoundS50x61FilterResumeDuplicate(t *testing.T) {
	script, err := os.ReadFile("testdata/s50/seed-155022-filter-resume.sql")
	if err != nil {
		t.Fatal(err)
	}
	got := killSweep(t, script, "resume --include-databases=fz[02]", func(k killPoint) bool { return k.line >= 140 && k.line <= 150 })
	differ := 0
	for _, r := range got {
		switch {
		case r.d != nil && r.d.Kind == "dump":
			// The sweep's client imports every database (killSweep filters only
			// dumpscope): a re-dump holding fz1 is not this finding.
		case r.d != nil:
			differ++
			t.Errorf("killed %v and resumed: %v", r.at, r.d)
		case r.refused != "":
			t.Logf("killed %v: refused: %s", r.at, r.refused)
		}
	}
	t.Logf("%d of %d kill points differ", differ, len(got))
}

// TestDiffFuzzFoundS50x61CreateTwiceResumed (seed 155048, mode resume-defer-indexes:
// --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint, killed twice; x-fix61's
// search; testdata/s50/seed-155048-resume-defer-indexes.sql, 52 statements). The
// generator's proc-temp block makes `fz0.pt1` where the script already holds a
// partitioned pt1 (a name collision of the generator's): the client fails there (ERROR
// 1050, file line 72); the resumed dumpscope went past it and failed at the INSERT …
// SELECT into the older pt1 (ERROR 1136, file line 84). Loud (both fail, at other places).
// Not x-fix61's class (the temporary tables play no part): beyond the furthest recorded
// offset the second CREATE TABLE's "already exists" was taken for "it had run before its
// progress row" (checkpoint.Run.MayHaveRun's allowance), though the dump's first CREATE
// TABLE of pt1 had passed. Killed at lines 60-72, 3 of 4 points of lines 60-84 went past
// line 72 (x-fix71: 0 now; seed 160589 is the same shape). Fixed: the resume follows the
// tables the dump made (replay/madebefore.go) and stops at line 72 with the client's
// error (TestXFix71CreateTwiceResumed).
func TestDiffFuzzFoundS50x61CreateTwiceResumed(t *testing.T) {
	script, err := os.ReadFile("testdata/s50/seed-155048-resume-defer-indexes.sql")
	if err != nil {
		t.Fatal(err)
	}
	got := killSweep(t, script, "resume-defer-indexes", func(k killPoint) bool { return k.line >= 60 && k.line <= 84 })
	differ := 0
	for _, r := range got {
		switch {
		case r.d != nil:
			differ++
			t.Errorf("killed %v and resumed: %v", r.at, r.d)
		case r.refused != "":
			t.Logf("killed %v: refused: %s", r.at, r.refused)
		}
	}
	t.Logf("%d of %d kill points differ", differ, len(got))
}
