package tui

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// Screen sizes. At MinWidth×MinHeight and above the full layout fits everything
// essential; between TooSmall and Min a one-column basic mode shows one line per panel;
// below TooSmall the screen only says so.
const (
	MinWidth        = 80
	MinHeight       = 24
	TooSmallWidth   = 60
	TooSmallHeight  = 20
	wideWidth       = 120
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
	w, h := m.width, m.height
	if w == 0 || h == 0 {
		return "" // before the first WindowSizeMsg
	}
	if w < TooSmallWidth || h < TooSmallHeight {
		return fmt.Sprintf("terminal too small (%d×%d, need %d×%d)", w, h, TooSmallWidth, TooSmallHeight)
	}
	var body []string
	bodyH := h - 2 // header and status line
	switch {
	case m.showHelp:
		body = m.helpScreen(w)
	case m.details:
		body = m.detailsScreen(w)
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
	lines = append(lines, fit(m.header(w), w))
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
	var parts, right []string
	switch m.o.Mode {
	case ModeImport:
		parts = append(parts, h.Dump+" → "+server)
		if h.Connections > 0 {
			parts = append(parts, plural(h.Connections, "conn"))
		}
	case ModeWatch:
		parts = append(parts, "watching "+server)
	case ModeView:
		parts = append(parts, "replay of "+m.o.Title+" ("+server+")")
	}
	if st.hasTick {
		t := "elapsed " + fmtClock(st.cur.T)
		if m.o.Mode == ModeView {
			t = fmt.Sprintf("t %s of %s · tick %d/%d", fmtClock(st.cur.T), fmtClock(m.o.Frames[len(m.o.Frames)-1].Tick.Snapshot.T), m.cursor+1, len(m.o.Frames))
		}
		right = append(right, t)
		if eta, ok := m.eta(); ok && st.done == nil {
			right = append(right, "ETA "+fmtClock(eta))
		}
	}
	// Elapsed and ETA stay whole at the right; the names give way.
	r := strings.Join(right, " · ")
	l := strings.Join(parts, " · ")
	if named := m.sty.bold.Render("dumpscope") + " · " + l; lipgloss.Width(named)+2+lipgloss.Width(r) <= w {
		l = named
	}
	l = trunc(l, max(10, w-lipgloss.Width(r)-2))
	return l + strings.Repeat(" ", max(2, w-lipgloss.Width(l)-lipgloss.Width(r))) + r
}

// eta extrapolates from the fraction of the file read (the only size known up front).
func (m *Model) eta() (float64, bool) {
	p := m.st.cur.Import
	if p == nil {
		return 0, false
	}
	f, ok := p.Fraction()
	if !ok || f < 0.001 || f >= 1 {
		return 0, false
	}
	return m.st.cur.T * (1 - f) / f, true
}

func shortVersion(v string) string {
	if i := strings.IndexAny(v, "-+"); i > 0 {
		return v[:i]
	}
	return v
}

func countOf(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmtCount(n) + " " + word + "s"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
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
	case m.stopping:
		state = m.sty.warn.Render("STOPPING") + " after the statements in flight…"
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

// title renders a panel's rule line: "── 2 Devices ── extra ───", heavy when focused.
func (m *Model) title(p int, extra string, w int) string {
	rule, sty := "─", m.sty.title
	if p == m.focus {
		rule, sty = "━", m.sty.focus
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
	var out []string
	if m.o.Mode != ModeWatch {
		out = append(out, m.importPanel(w, false)...)
	}
	out = append(out, m.doneBlock(w)...)
	out = append(out, m.devicePanel(w, false)...)
	cpu := m.cpuPanel(w, false)
	// Rows the findings do not need go to the checkpoint-age history: a graph with the
	// flush points drawn across it instead of a one-line sparkline.
	graphH := 1
	if spare := h - len(out) - len(cpu) - 3 - m.findingsRows(); spare >= 4 {
		graphH = min(spare-1, 10)
	}
	out = append(out, m.innodbPanel(w, graphH)...)
	out = append(out, cpu...)
	rest := h - len(out)
	out = append(out, m.findingsPanel(w, max(rest, 2))...)
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
	lw := w/2 - 1
	rw := w - lw - 2
	var left, right []string
	if m.o.Mode != ModeWatch {
		left = append(left, m.importPanel(lw, true)...)
	}
	left = append(left, m.devicePanel(lw, true)...)
	// The graphs take the rows the findings leave.
	top := h - len(m.doneBlock(w)) - min(m.findingsRows(), h/3)
	graphH := max(4, min(30, top-8))
	right = append(right, m.innodbPanel(rw, graphH)...)
	right = append(right, m.cpuPanel(rw, true)...)
	if names := m.deviceNames(); len(names) > 0 && top-len(left) >= 6 {
		gh := min(top-len(left)-2, 12)
		left = append(left, "", m.sty.dim.Render(fmt.Sprintf(" %s %%util, last %s", names[0], fmtClock(float64(lw-6)*m.o.Interval.Seconds()))))
		for i, row := range graph(m.st.utilHist[names[0]].last((lw-6)*4), lw-6, gh, nil) {
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
	out := m.doneBlock(w)
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
	out = append(out, m.findingsPanel(w, max(h-len(out), 3))...)
	return out
}

// basic is the one-column layout between 60×20 and 80×24: one line per panel.
func (m *Model) basic(w, h int) []string {
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
			s += fmt.Sprintf("%s/s · %s rows/s · %s rows", fmtBytes(st.bytesPerSec), fmtRate(st.rowsPerSec), fmtCount(p.Rows))
		}
		out = append(out, label(panelImport, s))
		if p := st.cur.Import; p != nil && (p.Table != "" || p.Phase != "") {
			out = append(out, "           "+strings.TrimPrefix(strings.Join(nonEmpty(p.Phase, p.Table), " · "), " · "))
		}
	}
	devs := m.deviceNames()
	if len(devs) == 0 {
		out = append(out, label(panelDevices, m.noDevices()))
	}
	for i, name := range devs {
		d, _ := st.device(name)
		s := fmt.Sprintf("%s %s w/s %s/s w_await %.2f ms %%util %.0f", name, fmtRate(d.WPerSec), fmtBytes(d.WkBPerSec*1024), d.WAwaitMs, d.UtilPct)
		if i == 0 {
			out = append(out, label(panelDevices, s))
		} else {
			out = append(out, "           "+s)
		}
	}
	s := "no checkpoint age from this server"
	if st.ageKnown {
		s = fmt.Sprintf("checkpoint age %s of max (flush async %.0f%%, sync %.0f%%)", m.pct(st.agePct), 100*st.redo.async, 100*st.redo.sync)
	}
	out = append(out, label(panelInnoDB, s))
	if st.hasTick {
		out = append(out, "           "+fmt.Sprintf("redo %s/s · dirty %.0f%%", fmtBytes(st.redoPerSec), m.dirty()))
	}
	out = append(out, label(panelCPU, m.cpuLine()))
	out = append(out, m.doneBlock(w)...)
	out = append(out, m.findingsPanel(w, max(h-len(out), 2))...)
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

// doneBlock says how the run ended, the error in full (the status line has room for
// little of it).
func (m *Model) doneBlock(w int) []string {
	d := m.st.done
	if d == nil || d.Detail == "" {
		return nil
	}
	sty := m.sty.ok
	if d.Status != "finished" {
		sty = m.sty.crit
	}
	lines := wrap(strings.ToUpper(d.Status)+": "+d.Detail, w-2)
	if len(lines) > 3 {
		lines = append(lines[:2], trunc(lines[2]+" …", w-2))
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = " " + sty.Render(l)
	}
	return out
}

// importPanel: the bar, bytes, rates now and on average, counts, phase and table.
func (m *Model) importPanel(w int, tall bool) []string {
	st := m.st
	p := st.cur.Import
	var extra []string
	if p != nil {
		extra = nonEmpty(p.Phase)
		if p.TablesTotal > 0 {
			extra = append(extra, fmt.Sprintf("tables %d/%d", p.TablesDone, p.TablesTotal))
		}
		if p.Table != "" {
			extra = append(extra, "table "+p.Table)
		}
	}
	out := []string{m.title(panelImport, strings.Join(extra, " · "), w)}
	if p == nil {
		return append(out, " "+m.startingLine(), "", "")
	}
	var line1 string
	if frac, ok := p.Fraction(); ok {
		size := fmt.Sprintf("%5.1f%% of the file read · %s / %s", 100*frac, fmtBytes(float64(p.CompressedBytes)), fmtBytes(float64(p.CompressedTotalBytes)))
		if f := m.o.Header.Format; f != "" && f != "plain" {
			size += " " + f + " → " + fmtBytes(float64(p.Bytes)) + " SQL"
		}
		if p.CompressedTotalBytes <= 0 {
			size = fmt.Sprintf("%5.1f%% · %s of %s SQL", 100*frac, fmtBytes(float64(p.Bytes)), fmtBytes(float64(p.ExpectedBytes)))
		}
		bw := max(10, w-lipgloss.Width(size)-3)
		line1 = " " + m.sty.accent.Render(bar(frac, bw)) + " " + size
	} else {
		line1 = fmt.Sprintf(" %s of SQL read (size unknown: no %% or ETA)", fmtBytes(float64(p.Bytes)))
	}
	avgB, avgR := 0.0, 0.0
	if st.cur.T > 0 {
		avgB, avgR = float64(p.Bytes)/st.cur.T, float64(p.Rows)/st.cur.T
	}
	line2 := fmt.Sprintf(" now %s/s %s rows/s · average %s/s %s rows/s",
		fmtBytes(st.bytesPerSec), fmtRate(st.rowsPerSec), fmtBytes(avgB), fmtRate(avgR))
	counts := fmt.Sprintf(" %s statements · %s rows", fmtCount(p.Statements), fmtCount(p.Rows))
	if p.Errors > 0 {
		counts += " · " + m.sty.crit.Render(countOf(p.Errors, "error"))
	}
	if p.Warnings > 0 {
		counts += " · " + m.sty.warn.Render(countOf(p.Warnings, "warning"))
	}
	out = append(out, line1, line2, counts)
	if tall {
		out = append(out, " SQL/s    "+m.sty.accent.Render(sparkline(st.bytesHist.last(w-11), w-11, 0)))
	}
	return out
}

func (m *Model) startingLine() string {
	if m.o.Mode == ModeView {
		return "no import in this record"
	}
	return "starting: the first sample arrives after one interval…"
}

// deviceNames lists the devices to show: the resolved chain first, then any other
// device the sampler reported, only those with stats.
func (m *Model) deviceNames() []string {
	var out []string
	for _, n := range m.st.devOrder {
		if _, ok := m.st.cur.Devices[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

func (m *Model) noDevices() string {
	if m.o.DeviceNote != "" {
		return m.o.DeviceNote
	}
	if !m.st.hasTick {
		return "waiting for the first sample…"
	}
	return "no device metrics this tick"
}

func (m *Model) envDevice(name string) *iostat.Device {
	if m.o.Env == nil {
		return nil
	}
	for i := range m.o.Env.Devices {
		if m.o.Env.Devices[i].Name == name {
			return &m.o.Env.Devices[i]
		}
	}
	return nil
}

// awaitStyle colours a write/flush latency against what the device's class makes normal:
// the probe's class when there is one, else rotational or flash from sysfs.
func (m *Model) awaitStyle(name string, ms float64) lipgloss.Style {
	warnMs, critMs := 2.0, 10.0 // flash without power-loss protection
	class := ""
	if m.o.Env != nil && m.o.Env.Probe != nil {
		class = m.o.Env.Probe.Class
	}
	d := m.envDevice(name)
	switch {
	case class == iostat.ClassPLPFlash:
		warnMs, critMs = 0.5, 5
	case class == iostat.ClassRotational || (class == "" && d != nil && d.Rotational != nil && *d.Rotational && d.Transport != "virtio"):
		warnMs, critMs = 20, 50
	}
	switch {
	case ms >= critMs:
		return m.sty.crit
	case ms >= warnMs:
		return m.sty.warn
	}
	return m.sty.plain
}

func (m *Model) utilStyle(pct float64) lipgloss.Style {
	switch {
	case pct >= 99:
		return m.sty.crit
	case pct >= 90:
		return m.sty.warn
	}
	return m.sty.plain
}

// devicePanel: iostat -x's write columns per device, a %util history, and the identity
// of the device under the datadir.
func (m *Model) devicePanel(w int, tall bool) []string {
	st := m.st
	out := []string{m.title(panelDevices, "", w)}
	names := m.deviceNames()
	if len(names) == 0 {
		for _, l := range wrap(m.noDevices(), w-2) {
			out = append(out, " "+m.sty.dim.Render(l))
		}
		return out
	}
	cols := fmt.Sprintf(" %-12s %6s %7s %7s %7s %6s %5s", "device", "w/s", "wMiB/s", "w_await", "f_await", "aqu-sz", "%util")
	sw := w - lipgloss.Width(cols) - 2
	hdr := cols
	if sw >= 8 {
		hdr += "  " + fit(fmt.Sprintf("%%util, last %s", fmtClock(float64(sw)*m.o.Interval.Seconds())), sw)
	}
	out = append(out, m.sty.dim.Render(hdr))
	for _, name := range names {
		d, _ := st.device(name)
		fa := "      –"
		if d.FAwaitMs != nil {
			fa = m.awaitStyle(name, *d.FAwaitMs).Render(fmt.Sprintf("%7.2f", *d.FAwaitMs))
		}
		row := fmt.Sprintf(" %-12s %6s %7.1f %s %s %6.2f %s", trunc(name, 12), fmtRate(d.WPerSec), d.WkBPerSec/1024,
			m.awaitStyle(name, d.WAwaitMs).Render(fmt.Sprintf("%7.2f", d.WAwaitMs)), fa, d.AquSz,
			m.utilStyle(d.UtilPct).Render(fmt.Sprintf("%5.1f", d.UtilPct)))
		if sw >= 8 {
			row += "  " + m.sty.accent.Render(sparkline(st.utilHist[name].last(sw*4), sw, 100))
		}
		out = append(out, row)
		if tall {
			out = append(out, "   w/s "+m.sty.accent.Render(sparkline(st.wHist[name].last(w-8), w-8, 0)))
		}
	}
	if id := m.identity(names[0]); id != "" {
		out = append(out, " "+m.sty.dim.Render(trunc(id, w-1)))
	}
	return out
}

// identity is one line on the first device: model, transport, rotational, cache, the
// probe's sync-write class.
func (m *Model) identity(name string) string {
	d := m.envDevice(name)
	if d == nil {
		return ""
	}
	var parts []string
	if d.Model != "" {
		parts = append(parts, d.Model)
	}
	if d.Transport != "" {
		parts = append(parts, d.Transport)
	}
	if d.Rotational != nil {
		if *d.Rotational {
			parts = append(parts, "rotational")
		} else {
			parts = append(parts, "non-rotational")
		}
	}
	if d.WriteCache != "" {
		parts = append(parts, d.WriteCache)
	}
	if len(d.Role) > 0 {
		parts = append(parts, strings.Join(d.Role, "+"))
	}
	if p := m.o.Env.Probe; p != nil {
		parts = append(parts, fmt.Sprintf("probe %s, sync write p50 %.2f ms", p.Class, p.P50Ms))
	} else if d.Transport == "virtio" || d.Transport == "xen" {
		parts = append(parts, "virtual disk: class unknown (--probe measures it)")
	}
	return name + ": " + strings.Join(parts, " · ")
}

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
		label := fmt.Sprintf(" %s of %s max", fmtBytes(st.ageBytes), fmtBytes(st.maxAgeBytes))
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
	line := fmt.Sprintf(" redo %s/s", fmtBytes(st.redoPerSec))
	if c := st.capacity(); c > 0 && st.redoPerSec > 0 {
		line += fmt.Sprintf(" (%s log: %s)", fmtBytes(c), fmtSpan(c/st.redoPerSec))
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
		out = append(out, m.sty.dim.Render(fmt.Sprintf("      checkpoint age, %% of max, last %s; ╌ flush points", fmtClock(float64(gw)*m.o.Interval.Seconds()))))
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

func (m *Model) cpuLine() string {
	c := m.st.cur.CPU
	if c == nil {
		if m.st.hasTick {
			return "no CPU metrics (remote server)"
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
		iow = m.sty.warn.Render(iow)
	}
	steal := fmt.Sprintf("steal %.1f%%", c.StealPct)
	if c.StealPct >= 10 {
		steal = m.sty.warn.Render(steal)
	}
	return s + iow + " · " + steal + fmt.Sprintf(" · usr %.0f%% sys %.0f%% idle %.0f%%", c.UserPct, c.SystemPct, c.IdlePct)
}

// cpuPanel: dumpscope's and the server's CPU (percent of one core), iowait, steal.
func (m *Model) cpuPanel(w int, tall bool) []string {
	out := []string{m.title(panelCPU, "", w), " " + m.cpuLine()}
	if tall {
		sw := w - 12
		out = append(out, m.sty.dim.Render(" server    ")+m.sty.accent.Render(sparkline(m.st.serverCPUHist.last(sw), sw, 0)))
		out = append(out, m.sty.dim.Render(" dumpscope ")+m.sty.accent.Render(sparkline(m.st.clientCPUHist.last(sw), sw, 0)))
	}
	return out
}

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
	room := max(1, h-1)
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
		when := "fired " + fmtClock(f.FiredAt)
		line := fmt.Sprintf("%s%s %s %s  %s", mark, m.sevLabel(f.Severity), when, f.ID, f.Title)
		if f.ClearedAt != nil {
			line = fmt.Sprintf("%s%s %s %s  cleared at %s", mark, m.sty.dim.Render("done"), when, f.ID, fmtClock(*f.ClearedAt))
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
		state = "cleared at " + fmtClock(*f.ClearedAt)
	}
	out = append(out, fmt.Sprintf(" %s %s · fired at %s · %s", m.sevLabel(f.Severity), m.sty.bold.Render(f.ID), fmtClock(f.FiredAt), state))
	for _, l := range wrap(f.Title, w-2) {
		out = append(out, " "+l)
	}
	out = append(out, "", m.sty.bold.Render(" Fix"))
	for _, l := range wrap(f.Recommendation, w-4) {
		out = append(out, "   "+l)
	}
	out = append(out, "", m.sty.bold.Render(" Evidence"))
	keys := make([]string, 0, len(f.Evidence))
	for k := range f.Evidence {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	kw := 0
	for _, k := range keys {
		kw = max(kw, len(k))
	}
	for _, k := range keys {
		out = append(out, trunc(fmt.Sprintf("   %-*s  %s", kw, k, evidenceValue(k, f.Evidence[k])), w))
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
	out = append(out, "", " "+m.sty.dim.Render("Refresh +/- changes how often the screen redraws, not how often the server is sampled."))
	if m.o.Mode == ModeImport {
		out = append(out, " "+m.sty.dim.Render("p holds dispatch between statements; statements in flight finish."))
	}
	return out
}

// expandedPanel: the focused panel with the whole screen.
func (m *Model) expandedPanel(w, h int) []string {
	switch m.focus {
	case panelImport:
		if m.o.Mode != ModeWatch {
			return m.importPanel(w, true)
		}
	case panelDevices:
		return m.devicePanel(w, true)
	case panelInnoDB:
		return m.innodbPanel(w, max(4, h-6))
	case panelCPU:
		return m.cpuPanel(w, true)
	}
	return m.findingsPanel(w, h)
}

// evidenceValue renders one evidence value for people: whole numbers with thousands
// separators (a run record's JSON makes every number a float64), byte counts also in IEC
// units, other numbers to four significant digits.
func evidenceValue(key string, v any) string {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case int64:
		f = float64(x)
	case int:
		f = float64(x)
	default:
		return fmt.Sprint(v)
	}
	s := fmt.Sprintf("%.4g", f)
	if f == float64(int64(f)) && (f >= 1e4 || f <= -1e4) {
		s = fmtCount(int64(f))
	}
	if strings.Contains(key, "bytes") && (f >= 1024 || f <= -1024) {
		iec := fmtBytes(f)
		if strings.Contains(key, "per_s") {
			iec += "/s"
		}
		if f != float64(int64(f)) {
			return iec
		}
		s += " (" + iec + ")"
	}
	return s
}
