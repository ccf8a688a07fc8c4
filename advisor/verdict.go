package advisor

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/internal/units"
)

// The verdict turns findings (symptoms, each with its own fix) into the answer an
// operator needs: the one bottleneck, its fix, what that fix is worth, and which other
// findings are its consequences or stand apart. The ranking comes from an attribution of
// the run's time to where the restore waits (docs/rules.md "The verdict"), not from the
// order of the rules. The types and the accumulation live here, beside Finding and
// Engine, so the run record, the report and the dashboard can carry and print a verdict;
// the signals behind each cause and the grouping of findings live in package rules
// (rules.Attribution, rules.BuildVerdict), beside the rules whose signals they reuse.

// Cause is one place a restore's time goes. The values are part of the run record.
type Cause string

// The causes, in the order the attribution claims time (docs/rules.md "The verdict").
const (
	// CauseRedo: user threads wait for the checkpoint to advance (checkpoint age at
	// InnoDB's flush points) or for log-buffer space (Innodb_log_waits).
	CauseRedo Cause = "redo"
	// CauseSyncWrite: durable writes (fsync/fdatasync) wait for the device.
	CauseSyncWrite Cause = "sync-write"
	// CauseDeviceBusy: the device is saturated (%util near 100) beyond what the sync
	// writes explain: throughput or IOPS.
	CauseDeviceBusy Cause = "device-busy"
	// CauseBufferPool: inserts wait for pages read from disk.
	CauseBufferPool Cause = "buffer-pool"
	// CauseLocks: row-lock waits (Innodb_row_lock_time).
	CauseLocks Cause = "locks"
	// CauseServerCPU: the server's threads compute (parse, insert, maintain indexes).
	CauseServerCPU Cause = "server-cpu"
	// CauseClientCPU: dumpscope itself reads, decompresses and splits the dump.
	CauseClientCPU Cause = "client-cpu"
)

// Causes lists every cause in attribution order.
var Causes = []Cause{CauseRedo, CauseSyncWrite, CauseDeviceBusy, CauseBufferPool, CauseLocks, CauseServerCPU, CauseClientCPU}

// Label is the cause as people read it.
func (c Cause) Label() string {
	switch c {
	case CauseRedo:
		return "redo checkpoint waits"
	case CauseSyncWrite:
		return "device sync-write latency"
	case CauseDeviceBusy:
		return "device saturated (throughput or IOPS)"
	case CauseBufferPool:
		return "buffer pool reads"
	case CauseLocks:
		return "lock waits"
	case CauseServerCPU:
		return "server CPU"
	case CauseClientCPU:
		return "dumpscope's own CPU (read, decompress, split)"
	}
	return string(c)
}

// CauseShares is one interval's attribution: the fraction (0..1) of the interval each
// cause held the restore. The fractions sum to at most 1; the rest is time no sampled
// signal explains (network round trips, statement parsing between ticks).
type CauseShares map[Cause]float64

// Attributor attributes the newest interval of the window (its last two snapshots) to
// causes; ok is false when the restore did not move in that interval (nothing to
// attribute). Package rules implements it.
type Attributor interface {
	Attribute(env *Env, w Window) (shares CauseShares, ok bool)
}

// TimeAttribution is the run's time, summed over the intervals the attributor took.
type TimeAttribution struct {
	// AttributedSeconds is the time of every interval the restore moved in.
	AttributedSeconds float64
	// SampledSeconds is the time of every interval sampled, moving or not: with no
	// attributed time it tells a run that ended before a second sample (too short to
	// say anything) from a server that sat idle while it was sampled.
	SampledSeconds float64
	// SecondsByCause is the share of each interval times its length, summed.
	SecondsByCause map[Cause]float64
	// WhileActive is the same sum over only the intervals each finding (by rule ID) was
	// active in: the evidence that groups findings. A finding whose active time its
	// cause's wait held is that wait seen from another side (flushing falls behind while
	// the checkpoint age is pinned at the sync point); one that fired while the wait was
	// absent stands on its own. Nil when no per-finding sum was kept.
	WhileActive map[string]*TimeAttribution
	// ByPhase is the same sum per phase of the import (ImportProgress.Phase at the
	// interval's end), in the order the phases came: an index build after the data is
	// held by something else than the rows were. Empty without import phases.
	ByPhase []PhaseAttribution
}

// PhaseAttribution is the attribution of the intervals that ended in one import phase.
type PhaseAttribution struct {
	Phase string
	Time  *TimeAttribution
}

// addInPhase counts one interval of dtSeconds for the import phase.
func (a *TimeAttribution) addInPhase(phase string, shares CauseShares, dtSeconds float64) {
	for _, p := range a.ByPhase {
		if p.Phase == phase {
			p.Time.Add(shares, dtSeconds)
			return
		}
	}
	t := &TimeAttribution{}
	t.Add(shares, dtSeconds)
	a.ByPhase = append(a.ByPhase, PhaseAttribution{Phase: phase, Time: t})
}

// addWhileActive counts one interval of dtSeconds for the finding id.
func (a *TimeAttribution) addWhileActive(id string, shares CauseShares, dtSeconds float64) {
	if a.WhileActive == nil {
		a.WhileActive = make(map[string]*TimeAttribution)
	}
	w := a.WhileActive[id]
	if w == nil {
		w = &TimeAttribution{}
		a.WhileActive[id] = w
	}
	w.Add(shares, dtSeconds)
}

// clone is a deep copy: the engine's sums go on growing after a verdict is built.
func (a TimeAttribution) clone() TimeAttribution {
	out := TimeAttribution{AttributedSeconds: a.AttributedSeconds, SampledSeconds: a.SampledSeconds, SecondsByCause: make(map[Cause]float64, len(a.SecondsByCause))}
	for c, s := range a.SecondsByCause {
		out.SecondsByCause[c] = s
	}
	if a.WhileActive != nil {
		out.WhileActive = make(map[string]*TimeAttribution, len(a.WhileActive))
		for id, w := range a.WhileActive {
			wc := w.clone()
			out.WhileActive[id] = &wc
		}
	}
	for _, p := range a.ByPhase {
		pc := p.Time.clone()
		out.ByPhase = append(out.ByPhase, PhaseAttribution{Phase: p.Phase, Time: &pc})
	}
	return out
}

// Add counts one interval of dtSeconds.
func (a *TimeAttribution) Add(shares CauseShares, dtSeconds float64) {
	if dtSeconds <= 0 {
		return
	}
	if a.SecondsByCause == nil {
		a.SecondsByCause = make(map[Cause]float64)
	}
	a.AttributedSeconds += dtSeconds
	for c, f := range shares { // one addition per cause: the order does not matter
		a.SecondsByCause[c] += f * dtSeconds
	}
}

// Share is the fraction (0..1) of the attributed time cause c held.
func (a TimeAttribution) Share(c Cause) float64 {
	if a.AttributedSeconds <= 0 {
		return 0
	}
	return a.SecondsByCause[c] / a.AttributedSeconds
}

// CauseTime is one cause's part of the attributed time, for the record and the report.
type CauseTime struct {
	Cause   Cause   `json:"cause"`
	Seconds float64 `json:"seconds"`
	// SharePct is Seconds over the attributed time, percent.
	SharePct float64 `json:"share_pct"`
}

// VerdictIssue is one diagnosed cause with the finding that names its fix.
type VerdictIssue struct {
	Cause Cause `json:"cause"`
	// FindingID is the finding whose recommendation fixes this cause.
	FindingID string `json:"finding"`
	// Fix is the change in a few words (a my.cnf line, a flag); the finding's
	// recommendation has the full form.
	Fix string `json:"fix"`
	// TimeSharePct is the share of the attributed time this cause held, percent.
	TimeSharePct float64 `json:"time_share_pct"`
	// EstimatedSpeedup is an estimate, not a measurement: the run's time over what would
	// remain if the fix removed this cause's share entirely, 1 / (1 − share). 0 when the
	// cause held no measurable time (a finding that stops the restore, not one that
	// slows it).
	EstimatedSpeedup float64 `json:"estimated_speedup,omitempty"`
	// Consequences are the findings this issue explains (for an independent issue; the
	// bottleneck's are Verdict.Consequences): its fix clears them too.
	Consequences []string `json:"consequences,omitempty"`
}

// Verdict is the answer for a run or a window. A verdict is always present; when the
// evidence does not decide, Conclusive is false and Reason says why.
type Verdict struct {
	Conclusive bool   `json:"conclusive"`
	Reason     string `json:"reason,omitempty"`
	// Bottleneck is the cause that held the most time among those a finding explains.
	Bottleneck *VerdictIssue `json:"bottleneck,omitempty"`
	// Consequences are findings explained by the bottleneck: the same wait seen from
	// another side (flushing falls behind while the checkpoint age is pinned).
	Consequences []string `json:"consequences,omitempty"`
	// Secondary are independent issues, largest share first: they remain after the
	// bottleneck's fix.
	Secondary []VerdictIssue `json:"secondary,omitempty"`
	// AttributedSeconds is the time the attribution covered (intervals the restore moved
	// in); TimeByCause its split, largest first.
	AttributedSeconds float64     `json:"attributed_seconds"`
	TimeByCause       []CauseTime `json:"time_by_cause,omitempty"`
	// Phases are the import's phases that held the verdict's minimum time, each with
	// the wait that held most of it, when there are two or more (rows, then an index
	// build): in the order they came.
	Phases []PhaseVerdict `json:"phases,omitempty"`
}

// PhaseVerdict is one import phase's time and what held it.
type PhaseVerdict struct {
	Phase string `json:"phase"`
	// Seconds is the phase's attributed time; Cause the wait that held the most of it,
	// SharePct its share of the phase (percent). Cause is empty when no wait held a
	// measurable part.
	Seconds  float64 `json:"seconds"`
	Cause    Cause   `json:"cause,omitempty"`
	SharePct float64 `json:"share_pct,omitempty"`
}

// PhaseVerdicts is a's phases with at least minSeconds each, when two or more have.
func (a TimeAttribution) PhaseVerdicts(minSeconds float64) []PhaseVerdict {
	var out []PhaseVerdict
	for _, p := range a.ByPhase {
		if p.Time.AttributedSeconds < minSeconds {
			continue
		}
		pv := PhaseVerdict{Phase: p.Phase, Seconds: roundTo(p.Time.AttributedSeconds, 1)}
		if t := p.Time.TimeByCause(); len(t) > 0 {
			pv.Cause, pv.SharePct = t[0].Cause, t[0].SharePct
		}
		out = append(out, pv)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// phasesText is the verdict line's last clause: each phase's time and what held it.
func (v *Verdict) phasesText() string {
	if len(v.Phases) == 0 {
		return ""
	}
	parts := make([]string, len(v.Phases))
	for i, p := range v.Phases {
		parts[i] = p.Phase + " " + units.FormatDuration(p.Seconds)
		if p.Cause != "" {
			parts[i] += fmt.Sprintf(" (%s ~%.0f %%)", p.Cause.Label(), p.SharePct)
		}
	}
	return "; by phase: " + strings.Join(parts, ", ")
}

// TimeByCause orders an attribution's causes by time, largest first (ties in
// attribution order), leaving out causes that held none.
func (a TimeAttribution) TimeByCause() []CauseTime {
	var out []CauseTime
	for _, c := range Causes {
		s := a.SecondsByCause[c]
		if roundTo(s, 1) <= 0 {
			continue // under a twentieth of a second: nothing to show
		}
		out = append(out, CauseTime{Cause: c, Seconds: roundTo(s, 1), SharePct: roundTo(100*a.Share(c), 1)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Seconds > out[j].Seconds })
	return out
}

// Line is the verdict as one line that begins "verdict:", the same on every text
// surface so people and scripts find it the same way.
func (v *Verdict) Line() string {
	if v == nil {
		return "verdict: inconclusive: no verdict was computed for this run"
	}
	if !v.Conclusive || v.Bottleneck == nil {
		reason := v.Reason
		if reason == "" {
			reason = "the evidence does not decide"
		}
		return "verdict: inconclusive: " + reason + v.phasesText()
	}
	b := v.Bottleneck
	var sb strings.Builder
	fmt.Fprintf(&sb, "verdict: the bottleneck is %s (", b.Cause.Label())
	if b.TimeSharePct > 0 {
		fmt.Fprintf(&sb, "~%.0f %% of %s, ", b.TimeSharePct, units.FormatDuration(v.AttributedSeconds))
	}
	fmt.Fprintf(&sb, "%s); fix: %s", b.FindingID, b.Fix)
	if g := b.EstimatedSpeedup; g > 0 {
		fmt.Fprintf(&sb, " (estimate: up to %s faster)", formatSpeedup(g))
	}
	if len(v.Consequences) > 0 {
		sb.WriteString("; consequences: " + strings.Join(v.Consequences, ", "))
	}
	if len(v.Secondary) > 0 {
		parts := make([]string, len(v.Secondary))
		for i, s := range v.Secondary {
			parts[i] = s.FindingID
			switch {
			case s.Cause == "":
				parts[i] += " (will stop the restore; fix: " + s.Fix + ")"
			case s.TimeSharePct > 0 && len(s.Consequences) > 0:
				parts[i] += fmt.Sprintf(" (%s ~%.0f %%; consequences: %s)", s.Cause.Label(), s.TimeSharePct, strings.Join(s.Consequences, ", "))
			case s.TimeSharePct > 0:
				parts[i] += fmt.Sprintf(" (%s ~%.0f %%)", s.Cause.Label(), s.TimeSharePct)
			case len(s.Consequences) > 0:
				parts[i] += " (consequences: " + strings.Join(s.Consequences, ", ") + ")"
			}
		}
		sb.WriteString("; independent: " + strings.Join(parts, ", "))
	}
	sb.WriteString(v.phasesText())
	return sb.String()
}

// Short is the verdict for a dashboard row, where Line would be cut before its fix:
// the bottleneck, its share, the fix and the estimate, then how many other findings
// stand under and beside it.
func (v *Verdict) Short() string {
	if v == nil || !v.Conclusive || v.Bottleneck == nil {
		return v.Line()
	}
	b := v.Bottleneck
	out := fmt.Sprintf("verdict: %s ~%.0f %% → %s", b.Cause.Label(), b.TimeSharePct, b.Fix)
	if b.EstimatedSpeedup > 0 {
		out += fmt.Sprintf(" (est. ≤%s)", formatSpeedup(b.EstimatedSpeedup))
	}
	if n := len(v.Consequences); n > 0 {
		out += fmt.Sprintf(" · %d consequence(s)", n)
	}
	if n := len(v.Secondary); n > 0 {
		out += fmt.Sprintf(" · %d independent", n)
	}
	return out
}

// key identifies the answer without its numbers: conclusive or not, the bottleneck's
// finding, its consequences and the independent issues. The log reports a verdict when
// its key changes.
func (v *Verdict) key() string {
	if !v.Conclusive || v.Bottleneck == nil {
		return "inconclusive"
	}
	k := v.Bottleneck.FindingID + "|" + strings.Join(v.Consequences, ",") + "|"
	for _, s := range v.Secondary {
		k += s.FindingID + "(" + strings.Join(s.Consequences, ",") + "),"
	}
	return k
}

// formatSpeedup writes a ratio as people read it: 2.4×, 1.05×.
func formatSpeedup(r float64) string {
	if r < 1.1 {
		return fmt.Sprintf("%.2f×", r)
	}
	return fmt.Sprintf("%.1f×", r)
}

func roundTo(v float64, decimals int) float64 {
	p := 1.0
	for range decimals {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return -float64(int64(-v*p+0.5)) / p
}
