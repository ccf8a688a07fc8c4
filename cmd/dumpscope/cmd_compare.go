package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/dumpscope/dumpscope/report"
)

// runCompare puts run records side by side: each argument is one side, several runs of
// the same setup joined by commas or matched by a quoted glob ('a-*.json').
func runCompare(args []string, s stdio) int {
	f := newCmdFlags("compare",
		"Put run records side by side, the first one the baseline: the variables that differ, then duration, rates and device columns with the ratio to the baseline, and findings new, cleared or persisting. A side of several runs (commas, or a quoted glob) gives medians with benchmath's interval and a Mann–Whitney test (~ when not significant).",
		"BASELINE.json OTHER.json [MORE.json…] [OPTIONS]")
	f.section(groupOutput)
	out := f.StringP("output", "o", "", "write the comparison to this `FILE` (.md, .html, .json by extension; text otherwise) instead of stdout")
	format := f.String("format", "", "output `FORMAT`: text, md, html or json (default: by -o's extension, text on stdout)")
	labelList := f.String("labels", "", "comma-separated `NAMES` of the sides (default: what each side's file names share)")
	replay := f.Bool("replay", false, "compare the findings of a replay through this dumpscope's rules, not the recorded ones")
	f.examples = []string{
		"dumpscope compare before.json after.json --labels 128M,1G  # seed 002's before and after",
		"dumpscope compare 'redo-4M-*.json' 'redo-1G-*.json' -o compare.html  # four runs a side, charts by SQL consumed",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	pos := f.Args()
	if len(pos) < 2 {
		return f.fail(s, usagef("give at least two run records (or sides of runs) to compare"))
	}
	outFormat, err := report.FormatFor(*out, *format)
	if err != nil {
		return f.fail(s, usagef("%v", err))
	}
	var labels []string
	if *labelList != "" {
		labels = strings.Split(*labelList, ",")
		if len(labels) != len(pos) {
			return f.fail(s, usagef("--labels names %d sides, but %d were given", len(labels), len(pos)))
		}
	}
	var sides []report.Side
	for i, arg := range pos {
		files, err := report.SideFiles(arg)
		if err != nil {
			return f.fail(s, usagef("%v", err))
		}
		label := ""
		if labels != nil {
			label = labels[i]
		}
		side, err := report.ReadSide(files, label, *replay)
		if err != nil {
			fmt.Fprintln(s.Err, "dumpscope compare:", err)
			return exitFailure
		}
		sides = append(sides, side)
	}
	c := report.Compare(sides)
	err = report.WriteOutput(*out, s.Out, func(w io.Writer) error {
		switch outFormat {
		case "md":
			return report.CompareMarkdown(w, c)
		case "html":
			return report.CompareHTML(w, c)
		case "json":
			return report.CompareJSON(w, c)
		}
		return report.CompareText(w, c)
	})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope compare: %s: %v\n", *out, err)
		return exitFailure
	}
	if *out != "" && *out != "-" {
		fmt.Fprintf(s.Err, "dumpscope: comparison written to %s\n", *out)
	}
	return exitOK
}
