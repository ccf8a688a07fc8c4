package tui

import (
	"math"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/internal/units"
)

// historyPoints is how many ticks of each series the dashboard keeps: ten minutes at the
// default 1 s interval, more than the widest graph, so narrowing and widening the terminal
// re-draws history instead of losing it.
const historyPoints = 600

// series is a bounded history of one value per tick, oldest first.
type series struct{ v []float64 }

func (s *series) add(x float64) {
	if len(s.v) >= 2*historyPoints { // trim in batches: one copy per historyPoints ticks
		s.v = append(s.v[:0], s.v[len(s.v)-historyPoints+1:]...)
	}
	s.v = append(s.v, x)
}

// last returns up to n newest points.
func (s *series) last(n int) []float64 {
	if len(s.v) > historyPoints {
		n = min(n, historyPoints)
	}
	if n >= len(s.v) {
		return s.v
	}
	return s.v[len(s.v)-n:]
}

// historySpan is the time n points of a history cover at one point per interval: what
// a graph's "last …" label says. Not the graph's width: a graph shows up to four points a
// column (downsample) and, early in a run, fewer points than columns, so "last 2:34"
// under 11 s of history, or under ten minutes of it, named neither.
func historySpan(n int, interval time.Duration) string {
	return units.FormatDuration(float64(n) * interval.Seconds())
}

// downsample reduces vals to at most width points, keeping each bucket's maximum (a
// spike of one second must stay visible on a narrow graph, as Dolphie's min/max
// downsampling does), newest points at the right.
func downsample(vals []float64, width int) []float64 {
	if width <= 0 {
		return nil
	}
	if len(vals) <= width {
		return vals
	}
	out := make([]float64, width)
	per := float64(len(vals)) / float64(width)
	for i := range out {
		lo, hi := int(float64(i)*per), int(float64(i+1)*per)
		hi = max(hi, lo+1)
		m := math.Inf(-1)
		for _, v := range vals[lo:min(hi, len(vals))] {
			m = max(m, v)
		}
		out[i] = m
	}
	return out
}

var blocks = []rune("▁▂▃▄▅▆▇█")

// sparkline draws vals in one row of width cells (right-aligned: new data enters at the
// right) scaled to top (≤ 0: the maximum of the data). Missing history is blank.
func sparkline(vals []float64, width int, top float64) string {
	vals = downsample(vals, width)
	if top <= 0 {
		for _, v := range vals {
			top = max(top, v)
		}
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", width-len(vals)))
	for _, v := range vals {
		if top <= 0 || math.IsNaN(v) || v <= 0 {
			b.WriteRune(' ')
			continue
		}
		i := int(math.Round(v / top * float64(len(blocks)-1)))
		b.WriteRune(blocks[max(0, min(i, len(blocks)-1))])
	}
	return b.String()
}

// graph draws vals (percentages, 0–100) as height rows of width cells, with marks: each
// mark value draws a dotted line (╌) across the empty cells of the row it falls in, so a
// checkpoint-age history shows where the async and sync flush points are.
func graph(vals []float64, width, height int, marks []float64) []string {
	vals = downsample(vals, width)
	pad := width - len(vals)
	rows := make([]string, height)
	for r := 0; r < height; r++ {
		lo := 100 * float64(height-1-r) / float64(height) // the row's bottom value
		hi := 100 * float64(height-r) / float64(height)
		markRow := false
		for _, m := range marks {
			if m > lo && m <= hi {
				markRow = true
			}
		}
		var b strings.Builder
		for c := 0; c < width; c++ {
			empty := ' '
			if markRow {
				empty = '╌'
			}
			if c < pad {
				b.WriteRune(empty)
				continue
			}
			v := vals[c-pad]
			switch {
			case v >= hi:
				b.WriteRune('█')
			case v > lo:
				i := int((v - lo) / (hi - lo) * float64(len(blocks)))
				b.WriteRune(blocks[max(0, min(i, len(blocks)-1))])
			default:
				b.WriteRune(empty)
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// bar draws a horizontal bar of width cells filled to frac (0–1).
func bar(frac float64, width int) string {
	if width <= 0 {
		return ""
	}
	frac = max(0, min(frac, 1))
	full := int(frac * float64(width))
	return strings.Repeat("█", full) + strings.Repeat("░", width-full)
}

// ageBar is bar with the flush points marked (│) at fractions async and sync of the
// maximum, where they fall inside the bar, so the reader sees how far the checkpoint age
// is from each.
func ageBar(frac, async, sync float64, width int) string {
	cells := []rune(bar(frac, width))
	for _, p := range []float64{async, sync} {
		i := int(math.Round(p*float64(width))) - 1
		if i >= 0 && i < len(cells) {
			cells[i] = '│'
		}
	}
	return string(cells)
}
