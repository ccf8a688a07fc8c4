package tui

import (
	"fmt"

	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/internal/units"
)

// The InnoDB panel: the checkpoint age against this server's own flush points (which
// differ between MySQL and MariaDB versions), redo rate, dirty pages and log waits.

func (v innodbView) pct(p float64) string {
	s := fmt.Sprintf("%.0f%%", p)
	switch {
	case p >= 100*v.st.redo.sync:
		return v.sty.crit.Render(s)
	case p >= 100*v.st.redo.async:
		return v.sty.warn.Render(s)
	}
	return v.sty.ok.Render(s)
}

func (v innodbView) dirty() float64 {
	if v.st.cur.InnoDB != nil {
		return v.st.cur.InnoDB.DirtyPagesPct
	}
	return 0
}

// panel: the checkpoint age against the maximum with this server's flush points
// marked, redo rate and how long the log holds at it, dirty pages, buffer-pool reads, log
// waits; graphH > 1 adds a history graph with the flush points drawn across it.
func (v innodbView) panel(w, graphH int) []string {
	st := v.st
	r := st.redo
	pts := fmt.Sprintf("flush async %.0f%% · sync %.0f%%", 100*r.async, 100*r.sync)
	if r.flavor != "" {
		pts += " (" + r.flavor + " " + shortVersion(v.serverVersion()) + ")"
	}
	out := []string{v.title(panelInnoDB, pts, w)}
	if !st.ageKnown {
		msg := "no checkpoint age yet"
		if st.hasTick {
			msg = "this server reports no checkpoint age (no InnoDB, or no privilege for its status)"
		}
		out = append(out, " "+v.sty.dim.Render(msg))
	} else {
		label := fmt.Sprintf(" %s of %s max", units.FormatBytes(st.ageBytes), units.FormatBytes(st.maxAgeBytes))
		bw := max(10, w-lipgloss.Width(label)-len(" checkpoint age  100% "))
		sty := v.sty.ok
		switch {
		case st.agePct >= 100*r.sync:
			sty = v.sty.crit
		case st.agePct >= 100*r.async:
			sty = v.sty.warn
		}
		out = append(out, " checkpoint age "+sty.Render(ageBar(st.agePct/100, r.async, r.sync, bw))+" "+v.pct(st.agePct)+label)
	}
	if !st.hasTick {
		return out
	}
	line := fmt.Sprintf(" redo %s/s", units.FormatBytes(st.redoPerSec))
	if c := st.capacity(); c > 0 && st.redoPerSec > 0 {
		line += fmt.Sprintf(" (%s log: %s)", units.FormatBytes(c), units.FormatSpan(c/st.redoPerSec))
	}
	line += fmt.Sprintf(" · dirty %.0f%%", v.dirty())
	if st.hasBPReads {
		line += " · bp reads " + fmtRate(st.bpReadsPerSec) + "/s"
	}
	if st.hasLogWaits {
		lw := "log waits " + fmtRate(st.logWaitsPerSec) + "/s"
		if st.logWaitsPerSec > 0 {
			lw = v.sty.warn.Render(lw)
		}
		line += " · " + lw
	}
	out = append(out, line)
	switch {
	case graphH > 1:
		gw := w - 6
		ages := st.ageHist.last(gw * 4)
		g := graph(ages, gw, graphH, []float64{100 * r.async, 100 * r.sync})
		for i, row := range g {
			axis := "     "
			switch i {
			case 0:
				axis = " 100%"
			case len(g) - 1:
				axis = "   0%"
			}
			out = append(out, v.sty.dim.Render(axis)+" "+v.sty.accent.Render(row))
		}
		out = append(out, v.sty.dim.Render(fmt.Sprintf("      checkpoint age, %% of max, last %s; ╌ flush points", historySpan(len(ages), v.o.Interval))))
	case graphH == 1:
		sw := w - 25
		out = append(out, v.sty.dim.Render(" age history (% of max) ")+v.sty.accent.Render(sparkline(st.ageHist.last(sw*4), sw, 100)))
	}
	return out
}

func (v innodbView) serverVersion() string {
	if v.o.Env != nil && v.o.Env.Server.Version != "" {
		return v.o.Env.Server.Version
	}
	return v.o.Header.Version
}
