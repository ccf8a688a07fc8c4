package tui

import (
	"fmt"
)

// The CPU panel: how busy dumpscope and (when local) the server are, so a restore held
// back by CPU reads differently from one held back by the disk.

func (v cpuView) line() string {
	c := v.st.cur.CPU
	if c == nil {
		switch {
		case v.o.Remote:
			return "no CPU metrics (remote server)"
		case v.st.hasTick:
			return "no CPU metrics this tick"
		}
		return "waiting for the first sample…"
	}
	s := fmt.Sprintf("dumpscope %.0f%%", c.ClientPct)
	if c.ServerPct != nil {
		s += fmt.Sprintf(", server %.0f%%", *c.ServerPct)
	}
	s += " of a core · "
	iow := fmt.Sprintf("iowait %.1f%%", c.IowaitPct)
	if c.IowaitPct >= 20 {
		iow = v.sty.warn.Render(iow)
	}
	steal := fmt.Sprintf("steal %.1f%%", c.StealPct)
	if c.StealPct >= 10 {
		steal = v.sty.warn.Render(steal)
	}
	return s + iow + " · " + steal + fmt.Sprintf(" · usr %.0f%% sys %.0f%% idle %.0f%%", c.UserPct, c.SystemPct, c.IdlePct)
}

// panel: dumpscope's and the server's CPU (percent of one core), iowait, steal.
func (v cpuView) panel(w int, tall bool) []string {
	out := []string{v.title(panelCPU, "", w), " " + v.line()}
	if tall {
		sw := w - 12
		out = append(out, v.sty.dim.Render(" server    ")+v.sty.accent.Render(sparkline(v.st.serverCPUHist.last(sw), sw, 0)))
		out = append(out, v.sty.dim.Render(" dumpscope ")+v.sty.accent.Render(sparkline(v.st.clientCPUHist.last(sw), sw, 0)))
	}
	return out
}
