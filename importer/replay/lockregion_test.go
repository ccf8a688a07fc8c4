package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestWithLockList: the progress table joins the list of every form of LOCK TABLES the
// server takes (MariaDB's WAIT n and NOWAIT stay last; a table named wait is a table),
// inside an executable comment too, and nothing else is touched.
func TestWithLockList(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"LOCK TABLES `t` WRITE", "LOCK TABLES `t` WRITE, dumpscope_progress.done WRITE"},
		{"LOCK TABLE a.b READ LOCAL, c AS x WRITE", "LOCK TABLE a.b READ LOCAL, c AS x WRITE, dumpscope_progress.done WRITE"},
		{"lock tables t write wait 5", "lock tables t write, dumpscope_progress.done WRITE wait 5"},
		{"LOCK TABLES t WRITE NOWAIT", "LOCK TABLES t WRITE, dumpscope_progress.done WRITE NOWAIT"},
		{"LOCK TABLES wait WRITE", "LOCK TABLES wait WRITE, dumpscope_progress.done WRITE"},
		{"LOCK TABLES `wait` READ, t WRITE CONCURRENT WAIT 1", "LOCK TABLES `wait` READ, t WRITE CONCURRENT, dumpscope_progress.done WRITE WAIT 1"},
		{"/*!40000 LOCK TABLES t WRITE */", "/*!40000 LOCK TABLES t WRITE, dumpscope_progress.done WRITE */"},
		{"LOCK TABLES `a``b` WRITE /* why */", "LOCK TABLES `a``b` WRITE, dumpscope_progress.done WRITE /* why */"},
		{"LOCK INSTANCE FOR BACKUP", "LOCK INSTANCE FOR BACKUP"},
		{"UNLOCK TABLES", "UNLOCK TABLES"},
		{"LOCK TABLES", "LOCK TABLES"},
	} {
		if got := string(withLockList([]byte(tc.in), sqlscan.Syntax{}, "dumpscope_progress.done WRITE")); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
