package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The header and the status line frame every layout, including basic mode, so what the
// run is, where it stands and which keys work are on screen at any terminal size.

// header: what is restored where, elapsed and ETA.
func (m *Model) header(w int) string {
	h := m.o.Header
	st := m.st
	server := strings.TrimSpace(h.Flavor + " " + shortVersion(h.Version))
	if h.Sandbox {
		server += " (sandbox)"
	} else if h.Target != "" {
		server += " on " + h.Target
	}
	var parts []string
	switch m.o.Mode {
	case ModeImport:
		parts = append(parts, termsafe.String(h.Dump)+" → "+server)
		if h.Connections > 0 {
			parts = append(parts, units.Count(int64(h.Connections), "conn", "conns"))
		}
	case ModeWatch:
		parts = append(parts, "watching "+server)
	case ModeView:
		parts = append(parts, "replay of "+m.o.Title+" ("+server+")")
	}
	// The right side in its long and its short form: the comparison with the last run
	// ("27% slower than the last run") is text, and gives way to "27% slower" before the
	// program's name or the dump's is cut.
	var long, short string
	if st.hasTick {
		t := "elapsed " + units.FormatDuration(st.cur.T)
		if m.o.Mode == ModeView {
			t = fmt.Sprintf("t %s of %s · tick %d/%d", units.FormatDuration(st.cur.T), units.FormatDuration(m.o.Frames[len(m.o.Frames)-1].Tick.Snapshot.T), m.cursor+1, len(m.o.Frames))
		}
		long, short = t, t
		if eta, ok := m.eta(); ok && st.done == nil {
			e := " · ETA " + units.FormatDuration(eta)
			long, short = long+e, short+e
			if v := st.cur.Import.VersusEarlier(); v != "" {
				long += " (" + v + ")"
				short += " (" + shortVersus(v) + ")"
			}
		}
	}
	// Elapsed and ETA stay whole at the right. Then, as the width shrinks: the
	// comparison's short form, the connections dropped, the program's name dropped, and
	// last the dump's name and the server cut.
	l := strings.Join(parts, " · ")
	brand := m.sty.bold.Render("dumpscope") + " · "
	fits := func(left, right string) bool { return lipgloss.Width(left)+2+lipgloss.Width(right) <= w }
	r := short
	switch {
	case fits(brand+l, long):
		l, r = brand+l, long
	case fits(brand+l, short):
		l = brand + l
	case len(parts) > 1 && fits(brand+parts[0], short):
		l = brand + parts[0]
	}
	l = trunc(l, max(10, w-lipgloss.Width(r)-2))
	return l + strings.Repeat(" ", max(2, w-lipgloss.Width(l)-lipgloss.Width(r))) + r
}

// shortVersus is advisor.ImportProgress.VersusEarlier without its "than the last run"
// tail, for a header too narrow for it. "as fast as the last run" becomes "same pace":
// cut to "as fast" it read as a word missing.
func shortVersus(v string) string {
	if strings.HasSuffix(v, " as the last run") {
		return "same pace"
	}
	return strings.TrimSuffix(v, " than the last run")
}

// eta is the progress line's ETA (advisor.ImportProgress.ETA).
func (m *Model) eta() (float64, bool) {
	p := m.st.cur.Import
	if p == nil {
		return 0, false
	}
	return p.ETA(m.st.cur.T)
}

func shortVersion(v string) string {
	if i := strings.IndexAny(v, "-+"); i > 0 {
		return v[:i]
	}
	return v
}

// statusLine: the run's state on the left, then the keys (or the stop question).
func (m *Model) statusLine(w int) string {
	if m.confirming {
		q := "stop the import? y/N  (statements in flight commit; the resume command is printed)"
		if m.o.Mode == ModeWatch {
			q = "stop watching? y/N"
		}
		return m.sty.warn.Render(q)
	}
	if m.confirmingAbort {
		return trunc(m.sty.warn.Render("abort the statement in flight? y/N  (an InnoDB statement is rolled back; a MyISAM or Aria one may stay half applied)"), w)
	}
	var state string
	switch {
	case m.st.done != nil:
		d := m.st.done
		sty := m.sty.ok
		if d.Status != "finished" {
			sty = m.sty.crit
		}
		state = sty.Render(strings.ToUpper(d.Status)) + " · q closes"
		return trunc(state, w)
	case m.stopping && m.aborting:
		state = m.sty.crit.Render("ABORTING") + " the statements in flight…"
		return trunc(state, w)
	case m.stopping:
		// The abort key comes first: the wait's own line is long and cut at the width.
		state = m.sty.warn.Render("STOPPING")
		if m.o.Abort != nil {
			state += " (q aborts)"
		}
		if m.stopWait != "" {
			state += ": " + m.stopWait
		} else {
			state += " after the statements in flight…"
		}
		return trunc(state, w)
	case m.paused && m.o.Pause != nil:
		state = m.sty.warn.Render("PAUSED") + " between statements · p resumes"
	case m.paused:
		state = m.sty.warn.Render("FROZEN") + " · p thaws"
	case !m.st.hasTick && m.o.Mode != ModeView:
		state = "starting…"
	case m.o.Mode == ModeView:
		state = "replay"
	default:
		state = m.sty.ok.Render("running")
	}
	if r := refreshSteps[m.refresh]; r > 1 {
		state += fmt.Sprintf(" · refresh %v", m.o.Interval*time.Duration(r))
	}
	if len(m.st.errs) > 0 {
		state += " · " + m.sty.warn.Render(m.st.errs[0])
	}
	short := m.keys.ShortHelp()
	if w < MinWidth {
		short = []key.Binding{m.keys.Stop, m.keys.Pause, m.keys.Help}
	}
	keys := m.help.ShortHelpView(short)
	if lipgloss.Width(state)+3+lipgloss.Width(keys) <= w {
		return state + strings.Repeat(" ", w-lipgloss.Width(state)-lipgloss.Width(keys)) + keys
	}
	return trunc(state+"  "+keys, w)
}
