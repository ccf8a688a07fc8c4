package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/runrecord"
)

// Side is one side of a comparison: one or more runs of the same setup (bench --repeat).
type Side struct {
	Label    string
	Files    []string
	Records  []*runrecord.Record
	Analyses []*Analysis
}

// Comparison is runs side by side, the first side the baseline.
type Comparison struct {
	// Verdict is the comparison's answer in one line that begins "verdict:": per side
	// against the baseline, how much faster or slower (with the ratio's interval when
	// there are runs enough), the findings cleared and new, the variables changed.
	Verdict   string        `json:"verdict"`
	Sides     []SideInfo    `json:"sides"`
	Warnings  []string      `json:"warnings,omitempty"`
	Variables []VarDiff     `json:"variables_that_differ"`
	Metrics   []MetricRow   `json:"metrics"`
	Devices   []MetricRow   `json:"devices,omitempty"`
	Findings  []FindingDiff `json:"findings"`

	sides []Side
}

// SideInfo names a side.
type SideInfo struct {
	Label string   `json:"label"`
	Files []string `json:"files"`
}

// VarDiff is a server variable whose value differs between sides (first run of each).
type VarDiff struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// MetricRow is one measure per side.
type MetricRow struct {
	Name string `json:"name"`
	// LowerIsBetter marks durations and latencies.
	LowerIsBetter bool   `json:"lower_is_better,omitempty"`
	Cells         []Cell `json:"cells"`
}

// Cell is one side's value of a measure: the median over its runs with benchmath's
// confidence interval, and against the first side the ratio (with a bootstrap interval
// when both sides have several runs) and the Mann–Whitney U test's verdict.
type Cell struct {
	N      int     `json:"n"`
	Center float64 `json:"center"`
	// Lo and Hi bound the 95 % interval of the median when Bounded (benchmath's interval
	// is unbounded below 6 runs; JSON has no infinity).
	Lo      float64 `json:"lo,omitempty"`
	Hi      float64 `json:"hi,omitempty"`
	Bounded bool    `json:"bounded,omitempty"`
	// Ratio is Center / the first side's Center; HasRatio is false for the first side
	// and where either center is missing or the baseline's is 0.
	Ratio    float64 `json:"ratio"`
	HasRatio bool    `json:"has_ratio,omitempty"`
	RatioLo  float64 `json:"ratio_lo,omitempty"`
	RatioHi  float64 `json:"ratio_hi,omitempty"`
	// P is the U test's p-value (set when both sides have ≥ 2 runs); Significant is
	// P < 0.05. With one run a side no test is made and Tested is false.
	P           float64 `json:"p,omitempty"`
	Tested      bool    `json:"tested,omitempty"`
	Significant bool    `json:"significant,omitempty"`
	Missing     bool    `json:"missing,omitempty"`
	format      func(float64) string
}

// FindingDiff is one finding ID across sides.
type FindingDiff struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	// Present says, per side, in how many of its runs the finding fired.
	Present []int `json:"present"`
	// Status per side against the first: "new", "cleared", "persisting" or "" (absent
	// on both).
	Status []string `json:"status"`
}

// runMetric extracts one measure from a run's analysis (ok false when it lacks it).
type runMetric struct {
	name          string
	lowerIsBetter bool
	format        func(float64) string
	get           func(*Analysis) (float64, bool)
}

func pctFmt(x float64) string { return fmt.Sprintf("%.0f %%", x) }

var runMetrics = []runMetric{
	{"duration", true, units.FormatDuration, func(a *Analysis) (float64, bool) {
		if a.Restore != nil && a.Restore.Seconds > 0 {
			return a.Restore.Seconds, true
		}
		return a.DurationSeconds, a.DurationSeconds > 0
	}},
	{"average throughput", false, func(x float64) string { return units.FormatBytes(x) + "/s" }, func(a *Analysis) (float64, bool) {
		return restoreGet(a, func(r *RestoreStats) float64 { return r.BytesPerSec })
	}},
	{"rows/s", false, num, func(a *Analysis) (float64, bool) {
		return restoreGet(a, func(r *RestoreStats) float64 { return r.RowsPerSec })
	}},
	{"throughput median per 1 s", false, func(x float64) string { return units.FormatBytes(x) + "/s" }, func(a *Analysis) (float64, bool) {
		if a.Restore == nil || a.Restore.Throughput1s == nil {
			return 0, false
		}
		return a.Restore.Throughput1s.Median, true
	}},
	{"throughput p5 per 1 s", false, func(x float64) string { return units.FormatBytes(x) + "/s" }, func(a *Analysis) (float64, bool) {
		if a.Restore == nil || a.Restore.Throughput1s == nil {
			return 0, false
		}
		return a.Restore.Throughput1s.P5, true
	}},
	{"checkpoint age, avg % of max", true, pctFmt, func(a *Analysis) (float64, bool) {
		if a.InnoDB == nil || a.InnoDB.AgePct == nil {
			return 0, false
		}
		return a.InnoDB.AgePct.Avg, true
	}},
	{"time at ≥ 7/8 of max age", true, units.FormatSpan, func(a *Analysis) (float64, bool) {
		if a.InnoDB == nil || a.InnoDB.AgePct == nil {
			return 0, false
		}
		return a.InnoDB.SecondsAboveAsync, true
	}},
	{"redo rate", false, func(x float64) string { return units.FormatBytes(x) + "/s" }, func(a *Analysis) (float64, bool) {
		if a.InnoDB == nil || a.InnoDB.RedoRate == nil {
			return 0, false
		}
		return a.InnoDB.RedoRate.Avg, true
	}},
}

func restoreGet(a *Analysis, f func(*RestoreStats) float64) (float64, bool) {
	if a.Restore == nil || a.Restore.Seconds <= 0 {
		return 0, false
	}
	return f(a.Restore), true
}

// deviceMetricColumns are the device columns compared (their avg over each run).
var deviceMetricColumns = []struct {
	name          string
	lowerIsBetter bool
}{{"w/s", false}, {"wkB/s", false}, {"w_await", true}, {"f_await", true}, {"%util", true}}

// ignoredVariable: variables that differ between any two servers without telling
// anything about the restore (paths, identities, clocks).
func ignoredVariable(name string) bool {
	for _, suf := range []string{"_file", "dir", "_path", "_index", "_basename", "socket"} {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	for _, frag := range []string{"pid", "uuid", "hostname", "timestamp", "gtid", "version_compile"} {
		if strings.Contains(name, frag) {
			return true
		}
	}
	switch name {
	case "port", "server_id", "version", "version_comment", "report_host", "report_port":
		return true
	}
	return false
}

// Compare puts the sides side by side, the first one the baseline. findings gives each
// run's findings (the recorded ones, or a replay's), in the order of the sides' records.
func Compare(sides []Side) *Comparison {
	c := &Comparison{sides: sides}
	for _, s := range sides {
		c.Sides = append(c.Sides, SideInfo{Label: s.Label, Files: s.Files})
	}
	c.Warnings = runCountWarnings(sides)
	c.Variables = variablesThatDiffer(sides)
	c.Metrics, c.Devices = metricRows(sides)
	c.Findings = findingDiffs(sides)
	c.Verdict = compareVerdict(c)
	return c
}

// compareVerdict says, for each side against the baseline, what changed in the headline
// time (the duration row), which findings cleared and which are new, and which
// variables differ.
func compareVerdict(c *Comparison) string {
	if len(c.Sides) < 2 {
		return "verdict: inconclusive: one side only, nothing to compare"
	}
	var duration *MetricRow
	for i := range c.Metrics {
		if c.Metrics[i].Name == "duration" {
			duration = &c.Metrics[i]
		}
	}
	var clauses []string
	for i := 1; i < len(c.Sides); i++ {
		clauses = append(clauses, sideVerdict(c, duration, i))
	}
	return "verdict: " + strings.Join(clauses, " | ")
}

// maxChangedVariables keeps the verdict one readable line; the table has them all.
const maxChangedVariables = 3

func sideVerdict(c *Comparison, duration *MetricRow, i int) string {
	label := c.Sides[i].Label
	var b strings.Builder
	switch {
	case duration == nil || !duration.Cells[i].HasRatio || duration.Cells[i].Ratio <= 0:
		fmt.Fprintf(&b, "%s: no duration to compare", label)
	default:
		base, cell := duration.Cells[0], duration.Cells[i]
		speedup := 1 / cell.Ratio
		times := fmt.Sprintf("%s → %s", units.FormatDuration(base.Center), units.FormatDuration(cell.Center))
		switch {
		case cell.Tested && !cell.Significant:
			fmt.Fprintf(&b, "%s: no significant difference (%s, ×%.2f, p = %.2f)", label, times, speedup, cell.P)
		case speedup >= 1:
			fmt.Fprintf(&b, "%s is %.2f× faster (%s", label, speedup, times)
		default:
			fmt.Fprintf(&b, "%s is %.2f× slower (%s", label, 1/speedup, times)
		}
		if !cell.Tested || cell.Significant {
			switch {
			case cell.Tested && cell.RatioLo > 0 && cell.RatioHi > 0 && speedup >= 1:
				fmt.Fprintf(&b, ", 95 %% interval [%.2f, %.2f]", 1/cell.RatioHi, 1/cell.RatioLo)
			case cell.Tested && cell.RatioLo > 0 && cell.RatioHi > 0:
				fmt.Fprintf(&b, ", 95 %% interval [%.2f, %.2f]", cell.RatioLo, cell.RatioHi)
			case base.N == 1 || cell.N == 1:
				b.WriteString(", single runs")
			}
			b.WriteString(")")
		}
	}
	var cleared, added []string
	for _, f := range c.Findings {
		switch f.Status[i] {
		case "cleared":
			cleared = append(cleared, f.ID)
		case "new":
			added = append(added, f.ID)
		}
	}
	if len(cleared) > 0 {
		b.WriteString("; cleared: " + strings.Join(cleared, ", "))
	}
	if len(added) > 0 {
		b.WriteString("; new: " + strings.Join(added, ", "))
	}
	var changed []string
	for _, v := range c.Variables {
		if v.Values[i] != v.Values[0] {
			changed = append(changed, fmt.Sprintf("%s %s → %s", v.Name, v.Values[0], v.Values[i]))
		}
	}
	if n := len(changed); n > maxChangedVariables {
		changed = append(changed[:maxChangedVariables], fmt.Sprintf("%d more", n-maxChangedVariables))
	}
	if len(changed) > 0 {
		b.WriteString("; changed: " + strings.Join(changed, ", "))
	} else {
		b.WriteString("; same variables")
	}
	return b.String()
}

// runCountWarnings says when the sides have too few runs for benchmath's statistics.
func runCountWarnings(sides []Side) []string {
	var out []string
	minN := math.MaxInt
	for _, s := range sides {
		minN = min(minN, len(s.Records))
	}
	switch {
	case minN == 1:
		out = append(out, "one run on a side: its numbers are single measurements, with no interval and no significance test (benchstat's rule: ≥ 4 runs a side to detect a difference at α = 0.05, ≥ 6 for a 95 % interval of the median; bench --repeat gives them)")
	case minN < 4:
		out = append(out, fmt.Sprintf("%d runs on a side: too few for the Mann–Whitney U test to find any difference at α = 0.05 (need ≥ 4 a side), so every difference reads ~", minN))
	case minN < 6:
		out = append(out, fmt.Sprintf("%d runs on a side: the 95 %% interval of a median needs ≥ 6, so values are medians without one; ratios are tested and bootstrapped", minN))
	}

	return out
}

// variablesThatDiffer compares the first run of each side, its variables at its end.
func variablesThatDiffer(sides []Side) []VarDiff {
	var out []VarDiff
	vals := make([]map[string]string, len(sides))
	names := map[string]bool{}
	for i, s := range sides {
		r := s.Records[0]
		vals[i] = r.Server.ServerInfo(math.MaxFloat64).Variables
		vals[i]["(server)"] = strings.TrimSpace(r.Server.Flavor + " " + r.Server.Version)
		for k := range vals[i] {
			names[k] = true
		}
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if ignoredVariable(k) {
			continue
		}
		d := VarDiff{Name: k}
		differ, paths := false, 0
		for i := range sides {
			v, ok := vals[i][k]
			if !ok {
				v = "-"
			}
			if strings.HasPrefix(v, "/") {
				paths++
			}
			d.Values = append(d.Values, cnfValue(v))
			if i > 0 && !sameSetting(v, d.Values[0]) && v != d.Values[0] {
				differ = true
			}
		}
		// Paths (a sandbox's log file, a datadir) differ between any two runs.
		if differ && paths < len(sides) {
			out = append(out, d)
		}
	}

	return out
}

// metricRows are the restore measures and the device columns of the baseline's devices.
func metricRows(sides []Side) (metrics, devices []MetricRow) {
	for _, m := range runMetrics {
		row := metricRow(sides, m.name, m.lowerIsBetter, m.format, m.get)
		if row != nil {
			metrics = append(metrics, *row)
		}
	}
	if len(sides[0].Analyses) > 0 {
		for _, d := range sides[0].Analyses[0].Devices {
			for _, dc := range deviceMetricColumns {
				name, colName := d.Name, dc.name
				row := metricRow(sides, name+" "+colName, dc.lowerIsBetter, num, func(a *Analysis) (float64, bool) {
					for _, dv := range a.Devices {
						if dv.Name != name {
							continue
						}
						for _, cs := range dv.Columns {
							if cs.Name == colName {
								return cs.Avg, true
							}
						}
					}
					return 0, false
				})
				if row != nil {
					devices = append(devices, *row)
				}
			}
		}
	}

	return metrics, devices
}

// findingDiffs: per finding ID, in how many runs of each side it fired, and its status
// against the baseline.
func findingDiffs(sides []Side) []FindingDiff {
	var out []FindingDiff
	type fid struct{ id, sev string }
	var order []fid
	seen := map[string]int{}
	for _, s := range sides {
		for _, a := range s.Analyses {
			for _, f := range a.Findings {
				if _, ok := seen[f.ID]; !ok {
					seen[f.ID] = len(order)
					order = append(order, fid{f.ID, string(f.Severity)})
				}
			}
		}
	}
	for _, f := range order {
		fd := FindingDiff{ID: f.id, Severity: f.sev, Present: make([]int, len(sides)), Status: make([]string, len(sides))}
		for i, s := range sides {
			for _, a := range s.Analyses {
				for _, g := range a.Findings {
					if g.ID == f.id {
						fd.Present[i]++
						break
					}
				}
			}
		}
		for i := range sides {
			base, here := fd.Present[0] > 0, fd.Present[i] > 0
			switch {
			case i == 0 && here:
				fd.Status[i] = "fired"
			case i == 0:
				fd.Status[i] = ""
			case base && here:
				fd.Status[i] = "persisting"
			case base:
				fd.Status[i] = "cleared"
			case here:
				fd.Status[i] = "new"
			}
		}
		out = append(out, fd)
	}
	return out
}

// metricRow summarises one measure per side; nil when no run has it.
func metricRow(sides []Side, name string, lowerIsBetter bool, format func(float64) string, get func(*Analysis) (float64, bool)) *MetricRow {
	row := &MetricRow{Name: name, LowerIsBetter: lowerIsBetter}
	samples := make([]*benchmath.Sample, len(sides))
	any := false
	for i, s := range sides {
		var xs []float64
		for _, a := range s.Analyses {
			if v, ok := get(a); ok {
				xs = append(xs, v)
			}
		}
		cell := Cell{N: len(xs), format: format}
		if len(xs) == 0 {
			cell.Missing = true
			row.Cells = append(row.Cells, cell)
			continue
		}
		any = true
		samples[i] = benchmath.NewSample(xs, &benchmath.DefaultThresholds)
		sum := benchmath.AssumeNothing.Summary(samples[i], 0.95)
		cell.Center = sum.Center
		if len(xs) >= 2 && !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0) {
			cell.Lo, cell.Hi, cell.Bounded = sum.Lo, sum.Hi, true
		}
		row.Cells = append(row.Cells, cell)
	}
	if !any {
		return nil
	}
	base := row.Cells[0]
	for i := 1; i < len(row.Cells); i++ {
		cell := &row.Cells[i]
		if base.Missing || cell.Missing || base.Center == 0 {
			continue
		}
		cell.Ratio, cell.HasRatio = cell.Center/base.Center, true
		if base.N >= 2 && cell.N >= 2 {
			cmp := benchmath.AssumeNothing.Compare(samples[0], samples[i])
			cell.P, cell.Tested = cmp.P, true
			cell.Significant = cmp.P <= cmp.Alpha
			cell.RatioLo, cell.RatioHi = bootstrapRatio(samples[0].Values, samples[i].Values, name)
		}
	}
	return row
}

// bootstrapRatio is a 95 % percentile-bootstrap interval of median(b)/median(a):
// benchmath gives intervals of one sample's median, not of a ratio. The generator is
// seeded from the measure's name, so a report is the same every time it is rendered.
func bootstrapRatio(a, b []float64, name string) (lo, hi float64) {
	var seed uint64
	for _, c := range name {
		seed = seed*31 + uint64(c)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	const iterations = 2000
	ratios := make([]float64, 0, iterations)
	ra, rb := make([]float64, len(a)), make([]float64, len(b))
	for range iterations {
		for i := range ra {
			ra[i] = a[rng.IntN(len(a))]
		}
		for i := range rb {
			rb[i] = b[rng.IntN(len(b))]
		}
		if m := median(ra); m != 0 {
			ratios = append(ratios, median(rb)/m)
		}
	}
	if len(ratios) == 0 {
		return 0, 0
	}
	sort.Float64s(ratios)
	return ratios[int(0.025*float64(len(ratios)))], ratios[min(len(ratios)-1, int(0.975*float64(len(ratios))))]
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
