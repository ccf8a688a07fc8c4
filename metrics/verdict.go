package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/dumpscope/dumpscope/advisor"
)

// The verdict (docs/rules.md "The verdict") as metrics: what holds the restore back now,
// its share of the time, its fix and what that fix is estimated to gain, the findings
// that are its consequences and the independent issues beside it. Label values are the
// record's machine names (cause, rule id), the ones docs/rules.md lists, so an alert can
// match them; the fix is the text a DBA reads (a my.cnf line).
var (
	descVerdictConclusive = prometheus.NewDesc("dumpscope_verdict_conclusive",
		"1 when the evidence names one bottleneck, 0 when the verdict is inconclusive (too short a sample, no finding, two causes too close to call).", nil, nil)
	descVerdictBottleneck = prometheus.NewDesc("dumpscope_verdict_bottleneck_info",
		"The bottleneck: the cause that held the most time among those a finding explains, the finding that names its fix, and the fix; always 1, absent while inconclusive.",
		[]string{"cause", "rule", "fix"}, nil)
	descVerdictTimeShare = prometheus.NewDesc("dumpscope_verdict_time_share_ratio",
		"Share of the restore's attributed time the issue's cause held: role bottleneck for the bottleneck, independent for an issue that remains after its fix.",
		[]string{"role", "cause", "rule"}, nil)
	descVerdictSpeedup = prometheus.NewDesc("dumpscope_verdict_estimated_speedup",
		"An estimate, not a measurement: the run's time over what would remain if the fix removed its cause's share, 1 / (1 - share), no faster than the CPU the restore would still need allows (the rule's floor); bench measures.",
		[]string{"role", "cause", "rule"}, nil)
	descVerdictConsequence = prometheus.NewDesc("dumpscope_verdict_consequence_info",
		"A finding explained by another one's cause (rule is a consequence of of_rule, whose fix clears it too); always 1.",
		[]string{"rule", "of_rule"}, nil)
	descVerdictAttributed = prometheus.NewDesc("dumpscope_verdict_attributed_seconds_total",
		"Seconds of the restore the verdict's attribution covered (intervals in which the restore moved).", nil, nil)
	descVerdictCause = prometheus.NewDesc("dumpscope_verdict_wait_seconds_total",
		"Seconds of the attributed time each cause held the restore (redo, sync-write, device-busy, buffer-pool, locks, server-cpu, client-cpu).",
		[]string{"cause"}, nil)
)

var verdictDescs = []*prometheus.Desc{descVerdictConclusive, descVerdictBottleneck, descVerdictTimeShare,
	descVerdictSpeedup, descVerdictConsequence, descVerdictAttributed, descVerdictCause}

// Verdict roles, the values of the role label.
const (
	roleBottleneck  = "bottleneck"
	roleIndependent = "independent"
)

// collectVerdict: the latest tick's verdict. c.mu held.
func (c *Collector) collectVerdict(out metricSink) {
	v := c.st.verdict
	if v == nil {
		return
	}
	conclusive := 0.0
	if v.Conclusive && v.Bottleneck != nil {
		conclusive = 1
		b := v.Bottleneck
		out.gauge(descVerdictBottleneck, 1, string(b.Cause), b.FindingID, b.Fix)
		issueMetrics(out, roleBottleneck, *b)
		for _, id := range v.Consequences {
			out.gauge(descVerdictConsequence, 1, id, b.FindingID)
		}
	}
	out.gauge(descVerdictConclusive, conclusive)
	for _, s := range v.Secondary {
		if s.Cause != "" { // a finding that stops the restore holds no time: dumpscope_finding_active has it
			issueMetrics(out, roleIndependent, s)
		}
		for _, id := range s.Consequences {
			out.gauge(descVerdictConsequence, 1, id, s.FindingID)
		}
	}
	out.counter(descVerdictAttributed, v.AttributedSeconds)
	for _, ct := range v.TimeByCause {
		out.counter(descVerdictCause, ct.Seconds, string(ct.Cause))
	}
}

func issueMetrics(out metricSink, role string, i advisor.VerdictIssue) {
	out.gauge(descVerdictTimeShare, i.TimeSharePct/100, role, string(i.Cause), i.FindingID)
	if i.EstimatedSpeedup > 0 {
		out.gauge(descVerdictSpeedup, i.EstimatedSpeedup, role, string(i.Cause), i.FindingID)
	}
}
