package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/runrecord"
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
		files, err := sideFiles(arg)
		if err != nil {
			return f.fail(s, usagef("%v", err))
		}
		side := report.Side{Files: files}
		side.Label = sideLabel(files)
		if labels != nil {
			side.Label = labels[i]
		}
		for _, path := range files {
			rec, err := runrecord.ReadFile(path)
			if err != nil {
				fmt.Fprintln(s.Err, "dumpscope compare:", err)
				return exitFailure
			}
			side.Records = append(side.Records, rec)
			side.Analyses = append(side.Analyses, report.Analyze(rec, report.Findings(rec, *replay)))
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

// sideFiles expands one side's argument: comma-separated paths, each possibly a glob.
func sideFiles(arg string) ([]string, error) {
	var files []string
	for _, p := range strings.Split(arg, ",") {
		if p == "" {
			continue
		}
		if strings.ContainsAny(p, "*?[") {
			m, err := filepath.Glob(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p, err)
			}
			if len(m) == 0 {
				return nil, fmt.Errorf("%s matches no file", p)
			}
			sort.Strings(m)
			files = append(files, m...)
			continue
		}
		files = append(files, p)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%q names no run record", arg)
	}
	return files, nil
}

// sideLabel names a side by its records' file names: the one name, or what the names of
// several runs share (redo-4M-1.json, redo-4M-2.json → redo-4M).
func sideLabel(files []string) string {
	base := func(p string) string {
		return strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".gz"), ".json")
	}
	label := base(files[0])
	if len(files) == 1 {
		return label
	}
	for _, f := range files[1:] {
		b := base(f)
		n := 0
		for n < len(label) && n < len(b) && label[n] == b[n] {
			n++
		}
		label = label[:n]
	}
	if l := strings.TrimRight(label, "-_. "); l != "" {
		return l
	}
	return base(files[0])
}
