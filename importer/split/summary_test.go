package split

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSummary counts a small dump: a DELIMITER block, a USE that qualifies the tables
// after it, a client command the import refuses, and the packet the largest statement needs.
func TestSummary(t *testing.T) {
	dump := "CREATE TABLE a (x INT);\nINSERT INTO a VALUES (1),(2);\nUSE shop;\nINSERT INTO b VALUES (3);\n" +
		"DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\nsystem ls\n"
	sp := NewSplitter(strings.NewReader(dump), SplitOptions{TrackSQLMode: true})
	sum := NewSummary("d.sql", "plain", "first")
	for sp.Next() {
		st := sp.Statement()
		sum.Add(&st, sp.Delimiter())
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	sum.Finish(sp, int64(len(dump)), int64(len(dump)))
	var tables []string
	for _, tb := range sum.Tables {
		tables = append(tables, tb.Database+"."+tb.Table)
	}
	if d := cmp.Diff([]string{"first.a", "shop.b"}, tables); d != "" {
		t.Errorf("tables (-want +got):\n%s", d)
	}
	if sum.Rows != 3 || sum.DelimiterBlocks != 1 || sum.MaxAllowedPacketBytes != 1024 || sum.Largest == nil {
		t.Errorf("rows %d, delimiter blocks %d, max_allowed_packet %d, largest %+v", sum.Rows, sum.DelimiterBlocks, sum.MaxAllowedPacketBytes, sum.Largest)
	}
	var b strings.Builder
	sum.WriteClientCommands(&b)
	if !strings.Contains(b.String(), "line 8, offset") || !strings.Contains(b.String(), "SYSTEM ls") {
		t.Errorf("client commands:\n%s", b.String())
	}
}
