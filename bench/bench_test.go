package bench

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
)

func TestBenchOrderInterleaves(t *testing.T) {
	if d := cmp.Diff([]int{0, 1, 2, 2, 1, 0, 0, 1, 2}, Order(3, 3)); d != "" {
		t.Errorf("Order(3, 3) (-want +got):\n%s", d)
	}
}

func TestParseVariants(t *testing.T) {
	got, err := ParseVariants([]string{"defaults", "big:innodb_log_file_size=1G, innodb_flush_log_at_trx_commit=2"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Variant{{Name: "defaults"}, {Name: "big", Settings: []string{"innodb_log_file_size=1G", "innodb_flush_log_at_trx_commit=2"}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	for _, bad := range [][]string{{":x=1"}, {"a:x"}, {"a", "a"}} {
		if _, err := ParseVariants(bad); err == nil {
			t.Errorf("ParseVariants(%q): want an error", bad)
		}
	}
}

// TestSummarizeBench: a variant twice as fast over 6 runs each is significant, with the
// ratio's interval around 2; one indistinguishable from the baseline gets ~; findings are
// counted per variant.
func TestSummarizeBench(t *testing.T) {
	variants := []Variant{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	var runs []Run
	for i, s := range []float64{10, 10.5, 9.8, 10.2, 10.1, 9.9} {
		runs = append(runs,
			Run{Variant: "a", Index: i, ReplaySeconds: s, Status: "ok", Findings: []string{"redo-log-too-small"}},
			Run{Variant: "b", Index: i, ReplaySeconds: s / 2, Status: "ok"},
			Run{Variant: "c", Index: i, ReplaySeconds: s + []float64{0.1, -0.1}[i%2], Status: "ok"})
	}
	sum := Summarize(variants, runs)
	if sum[0].Findings["redo-log-too-small"] != 6 || len(sum[1].Findings) != 0 {
		t.Errorf("findings: %v / %v", sum[0].Findings, sum[1].Findings)
	}
	if !sum[1].Significant || sum[1].Speedup < 1.9 || sum[1].Speedup > 2.1 || sum[1].SpeedupLo > 2 || sum[1].SpeedupHi < 2 {
		t.Errorf("b: %+v, want a significant 2× with 2 inside its interval", sum[1])
	}
	if sum[2].Significant {
		t.Errorf("c: %+v, want not significant", sum[2])
	}
	var out bytes.Buffer
	WriteText(&out, sum)
	if !strings.Contains(out.String(), "~ 1.00×") || !strings.Contains(out.String(), "2.00×") {
		t.Errorf("text:\n%s", out.String())
	}
}

// TestAllAdvice: two or more advice variants add one with all their settings; the
// baseline's settings stay unless advice changes them.
func TestAllAdvice(t *testing.T) {
	base := Variant{Name: "defaults", Settings: []string{"innodb_log_file_size=4M", "innodb_buffer_pool_size=128M"}}
	advice := []Variant{
		{Name: "redo-log-too-small", From: "redo-log-too-small", Settings: []string{"innodb_log_file_size=1G", "innodb_buffer_pool_size=128M"}},
		{Name: "io-capacity-low", From: "io-capacity-low", Settings: []string{"innodb_log_file_size=4M", "innodb_buffer_pool_size=128M", "innodb_io_capacity=2000", "innodb_io_capacity_max=4000"}},
	}
	got, ok := allAdvice(base, advice)
	want := Variant{Name: "all-advice", From: "redo-log-too-small+io-capacity-low",
		Settings: []string{"innodb_log_file_size=1G", "innodb_buffer_pool_size=128M", "innodb_io_capacity=2000", "innodb_io_capacity_max=4000"}}
	if d := cmp.Diff(want, got); d != "" || !ok {
		t.Errorf("allAdvice (-want +got):\n%s", d)
	}
	if _, ok := allAdvice(base, advice[:1]); ok {
		t.Error("one piece of advice: no combined variant")
	}
}

// TestBenchVerdict: the bench's last line says which advice to apply, which to skip, and
// where the runs are too few to tell.
func TestBenchVerdict(t *testing.T) {
	variants := []Variant{{Name: "defaults", Settings: []string{"innodb_buffer_pool_size=128M"}},
		{Name: "redo-log-too-small", From: "redo-log-too-small", Settings: []string{"innodb_buffer_pool_size=128M", "innodb_log_file_size=1G"}},
		{Name: "io-capacity-low", From: "io-capacity-low", Settings: []string{"innodb_io_capacity=2000"}},
		{Name: "all-advice", From: "redo-log-too-small+io-capacity-low", Settings: []string{"innodb_log_file_size=1G", "innodb_io_capacity=2000"}}}
	runs := []Run{
		{Variant: "defaults", Status: "ok", ReplaySeconds: 71, EstimatedSpeedups: map[string]float64{"redo-log-too-small": 1.9}},
		{Variant: "defaults", Status: "ok", ReplaySeconds: 73, EstimatedSpeedups: map[string]float64{"redo-log-too-small": 2.1}},
		{Variant: "defaults", Status: "ok", ReplaySeconds: 72, EstimatedSpeedups: map[string]float64{"redo-log-too-small": 2.0, "io-capacity-low": 1.3}},
		{Variant: "redo-log-too-small", Status: "ok", ReplaySeconds: 60, EstimatedSpeedups: map[string]float64{"redo-log-too-small": 9}},
	}
	est := Summarize(variants, runs)
	if est[1].EstimatedSpeedup != 2 || est[2].EstimatedSpeedup != 1.3 || est[3].EstimatedSpeedup != 0 {
		t.Errorf("estimates: the baseline runs' median by the variant's finding, got %v, %v, %v",
			est[1].EstimatedSpeedup, est[2].EstimatedSpeedup, est[3].EstimatedSpeedup)
	}
	sum := []Summary{{Runs: 4, Speedup: 1},
		{Runs: 4, Speedup: 1.2, SpeedupLo: 1.16, SpeedupHi: 1.24, Significant: true, EstimatedSpeedup: 1.9},
		{Runs: 4, Speedup: 1.03, SpeedupLo: 0.97, SpeedupHi: 1.08},
		{Runs: 4, Speedup: 1.22, SpeedupLo: 1.17, SpeedupHi: 1.27, Significant: true}}
	want := "verdict: apply redo-log-too-small (innodb_log_file_size=1G) 1.20× [1.16, 1.24] (estimated up to 1.90×), all the advice together 1.22× [1.17, 1.27]; " +
		"skip io-capacity-low (innodb_io_capacity=2000) (1.03× [0.97, 1.08] ~, no measurable difference)"
	if got := Verdict(variants, sum); got != want {
		t.Errorf("Verdict:\n got %q\nwant %q", got, want)
	}
	for i := range sum {
		sum[i].Runs = 1
	}
	if got := Verdict(variants, sum); !strings.HasPrefix(got, "verdict: inconclusive: too few or too scattered runs to tell (more --repeat, at least 4, on a quieter machine): redo-log-too-small") {
		t.Errorf("one run each: %q", got)
	}
	// A shared, busy machine (bench --auto on this project's: 22.0 s against 27.6 s,
	// [0.72, 2.40]): not significant, but the interval holds a large gain, so it is not
	// "no measurable difference".
	sum = []Summary{{Runs: 4, Speedup: 1}, {Runs: 4, Speedup: 1.26, SpeedupLo: 0.72, SpeedupHi: 2.40, EstimatedSpeedup: 2.2}}
	want = "verdict: inconclusive: too few or too scattered runs to tell (more --repeat, at least 4, on a quieter machine): " +
		"redo-log-too-small (innodb_log_file_size=1G) 1.26× [0.72, 2.40] (estimated up to 2.20×) ~"
	if got := Verdict(variants[:2], sum); got != want {
		t.Errorf("scattered runs:\n got %q\nwant %q", got, want)
	}
}

// TestAdviceVariants: a finding that fired, cleared and fired again in the first run is
// one variant, with its latest advice; advice that is not a setting is none.
func TestAdviceVariants(t *testing.T) {
	base := Variant{Name: "small-redo", Settings: []string{"innodb_log_file_size=4M"}}
	ioCap := func(n string) advisor.Finding {
		return advisor.Finding{ID: "io-capacity-low", Recommendation: "my.cnf [mysqld]: innodb_io_capacity = " + n + "; live: SET GLOBAL innodb_io_capacity = " + n + ";"}
	}
	findings := []advisor.Finding{ioCap("800"), {ID: "server-cpu-bound", Recommendation: "replay in parallel"}, ioCap("2000"), {ID: "server-cpu-bound", Recommendation: "replay in parallel"}}
	var log strings.Builder
	got := adviceVariants(&log, base, findings)
	want := []Variant{{Name: "io-capacity-low", From: "io-capacity-low", Settings: []string{"innodb_log_file_size=4M", "innodb_io_capacity=2000"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("variants (-want +got):\n%s", diff)
	}
	if n := strings.Count(log.String(), "server-cpu-bound"); n != 1 {
		t.Errorf("server-cpu-bound logged %d times:\n%s", n, log.String())
	}
}

// TestAutoPlanNothingToTest: a first run whose findings advise no server setting ends the
// bench there, saying what it found and what measuring a setting would take, where it
// used to run the baseline DefaultRepeat more times to say "inconclusive".
func TestAutoPlanNothingToTest(t *testing.T) {
	base := Variant{Name: "defaults"}
	cpu := advisor.Finding{ID: "serial-replay-idle-cores", Recommendation: "replay with --parallel 2 --load-data"}
	for _, tc := range []struct {
		name     string
		findings []advisor.Finding
		want     string
	}{
		{"no findings", nil, "nothing to test: the first run, on defaults (server defaults), took 0:14 and raised no finding; " +
			"to measure a setting anyway, name it: --variant defaults --variant NAME:var=value (4 runs of each, about 1:52)"},
		{"advice that is no setting", []advisor.Finding{cpu, cpu}, "nothing to test: the first run, on defaults (server defaults), took 0:14 and raised no finding whose advice is a server setting " +
			"(serial-replay-idle-cores: not a setting); to measure a setting anyway, name it: --variant defaults --variant NAME:var=value (4 runs of each, about 1:52)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := autoPlan(io.Discard, base, nil, tc.findings, 14, DefaultRepeat)
			if !errors.Is(err, ErrNothingToTest) || got != nil {
				t.Fatalf("autoPlan = %v, %v; want ErrNothingToTest", got, err)
			}
			if err.Error() != tc.want {
				t.Errorf("message:\n got %q\nwant %q", err, tc.want)
			}
		})
	}
	// A first variant with settings is named with them, so the command can be run as shown.
	small := Variant{Name: "small", Settings: []string{"innodb_log_file_size=4M"}}
	if _, err := autoPlan(io.Discard, small, []Variant{small}, nil, 14, DefaultRepeat); err == nil || !strings.Contains(err.Error(), "--variant small:innodb_log_file_size=4M --variant NAME:var=value") {
		t.Errorf("a first variant with settings: %v", err)
	}
	// A second variant given beside --auto is something to test.
	got, err := autoPlan(io.Discard, base, []Variant{base, {Name: "big", Settings: []string{"innodb_log_file_size=1G"}}}, nil, 14, DefaultRepeat)
	if err != nil || len(got) != 2 {
		t.Errorf("with a given second variant: %v, %v; want both variants", got, err)
	}
}

// TestWriteTextNoMedianIntervalNote: with 4 runs a variant (the default), the table shows
// the speed-up's bootstrap interval under "95% CI" and no median interval; benchmath's
// "need >= 6 samples for confidence interval" is about the median's, and printed under
// that header it read as if the interval shown were none.
func TestWriteTextNoMedianIntervalNote(t *testing.T) {
	variants := []Variant{{Name: "a"}, {Name: "b"}}
	var runs []Run
	for i, s := range []float64{10, 10.5, 9.8, 10.2} {
		runs = append(runs, Run{Variant: "a", Index: i, ReplaySeconds: s, Status: "ok"},
			Run{Variant: "b", Index: i, ReplaySeconds: s / 2, Status: "ok"})
	}
	sum := Summarize(variants, runs)
	var out bytes.Buffer
	WriteText(&out, sum)
	if strings.Contains(out.String(), "confidence interval") || !strings.Contains(out.String(), "2.00× [") {
		t.Errorf("text:\n%s", out.String())
	}
	if len(sum[1].MedianWarnings) == 0 {
		t.Error("bench.json keeps why there is no median interval (median_warnings)")
	}
}

// TestSpeedupIntervalNeedsRuns: with fewer than minIntervalRuns runs on a side the
// speed-up is printed without an interval (one run each printed "1.15× [1.15, 1.15]"
// under "95% CI"), and the table says why.
func TestSpeedupIntervalNeedsRuns(t *testing.T) {
	variants := []Variant{{Name: "a"}, {Name: "b"}}
	runs := []Run{{Variant: "a", ReplaySeconds: 23, Status: "ok"}, {Variant: "b", ReplaySeconds: 20, Status: "ok"}}
	sum := Summarize(variants, runs)
	if sum[1].SpeedupLo != 0 || sum[1].SpeedupHi != 0 {
		t.Errorf("one run a side: interval [%v, %v], want none", sum[1].SpeedupLo, sum[1].SpeedupHi)
	}
	var out bytes.Buffer
	WriteText(&out, sum)
	if strings.Contains(out.String(), "[") || !strings.Contains(out.String(), "~ 1.15× ") || !strings.Contains(out.String(), "too few for one") {
		t.Errorf("text:\n%s", out.String())
	}
}

// TestWriteTextAligned: every row's numbers start in the same column however long a
// variant's name (--auto's carry their settings).
func TestWriteTextAligned(t *testing.T) {
	sum := []Summary{{Variant: "small (innodb_log_file_size=4M)", Runs: 1, MedianSeconds: 23},
		{Variant: "all-advice (innodb_log_file_size=1G, innodb_io_capacity=2000, innodb_io_capacity_max=4000)", Runs: 1, MedianSeconds: 19, Speedup: 1.18}}
	var out bytes.Buffer
	WriteText(&out, sum)
	lines := strings.Split(out.String(), "\n")
	col := func(line, field string) int { return utf8.RuneCountInString(line[:strings.Index(line, field)]) }
	if a, b, c := col(lines[0], " runs"), col(lines[1], "    1 "), col(lines[2], "    1 "); a != b || b != c {
		t.Errorf("runs column at %d, %d, %d:\n%s", a, b, c, out.String())
	}
}
