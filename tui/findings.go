package tui

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The findings panel and the details screen: what the advisor's rules fired, with the
// evidence and the exact fix, so the reader can act without leaving the dashboard.

func (v findingsView) sevLabel(s advisor.Severity) string {
	switch s {
	case advisor.SeverityCritical:
		return v.sty.crit.Render("CRIT")
	case advisor.SeverityWarn:
		return v.sty.warn.Render("WARN")
	}
	return v.sty.plain.Render("INFO")
}

// panel: newest first, one line each; the selected one marked when focused.
func (v findingsView) panel(w, h int) []string {
	fs := v.st.sortedFindings()
	extra := "none yet"
	if len(fs) > 0 {
		extra = fmt.Sprintf("%d active, %d cleared · enter: evidence and fix", v.st.activeFindings(), len(fs)-v.st.activeFindings())
	}
	out := []string{v.title(panelFindings, extra, w)}
	if len(fs) == 0 {
		msg := "no bottleneck diagnosed so far"
		if !v.st.hasTick {
			msg = "the rules need a few ticks of data"
		}
		return append(out, " "+v.sty.dim.Render(msg))
	}
	room := max(1, h-len(out))
	start := 0
	if v.selected >= room {
		start = v.selected - room + 1
	}
	// With room to spare, each active finding shows the start of its fix under it.
	fixLines := 0
	if spare := room - (len(fs) - start); spare > 0 {
		fixLines = min(2, spare/max(1, v.st.activeFindings()))
	}
	for i := start; i < len(fs) && len(out) < h; i++ {
		f := fs[i]
		mark := " "
		if v.focus == panelFindings && i == v.selected {
			mark = v.sty.focus.Render("›")
		}
		when := "fired " + units.FormatDuration(f.FiredAt)
		line := fmt.Sprintf("%s%s %s %s  %s", mark, v.sevLabel(f.Severity), when, f.ID, f.Title)
		if f.ClearedAt != nil {
			line = fmt.Sprintf("%s%s %s %s  cleared at %s", mark, v.sty.dim.Render("done"), when, f.ID, units.FormatDuration(*f.ClearedAt))
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
				out = append(out, "       "+v.sty.dim.Render(l))
			}
		}
	}
	return out
}

// details: the selected finding's title, evidence and exact fix.
func (v findingsView) details(w int) []string {
	fs := v.st.sortedFindings()
	if len(fs) == 0 {
		return []string{"no finding selected"}
	}
	f := fs[min(v.selected, len(fs)-1)]
	out := []string{v.title(panelFindings, "details · esc closes", w)}
	state := "active"
	if f.ClearedAt != nil {
		state = "cleared at " + units.FormatDuration(*f.ClearedAt)
	}
	out = append(out, fmt.Sprintf(" %s %s · fired at %s · %s", v.sevLabel(f.Severity), v.sty.bold.Render(f.ID), units.FormatDuration(f.FiredAt), state))
	for _, l := range wrap(f.Title, w-2) {
		out = append(out, " "+l)
	}
	out = append(out, "", v.sty.bold.Render(" Fix"))
	for _, l := range wrap(f.Recommendation, w-4) {
		out = append(out, "   "+l)
	}
	out = append(out, "", v.sty.bold.Render(" Evidence"))
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
