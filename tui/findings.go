package tui

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The findings panel and the details screen: what the advisor's rules fired, with the
// evidence and the exact fix, so the reader can act without leaving the dashboard.

func (m *Model) sevLabel(s advisor.Severity) string {
	switch s {
	case advisor.SeverityCritical:
		return m.sty.crit.Render("CRIT")
	case advisor.SeverityWarn:
		return m.sty.warn.Render("WARN")
	}
	return m.sty.plain.Render("INFO")
}

// findingsPanel: newest first, one line each; the selected one marked when focused.
func (m *Model) findingsPanel(w, h int) []string {
	fs := m.st.sortedFindings()
	extra := "none yet"
	if len(fs) > 0 {
		extra = fmt.Sprintf("%d active, %d cleared · enter: evidence and fix", m.st.activeFindings(), len(fs)-m.st.activeFindings())
	}
	out := []string{m.title(panelFindings, extra, w)}
	if len(fs) == 0 {
		msg := "no bottleneck diagnosed so far"
		if !m.st.hasTick {
			msg = "the rules need a few ticks of data"
		}
		return append(out, " "+m.sty.dim.Render(msg))
	}
	room := max(1, h-len(out))
	start := 0
	if m.selected >= room {
		start = m.selected - room + 1
	}
	// With room to spare, each active finding shows the start of its fix under it.
	fixLines := 0
	if spare := room - (len(fs) - start); spare > 0 {
		fixLines = min(2, spare/max(1, m.st.activeFindings()))
	}
	for i := start; i < len(fs) && len(out) < h; i++ {
		f := fs[i]
		mark := " "
		if m.focus == panelFindings && i == m.selected {
			mark = m.sty.focus.Render("›")
		}
		when := "fired " + units.FormatDuration(f.FiredAt)
		line := fmt.Sprintf("%s%s %s %s  %s", mark, m.sevLabel(f.Severity), when, f.ID, f.Title)
		if f.ClearedAt != nil {
			line = fmt.Sprintf("%s%s %s %s  cleared at %s", mark, m.sty.dim.Render("done"), when, f.ID, units.FormatDuration(*f.ClearedAt))
		}
		out = append(out, trunc(line, w))
		if f.ClearedAt == nil && fixLines > 0 {
			fix := wrap("fix: "+f.Recommendation, w-7)
			for j, l := range fix {
				if j == fixLines || len(out) >= h {
					break
				}
				if j == fixLines-1 && j < len(fix)-1 {
					l = trunc(l+" …", w-7)
				}
				out = append(out, "       "+m.sty.dim.Render(l))
			}
		}
	}
	return out
}

// detailsScreen: the selected finding's title, evidence and exact fix.
func (m *Model) detailsScreen(w int) []string {
	fs := m.st.sortedFindings()
	if len(fs) == 0 {
		return []string{"no finding selected"}
	}
	f := fs[min(m.selected, len(fs)-1)]
	out := []string{m.title(panelFindings, "details · esc closes", w)}
	state := "active"
	if f.ClearedAt != nil {
		state = "cleared at " + units.FormatDuration(*f.ClearedAt)
	}
	out = append(out, fmt.Sprintf(" %s %s · fired at %s · %s", m.sevLabel(f.Severity), m.sty.bold.Render(f.ID), units.FormatDuration(f.FiredAt), state))
	for _, l := range wrap(f.Title, w-2) {
		out = append(out, " "+l)
	}
	out = append(out, "", m.sty.bold.Render(" Fix"))
	for _, l := range wrap(f.Recommendation, w-4) {
		out = append(out, "   "+l)
	}
	out = append(out, "", m.sty.bold.Render(" Evidence"))
	// The one evidence formatter (advisor.EvidenceItems): names a DBA reads, units on
	// every number; the run record keeps the machine keys.
	items := advisor.EvidenceItems(f.Evidence)
	kw := 0
	for _, it := range items {
		kw = max(kw, len([]rune(it.Label)))
	}
	for _, it := range items {
		val := it.Value
		if it.Setting {
			val = "= " + val
		}
		out = append(out, trunc(fmt.Sprintf("   %-*s  %s", kw, it.Label, val), w))
	}
	return out
}
