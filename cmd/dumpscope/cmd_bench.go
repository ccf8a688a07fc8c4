package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/dumpscope/dumpscope/report"
)

// benchVariant is one server setup: a name and the settings its sandboxes start with
// (none: the server's defaults, as dumpscope's sandbox sets them).
type benchVariant struct {
	name     string
	settings []string
}

// parseVariant reads NAME[:var=val,var=val…].
func parseVariant(s string) (benchVariant, error) {
	name, rest, _ := strings.Cut(s, ":")
	v := benchVariant{name: strings.TrimSpace(name)}
	if v.name == "" || strings.ContainsAny(v.name, "/\\ ") {
		return v, fmt.Errorf("--variant %q: want NAME[:var=value,…] with a NAME that can be a file name", s)
	}
	for _, kv := range strings.Split(rest, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		if !strings.Contains(kv, "=") {
			return v, fmt.Errorf("--variant %q: setting %q has no =value", s, kv)
		}
		v.settings = append(v.settings, kv)
	}
	return v, nil
}

// benchOrder is the run order: rounds of every variant, every other round reversed
// (A B, B A, A B …), so a drift of the machine over time (a warming cache, a filling
// disk, a neighbour) falls on both sides alike.
func benchOrder(variants, repeat int) [][2]int {
	var order [][2]int
	for r := range repeat {
		for k := range variants {
			i := k
			if r%2 == 1 {
				i = variants - 1 - k
			}
			order = append(order, [2]int{i, r})
		}
	}
	return order
}

// prefixWriter prefixes each line written through it (the runs' progress lines).
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
	midway bool
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out bytes.Buffer
	for _, c := range b {
		if !p.midway {
			out.WriteString(p.prefix)
			p.midway = true
		}
		out.WriteByte(c)
		if c == '\n' {
			p.midway = false
		}
	}
	if _, err := p.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(b), nil
}

// runBench restores one dump into fresh sandboxes, one per run, for each variant, and
// compares the run records.
func runBench(args []string, s stdio) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	var variantArgs multiFlag
	fs.Var(&variantArgs, "variant", "a server setup `NAME[:var=value,…]` (repeatable; the first is the baseline; NAME alone: the sandbox's defaults)")
	repeat := fs.Int("repeat", 1, "runs of each variant; ≥ 4 for a significance test, ≥ 6 for intervals")
	outDir := fs.String("out-dir", "", "`directory` for the run records (default: bench-YYYYMMDD-HHMMSS in the current directory)")
	out := fs.String("o", "", "also write the comparison to this `file` (.md, .html, .json by extension)")
	sandboxDir := fs.String("sandbox-dir", "", "parent `directory` of the sandboxes: put it on the disk under test")
	probe := fs.Duration("probe", 0, "measure sync-write latency for this `long` before each run")
	interval := fs.Duration("interval", time.Second, "sampling `interval`")
	parallel := fs.Int("parallel", 1, "import connections (import's --parallel)")
	serverBinary := fs.String("server-binary", "", "mariadbd or mysqld `binary` for the sandboxes")
	auto := fs.Bool("auto", false, "run the baseline, turn each finding's recommended settings into a variant (and all of them together into one more), run those, and report the measured effect of each piece of advice")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope bench DUMP --variant NAME[:var=value,…] --variant … [--repeat N] [--sandbox-dir DIR] [--out-dir DIR] [-o FILE]")
		fmt.Fprintln(s.Err, "  e.g. dumpscope bench dump.sql.gz --variant redo-128M:innodb_log_file_size=128M --variant redo-1G:innodb_log_file_size=1G --repeat 4")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(s.Err, "dumpscope bench: give one DUMP file (the same dump is restored in every run)")
		return exitUsage
	}
	dump := pos[0]
	if *auto && len(variantArgs) == 0 {
		variantArgs = multiFlag{"defaults"}
	}
	if *auto && len(variantArgs) != 1 {
		fmt.Fprintln(s.Err, "dumpscope bench: --auto takes at most one --variant, the baseline (default: the sandbox's defaults)")
		return exitUsage
	}
	if !*auto && len(variantArgs) < 2 {
		fmt.Fprintln(s.Err, "dumpscope bench: give at least two --variant (the first is the baseline; --variant defaults is the sandbox's defaults), or --auto")
		return exitUsage
	}
	if *repeat < 1 {
		fmt.Fprintln(s.Err, "dumpscope bench: --repeat must be at least 1")
		return exitUsage
	}
	var variants []benchVariant
	seen := map[string]bool{}
	for _, a := range variantArgs {
		v, err := parseVariant(a)
		if err != nil {
			fmt.Fprintln(s.Err, "dumpscope bench:", err)
			return exitUsage
		}
		if seen[v.name] {
			fmt.Fprintf(s.Err, "dumpscope bench: two variants are named %q\n", v.name)
			return exitUsage
		}
		seen[v.name] = true
		variants = append(variants, v)
	}
	format, err := reportFormat(*out, "")
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitUsage
	}
	if _, err := os.Stat(dump); err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitFailure
	}
	dir := *outDir
	if dir == "" {
		dir = "bench-" + time.Now().Format("20060102-150405")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitFailure
	}

	files := make([][]string, len(variants))
	runOne := func(vi, r, n, total int) bool {
		v := variants[vi]
		path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", v.name, r+1))
		fmt.Fprintf(s.Err, "dumpscope bench: run %d of %d: %s #%d (%s)\n", n, total, v.name, r+1, settingsText(v.settings))
		iargs := []string{"import", "--sandbox", "--record", path, "--interval", interval.String(), "--parallel", fmt.Sprint(*parallel)}
		for _, st := range v.settings {
			iargs = append(iargs, "--sandbox-set", st)
		}
		if *sandboxDir != "" {
			iargs = append(iargs, "--sandbox-dir", *sandboxDir)
		}
		if *serverBinary != "" {
			iargs = append(iargs, "--server-binary", *serverBinary)
		}
		if *probe > 0 {
			iargs = append(iargs, "--probe", probe.String())
		}
		iargs = append(iargs, dump)
		pw := &prefixWriter{w: s.Err, prefix: fmt.Sprintf("[%s #%d] ", v.name, r+1)}
		code := run(iargs, stdio{In: strings.NewReader(""), Out: pw, Err: pw})
		if code != exitOK {
			fmt.Fprintf(s.Err, "dumpscope bench: %s #%d: the import exited %d (its output is above; run records so far are in %s)\n", v.name, r+1, code, dir)
			return false
		}
		files[vi] = append(files[vi], path)
		return true
	}
	if *auto {
		// The baseline first, all its runs; its findings make the other variants.
		for r := range *repeat {
			if !runOne(0, r, r+1, *repeat) {
				return exitFailure
			}
		}
		advice, err := autoVariants(files[0])
		if err != nil {
			fmt.Fprintln(s.Err, "dumpscope bench:", err)
			return exitFailure
		}
		if len(advice) == 0 {
			fmt.Fprintf(s.Err, "dumpscope bench: the baseline's runs have no finding with a setting to try; nothing to verify (run records in %s)\n", dir)
			return exitOK
		}
		for i, v := range advice {
			// The baseline's own settings stay, the advice overrides those it names: the
			// run differs from the baseline by the advice alone.
			advice[i].settings = overlaySettings(variants[0].settings, v.settings)
			fmt.Fprintf(s.Err, "dumpscope bench: advice to verify: %s (%s)\n", v.name, settingsText(v.settings))
		}
		variants = append(variants, advice...)
		files = append(files, make([][]string, len(advice))...)
		order := benchOrder(len(advice), *repeat)
		for n, o := range order {
			if !runOne(o[0]+1, o[1], n+1, len(order)) {
				return exitFailure
			}
		}
	} else {
		order := benchOrder(len(variants), *repeat)
		for n, o := range order {
			if !runOne(o[0], o[1], n+1, len(order)) {
				return exitFailure
			}
		}
	}

	var sides []report.Side
	for i, v := range variants {
		side := report.Side{Label: v.name, Files: files[i]}
		for _, p := range files[i] {
			rec, err := report.ReadFile(p)
			if err != nil {
				fmt.Fprintln(s.Err, "dumpscope bench:", err)
				return exitFailure
			}
			side.Records = append(side.Records, rec)
			side.Analyses = append(side.Analyses, report.Analyze(rec, rec.Findings))
		}
		sides = append(sides, side)
	}
	c := report.Compare(sides)
	if err := report.CompareText(s.Out, c); err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitFailure
	}
	fmt.Fprintln(s.Out)
	for i, line := range benchVerdict(c) {
		fmt.Fprintf(s.Out, "%s (%s): %s\n", variants[i+1].name, settingsText(variants[i+1].settings), line)
	}
	if *out != "" {
		err := writeOutput(*out, s.Out, func(w io.Writer) error {
			switch format {
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
			fmt.Fprintf(s.Err, "dumpscope bench: %s: %v\n", *out, err)
			return exitFailure
		}
		fmt.Fprintln(s.Err, "dumpscope: comparison written to", *out)
	}
	fmt.Fprintln(s.Err, "dumpscope: run records in", dir)
	return exitOK
}

// autoVariants turns the findings of the baseline's runs into variants: one per finding
// with the settings its recommendation changes (those not already set), and one with all
// of them when there are several.
func autoVariants(baseline []string) ([]benchVariant, error) {
	var out []benchVariant
	seen := map[string]bool{}
	var all []string
	allSeen := map[string]bool{}
	for _, path := range baseline {
		rec, err := report.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := report.Analyze(rec, rec.Findings)
		for _, f := range a.Findings {
			if seen[f.ID] {
				continue
			}
			seen[f.ID] = true
			var settings []string
			for _, ch := range f.Changes {
				if ch.AlreadySet {
					continue
				}
				st := ch.Name + "=" + ch.Recommended
				settings = append(settings, st)
				if !allSeen[ch.Name] {
					allSeen[ch.Name] = true
					all = append(all, st)
				}
			}
			if len(settings) > 0 {
				out = append(out, benchVariant{name: f.ID, settings: settings})
			}
		}
	}
	if len(out) > 1 {
		out = append(out, benchVariant{name: "all-advice", settings: all})
	}
	return out, nil
}

// benchVerdict says, for each variant after the baseline, how its duration compares:
// "1.59× faster" with the interval and "not significant" where the runs allow a test.
func benchVerdict(c *report.Comparison) []string {
	var dur *report.MetricRow
	for i := range c.Metrics {
		if c.Metrics[i].Name == "duration" {
			dur = &c.Metrics[i]
		}
	}
	var out []string
	for i := 1; i < len(c.Sides); i++ {
		if dur == nil || dur.Cells[i].Ratio == 0 {
			out = append(out, "no duration to compare")
			continue
		}
		cell := dur.Cells[i]
		speed := 1 / cell.Ratio
		word := "faster"
		if speed < 1 {
			speed, word = 1/speed, "slower"
		}
		line := fmt.Sprintf("%.2f× %s", speed, word)
		switch {
		case cell.Tested && !cell.Significant:
			line += fmt.Sprintf(" (not significant: p = %.2f)", cell.P)
		case cell.Tested:
			lo, hi := 1/cell.RatioHi, 1/cell.RatioLo
			if word == "slower" {
				lo, hi = cell.RatioLo, cell.RatioHi
			}
			line += fmt.Sprintf(" [%.2f, %.2f]", lo, hi)
		default:
			line += " (one run a side: no interval)"
		}
		out = append(out, line)
	}
	return out
}

// overlaySettings is base with the names set in over replaced, then over's other
// settings.
func overlaySettings(base, over []string) []string {
	names := map[string]bool{}
	for _, o := range over {
		n, _, _ := strings.Cut(o, "=")
		names[strings.TrimSpace(n)] = true
	}
	var out []string
	for _, b := range base {
		n, _, _ := strings.Cut(b, "=")
		if !names[strings.TrimSpace(n)] {
			out = append(out, b)
		}
	}
	return append(out, over...)
}

func settingsText(settings []string) string {
	if len(settings) == 0 {
		return "the sandbox's defaults"
	}
	return strings.Join(settings, ", ")
}
