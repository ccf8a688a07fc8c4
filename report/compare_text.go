package report

// This file lays a Comparison out as a document (compare.go computes it) and writes it
// as text or Markdown; compare_html.go draws it as HTML.

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/perf/benchmath"
)

// valueText is a cell's value: the median, with ± the interval's half-width in percent
// when several runs gave one.
func (c Cell) valueText() string {
	if c.Missing {
		return "-"
	}
	v := c.format(c.Center)
	// Below 6 runs benchmath's interval is unbounded; the warning above the table says
	// so once instead of "±∞" in every cell.
	if c.Bounded {
		s := benchmath.Summary{Center: c.Center, Lo: c.Lo, Hi: c.Hi}
		v += " ±" + s.PctRangeString()
	}
	return v
}

// ratioText is a cell's ratio to the baseline: "×2.31", with the bootstrap interval when
// tested, and "~" when the U test finds no significant difference.
func (c Cell) ratioText() string {
	if !c.HasRatio {
		return "-"
	}
	t := fmt.Sprintf("×%.2f", c.Ratio)
	if c.Tested {
		if !c.Significant {
			return t + " ~"
		}
		t += fmt.Sprintf(" [%.2f, %.2f]", c.RatioLo, c.RatioHi)
	}
	return t
}

// compareDocument lays out a comparison as sections.
func compareDocument(c *Comparison) []section {
	doc := []section{{title: "Verdict", blocks: []any{line(c.Verdict)}}}
	runs := section{title: "Runs"}
	t := table{head: []string{"side", "runs", "record"}, right: []bool{false, true, false}}
	for i, s := range c.Sides {
		label := s.Label
		if i == 0 {
			label += " (baseline)"
		}
		t.rows = append(t.rows, []string{label, fmt.Sprint(len(s.Files)), clip(strings.Join(s.Files, ", "), 52)})
	}
	runs.blocks = append(runs.blocks, t)
	for _, w := range c.Warnings {
		runs.blocks = append(runs.blocks, para{"warning: " + w})
	}
	doc = append(doc, runs)

	vars := section{title: "Variables that differ"}
	if len(c.Variables) == 0 {
		vars.blocks = append(vars.blocks, para{"none: the servers' variables are the same"})
	} else {
		vt := table{head: append([]string{"variable"}, labels(c)...)}
		for _, v := range c.Variables {
			vt.rows = append(vt.rows, append([]string{v.Name}, clipAll(v.Values, 18)...))
		}
		vars.blocks = append(vars.blocks, vt)
	}
	doc = append(doc, vars)

	if len(c.Metrics) > 0 {
		doc = append(doc, section{title: "Restore", blocks: []any{metricTable(c, c.Metrics, "measure")}})
	}
	if len(c.Devices) > 0 {
		doc = append(doc, section{title: "Devices (average over each run)", blocks: []any{metricTable(c, c.Devices, "device column")}})
	}
	fs := section{title: "Findings"}
	if len(c.Findings) == 0 {
		fs.blocks = append(fs.blocks, para{"none on any side"})
	} else {
		ft := table{head: append([]string{"finding"}, labels(c)...)}
		for _, f := range c.Findings {
			row := []string{f.Severity + " " + f.ID}
			for i, st := range f.Status {
				cell := st
				if cell == "" {
					cell = "-"
				}
				if n := len(c.Sides[i].Files); n > 1 {
					cell += fmt.Sprintf(" (%d/%d)", f.Present[i], n)
				}
				row = append(row, cell)
			}
			ft.rows = append(ft.rows, row)
		}
		fs.blocks = append(fs.blocks, ft)
	}
	doc = append(doc, fs)
	return doc
}

func labels(c *Comparison) []string {
	var out []string
	for _, s := range c.Sides {
		out = append(out, clip(s.Label, 18))
	}
	return out
}

func clipAll(xs []string, n int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = clip(x, n)
	}
	return out
}

// metricTable: the baseline's value, then per other side its value and ratio.
func metricTable(c *Comparison, rows []MetricRow, first string) table {
	t := table{head: []string{first, clip(c.Sides[0].Label, 16)}, right: []bool{false, true}}
	for _, s := range c.Sides[1:] {
		t.head = append(t.head, clip(s.Label, 16), "ratio")
		t.right = append(t.right, true, false)
	}
	for _, r := range rows {
		row := []string{r.Name, r.Cells[0].valueText()}
		for _, cell := range r.Cells[1:] {
			row = append(row, cell.valueText(), cell.ratioText())
		}
		t.rows = append(t.rows, row)
	}
	return t
}

// CompareText writes the comparison as text (80 columns with two or three sides).
func CompareText(w io.Writer, c *Comparison) error {
	return textDoc(w, compareDocument(c))
}

// CompareMarkdown writes the comparison as Markdown.
func CompareMarkdown(w io.Writer, c *Comparison) error {
	return markdownDoc(w, "dumpscope compare: "+strings.Join(labels(c), " vs "), compareDocument(c))
}
