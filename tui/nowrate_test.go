package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dumpscope/dumpscope/advisor"
)

// TestNowRateBatchedCommits: a --parallel import commits a 16 MiB batch every other
// second, steadily. Its "now" rate must not read 0 B/s on every other screen (a stall to
// whoever watches it at 2 a.m.) nor twice the pace on the rest.
func TestNowRateBatchedCommits(t *testing.T) {
	rec, frames := loadRun(t)
	m := New(importOptions(rec))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	f := frames[0]
	for i := 0; i <= 12; i++ {
		f.Tick.Snapshot.T = float64(i)
		f.Tick.Snapshot.Import = &advisor.ImportProgress{Bytes: int64(i/2) * 16 << 20, Rows: int64(i/2) * 80000,
			ExpectedBytes: 1 << 30, ExpectedExact: true}
		m.Update(f)
		if i < nowWindowSeconds+1 {
			continue
		}
		v := m.View()
		if strings.Contains(v, "now 0 B/s") {
			t.Errorf("tick %d: a steady import reads as stalled:\n%s", i, v)
		}
		if b := m.st.bytesPerSec; b < 6<<20 || b > 10<<20 {
			t.Errorf("tick %d: now %.1f MiB/s, want about 8 (16 MiB every 2 s)", i, b/(1<<20))
		}
	}
}
