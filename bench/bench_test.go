package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
