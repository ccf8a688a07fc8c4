// Package bench imports one dump into fresh sandbox servers with different settings
// (variants), in interleaved order, records each run as a run record, and compares the
// variants: median replay time with its confidence interval, the speed-up against the
// first variant with a bootstrap interval, a Mann–Whitney significance test
// (golang.org/x/perf/benchmath), and the findings each variant raised. With Auto, the
// advisor's own recommendations become variants: advice verified by experiment.
package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/perf/benchmath"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/run"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/sandbox"
)

// DefaultRepeat is 4 runs per variant: the fewest with which a Mann–Whitney U test
// (benchmath's AssumeNothing) can tell two variants apart at α = 0.05; a confidence
// interval of the median needs 6.
const DefaultRepeat = 4

// Options configure a bench.
type Options struct {
	// Dump is the dump file; "" imports the generated sample of SampleSize.
	Dump       string
	SampleSize string
	Repeat     int
	Parallel   int
	// ProbeDuration > 0 measures sync-write latency in each sandbox first.
	ProbeDuration time.Duration
	SandboxDir    string
	ServerBinary  string
	// OutDir receives the run records and bench.json.
	OutDir   string
	Interval time.Duration
	// ToolVersion is recorded in the run records.
	ToolVersion string
	// Log receives progress lines.
	Log io.Writer
}

// Bench runs variants.
type Bench struct {
	o Options
	// runSeconds is the wall time of Auto's first run, sandbox start included (0: none),
	// from which RunAll says how long the whole bench will take.
	runSeconds float64
}

// New checks nothing the caller did not: Options come from the command.
func New(o Options) *Bench {
	if o.Log == nil {
		o.Log = io.Discard
	}
	return &Bench{o: o}
}

// Variant is one server configuration under test.
type Variant struct {
	Name     string   `json:"name"`
	Settings []string `json:"settings"` // "name=value", passed to the sandbox server
	// From is the finding whose advice the variant tries (bench --auto).
	From string `json:"from,omitempty"`
}

// Run is one import of the dump into a fresh sandbox.
type Run struct {
	Variant       string   `json:"variant"`
	Index         int      `json:"index"`
	ReplaySeconds float64  `json:"replay_seconds"`
	Status        string   `json:"status"`
	Error         string   `json:"error,omitempty"`
	Findings      []string `json:"findings"`
	Record        string   `json:"record"`
	// EstimatedSpeedups are the run's verdict's estimates (docs/rules.md "The verdict"),
	// by the finding whose fix each is: what one run guessed a fix is worth, which the
	// advice variants then measure.
	EstimatedSpeedups map[string]float64 `json:"estimated_speedups,omitempty"`
}

// ParseVariants reads NAME[:var=val,…] specs.
func ParseVariants(specs []string) ([]Variant, error) {
	var out []Variant
	seen := map[string]bool{}
	for _, spec := range specs {
		name, settings, _ := strings.Cut(spec, ":")
		if name == "" {
			return nil, fmt.Errorf("--variant %q: a variant needs a name (NAME[:var=val,…])", spec)
		}
		if seen[name] {
			return nil, fmt.Errorf("--variant %q: the name %s is used twice", spec, name)
		}
		seen[name] = true
		v := Variant{Name: name}
		for _, kv := range strings.Split(settings, ",") {
			if kv = strings.TrimSpace(kv); kv == "" {
				continue
			}
			if k, val, ok := strings.Cut(kv, "="); !ok || k == "" || val == "" {
				return nil, fmt.Errorf("--variant %q: %q is not var=value", spec, kv)
			}
			v.Settings = append(v.Settings, kv)
		}
		out = append(out, v)
	}
	return out, nil
}

func Describe(v Variant) string {
	if len(v.Settings) == 0 {
		return v.Name + " (server defaults)"
	}
	return v.Name + " (" + strings.Join(v.Settings, ", ") + ")"
}

// Order interleaves the variants as A B … B A, A B … so that a drift of the machine
// (page cache, thermal, another tenant) lands on every variant alike.
func Order(n, repeat int) []int {
	var order []int
	for r := 0; r < repeat; r++ {
		for i := 0; i < n; i++ {
			if r%2 == 0 {
				order = append(order, i)
			} else {
				order = append(order, n-1-i)
			}
		}
	}
	return order
}

func (b *Bench) RunAll(ctx context.Context, variants []Variant) ([]Run, error) {
	order := Order(len(variants), b.o.Repeat)
	if b.o.Repeat < DefaultRepeat {
		fmt.Fprintf(b.o.Log, "dumpscope bench: note: %d run(s) per variant: too few to tell whether a difference is significant (need %d)\n", b.o.Repeat, DefaultRepeat)
	}
	if b.runSeconds > 0 {
		fmt.Fprintf(b.o.Log, "dumpscope bench: %d runs (%d variants × %d), about %s at the first run's %s each\n",
			len(order), len(variants), b.o.Repeat, units.FormatDuration(float64(len(order))*b.runSeconds), units.FormatDuration(b.runSeconds))
	}
	count := map[int]int{}
	var runs []Run
	for k, vi := range order {
		if ctx.Err() != nil {
			return runs, ctx.Err()
		}
		v := variants[vi]
		count[vi]++
		fmt.Fprintf(b.o.Log, "dumpscope bench: run %d/%d: %s #%d\n", k+1, len(order), Describe(v), count[vi])
		run, _, err := b.runOne(ctx, v, count[vi], "")
		if err != nil {
			return runs, err
		}
		fmt.Fprintf(b.o.Log, "dumpscope bench: run %d/%d: %s in %s, findings: %s\n", k+1, len(order), run.Status,
			units.FormatDuration(run.ReplaySeconds), orNone(run.Findings))
		runs = append(runs, run)
	}
	return runs, nil
}

func orNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// runOne imports the dump into a fresh sandbox with the variant's settings and writes
// the run record.
func (b *Bench) runOne(ctx context.Context, v Variant, index int, tag string) (Run, []advisor.Finding, error) {
	one := Run{Variant: v.Name, Index: index}
	srv, err := sandbox.Start(ctx, sandbox.Options{Dir: b.o.SandboxDir, ServerBinary: b.o.ServerBinary, Settings: v.Settings})
	if err != nil {
		return one, nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	defer srv.Stop()
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		return one, nil, err
	}
	src := importer.Source{Path: b.o.Dump}
	if b.o.Dump == "" {
		size, _ := units.ParseBytes(b.o.SampleSize)
		g := gen.DefaultOptions()
		g.SizeBytes = size
		rc := gen.Reader(g)
		defer rc.Close()
		src = importer.Source{Name: "sample-" + b.o.SampleSize + ".sql (generated)", Reader: rc, ExpectedBytes: size}
	}
	command := append([]string{"dumpscope", "bench"}, "--variant", v.Name+":"+strings.Join(v.Settings, ","))
	res, err := run.Import(ctx, cfg, src, importer.Options{
		Parallel: b.o.Parallel, BatchBytes: 4 << 20, ReadAheadBytes: 1 << 30, Log: io.Discard,
	}, run.ImportOptions{
		Session: run.Options{ToolVersion: b.o.ToolVersion, Interval: b.o.Interval, Record: true, Command: command,
			ProbeDuration: b.o.ProbeDuration, ImportConnections: b.o.Parallel},
		ExpectedBytes: src.ExpectedBytes, Command: "bench", Log: b.o.Log,
	})
	if res.Session != nil {
		defer res.Session.Close()
	}
	if err != nil {
		return one, nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	one.ReplaySeconds = res.ReplaySeconds
	one.Status = "ok"
	if res.Err != nil {
		one.Status, one.Error = res.Status.String(), res.Err.Error()
	}
	if !res.Sampled {
		return one, nil, nil
	}
	findings := res.Session.Findings()
	for _, f := range findings {
		// A finding that cleared and fired again is one finding of this run.
		if !slices.Contains(one.Findings, f.ID) {
			one.Findings = append(one.Findings, f.ID)
		}
	}
	rec := res.Record(res.Status == importer.Interrupted)
	if v := rec.Verdict; v != nil {
		for _, vi := range append([]advisor.VerdictIssue{*issueOrEmpty(v.Bottleneck)}, v.Secondary...) {
			if vi.FindingID != "" && vi.EstimatedSpeedup > 0 {
				if one.EstimatedSpeedups == nil {
					one.EstimatedSpeedups = map[string]float64{}
				}
				one.EstimatedSpeedups[vi.FindingID] = vi.EstimatedSpeedup
			}
		}
	}
	name := fmt.Sprintf("%s-%d.json", v.Name, index)
	if tag != "" {
		name = fmt.Sprintf("%s-%s.json", v.Name, tag)
	}
	one.Record = filepath.Join(b.o.OutDir, name)
	if err := runrecord.WriteFile(one.Record, rec); err != nil {
		return one, findings, err
	}
	return one, findings, nil
}

func issueOrEmpty(vi *advisor.VerdictIssue) *advisor.VerdictIssue {
	if vi == nil {
		return &advisor.VerdictIssue{}
	}
	return vi
}

// Summary is one variant's result.
type Summary struct {
	Variant string `json:"variant"`
	Runs    int    `json:"runs"`
	// MedianSeconds with its confidence interval (Lo, Hi) at 95 %, when there are enough
	// runs for one (benchmath: 6).
	MedianSeconds float64 `json:"median_seconds"`
	LoSeconds     float64 `json:"lo_seconds"`
	HiSeconds     float64 `json:"hi_seconds"`
	// Speedup is the first variant's median over this one's (2 = twice as fast), with a
	// bootstrap 95 % interval when both have minIntervalRuns or more (else Lo and Hi are 0).
	Speedup   float64 `json:"speedup"`
	SpeedupLo float64 `json:"speedup_lo"`
	SpeedupHi float64 `json:"speedup_hi"`
	// P is the Mann–Whitney U p-value against the first variant; Significant when below α.
	P           float64        `json:"p"`
	Significant bool           `json:"significant"`
	Findings    map[string]int `json:"findings"` // finding id → runs in which it fired
	// Warnings are the comparison's (too few runs for the U test), which the text prints
	// under the table; MedianWarnings the median's interval's (benchmath needs 6 runs),
	// kept out of the text, which shows no median interval: printed under the speed-up's
	// "95% CI" header they read as if that interval were none.
	Warnings       []string `json:"warnings,omitempty"`
	MedianWarnings []string `json:"median_warnings,omitempty"`
	// EstimatedSpeedup is, for an advice variant, the median over the first variant's
	// runs of what their verdict estimated its finding's fix is worth (0: none
	// estimated), beside the measured Speedup.
	EstimatedSpeedup float64 `json:"estimated_speedup,omitempty"`
}

func Summarize(variants []Variant, runs []Run) []Summary {
	times := make([][]float64, len(variants))
	out := make([]Summary, len(variants))
	for i, v := range variants {
		out[i] = Summary{Variant: Describe(v), Findings: map[string]int{}}
		for _, r := range runs {
			if r.Variant != v.Name || r.Status != "ok" {
				continue
			}
			times[i] = append(times[i], r.ReplaySeconds)
			for _, f := range r.Findings {
				out[i].Findings[f]++
			}
		}
		out[i].Runs = len(times[i])
	}
	for i, v := range variants[min(1, len(variants)):] {
		var est []float64
		for _, r := range runs {
			if e := r.EstimatedSpeedups[v.From]; r.Variant == variants[0].Name && r.Status == "ok" && e > 0 {
				est = append(est, e)
			}
		}
		if len(est) > 0 {
			out[i+1].EstimatedSpeedup = median(est)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2)) // a fixed seed: the same runs give the same interval
	var base *benchmath.Sample
	for i := range variants {
		if len(times[i]) == 0 {
			continue
		}
		smp := benchmath.NewSample(times[i], &benchmath.DefaultThresholds)
		sum := benchmath.AssumeNothing.Summary(smp, 0.95)
		out[i].MedianSeconds = sum.Center
		if !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0) { // infinite: too few runs for an interval
			out[i].LoSeconds, out[i].HiSeconds = sum.Lo, sum.Hi
		}
		for _, w := range sum.Warnings {
			out[i].MedianWarnings = append(out[i].MedianWarnings, w.Error())
		}
		if i == 0 {
			base = smp
			out[i].Speedup, out[i].SpeedupLo, out[i].SpeedupHi = 1, 1, 1
			continue
		}
		if base == nil {
			continue
		}
		out[i].Speedup = median(times[0]) / sum.Center
		if min(len(times[0]), len(times[i])) >= minIntervalRuns {
			out[i].SpeedupLo, out[i].SpeedupHi = bootstrapSpeedup(rng, times[0], times[i])
		}
		cmp := benchmath.AssumeNothing.Compare(base, smp)
		out[i].P, out[i].Significant = cmp.P, cmp.P < cmp.Alpha
		for _, w := range cmp.Warnings {
			out[i].Warnings = append(out[i].Warnings, w.Error())
		}
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// minIntervalRuns is the fewest runs on each side for which the speed-up gets an
// interval. A 95 % percentile bootstrap of a ratio of medians held the true ratio in 66 %
// of simulated benches with 2 runs a side, 91 % with 3 and 94–96 % with 4 (lognormal
// times, 10 % spread); with 1 run a side it is the ratio itself, [1.15, 1.15], which
// printed under "95% CI" is no interval at all.
const minIntervalRuns = 4

// bootstrapSpeedup is a 95 % percentile-bootstrap interval of median(a)/median(b):
// benchmath gives none for a ratio.
func bootstrapSpeedup(rng *rand.Rand, a, b []float64) (lo, hi float64) {
	const rounds = 2000
	ratios := make([]float64, rounds)
	ra, rb := make([]float64, len(a)), make([]float64, len(b))
	for k := range ratios {
		for i := range ra {
			ra[i] = a[rng.IntN(len(a))]
		}
		for i := range rb {
			rb[i] = b[rng.IntN(len(b))]
		}
		ratios[k] = median(ra) / median(rb)
	}
	sort.Float64s(ratios)
	return ratios[rounds*25/1000], ratios[rounds*975/1000-1]
}

func WriteText(w io.Writer, sum []Summary) {
	// The variant column is as wide as its longest entry: --auto's names its settings
	// (all-advice (innodb_log_file_size=1G, innodb_io_capacity=2000, …)), which ran past a
	// fixed 44 columns and pushed that row's numbers out of line.
	width := utf8.RuneCountInString("variant")
	for _, s := range sum {
		width = max(width, utf8.RuneCountInString(s.Variant))
	}
	fmt.Fprintf(w, "%-*s %4s %9s %21s %s\n", width, "variant", "runs", "median", "vs first (95% CI)", "findings (runs)")
	noInterval := false
	for i, s := range sum {
		rel := "baseline"
		if i > 0 && s.Runs > 0 {
			rel = fmt.Sprintf("%.2f× [%.2f, %.2f]", s.Speedup, s.SpeedupLo, s.SpeedupHi)
			if s.SpeedupHi == 0 {
				rel, noInterval = fmt.Sprintf("%.2f×", s.Speedup), true
			}
			if !s.Significant {
				rel = "~ " + rel
			}
		}
		med := "-"
		if s.Runs > 0 {
			med = units.FormatSpan(s.MedianSeconds)
		}
		var fs []string
		for id, n := range s.Findings {
			fs = append(fs, fmt.Sprintf("%s (%d/%d)", id, n, s.Runs))
		}
		sort.Strings(fs)
		fmt.Fprintf(w, "%-*s %4d %9s %21s %s\n", width, s.Variant, s.Runs, med, rel, orNone(fs))
	}
	fmt.Fprintln(w, "speed-up is the first variant's median replay time over this one's (2.00× = twice as fast);")
	fmt.Fprintln(w, "~ marks a difference that is not significant (Mann–Whitney U, α = 0.05).")
	if noInterval {
		fmt.Fprintf(w, "a speed-up shown without an interval has fewer than %d runs on a side, too few for one.\n", minIntervalRuns)
	}
	seen := map[string]bool{}
	for _, s := range sum {
		for _, warn := range s.Warnings {
			if !seen[warn] {
				seen[warn] = true
				fmt.Fprintln(w, "note:", warn)
			}
		}
	}
}

// noGainBelow: a difference that is not significant counts as "no measurable
// difference" only when its 95 % interval rules out a gain of 10 % or more; a wider
// interval says the runs were too few or too scattered to tell.
const noGainBelow = 1.10

// Verdict is the bench's last word in one line that begins "verdict:": which advice to
// apply (measured faster, significant), which made no measurable difference or made the
// import slower (skip it), and where there are too few runs to tell.
func Verdict(variants []Variant, sum []Summary) string {
	if len(sum) < 2 {
		return "verdict: inconclusive: one variant, nothing to compare it with"
	}
	if sum[0].Runs == 0 {
		return "verdict: inconclusive: the first variant (the baseline) has no finished run"
	}
	var apply, skip, unsure []string
	for i := 1; i < len(sum) && i < len(variants); i++ {
		s, v := sum[i], variants[i]
		label := v.Name
		switch {
		case v.Name == allAdviceName:
			label = "all the advice together"
		case v.From != "":
			var changes []string // what the advice changes; the baseline's settings go without saying
			for _, kv := range v.Settings {
				if !slices.Contains(variants[0].Settings, kv) {
					changes = append(changes, kv)
				}
			}
			label = fmt.Sprintf("%s (%s)", v.From, strings.Join(changes, ", "))
		}
		ratio := fmt.Sprintf("%.2f× [%.2f, %.2f]", s.Speedup, s.SpeedupLo, s.SpeedupHi)
		if s.EstimatedSpeedup > 0 {
			// The run's guess beside the measurement: how far to trust the next estimate.
			ratio += fmt.Sprintf(" (estimated up to %.2f×)", s.EstimatedSpeedup)
		}
		switch {
		case s.Runs == 0:
			unsure = append(unsure, label+": no finished run")
		case min(s.Runs, sum[0].Runs) < DefaultRepeat:
			unsure = append(unsure, fmt.Sprintf("%s %.2f×", label, s.Speedup))
		case s.Significant && s.Speedup > 1:
			apply = append(apply, label+" "+ratio)
		case s.Significant:
			skip = append(skip, label+" (slower: "+ratio+")")
		case s.SpeedupHi < noGainBelow:
			skip = append(skip, label+" ("+ratio+" ~, no measurable difference)")
		default:
			// Not significant, yet the interval holds a real gain: the runs vary too much
			// to call it either way, which is not the same as "no difference".
			unsure = append(unsure, label+" "+ratio+" ~")
		}
	}
	var parts []string
	if len(apply) > 0 {
		parts = append(parts, "apply "+strings.Join(apply, ", "))
	}
	if len(skip) > 0 {
		parts = append(parts, "skip "+strings.Join(skip, ", "))
	}
	if len(unsure) > 0 {
		parts = append(parts, fmt.Sprintf("too few or too scattered runs to tell (more --repeat, at least %d, on a quieter machine): %s", DefaultRepeat, strings.Join(unsure, ", ")))
	}
	if len(apply) == 0 && len(skip) == 0 {
		return "verdict: inconclusive: " + strings.Join(parts, "; ")
	}
	return "verdict: " + strings.Join(parts, "; ")
}

func WriteJSON(path string, variants []Variant, runs []Run, sum []Summary) error {
	b, err := json.MarshalIndent(map[string]any{"variants": variants, "runs": runs, "summary": sum, "verdict": Verdict(variants, sum)}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
