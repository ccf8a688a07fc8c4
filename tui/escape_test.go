package tui

import (
	"strings"
	"testing"
)

// TestTableNameEscaped: the current table's name comes from the dump; escape sequences in
// it are drawn as text, never sent to the terminal.
func TestTableNameEscaped(t *testing.T) {
	rec, frames := loadRun(t)
	frames = frames[:10]
	for i := range frames {
		if p := frames[i].Tick.Snapshot.Import; p != nil {
			q := *p
			q.Table = "evil\x1b]0;pwned\x07\x1b[2J"
			frames[i].Tick.Snapshot.Import = &q
		}
	}
	out := run(t, New(importOptions(rec)), [2]int{160, 50}, frames, nil)
	if strings.ContainsAny(out, "\x07") || strings.Contains(out, "\x1b]0;") || strings.Contains(out, "\x1b[2J") {
		t.Errorf("the table name's escape sequences reached the screen: %q", out)
	}
	if !strings.Contains(out, `evil\x1b]0;pwned\x07\x1b[2J`) {
		t.Errorf("the table name is not shown escaped:\n%s", out)
	}
}
