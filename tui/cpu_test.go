package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// TestCPUFirstTickLocal: CPU usage is a delta, so a local server's first tick has none.
// The panel must not call that server remote (an operator on the database host would
// look for a connection going elsewhere); a remote one keeps its reason.
func TestCPUFirstTickLocal(t *testing.T) {
	rec, frames := loadRun(t)
	for _, remote := range []bool{false, true} {
		o := importOptions(rec)
		o.Remote = remote
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 45})
		f := frames[0]
		f.Tick.Snapshot.CPU = nil
		m.Update(f)
		v := m.View()
		if got := strings.Contains(v, "remote server"); got != remote {
			t.Errorf("remote=%v: panel says remote server: %v\n%s", remote, got, v)
		}
		if !remote && !strings.Contains(v, "no CPU metrics this tick") {
			t.Errorf("local server's first tick:\n%s", v)
		}
	}
}
