package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/internal/units"
)

// againstMyloader sets each dumpscope run against myloader's with as many streams: client
// CPU (user+sys, with its children) per GiB of SQL, and the ratios of CPU and wall time
// (medians of the alternating runs).
func againstMyloader(cs []contender, results map[string][]result, sizeBytes int64) {
	ml := map[string]result{}
	for _, c := range cs {
		if c.myloader {
			ml[c.streams] = median(results[c.name])
		}
	}
	if len(ml) == 0 {
		return
	}
	gib := float64(sizeBytes) / units.GiB
	fmt.Printf("\n%-46s %14s %16s %10s %10s\n", "against myloader -t N", "cpu s/GiB", "myloader s/GiB", "cpu ×", "wall ×")
	for _, c := range cs {
		m, ok := ml[c.streams]
		if c.myloader || c.limit || c.streams == "" || !ok {
			continue
		}
		d := median(results[c.name])
		fmt.Printf("%-46s %14.2f %16.2f %10.2f %10.2f\n", c.name, d.cpu.Seconds()/gib, m.cpu.Seconds()/gib, d.cpu.Seconds()/m.cpu.Seconds(), d.wall.Seconds()/m.wall.Seconds())
	}
}

// proofRow is one line of issue 24's proof: for one input, server settings, dumpscope
// build and stream count, the ratios the issue sets targets for.
type proofRow struct {
	what, load string
	// Wall-time ratios (medians): --load-data and plain --parallel against myloader -t N,
	// --load-data against the LOAD DATA limit; and the client CPU ratios against myloader.
	// 0: a contender was not run.
	ldMyloader, ldLimit, parMyloader float64
	ldCPU, parCPU                    float64
	// dfltCPU: the client CPU of the run with dumpscope's defaults (advisor and warning
	// counts on, a non-empty target: --defaults-run) against myloader's, the number a
	// user's run has.
	dfltCPU float64
	// Server CPU ratios: what the server spent on dumpscope's stream against myloader's,
	// and on --load-data's against the limit's (above 1: the limit is not its bound).
	ldSrvLimit, parSrvMyloader float64
}

// proofRows picks, per dumpscope build and stream count, the runs with no extra flag and
// with --load-data alone, and sets them against myloader and the limit with as many
// streams.
func proofRows(what, load string, cs []contender, results map[string][]result) []proofRow {
	find := func(ok func(contender) bool) (result, bool) {
		for _, c := range cs {
			if ok(c) {
				return median(results[c.name]), true
			}
		}
		return result{}, false
	}
	ratio := func(a, b float64, ok1, ok2 bool) float64 {
		if !ok1 || !ok2 || b == 0 {
			return 0
		}
		return a / b
	}
	var rows []proofRow
	seen := map[string]bool{}
	for _, c := range cs {
		if c.bin == "" || seen[c.bin+" "+c.streams] {
			continue
		}
		seen[c.bin+" "+c.streams] = true
		n, bin := c.streams, c.bin
		ml, okM := find(func(c contender) bool { return c.myloader && c.streams == n })
		lim, okL := find(func(c contender) bool { return c.limit && c.streams == n })
		par, okP := find(func(c contender) bool { return c.bin == bin && c.streams == n && c.flags == "" && !c.defaults })
		ld, okD := find(func(c contender) bool {
			return c.bin == bin && c.streams == n && c.flags == "--load-data" && !c.defaults
		})
		dflt, okF := find(func(c contender) bool { return c.bin == bin && c.streams == n && c.defaults })
		name := what + ", -t " + n
		if len(cs) > 0 && strings.Count(strings.Join(binsOf(cs), ","), ",") > 0 {
			name += ", " + bin
		}
		rows = append(rows, proofRow{
			what: name, load: load,
			ldMyloader:     ratio(ld.wall.Seconds(), ml.wall.Seconds(), okD, okM),
			ldLimit:        ratio(ld.wall.Seconds(), lim.wall.Seconds(), okD, okL),
			parMyloader:    ratio(par.wall.Seconds(), ml.wall.Seconds(), okP, okM),
			ldCPU:          ratio(ld.cpu.Seconds(), ml.cpu.Seconds(), okD, okM),
			parCPU:         ratio(par.cpu.Seconds(), ml.cpu.Seconds(), okP, okM),
			dfltCPU:        ratio(dflt.cpu.Seconds(), ml.cpu.Seconds(), okF, okM),
			ldSrvLimit:     ratio(ld.serverCPU.Seconds(), lim.serverCPU.Seconds(), okD, okL),
			parSrvMyloader: ratio(par.serverCPU.Seconds(), ml.serverCPU.Seconds(), okP, okM),
		})
	}
	return rows
}

func binsOf(cs []contender) []string {
	var bins []string
	seen := map[string]bool{}
	for _, c := range cs {
		if c.bin != "" && !seen[c.bin] {
			seen[c.bin] = true
			bins = append(bins, c.bin)
		}
	}
	return bins
}

// printProof prints issue 24's proof in one table: per input and server settings, the wall
// ratios against the targets (medians of alternating runs), the client CPU ratios, and the
// server CPU ratios (srv: what each stream cost the server).
func printProof(rows []proofRow) {
	f := func(v, target float64) string {
		switch {
		case v == 0:
			return "–"
		case target > 0 && v <= target:
			return fmt.Sprintf("%.2f ok", v)
		case target > 0:
			return fmt.Sprintf("%.2f >%.2f", v, target)
		}
		return fmt.Sprintf("%.2f", v)
	}
	fmt.Printf("\n== issue 24's proof (wall ratios, medians; targets: --load-data ≤ 0.72 × myloader and ≤ 1.10 × the limit, --parallel ≤ 0.85 × myloader; client CPU ≤ 1.00 × myloader; dflt: the --defaults-run, advisor and warning counts on, a non-empty target)\n")
	fmt.Printf("%-52s %13s %13s %13s %13s %13s %13s %13s %13s %12s\n", "input, server, streams", "ld/myloader", "ld/limit", "par/myloader", "ld cpu/ml", "par cpu/ml", "dflt cpu/ml", "ld srv/limit", "par srv/ml", "load avg")
	for _, r := range rows {
		fmt.Printf("%-52s %13s %13s %13s %13s %13s %13s %13s %13s %12s\n", r.what, f(r.ldMyloader, 0.72), f(r.ldLimit, 1.10), f(r.parMyloader, 0.85), f(r.ldCPU, 1), f(r.parCPU, 1), f(r.dfltCPU, 1), f(r.ldSrvLimit, 0), f(r.parSrvMyloader, 0), r.load)
	}
}

// shortSettings names server settings for the proof table.
func shortSettings(s []string) string {
	if len(s) == 0 {
		return "default"
	}
	return "tuned (" + strings.Join(s, ",") + ")"
}

// medianOf is the median of f over rs.
func medianOf(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	sort.Float64s(v)
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
