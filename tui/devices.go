package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/iostat"
)

// The devices panel: latency and utilisation of the devices under the datadir, coloured
// against what the device class can do, with the device's identity so a reader knows
// which disk the numbers belong to.

// names lists the devices to show: the resolved chain first, then any other
// device the sampler reported, only those with stats.
func (v devicesView) names() []string {
	var out []string
	for _, n := range v.st.devOrder {
		if _, ok := v.st.cur.Devices[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

func (v devicesView) none() string {
	if v.o.DeviceNote != "" {
		return v.o.DeviceNote
	}
	if !v.st.hasTick {
		return "waiting for the first sample…"
	}
	return "no device metrics this tick"
}

func (v devicesView) envDevice(name string) *iostat.Device {
	if v.o.Env == nil {
		return nil
	}
	for i := range v.o.Env.Devices {
		if v.o.Env.Devices[i].Name == name {
			return &v.o.Env.Devices[i]
		}
	}
	return nil
}

// awaitStyle colours a write/flush latency against what the device's class makes normal:
// the probe's class when there is one, else rotational or flash from sysfs.
func (v devicesView) awaitStyle(name string, ms float64) lipgloss.Style {
	warnMs, critMs := 2.0, 10.0 // flash without power-loss protection
	class := ""
	if v.o.Env != nil && v.o.Env.Probe != nil {
		class = v.o.Env.Probe.Class
	}
	d := v.envDevice(name)
	switch {
	case class == iostat.ClassPLPFlash:
		warnMs, critMs = 0.5, 5
	case class == iostat.ClassRotational || (class == "" && d != nil && d.Rotational != nil && *d.Rotational && d.Transport != "virtio"):
		warnMs, critMs = 20, 50
	}
	switch {
	case ms >= critMs:
		return v.sty.crit
	case ms >= warnMs:
		return v.sty.warn
	}
	return v.sty.plain
}

func (v devicesView) utilStyle(pct float64) lipgloss.Style {
	switch {
	case pct >= 99:
		return v.sty.crit
	case pct >= 90:
		return v.sty.warn
	}
	return v.sty.plain
}

// panel: iostat -x's write columns per device, a %util history, and the identity
// of the device under the datadir.
func (v devicesView) panel(w int, tall bool) []string {
	st := v.st
	out := []string{v.title(panelDevices, "", w)}
	names := v.names()
	if len(names) == 0 {
		for _, l := range wrap(v.none(), w-2) {
			out = append(out, " "+v.sty.dim.Render(l))
		}
		return out
	}
	cols := fmt.Sprintf(" %-12s %6s %7s %7s %7s %6s %5s", "device", "w/s", "wMiB/s", "w_await", "f_await", "aqu-sz", "%util")
	sw := w - lipgloss.Width(cols) - 2
	hdr := cols
	if sw >= 8 {
		hdr += "  " + fit(fmt.Sprintf("%%util, last %s", historySpan(len(st.utilHist[names[0]].last(sw*4)), v.o.Interval)), sw)
	}
	out = append(out, v.sty.dim.Render(hdr))
	for _, name := range names {
		d, _ := st.device(name)
		fa := "      –"
		if d.FAwaitMs != nil {
			fa = v.awaitStyle(name, *d.FAwaitMs).Render(fmt.Sprintf("%7.2f", *d.FAwaitMs))
		}
		row := fmt.Sprintf(" %-12s %6s %7.1f %s %s %6.2f %s", trunc(name, 12), fmtRate(d.WPerSec), d.WkBPerSec/1024,
			v.awaitStyle(name, d.WAwaitMs).Render(fmt.Sprintf("%7.2f", d.WAwaitMs)), fa, d.AquSz,
			v.utilStyle(d.UtilPct).Render(fmt.Sprintf("%5.1f", d.UtilPct)))
		if sw >= 8 {
			row += "  " + v.sty.accent.Render(sparkline(st.utilHist[name].last(sw*4), sw, 100))
		}
		out = append(out, row)
		if tall {
			out = append(out, "   w/s "+v.sty.accent.Render(sparkline(st.wHist[name].last(w-8), w-8, 0)))
		}
	}
	if id := v.identity(names[0]); id != "" {
		out = append(out, " "+v.sty.dim.Render(trunc(id, w-1)))
	}
	return out
}

// identity is one line on the first device: model, transport, rotational, cache, the
// probe's sync-write class.
func (v devicesView) identity(name string) string {
	d := v.envDevice(name)
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
	if p := v.o.Env.Probe; p != nil {
		parts = append(parts, fmt.Sprintf("probe %s, sync write p50 %.2f ms", p.Class, p.P50Ms))
	} else if d.Transport == "virtio" || d.Transport == "xen" {
		parts = append(parts, "virtual disk: class unknown (--probe measures it)")
	}
	return name + ": " + strings.Join(parts, " · ")
}
