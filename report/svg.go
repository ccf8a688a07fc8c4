package report

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Charts are hand-written SVG: a few hundred lines give labelled axes with units, shaded
// finding intervals and reference lines, with no script and no network, and each series
// is cut to at most two points (min and max) per horizontal pixel, so a 24-hour run at
// 1 s draws as small as a 10-minute one.

// series is one line of a chart.
type series struct {
	name   string
	xs, ys []float64
	color  string
	dashed bool
}

// shade is a shaded x interval (a finding while it was active).
type shade struct {
	from, to float64
	label    string
	color    string
}

// hline is a horizontal reference line.
type hline struct {
	y     float64
	label string
	below bool // label under the line (when two lines are close)
}

type chart struct {
	title  string
	yLabel string // with unit
	xLabel string
	xFmt   func(float64) string
	series []series
	shades []shade
	hlines []hline
	// yMax, when > 0, is the least top of the y axis (100 for a percentage).
	yMax float64
	// clipOutliers ends the y axis near the 99th percentile when the maximum is far
	// above it (one 110 ms await flattens a chart of 1 ms ones); the title says where.
	clipOutliers bool
}

const (
	chartW   = 1100
	marginL  = 78
	marginR  = 20
	marginT  = 30
	marginB  = 44
	plotW    = chartW - marginL - marginR
	plotH    = 166
	fontSize = 12
)

// palette is colour-blind-safe (Okabe–Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

func (c chart) empty() bool {
	for _, s := range c.series {
		if len(s.xs) > 0 {
			return false
		}
	}
	return true
}

// frame is a chart's scales and layout, computed once from its data.
type frame struct {
	title                    string
	xmin, xmax, xstep        float64
	ytop, ystep              float64
	top, height, legendCount int
}

func (f frame) px(x float64) float64 { return marginL + (x-f.xmin)/(f.xmax-f.xmin)*plotW }

// py maps y to the plot; values above a cut axis are drawn at its top.
func (f frame) py(y float64) float64 {
	return float64(f.top) + plotH - min(y, f.ytop)/f.ytop*plotH
}

// frame computes the scales; ok is false when the chart has no points.
func (c chart) frame() (f frame, ok bool) {
	f.xmin, f.xmax = math.Inf(1), math.Inf(-1)
	ymax := c.yMax
	var all []float64
	for _, s := range c.series {
		for i, x := range s.xs {
			f.xmin, f.xmax = math.Min(f.xmin, x), math.Max(f.xmax, x)
			if !math.IsNaN(s.ys[i]) {
				ymax = math.Max(ymax, s.ys[i])
				all = append(all, s.ys[i])
			}
		}
	}
	for _, h := range c.hlines {
		ymax = math.Max(ymax, h.y)
	}
	if math.IsInf(f.xmin, 0) {
		return f, false
	}
	if f.xmax <= f.xmin {
		f.xmax = f.xmin + 1
	}
	if ymax <= 0 {
		ymax = 1
	}
	f.title = c.title
	if c.clipOutliers && len(all) > 0 {
		sort.Float64s(all)
		p99, top := all[min(len(all)-1, int(0.99*float64(len(all))))], all[len(all)-1]
		if p99 > 0 && top > 3*p99 {
			ymax = 1.5 * p99
			step := niceStep(ymax / 4)
			f.title += fmt.Sprintf(" — axis cut at %s, max %s", axisNum(step*math.Ceil(ymax/step)), strconv.FormatFloat(top, 'f', 1, 64))
		}
	}
	f.ystep = niceStep(ymax / 4)
	f.ytop = math.Ceil(ymax/f.ystep) * f.ystep
	if c.yMax > 0 && ymax <= c.yMax {
		// A percentage ends at 100, not at the next nice step.
		f.ytop = c.yMax
		f.ystep = niceStep(f.ytop / 4)
	}
	f.xstep = niceTimeStep((f.xmax - f.xmin) / 8)
	if c.xFmt == nil || c.xLabel != "" && !strings.Contains(c.xLabel, "time") {
		f.xstep = niceStep((f.xmax - f.xmin) / 8)
	}
	// Finding strips sit between the title and the plot, one row each, so they never
	// cover the data; the legend goes in rows of five under the x axis label.
	f.top = marginT + 14*len(c.shades)
	f.height = f.top + plotH + marginB
	for _, s := range c.series {
		if s.name != "" {
			f.legendCount++
		}
	}
	if f.legendCount > 1 {
		f.height += 6 + 16*((f.legendCount+4)/5)
	}
	return f, true
}

// svg renders the chart.
func (c chart) svg() string {
	f, ok := c.frame()
	if !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="img" aria-label="%s" font-family="sans-serif" font-size="%d">`,
		chartW, f.height, html.EscapeString(f.title), fontSize)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>`, marginL, html.EscapeString(f.title))
	c.drawShades(&b, f)
	c.drawAxes(&b, f)
	c.drawSeries(&b, f)
	b.WriteString("</svg>")
	return b.String()
}

// drawShades draws each finding's interval: a light band over the plot and a labelled
// strip of its own above it, so overlapping findings stay readable.
func (c chart) drawShades(b *strings.Builder, f frame) {
	for i, s := range c.shades {
		x0, x1 := f.px(math.Max(s.from, f.xmin)), f.px(math.Min(s.to, f.xmax))
		if x1 <= x0 {
			continue
		}
		fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.07"><title>%s</title></rect>`,
			x0, f.top, x1-x0, plotH, s.color, html.EscapeString(s.label))
		y := marginT - 2 + i*14
		fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="13" fill="%s" fill-opacity="0.25"/>`, x0, y, x1-x0, s.color)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" fill="#600" font-size="11">%s</text>`, x0+3, y+10, html.EscapeString(clip(s.label, int(max(4, (x1-x0)/6.5)))))
	}
}

// drawAxes draws the grid, both axes with their labels and the reference lines.
func (c chart) drawAxes(b *strings.Builder, f frame) {
	for y := 0.0; y <= f.ytop+f.ystep/2; y += f.ystep {
		fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, marginL, marginL+plotW, f.py(y), f.py(y))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`, marginL-6, f.py(y)+4, axisNum(y))
	}
	fmt.Fprintf(b, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">%s</text>`, f.top+plotH/2, html.EscapeString(c.yLabel))
	xf := c.xFmt
	if xf == nil {
		xf = axisNum
	}
	bottom := f.top + plotH
	for x := math.Ceil(f.xmin/f.xstep) * f.xstep; x <= f.xmax+f.xstep/1000; x += f.xstep {
		fmt.Fprintf(b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999"/>`, f.px(x), f.px(x), bottom, bottom+4)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, f.px(x), bottom+17, html.EscapeString(xf(x)))
	}
	fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#333"/>`, marginL, marginL+plotW, bottom, bottom)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, marginL+plotW/2, bottom+marginB-6, html.EscapeString(c.xLabel))
	for _, h := range c.hlines {
		fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#B00" stroke-dasharray="6 4"/>`, marginL, marginL+plotW, f.py(h.y), f.py(h.y))
		ly := f.py(h.y) - 3
		if h.below {
			ly = f.py(h.y) + 12
		}
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end" fill="#B00" font-size="11" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`, marginL+plotW-4, ly, html.EscapeString(h.label))
	}
}

// drawSeries draws each series as one path (a NaN breaks it) and the legend.
func (c chart) drawSeries(b *strings.Builder, f frame) {
	li := 0
	for i, s := range c.series {
		color := s.color
		if color == "" {
			color = palette[i%len(palette)]
		}
		var d strings.Builder
		pen := false
		for _, p := range downsample(s.xs, s.ys, f.xmin, f.xmax, plotW) {
			if math.IsNaN(p[1]) {
				pen = false
				continue
			}
			if pen {
				d.WriteByte('L')
			} else {
				d.WriteByte('M')
			}
			d.WriteString(strconv.FormatFloat(f.px(p[0]), 'f', 1, 64))
			d.WriteByte(' ')
			d.WriteString(strconv.FormatFloat(f.py(p[1]), 'f', 1, 64))
			pen = true
		}
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="5 3"`
		}
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="1.5"%s/>`, d.String(), color, dash)
		if f.legendCount > 1 && s.name != "" {
			lx := marginL + (li%5)*200
			ly := f.top + plotH + marginB + 12 + (li/5)*16
			li++
			fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="3"%s/><text x="%d" y="%d">%s</text>`,
				lx, lx+18, ly-4, ly-4, color, dash, lx+22, ly, html.EscapeString(clip(s.name, 26)))
		}
	}
}

// downsample keeps at most the first, min and max and last point of each pixel column,
// in x order; a NaN y (a gap) is kept as a break.
func downsample(xs, ys []float64, xmin, xmax float64, width int) [][2]float64 {
	if len(xs) <= 4*width {
		out := make([][2]float64, len(xs))
		for i := range xs {
			out[i] = [2]float64{xs[i], ys[i]}
		}
		return out
	}
	var out [][2]float64
	col := -1
	var lo, hi, first, last int
	flush := func() {
		if col < 0 {
			return
		}
		idx := []int{first, lo, hi, last}
		// x order of the four
		for i := 1; i < len(idx); i++ {
			for j := i; j > 0 && idx[j] < idx[j-1]; j-- {
				idx[j], idx[j-1] = idx[j-1], idx[j]
			}
		}
		prev := -1
		for _, k := range idx {
			if k != prev {
				out = append(out, [2]float64{xs[k], ys[k]})
				prev = k
			}
		}
	}
	for i, x := range xs {
		c := int((x - xmin) / (xmax - xmin) * float64(width))
		if math.IsNaN(ys[i]) {
			flush()
			out = append(out, [2]float64{x, math.NaN()})
			col = -1
			continue
		}
		if c != col {
			flush()
			col, lo, hi, first = c, i, i, i
		}
		if ys[i] < ys[lo] {
			lo = i
		}
		if ys[i] > ys[hi] {
			hi = i
		}
		last = i
	}
	flush()
	return out
}

// niceStep rounds a raw step up to 1, 2 or 5 × 10^k.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*e {
			return m * e
		}
	}
	return 10 * e
}

// niceTimeStep rounds a step in seconds to a clock-friendly one.
func niceTimeStep(raw float64) float64 {
	for _, s := range []float64{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600} {
		if raw <= s {
			return s
		}
	}
	return niceStep(raw/3600) * 3600
}

func axisNum(y float64) string {
	switch {
	case y >= 1e6 && math.Mod(y, 1e6) == 0:
		return strconv.FormatFloat(y/1e6, 'f', -1, 64) + "M"
	case y >= 1e4 && math.Mod(y, 1e3) == 0:
		return strconv.FormatFloat(y/1e3, 'f', -1, 64) + "k"
	}
	return strconv.FormatFloat(y, 'f', -1, 64)
}
