package metrics

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/runrecord"
)

// recordedVerdict is the verdict advise --run gives a real sandbox import into a 4 MiB
// redo log: the redo log the bottleneck, io-capacity-low its consequence.
func recordedVerdict(t *testing.T) advisor.Verdict {
	t.Helper()
	rec, err := runrecord.ReadFile("../report/testdata/sandbox-redo-4M.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	eng := rules.NewEngine()
	runrecord.ReplayInto(rec, eng)
	return rules.VerdictOf(eng)
}

// TestCollectorVerdict: the verdict's bottleneck, its share, fix and estimate, its
// consequences and the time by cause, as the recorded run's verdict line says them.
func TestCollectorVerdict(t *testing.T) {
	v := recordedVerdict(t)
	if !v.Conclusive || v.Bottleneck.FindingID != "redo-log-too-small" {
		t.Fatalf("recorded verdict: %s", v.Line())
	}
	c := newTestCollector()
	tick := seed002Tick()
	tick.Verdict = &v
	c.Tick(tick)
	want := `
# HELP dumpscope_verdict_bottleneck_info The bottleneck: the cause that held the most time among those a finding explains, the finding that names its fix, and the fix; always 1, absent while inconclusive.
# TYPE dumpscope_verdict_bottleneck_info gauge
dumpscope_verdict_bottleneck_info{cause="redo",fix="innodb_log_file_size = 1G",rule="redo-log-too-small"} 1
# HELP dumpscope_verdict_conclusive 1 when the evidence names one bottleneck, 0 when the verdict is inconclusive (too short a sample, no finding, two causes too close to call).
# TYPE dumpscope_verdict_conclusive gauge
dumpscope_verdict_conclusive 1
# HELP dumpscope_verdict_consequence_info A finding explained by another one's cause (rule is a consequence of of_rule, whose fix clears it too); always 1.
# TYPE dumpscope_verdict_consequence_info gauge
dumpscope_verdict_consequence_info{of_rule="redo-log-too-small",rule="io-capacity-low"} 1
# HELP dumpscope_verdict_estimated_speedup An estimate, not a measurement: the run's time over what would remain if the fix removed its cause's share, 1 / (1 - share), no faster than the CPU the restore would still need allows (the rule's floor); bench measures.
# TYPE dumpscope_verdict_estimated_speedup gauge
dumpscope_verdict_estimated_speedup{cause="redo",role="bottleneck",rule="redo-log-too-small"} 1.58
# HELP dumpscope_verdict_time_share_ratio Share of the restore's attributed time the issue's cause held: role bottleneck for the bottleneck, independent for an issue that remains after its fix.
# TYPE dumpscope_verdict_time_share_ratio gauge
dumpscope_verdict_time_share_ratio{cause="redo",role="bottleneck",rule="redo-log-too-small"} 0.462
# HELP dumpscope_verdict_wait_seconds_total Seconds of the attributed time each cause held the restore (redo, sync-write, device-busy, buffer-pool, locks, server-cpu, client-cpu).
# TYPE dumpscope_verdict_wait_seconds_total counter
dumpscope_verdict_wait_seconds_total{cause="client-cpu"} 1.9
dumpscope_verdict_wait_seconds_total{cause="redo"} 32.6
dumpscope_verdict_wait_seconds_total{cause="server-cpu"} 14
dumpscope_verdict_wait_seconds_total{cause="sync-write"} 3.5
`
	names := []string{"dumpscope_verdict_bottleneck_info", "dumpscope_verdict_conclusive", "dumpscope_verdict_consequence_info",
		"dumpscope_verdict_estimated_speedup", "dumpscope_verdict_time_share_ratio", "dumpscope_verdict_wait_seconds_total"}
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), names...); err != nil {
		t.Error(err)
	}

	// An inconclusive verdict says so and names no bottleneck.
	c.Tick(advisor.Tick{Snapshot: advisor.Snapshot{T: 101}, Verdict: &advisor.Verdict{Reason: "too short"}})
	want = `
# HELP dumpscope_verdict_conclusive 1 when the evidence names one bottleneck, 0 when the verdict is inconclusive (too short a sample, no finding, two causes too close to call).
# TYPE dumpscope_verdict_conclusive gauge
dumpscope_verdict_conclusive 0
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), "dumpscope_verdict_conclusive", "dumpscope_verdict_bottleneck_info"); err != nil {
		t.Error(err)
	}
}

// TestVerdictPromtool: the verdict's series, on the endpoint and in the textfile, pass
// `promtool check metrics` (names, units, _total on counters, label names).
func TestVerdictPromtool(t *testing.T) {
	promtool := testsandbox.RequireTool(t, "promtool")
	v := recordedVerdict(t)
	// An independent issue with a consequence of its own as well (the serial run's shape).
	v.Secondary = append(v.Secondary, advisor.VerdictIssue{Cause: advisor.CauseServerCPU, FindingID: "server-cpu-bound",
		Fix: "replay in parallel (--parallel N), --defer-indexes", TimeSharePct: 19.8, EstimatedSpeedup: 1.25, Consequences: []string{"client-cpu-bound"}},
		advisor.VerdictIssue{FindingID: "max-allowed-packet", Fix: "max_allowed_packet = 64M"})
	c := newTestCollector()
	tick := seed002Tick()
	tick.Verdict = &v
	c.Tick(tick)
	c.Finish(Final{Phase: PhaseFinished})
	path := filepath.Join(t.TempDir(), "dumpscope.prom")
	if err := WriteTextfile(path, c); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`dumpscope_verdict_consequence_info{of_rule="server-cpu-bound",rule="client-cpu-bound"} 1`,
		`dumpscope_verdict_time_share_ratio{cause="server-cpu",role="independent",rule="server-cpu-bound"} 0.198`,
	} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("textfile lacks %s", want)
		}
	}
	if bytes.Contains(text, []byte(`rule="max-allowed-packet"`)) {
		t.Error("a finding that stops the restore has a time share")
	}
	cmd := exec.Command(promtool, "check", "metrics")
	cmd.Stdin = bytes.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}
