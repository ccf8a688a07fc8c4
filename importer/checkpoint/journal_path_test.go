package checkpoint

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultJournalPath(t *testing.T) {
	yes := func(string) bool { return true }
	no := func(string) bool { return false }
	if got := DefaultJournalPath("/backups/db.sql.gz", yes, "/state"); got != "/backups/db.sql.gz.dumpscope-checkpoint" {
		t.Errorf("writable: %s", got)
	}
	a := DefaultJournalPath("/ro/a/db.sql.gz", no, "/state")
	b := DefaultJournalPath("/ro/b/db.sql.gz", no, "/state")
	if filepath.Dir(a) != "/state" || !strings.HasPrefix(filepath.Base(a), "db.sql.gz-") || a == b {
		t.Errorf("read-only: %s and %s: want distinct paths in /state", a, b)
	}
	if a != DefaultJournalPath("/ro/a/db.sql.gz", no, "/state") {
		t.Error("not deterministic: a resume would not find the journal")
	}
	if got := DefaultJournalPath("/ro/db.sql", no, ""); got != "/ro/db.sql.dumpscope-checkpoint" {
		t.Errorf("no state dir: %s", got)
	}
}
