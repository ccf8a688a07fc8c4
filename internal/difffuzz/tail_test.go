package difffuzz

import (
	"strings"
	"testing"
)

// TestTailKeepsWhy: a report of a long output keeps the lines that say why dumpscope
// stopped, which a list of warnings after them pushed out of the last 2000 bytes.
func TestTailKeepsWhy(t *testing.T) {
	why := "dumpscope import: d.sql: offset 9, line 3: INSERT `t`: ERROR 1062 (23000): Duplicate entry '3'\n"
	warnings := strings.Repeat("  offset 1, line 1: Warning 1062: Duplicate entry '14' for key 'PRIMARY'\n", 60)
	got := tail([]byte("dumpscope: importing d.sql\n" + why + "dumpscope: failed\n" + warnings))
	if !strings.HasPrefix(got, why+"…") {
		t.Errorf("the report does not begin with why dumpscope stopped:\n%.300s", got)
	}
	if !strings.HasSuffix(got, "for key 'PRIMARY'") {
		t.Errorf("the report lost the output's end:\n…%s", got[len(got)-200:])
	}
	if short := "dumpscope import: x\nok"; tail([]byte(short)) != short {
		t.Errorf("a short output changed: %q", tail([]byte(short)))
	}
}
