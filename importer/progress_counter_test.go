package importer

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestTableCounterDottedNames: `a.b`.c and a.`b.c` are two tables. The counter joined
// the names with a dot ("a.b.c" for both) and counted one, so the progress's TablesTotal
// fell short; its keys are table keys now (sqlscan.TableKeyOf).
func TestTableCounterDottedNames(t *testing.T) {
	c := newTableCounter("")
	sp := split.NewSplitter(strings.NewReader("INSERT INTO `a.b`.c VALUES (1);\nINSERT INTO a.`b.c` VALUES (2);\nINSERT INTO a.`b.c` VALUES (3);\n"), split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		c.observe(&st)
	}
	if got := c.total(); got != 2 {
		t.Errorf("total() = %d, want 2", got)
	}
}
