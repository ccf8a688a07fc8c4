package tui

import (
	"fmt"

	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/internal/units"
)

// The InnoDB panel: the checkpoint age against this server's own flush points (which
// differ between MySQL and MariaDB versions), redo rate, dirty pages and log waits.

func (m *Model) pct(p float64) string {
	s := fmt.Sprintf("%.0f%%", p)
	switch {
	case p >= 100*m.st.redo.sync:
		return m.sty.crit.Render(s)
	case p >= 100*m.st.redo.async:
		return m.sty.warn.Render(s)
	}
	return m.sty.ok.Render(s)
}

func (m *Model) dirty() float64 {
	if m.st.cur.InnoDB != nil {
		return m.st.cur.InnoDB.DirtyPagesPct
	}
	return 0
}

// innodbPanel: the checkpoint age against the maximum with this server's flush points
// marked, redo rate and how long the log holds at it, dirty pages, buffer-pool reads, log
// waits; graphH > 1 adds a history graph with the flush points drawn across it.
func (m *Model) innodbPanel(w, graphH int) []string {
	st := m.st
	r := st.redo
	pts := fmt.Sprintf("flush async %.0f%% · sync %.0f%%", 100*r.async, 100*r.sync)
	if r.flavor != "" {
		pts += " (" + r.flavor + " " + shortVersion(m.serverVersion()) + ")"
	}
	out := []string{m.title(panelInnoDB, pts, w)}
	if !st.ageKnown {
		msg := "no checkpoint age yet"
		if st.hasTick {
			msg = "this server reports no checkpoint age (no InnoDB, or no privilege for its status)"
		}
		out = append(out, " "+m.sty.dim.Render(msg))
	} else {
		label := fmt.Sprintf(" %s of %s max", units.FormatBytes(st.ageBytes), units.FormatBytes(st.maxAgeBytes))
		bw := max(10, w-lipgloss.Width(label)-len(" checkpoint age  100% "))
		sty := m.sty.ok
		switch {
		case st.agePct >= 100*r.sync:
			sty = m.sty.crit
		case st.agePct >= 100*r.async:
			sty = m.sty.warn
		}
		out = append(out, " checkpoint age "+sty.Render(ageBar(st.agePct/100, r.async, r.sync, bw))+" "+m.pct(st.agePct)+label)
	}
	if !st.hasTick {
		return out
	}
	line := fmt.Sprintf(" redo %s/s", units.FormatBytes(st.redoPerSec))
	if c := st.capacity(); c > 0 && st.redoPerSec > 0 {
		line += fmt.Sprintf(" (%s log: %s)", units.FormatBytes(c), units.FormatSpan(c/st.redoPerSec))
	}
	line += fmt.Sprintf(" · dirty %.0f%%", m.dirty())
	if st.hasBPReads {
		line += " · bp reads " + fmtRate(st.bpReadsPerSec) + "/s"
	}
	if st.hasLogWaits {
		lw := "log waits " + fmtRate(st.logWaitsPerSec) + "/s"
		if st.logWaitsPerSec > 0 {
			lw = m.sty.warn.Render(lw)
		}
		line += " · " + lw
	}
	out = append(out, line)
	switch {
	case graphH > 1:
		gw := w - 6
		g := graph(st.ageHist.last(gw*4), gw, graphH, []float64{100 * r.async, 100 * r.sync})
		for i, row := range g {
			axis := "     "
			switch i {
			case 0:
				axis = " 100%"
			case len(g) - 1:
				axis = "   0%"
			}
			out = append(out, m.sty.dim.Render(axis)+" "+m.sty.accent.Render(row))
		}
		out = append(out, m.sty.dim.Render(fmt.Sprintf("      checkpoint age, %% of max, last %s; ╌ flush points", units.FormatDuration(float64(gw)*m.o.Interval.Seconds()))))
	case graphH == 1:
		sw := w - 25
		out = append(out, m.sty.dim.Render(" age history (% of max) ")+m.sty.accent.Render(sparkline(st.ageHist.last(sw*4), sw, 100)))
	}
	return out
}

func (m *Model) serverVersion() string {
	if m.o.Env != nil && m.o.Env.Server.Version != "" {
		return m.o.Env.Server.Version
	}
	return m.o.Header.Version
}
