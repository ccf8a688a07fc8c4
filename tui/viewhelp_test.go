package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dumpscope/dumpscope/rules"
)

// TestViewHelpOnlyItsKeys: the ? screen of dumpscope view lists the keys that work
// there. q quits at once (no y to confirm) and +/- are off, so neither a "confirm" key
// nor the note about the refresh rate belongs on it; the import's screen keeps both.
func TestViewHelpOnlyItsKeys(t *testing.T) {
	rec, _ := loadRun(t)
	for _, mode := range []Mode{ModeView, ModeImport} {
		o := importOptions(rec)
		if mode == ModeView {
			o.Mode, o.Frames, o.Title = ModeView, Replay(rec.Samples, rec.Env(), rec.Server.ServerInfo, rules.NewEngine()), "run.json"
		}
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
		m.Update(keyRunes("?"))
		v := m.View()
		has := strings.Contains(v, "confirm") || strings.Contains(v, "Refresh +/-")
		if want := mode != ModeView; has != want {
			t.Errorf("mode %v: help lists confirm or the refresh note: %v, want %v\n%s", mode, has, want, v)
		}
	}
}
