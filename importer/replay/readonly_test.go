package replay

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestMakesReadOnly: the statements that make a session or transaction read-only, and row
// inserts that only look like one (a column named tx_read_only, refused before).
func TestMakesReadOnly(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want bool
	}{
		{"/*!40101 SET SESSION TRANSACTION READ ONLY */", true},
		{"SET tx_read_only = 1", true},
		{"SET @@session.transaction_read_only = ON", true},
		{"START TRANSACTION READ ONLY", true},
		{"EXECUTE IMMEDIATE 'SET SESSION TRANSACTION READ ONLY'", true},
		{"SET tx_read_only = 0", false},
		{"SET SESSION TRANSACTION READ WRITE", false},
		{"INSERT INTO t SET tx_read_only = 1", false},
		{"INSERT INTO t (id, note) VALUES (1, 'read only'),(2, 'READ')", false},
	} {
		sp := split.NewSplitter(strings.NewReader(c.sql+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: %v", c.sql, sp.Err())
		}
		st := sp.Statement()
		if got := makesReadOnly(&st); got != c.want {
			t.Errorf("makesReadOnly(%s) = %v, want %v", c.sql, got, c.want)
		}
	}
}
