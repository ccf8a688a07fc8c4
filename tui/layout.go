package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The layout: which panels fit the terminal and how they are stacked (normal, wide,
// basic, expanded), the styles they share and the help screen. Each panel renders itself
// in its own file, so a change to one panel never has to read the others.

// Screen sizes. At MinWidth×MinHeight and above the full layout fits everything
// essential; between TooSmall and Min a one-column basic mode shows one line per panel;
// below TooSmall the screen only says so.
const (
	MinWidth       = 80
	MinHeight      = 24
	TooSmallWidth  = 60
	TooSmallHeight = 20
	// wideWidth: the two columns each need the normal layout's MinWidth, or the import
	// and InnoDB lines (read N/M, the average rates, bp reads) are cut at their ends, as
	// they were at 120 columns.
	wideWidth       = 2*MinWidth + 2
	wideHeight      = 36
	sparkWidthSmall = 20
)

// styles are the dashboard's colours. Every state they mark is also spelled out in text
// (CRIT/WARN, "│" flush marks, "━" on the focused title), so NO_COLOR loses nothing.
type styles struct {
	plain, dim, bold, key, title, focus, ok, warn, crit, accent lipgloss.Style
}

func newStyles(r *lipgloss.Renderer) styles {
	s := func() lipgloss.Style { return r.NewStyle() }
	return styles{
		plain:  s(),
		dim:    s().Faint(true),
		bold:   s().Bold(true),
		key:    s().Bold(true),
		title:  s().Foreground(lipgloss.AdaptiveColor{Light: "#555555", Dark: "#AAAAAA"}),
		focus:  s().Bold(true).Foreground(lipgloss.AdaptiveColor{Light: "#005FAF", Dark: "#5FAFFF"}),
		ok:     s().Foreground(lipgloss.AdaptiveColor{Light: "#007700", Dark: "#5FD75F"}),
		warn:   s().Foreground(lipgloss.AdaptiveColor{Light: "#AF5F00", Dark: "#FFAF00"}),
		crit:   s().Bold(true).Foreground(lipgloss.AdaptiveColor{Light: "#D70000", Dark: "#FF5F5F"}),
		accent: s().Foreground(lipgloss.AdaptiveColor{Light: "#5F00AF", Dark: "#AF87FF"}),
	}
}

func (m *Model) render() string {
	v := m.views()
	w, h := m.width, m.height
	if w == 0 || h == 0 {
		return "" // before the first WindowSizeMsg
	}
	if w < TooSmallWidth || h < TooSmallHeight {
		return fmt.Sprintf("terminal too small (%d×%d, need %d×%d)", w, h, TooSmallWidth, TooSmallHeight)
	}
	var body []string
	head := []string{m.header(w)}
	if line := verdictLine(m.st.verdict, len(m.st.findings) > 0, m.sty, w); line != "" {
		head = append(head, line)
	}
	bodyH := h - len(head) - 1 // header, verdict and status line
	switch {
	case m.showHelp:
		body = m.helpScreen(w)
	case m.details:
		body = v.findings().details(w)
	case m.expanded:
		body = m.expandedPanel(w, bodyH)
	case w < MinWidth || h < MinHeight:
		body = m.basic(w, bodyH)
	case w >= wideWidth && h >= wideHeight:
		body = m.wide(w, bodyH)
	default:
		body = m.normal(w, bodyH)
	}
	lines := make([]string, 0, h)
	for _, l := range head {
		lines = append(lines, fit(l, w))
	}
	for i := 0; i < bodyH; i++ {
		l := ""
		if i < len(body) {
			l = body[i]
		}
		lines = append(lines, fit(l, w))
	}
	lines = append(lines, fit(m.statusLine(w), w))
	return strings.Join(lines, "\n")
}

// verdictLine is the verdict under the header: the answer before the numbers that
// support it, on every layout (the end of the run prints it in full). Empty until the
// engine has built one or when no finding has fired yet (the findings panel says so).
func verdictLine(v *advisor.Verdict, anyFinding bool, sty styles, w int) string {
	if v == nil || !anyFinding {
		return ""
	}
	return trunc(sty.bold.Render(v.Short()), w)
}

// title renders a panel's rule line: "── 2 Devices ── extra ───", heavy when focused.
func (v view) title(p int, extra string, w int) string {
	rule, sty := "─", v.sty.title
	if p == v.focus {
		rule, sty = "━", v.sty.focus
	}
	t := fmt.Sprintf("%s%s %d %s ", rule, rule, p+1, panelNames[p])
	if extra != "" {
		t += extra + " "
	}
	t = trunc(t, w)
	return sty.Render(t + strings.Repeat(rule, max(0, w-lipgloss.Width(t))))
}

// normal is the ≥80×24 layout: panels stacked, one line per device with an inline
// history, findings taking the rest.
func (m *Model) normal(w, h int) []string {
	v := m.views()
	var out []string
	if m.o.Mode != ModeWatch {
		out = append(out, v.imports().panel(w, false)...)
	}
	out = append(out, v.imports().done(w)...)
	out = append(out, v.devices().panel(w, false)...)
	cpu := v.cpu().panel(w, false)
	// Rows the findings do not need go to the checkpoint-age history: a graph with the
	// flush points drawn across it instead of a one-line sparkline.
	graphH := 1
	if spare := h - len(out) - len(cpu) - 3 - m.findingsRows(); spare >= 4 {
		graphH = min(spare-1, 16)
	}
	out = append(out, v.innodb().panel(w, graphH)...)
	out = append(out, cpu...)
	rest := h - len(out)
	out = append(out, v.findings().panel(w, max(rest, 2))...)
	return out
}

// findingsRows is what the findings panel needs: its title, a line per finding and
// two lines of fix under each active one (at least three rows).
func (m *Model) findingsRows() int {
	return max(3, 1+len(m.st.findings)+2*m.st.activeFindings())
}

// wide is the ≥120×36 layout: import and devices on the left, InnoDB with its history
// graph and CPU on the right, findings across the bottom.
func (m *Model) wide(w, h int) []string {
	v := m.views()
	lw := w/2 - 1
	rw := w - lw - 2
	var left, right []string
	if m.o.Mode != ModeWatch {
		left = append(left, v.imports().panel(lw, true)...)
	}
	left = append(left, v.devices().panel(lw, true)...)
	// The graphs take the rows the findings leave.
	top := h - len(v.imports().done(w)) - min(m.findingsRows(), h/3)
	graphH := max(4, min(30, top-8))
	right = append(right, v.innodb().panel(rw, graphH)...)
	right = append(right, v.cpu().panel(rw, true)...)
	if names := v.devices().names(); len(names) > 0 && top-len(left) >= 6 {
		gh := min(top-len(left)-2, 12)
		util := m.st.utilHist[names[0]].last((lw - 6) * 4)
		left = append(left, "", m.sty.dim.Render(fmt.Sprintf(" %s %%util, last %s", names[0], historySpan(len(util), m.o.Interval))))
		for i, row := range graph(util, lw-6, gh, nil) {
			axis := "     "
			switch i {
			case 0:
				axis = " 100%"
			case gh - 1:
				axis = "   0%"
			}
			left = append(left, m.sty.dim.Render(axis)+" "+m.sty.accent.Render(row))
		}
	}
	n := max(len(left), len(right))
	out := v.imports().done(w)
	for i := 0; i < n; i++ {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, fit(l, lw)+"  "+fit(r, rw))
	}
	out = append(out, v.findings().panel(w, max(h-len(out), 3))...)
	return out
}

// basic is the one-column layout between 60×20 and 80×24: one line per panel.
func (m *Model) basic(w, h int) []string {
	v := m.views()
	st := m.st
	var out []string
	label := func(p int, s string) string {
		name := fmt.Sprintf("%d %-8s ", p+1, panelNames[p])
		if p == m.focus {
			return m.sty.focus.Render("▸"+name) + s
		}
		return " " + name + s
	}
	if m.o.Mode != ModeWatch {
		s := "waiting for the first tick"
		if p := st.cur.Import; p != nil {
			s = ""
			if frac, ok := p.Fraction(); ok {
				s = fmt.Sprintf("%.1f%% read · ", 100*frac)
			}
			s += fmt.Sprintf("%s/s · %s rows/s · %s rows", units.FormatBytes(st.bytesPerSec), fmtRate(st.rowsPerSec), fmtCount(p.Rows))
		}
		out = append(out, label(panelImport, s))
		if p := st.cur.Import; p != nil && (p.Table != "" || p.Phase != "") {
			out = append(out, "           "+strings.TrimPrefix(strings.Join(nonEmpty(p.Phase, termsafe.String(p.Table)), " · "), " · "))
		}
	}
	devs := v.devices().names()
	if len(devs) == 0 {
		out = append(out, label(panelDevices, v.devices().none()))
	}
	for i, name := range devs {
		d, _ := st.device(name)
		s := fmt.Sprintf("%s %s w/s %s/s w_await %.2f ms %%util %.0f", name, fmtRate(d.WPerSec), units.FormatBytes(d.WkBPerSec*1024), d.WAwaitMs, d.UtilPct)
		if i == 0 {
			out = append(out, label(panelDevices, s))
		} else {
			out = append(out, "           "+s)
		}
	}
	s := "no checkpoint age from this server"
	if st.ageKnown {
		s = fmt.Sprintf("checkpoint age %s of max (flush async %.0f%%, sync %.0f%%)", v.innodb().pct(st.agePct), 100*st.redo.async, 100*st.redo.sync)
	}
	out = append(out, label(panelInnoDB, s))
	if st.hasTick {
		out = append(out, "           "+fmt.Sprintf("redo %s/s · dirty %.0f%%", units.FormatBytes(st.redoPerSec), v.innodb().dirty()))
	}
	out = append(out, label(panelCPU, v.cpu().line()))
	out = append(out, v.imports().done(w)...)
	out = append(out, v.findings().panel(w, max(h-len(out), 2))...)
	return out
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (m *Model) helpScreen(w int) []string {
	out := []string{m.sty.bold.Render(" Keys") + m.sty.dim.Render(" (esc or ? closes)"), ""}
	for _, col := range m.keys.FullHelp() {
		for _, b := range col {
			if !b.Enabled() {
				continue
			}
			out = append(out, fmt.Sprintf("   %s  %s", m.sty.key.Render(fmt.Sprintf("%-8s", b.Help().Key)), b.Help().Desc))
		}
	}
	out = append(out, "")
	if m.keys.Faster.Enabled() { // not when stepping through a record
		out = append(out, " "+m.sty.dim.Render("Refresh +/- changes how often the screen redraws, not how often the server is sampled."))
	}
	if m.o.Mode == ModeImport {
		out = append(out, " "+m.sty.dim.Render("p holds dispatch between statements; statements in flight finish."))
	}
	return out
}

// expandedPanel: the focused panel with the whole screen.
func (m *Model) expandedPanel(w, h int) []string {
	v := m.views()
	switch m.focus {
	case panelImport:
		if m.o.Mode != ModeWatch {
			return v.imports().panel(w, true)
		}
	case panelDevices:
		return v.devices().panel(w, true)
	case panelInnoDB:
		return v.innodb().panel(w, max(4, h-6))
	case panelCPU:
		return v.cpu().panel(w, true)
	}
	return v.findings().panel(w, h)
}
