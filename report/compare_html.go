package report

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/runrecord"
)

var nan = math.NaN()

// CompareJSON writes the comparison as indented JSON.
func CompareJSON(w io.Writer, c *Comparison) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// CompareHTML writes the comparison as one self-contained HTML file, with the runs'
// series overlaid by dump progress (SQL bytes consumed), not by wall clock: the same
// part of the dump lines up even when one run is three times slower.
func CompareHTML(w io.Writer, c *Comparison) error {
	var b strings.Builder
	title := "dumpscope compare: " + strings.Join(labels(c), " vs ")
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>\n", html.EscapeString(title), htmlStyle)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(title))
	for i, s := range compareDocument(c) {
		writeHTMLSection(&b, s)
		if i == 2 { // after the verdict and the runs
			charts := compareCharts(c)
			if len(charts) > 0 {
				b.WriteString("<h2>By dump progress</h2>\n")
				for _, ch := range charts {
					b.WriteString("<figure>" + ch.svg() + "</figure>\n")
				}
			}
		}
	}
	b.WriteString("<footer>Written by dumpscope from run records. One colour per side; a side's further runs are dashed.</footer>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// compareCharts overlay each run by MiB of SQL consumed.
func compareCharts(c *Comparison) []chart {
	xl := "SQL consumed (MiB)"
	mk := func(title, ylabel string) chart { return chart{title: title, yLabel: ylabel, xLabel: xl} }
	tp := mk("Restore throughput", "MiB/s of SQL")
	ck := mk("Checkpoint age, % of its maximum", "% of max checkpoint age")
	ck.yMax = 100
	ck.hlines = flushLines(c.sides[0].Records[0]) // the baseline's server
	ut := mk("Busiest device's utilisation (%util)", "% of time busy")
	ut.yMax = 100
	aw := mk("Busiest device's write latency (w_await)", "ms")
	aw.clipOutliers = true
	for si, side := range c.sides {
		color := palette[si%len(palette)]
		for ri, rec := range side.Records {
			name := side.Label
			if len(side.Records) > 1 {
				name = fmt.Sprintf("%s (%d runs)", side.Label, len(side.Records))
			}
			dev := busiestDevice(rec)
			var xs, tys, cks, uts, aws []float64
			var prevBytes int64
			prevT := -1.0
			for _, s := range rec.Samples {
				if s.Import == nil {
					continue
				}
				x := float64(s.Import.Bytes) / units.MiB
				rate := nan
				if prevT >= 0 && s.T > prevT {
					rate = float64(s.Import.Bytes-prevBytes) / (s.T - prevT) / units.MiB
				}
				prevT, prevBytes = s.T, s.Import.Bytes
				age := nan
				if s.InnoDB != nil && s.InnoDB.MaxCheckpointAgeBytes > 0 {
					age = agePct(s.InnoDB)
				}
				u, a := nan, nan
				if d, ok := s.Devices[dev]; ok {
					u, a = d.UtilPct, d.WAwaitMs
				}
				xs = append(xs, x)
				tys, cks, uts, aws = append(tys, rate), append(cks, age), append(uts, u), append(aws, a)
			}
			// One legend entry a side: its first run, solid; the others dashed, unnamed.
			dashed := ri > 0
			devName := name + " " + dev
			if dashed {
				name, devName = "", ""
			}
			tp.series = append(tp.series, series{name: name, xs: xs, ys: tys, color: color, dashed: dashed})
			ck.series = append(ck.series, series{name: name, xs: xs, ys: cks, color: color, dashed: dashed})
			ut.series = append(ut.series, series{name: devName, xs: xs, ys: uts, color: color, dashed: dashed})
			aw.series = append(aw.series, series{name: devName, xs: xs, ys: aws, color: color, dashed: dashed})
		}
	}
	var out []chart
	for _, ch := range []chart{tp, ck, ut, aw} {
		if !ch.empty() && anyValue(ch) {
			out = append(out, ch)
		}
	}
	return out
}

// busiestDevice is the device with the highest mean %util in the run ("" when none).
func busiestDevice(rec *runrecord.Record) string {
	sum := map[string]float64{}
	for _, s := range rec.Samples {
		for n, d := range s.Devices {
			sum[n] += d.UtilPct
		}
	}
	best, bestSum := "", -1.0
	for _, n := range deviceNames(rec) {
		if sum[n] > bestSum {
			best, bestSum = n, sum[n]
		}
	}
	return best
}
