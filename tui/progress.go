package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The import panel: the restore's progress while it runs and the summary once it is
// done; watch mode has no such panel.

// done says how the run ended, the error in full (the status line has room for
// little of it).
func (v importView) done(w int) []string {
	d := v.st.done
	if d == nil || d.Detail == "" {
		return nil
	}
	sty := v.sty.ok
	if d.Status != "finished" {
		sty = v.sty.crit
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

// panel: the bar, bytes, rates now and on average, counts, phase and table.
func (v importView) panel(w int, tall bool) []string {
	st := v.st
	p := st.cur.Import
	var extra []string
	if p != nil {
		extra = nonEmpty(p.Phase)
		switch {
		case p.TablesTotal > 0:
			extra = append(extra, fmt.Sprintf("tables %d/%d", p.TablesDone, p.TablesTotal))
		case p.TablesDone > 0: // no preflight scan: the total is not known
			extra = append(extra, fmt.Sprintf("%d tables done", p.TablesDone))
		}
		if p.Table != "" {
			extra = append(extra, "table "+termsafe.String(p.Table)) // table names are dump bytes
		}
	}
	out := []string{v.title(panelImport, strings.Join(extra, " · "), w)}
	if p == nil {
		return append(out, " "+v.startingLine(), "", "")
	}
	var line1 string
	if frac, ok := p.Fraction(); ok {
		// Completion counts SQL applied (committed), not read ahead; the file's own bytes
		// say how far the reader is.
		size := fmt.Sprintf("%5.1f%% applied · %s SQL · read %s/%s", 100*frac, units.FormatBytes(float64(p.Bytes)),
			units.FormatBytes(float64(p.CompressedBytes)), units.FormatBytes(float64(p.CompressedTotalBytes)))
		if p.CompressedTotalBytes <= 0 {
			size = fmt.Sprintf("%5.1f%% · %s of %s SQL", 100*frac, units.FormatBytes(float64(p.Bytes)), units.FormatBytes(float64(p.ExpectedBytes)))
		}
		bw := max(10, w-lipgloss.Width(size)-3)
		line1 = " " + v.sty.accent.Render(bar(frac, bw)) + " " + size
	} else {
		line1 = fmt.Sprintf(" %s of SQL read (size unknown: no %% or ETA)", units.FormatBytes(float64(p.Bytes)))
	}
	avgB, avgR := 0.0, 0.0
	if st.cur.T > 0 {
		avgB, avgR = float64(p.Bytes)/st.cur.T, float64(p.Rows)/st.cur.T
	}
	line2 := fmt.Sprintf(" now %s/s %s rows/s · average %s/s %s rows/s",
		units.FormatBytes(st.bytesPerSec), fmtRate(st.rowsPerSec), units.FormatBytes(avgB), fmtRate(avgR))
	counts := fmt.Sprintf(" %s statements · %s rows", fmtCount(p.Statements), fmtCount(p.Rows))
	if p.Errors > 0 {
		counts += " · " + v.sty.crit.Render(countOf(p.Errors, "error"))
	}
	if p.Warnings > 0 {
		counts += " · " + v.sty.warn.Render(countOf(p.Warnings, "warning"))
	}
	out = append(out, line1, line2, counts)
	if tall {
		out = append(out, " SQL/s    "+v.sty.accent.Render(sparkline(st.bytesHist.last(w-11), w-11, 0)))
	}
	return out
}

func (v importView) startingLine() string {
	if v.o.Mode == ModeView {
		return "no import in this record"
	}
	return "starting: the first sample arrives after one interval…"
}

func countOf(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmtCount(n) + " " + word + "s"
}
