package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestRecordPath: an unwritable --record is refused before anything starts, naming
// the user's path; a resumed run never overwrites the interrupted run's record.
func TestRecordPath(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "run.json")
	_, err := RecordPath(missing, false)
	if err == nil || !strings.Contains(err.Error(), "--record "+missing+": cannot write in "+filepath.Join(dir, "missing")) || strings.Contains(err.Error(), ".check-") {
		t.Errorf("unwritable: %v", err)
	}
	first := filepath.Join(dir, "run.json")
	os.WriteFile(first, []byte("{}"), 0o600)
	for _, want := range []string{"run.resume-1.json", "run.resume-2.json"} {
		p, err := RecordPath(first, true)
		if err != nil {
			t.Fatal(err)
		}
		if p != filepath.Join(dir, want) {
			t.Errorf("resumed run records to %s, want %s", p, want)
		}
		os.WriteFile(p, []byte("{}"), 0o600)
	}
	if b, _ := os.ReadFile(first); string(b) != "{}" {
		t.Errorf("the first record changed: %q", b)
	}
	if n, _ := filepath.Glob(filepath.Join(dir, ".*check*")); len(n) != 0 {
		t.Errorf("left behind: %v", n)
	}
}

// TestCompleteRecordNamesTablesQualified: a table the ticks never saw current (loaded
// between two of them) is added to the record with its database, as the ticks name the
// others; unqualified, one record listed audit_log beside dumpscope_gen.customers.
func TestCompleteRecordNamesTablesQualified(t *testing.T) {
	rec := &runrecord.Record{Tables: []runrecord.TableTime{{Name: "d.seen", Seconds: 2}}}
	res := &importer.Result{Replay: &importer.ReplayResult{Tables: []importer.TableCount{
		{Database: "d", Table: "fast", Rows: 3}, {Database: "d", Table: "seen", Rows: 5},
	}}}
	completeRecord(rec, res)
	got := map[string]int64{}
	for _, tt := range rec.Tables {
		got[tt.Name] = tt.Rows
	}
	if len(rec.Tables) != 2 || got["d.fast"] != 3 || got["d.seen"] != 5 {
		t.Errorf("record tables = %+v, want d.seen (5 rows) and d.fast (3 rows)", rec.Tables)
	}
}
