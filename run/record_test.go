package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
