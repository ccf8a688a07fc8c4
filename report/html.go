package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// htmlStyle is the report's whole stylesheet: one self-contained file, no network.
const htmlStyle = `
body{font:14px/1.45 system-ui,sans-serif;color:#222;max-width:1160px;margin:24px auto;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;border-bottom:2px solid #0072B2;padding-bottom:2px;margin-top:28px}
h3{font-size:15px;margin:16px 0 4px}
.verdict{font-size:16px;padding:10px 14px;border-left:6px solid #2a2;background:#f4faf4}
.verdict-line{font-weight:600}
.verdict.warn{border-color:#E69F00;background:#fdf7ea}.verdict.critical{border-color:#c00;background:#fdf0f0}
table{border-collapse:collapse;margin:6px 0 12px}td,th{padding:3px 10px;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:6px 0 12px}dt{color:#555}dd{margin:0}
figure{margin:8px 0 18px}svg{display:block;max-width:100%;height:auto}
.sev-critical{color:#c00}.sev-warn{color:#b36b00}.sev-info{color:#0072B2}
footer{color:#777;font-size:12px;margin-top:30px}
`

var severityColor = map[advisor.Severity]string{
	advisor.SeverityCritical: "#CC0000", advisor.SeverityWarn: "#E69F00", advisor.SeverityInfo: "#0072B2",
}

// HTML writes the report as one self-contained HTML file: the text report's sections
// with the charts over time after the findings.
func HTML(w io.Writer, rec *runrecord.Record, a *Analysis) error {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
	fmt.Fprintf(&b, "<title>dumpscope report: %s</title><style>%s</style></head><body>\n", html.EscapeString(a.Name), htmlStyle)
	fmt.Fprintf(&b, "<h1>dumpscope report: %s</h1>\n", html.EscapeString(a.Name))
	for i, s := range document(a) {
		writeHTMLSection(&b, s)
		if i == 1 { // after Findings
			charts := runCharts(rec, a)
			if len(charts) > 0 {
				b.WriteString("<h2>Over time</h2>\n")
				for _, c := range charts {
					b.WriteString("<figure>" + c.svg() + "</figure>\n")
				}
			}
		}
	}
	b.WriteString("<footer>Written by dumpscope from a run record; shaded bands are findings while active.</footer>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeHTMLSection(b *strings.Builder, s section) {
	fmt.Fprintf(b, "<h2>%s</h2>\n", html.EscapeString(s.title))
	for _, blk := range s.blocks {
		switch x := blk.(type) {
		case heading:
			cls := ""
			for _, sev := range []string{"CRITICAL", "WARN", "INFO"} {
				if strings.HasPrefix(string(x), sev+" ") {
					cls = " class=\"sev-" + strings.ToLower(sev) + "\""
				}
			}
			fmt.Fprintf(b, "<h3%s>%s</h3>\n", cls, html.EscapeString(string(x)))
		case line:
			fmt.Fprintf(b, "<p class=\"verdict-line\">%s</p>\n", html.EscapeString(string(x)))
		case para:
			for _, l := range x {
				if s.title == "Verdict" && l == x[0] {
					cls := "verdict"
					switch {
					case strings.Contains(l, ": CRITICAL"):
						cls += " critical"
					case strings.Contains(l, ": WARN"):
						cls += " warn"
					}
					fmt.Fprintf(b, "<p class=\"%s\">%s</p>\n", cls, html.EscapeString(l))
					continue
				}
				fmt.Fprintf(b, "<p>%s</p>\n", html.EscapeString(l))
			}
		case kv:
			b.WriteString("<dl>")
			for _, p := range x {
				fmt.Fprintf(b, "<dt>%s</dt><dd>%s</dd>", html.EscapeString(p[0]), html.EscapeString(p[1]))
			}
			b.WriteString("</dl>\n")
		case table:
			b.WriteString("<table><tr>")
			for i, h := range x.head {
				fmt.Fprintf(b, "<th%s>%s</th>", rightClass(x, i), html.EscapeString(h))
			}
			b.WriteString("</tr>")
			for _, r := range x.rows {
				b.WriteString("<tr>")
				for i, c := range r {
					fmt.Fprintf(b, "<td%s>%s</td>", rightClass(x, i), html.EscapeString(c))
				}
				b.WriteString("</tr>")
			}
			b.WriteString("</table>\n")
		}
	}
}

func rightClass(t table, i int) string {
	if i < len(t.right) && t.right[i] {
		return ` class="r"`
	}
	return ""
}

// findingShades are the findings' active intervals.
func findingShades(findings []FindingView, endT float64) []shade {
	var out []shade
	for _, f := range findings {
		to := endT
		if f.ClearedAt != nil {
			to = *f.ClearedAt
		}
		out = append(out, shade{from: f.FiredAt, to: to, label: f.ID, color: severityColor[f.Severity]})
	}
	return out
}

// deviceNames lists the devices that have samples, in the record's order.
func deviceNames(rec *runrecord.Record) []string {
	seen := map[string]bool{}
	var names []string
	for _, d := range rec.Devices {
		seen[d.Name] = false
		names = append(names, d.Name)
	}
	var extra []string
	for _, s := range rec.Samples {
		for n := range s.Devices {
			if v, ok := seen[n]; !ok {
				extra = append(extra, n)
				seen[n] = true
			} else if !v {
				seen[n] = true
			}
		}
	}
	sort.Strings(extra)
	var out []string
	for _, n := range append(names, extra...) {
		if seen[n] {
			out = append(out, n)
		}
	}
	return out
}

// deviceSeries is one device column over time (NaN where the sample lacks it).
func deviceSeries(rec *runrecord.Record, name string, x func(advisor.Snapshot) (float64, bool), get func(iostat.DeviceStats) (float64, bool)) (xs, ys []float64) {
	for _, s := range rec.Samples {
		d, ok := s.Devices[name]
		xv, okX := x(s)
		if !okX {
			continue
		}
		v, okV := 0.0, false
		if ok {
			v, okV = get(d)
		}
		if !okV {
			v = math.NaN()
		}
		xs, ys = append(xs, xv), append(ys, v)
	}
	return xs, ys
}

func byTime(s advisor.Snapshot) (float64, bool) { return s.T, true }

// runCharts are the report's charts over the run's time.
func runCharts(rec *runrecord.Record, a *Analysis) []chart {
	shades := findingShades(a.Findings, a.DurationSeconds)
	xl := "time since start (m:ss)"
	mk := func(title, ylabel string) chart {
		return chart{title: title, yLabel: ylabel, xLabel: xl, xFmt: units.FormatDuration, shades: shades}
	}
	var out []chart

	tp := mk("Restore throughput", "MiB/s of SQL")
	var xs, ys, rows []float64
	var prev *advisor.Snapshot
	for i := range rec.Samples {
		s := &rec.Samples[i]
		if s.Import == nil {
			continue
		}
		if prev != nil && s.T > prev.T {
			xs = append(xs, s.T)
			ys = append(ys, float64(s.Import.Bytes-prev.Import.Bytes)/(s.T-prev.T)/units.MiB)
			rows = append(rows, float64(s.Import.Rows-prev.Import.Rows)/(s.T-prev.T))
		}
		prev = s
	}
	tp.series = []series{{name: "MiB/s", xs: xs, ys: ys}}
	out = append(out, tp)

	names := deviceNames(rec)
	add := func(title, ylabel string, yMax float64, get func(iostat.DeviceStats) (float64, bool)) {
		c := mk(title, ylabel)
		c.yMax = yMax
		for _, n := range names {
			xs, ys := deviceSeries(rec, n, byTime, get)
			c.series = append(c.series, series{name: n, xs: xs, ys: ys})
		}
		out = append(out, c)
	}
	add("Device writes per second (w/s)", "writes/s", 0, func(d iostat.DeviceStats) (float64, bool) { return d.WPerSec, true })
	add("Device write throughput (wkB/s)", "MiB/s written", 0, func(d iostat.DeviceStats) (float64, bool) { return d.WkBPerSec * units.KiB / units.MiB, true })
	aw := mk("Write and flush latency (w_await, f_await)", "ms")
	aw.clipOutliers = true
	for _, n := range names {
		xs, ys := deviceSeries(rec, n, byTime, func(d iostat.DeviceStats) (float64, bool) { return d.WAwaitMs, true })
		aw.series = append(aw.series, series{name: n + " w_await", xs: xs, ys: ys})
		xs, ys = deviceSeries(rec, n, byTime, func(d iostat.DeviceStats) (float64, bool) {
			if d.FAwaitMs == nil {
				return 0, false
			}
			return *d.FAwaitMs, true
		})
		if hasValue(ys) {
			aw.series = append(aw.series, series{name: n + " f_await", xs: xs, ys: ys, dashed: true})
		}
	}
	out = append(out, aw)
	add("Device utilisation (%util)", "% of time busy", 100, func(d iostat.DeviceStats) (float64, bool) { return d.UtilPct, true })

	ck := mk("Checkpoint age, % of its maximum", "% of max checkpoint age")
	ck.yMax = 100
	xs, ys = nil, nil
	for _, s := range rec.Samples {
		if s.InnoDB != nil && s.InnoDB.MaxCheckpointAgeBytes > 0 {
			xs = append(xs, s.T)
			ys = append(ys, agePct(s.InnoDB))
		}
	}
	ck.series = []series{{name: "checkpoint age", xs: xs, ys: ys}}
	ck.hlines = flushLines(rec)
	out = append(out, ck)

	var kept []chart
	for _, c := range out {
		if !c.empty() && anyValue(c) {
			kept = append(kept, c)
		}
	}
	return kept
}

func hasValue(ys []float64) bool {
	for _, y := range ys {
		if !math.IsNaN(y) {
			return true
		}
	}
	return false
}

func anyValue(c chart) bool {
	for _, s := range c.series {
		if hasValue(s.ys) {
			return true
		}
	}
	return false
}
