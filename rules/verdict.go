package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
)

// The verdict (docs/rules.md "The verdict"): Attribution splits each interval's time
// among the places a restore waits, from the signals the rules already read; BuildVerdict
// names the cause that held the most time among those a finding explains, with that
// finding's fix, and groups the other findings under it or beside it.

// Verdict thresholds.
const (
	// minVerdictSeconds: below this much attributed time the verdict is inconclusive;
	// it is the rules' own warm-up (minSpanSeconds), so a run too short for any rate is
	// too short for a verdict.
	minVerdictSeconds = minSpanSeconds
	// minBottleneckShare: a cause that held less than this share of the time is not a
	// bottleneck, whatever fired.
	minBottleneckShare = 0.05
	// tieShareGap: two causes whose shares (fractions of the time) differ by less than
	// this are too close to call from one run.
	tieShareGap = 0.05
	// maxEstimateShare caps the share the speedup estimate uses: no fix removes a wait
	// entirely, and 1/(1 − share) grows without bound near 1.
	maxEstimateShare = 0.9
	// activeRedoBytesPerSec, activeServerCPUPct: an interval without import progress
	// still counts when the server writes this much redo or computes this much (an
	// index build, a restore by another tool under watch); below both it is idle.
	activeRedoBytesPerSec = 64 * kiB
	activeServerCPUPct    = 25.0
)

// Attribution is the advisor.Attributor of the default rules.
type Attribution struct{}

// Attribute splits the newest interval of w (its last two snapshots) among the causes.
// The redo stall is claimed first: while user threads wait for the checkpoint, what the
// device and the server's threads do is the flushing the wait is for, and a larger log
// removes that flushing with the wait. The other causes are measured independently
// (they overlap: a device busy with page writes is also where fsyncs queue) and, when
// together they exceed the rest of the interval, scaled down in proportion to fit.
func (Attribution) Attribute(env *advisor.Env, w advisor.Window) (advisor.CauseShares, bool) {
	if len(w) < 2 {
		return nil, false
	}
	iw := w[len(w)-2:]
	dt := iw.Span()
	if dt <= 0 {
		return nil, false
	}
	redoBytesPerSec, _, haveRedo := redoRate(iw)
	if !intervalActive(iw, redoBytesPerSec) {
		return nil, false
	}
	conns := float64(max(1, env.ImportConnections))
	shares := advisor.CauseShares{}

	leaves := dataDevices(env, iw)
	lat, haveLat := syncLatency(env, iw, leaves)

	// Redo: the checkpoint wait (redoWait, which the redo-log-too-small finding's share
	// is made of too).
	redo := 0.0
	if haveRedo {
		redo = redoWait(env, iw, redoBytesPerSec, lat, haveLat)
	}

	other := advisor.CauseShares{}
	// Sync writes: fsyncs per second times what one durable write costs.
	sync := 0.0
	if haveLat {
		sync = min(syncWaits(iw, lat)*lat.ms/1000, 1)
	}
	other[advisor.CauseSyncWrite] = sync
	// Device saturated: a leaf at %util ≥ 90 is busy beyond what the sync writes
	// explain; below that it has headroom and waits on it are latency (counted above).
	if _, busiest, ok := meanUtil(iw, leaves); ok && busiest >= busyUtilPct {
		other[advisor.CauseDeviceBusy] = max(0, min(busiest/100, 1)-sync)
	}
	// Buffer pool: pages read from disk while inserting, each one read's await.
	if reads, ok := iw.Rate("Innodb_buffer_pool_reads"); ok && reads > 0 {
		readMs := 0.0
		for _, d := range leaves {
			if v, ok := iw.DeviceWeightedMean(d, advisor.ReadAwaitMs, advisor.ReadsPerSec); ok {
				readMs = max(readMs, v)
			}
		}
		other[advisor.CauseBufferPool] = min(reads*readMs/1000, 1)
	}
	// Locks: row-lock wait time (ms, summed over threads) per import connection.
	if lockWaitMs, ok := iw.Delta("Innodb_row_lock_time"); ok && lockWaitMs > 0 {
		other[advisor.CauseLocks] = min(lockWaitMs/1000/dt/conns, 1)
	}
	// CPU: the server's busy share per import connection (one server thread each), and
	// dumpscope's own (one reading, decompressing, splitting thread).
	if last := iw.Last(); last.CPU != nil {
		if last.CPU.ServerPct != nil {
			other[advisor.CauseServerCPU] = min(*last.CPU.ServerPct/100/conns, 1)
		}
		other[advisor.CauseClientCPU] = min(last.CPU.ClientPct/100, 1)
	}

	if redo > 0 {
		shares[advisor.CauseRedo] = redo
	}
	// Summed in a fixed order: the same samples give the same shares to the last bit.
	rest := 1 - redo
	sum := 0.0
	for _, c := range advisor.Causes {
		sum += other[c]
	}
	scale := 1.0
	if sum > rest {
		scale = rest / sum
	}
	for _, c := range advisor.Causes {
		if f := other[c]; f > 0 {
			shares[c] = f * scale
		}
	}
	return shares, true
}

// syncWaits is durable writes per second: the server's fsyncs, else the device's own
// flushes. Unlike the sync-write-latency rule it never stands a device's %util in for
// them: busy time without counted flushes is the device's (CauseDeviceBusy).
func syncWaits(iw advisor.Window, lat flushLatency) float64 {
	if f, _, ok := fsyncRate(iw); ok {
		return f
	}
	if f, ok := iw.DeviceMean(lat.device, advisor.FlushesPerSec); ok {
		return f
	}
	return 0
}

// intervalActive: the restore moved (import bytes or rows), or, without import
// progress, the server inserted rows (Innodb_rows_inserted; not MariaDB's Handler_write,
// which every SHOW GLOBAL STATUS raises), wrote redo or computed as a restore does.
func intervalActive(iw advisor.Window, redoBytesPerSec float64) bool {
	if d, ok := iw.ImportDelta(); ok && (d.Bytes > 0 || d.Rows > 0) {
		return true
	}
	if redoBytesPerSec >= activeRedoBytesPerSec {
		return true
	}
	if rows, ok := iw.Rate("Innodb_rows_inserted"); ok && rows > 0 {
		return true
	}
	last := iw.Last()
	return last.CPU != nil && last.CPU.ServerPct != nil && *last.CPU.ServerPct >= activeServerCPUPct
}

// checkpointStall is the mean, over the interval's two snapshots, of where the
// checkpoint age sits between this server's async flush point (0) and its sync point
// (1); 0 where the age is unknown.
func checkpointStall(env *advisor.Env, iw advisor.Window) float64 {
	ages := newAgeReader(env)
	s := serverOf(env)
	async, sync := advisor.FlushPoints(s.flavor, s.v)
	sum, n := 0.0, 0
	for i := range iw {
		age, maxAge, ok := ages.age(&iw[i])
		if !ok || maxAge <= 0 {
			continue
		}
		f := (age/maxAge - async) / (sync - async)
		sum += min(max(f, 0), 1)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// findingCause maps each rule to the wait its fix shortens. max-allowed-packet and
// disk-filling stop a restore rather than slow it: they have no cause and are always
// listed as independent issues.
var findingCause = map[string]advisor.Cause{
	"redo-log-too-small":        advisor.CauseRedo,
	"log-buffer-waits":          advisor.CauseRedo,
	"io-capacity-low":           advisor.CauseRedo,
	"sync-write-latency":        advisor.CauseSyncWrite,
	"flush-log-at-trx-commit":   advisor.CauseSyncWrite,
	"autocommit-per-row":        advisor.CauseSyncWrite,
	"binlog-during-import":      advisor.CauseSyncWrite,
	"flush-method":              advisor.CauseSyncWrite,
	"doublewrite-during-import": advisor.CauseDeviceBusy,
	"flush-neighbors-on-ssd":    advisor.CauseDeviceBusy,
	"rotational-device":         advisor.CauseDeviceBusy,
	"buffer-pool-small":         advisor.CauseBufferPool,
	"server-cpu-bound":          advisor.CauseServerCPU,
	"serial-replay-idle-cores":  advisor.CauseServerCPU,
	"client-cpu-bound":          advisor.CauseClientCPU,
}

// primaryRank orders the findings of one cause: the first one that fired names the fix,
// the others are its consequences. redo-log-too-small before io-capacity-low: a pinned
// checkpoint age is also why flushing falls behind. autocommit-per-row before
// flush-log-at-trx-commit: the per-row commits are why the flushes add up.
var primaryRank = []string{
	"redo-log-too-small", "log-buffer-waits", "io-capacity-low",
	"autocommit-per-row", "flush-log-at-trx-commit", "sync-write-latency", "binlog-during-import", "flush-method",
	"rotational-device", "doublewrite-during-import", "flush-neighbors-on-ssd",
	"buffer-pool-small", "serial-replay-idle-cores", "server-cpu-bound", "client-cpu-bound",
	"max-allowed-packet", "disk-filling",
}

func rankOf(id string) int {
	for i, r := range primaryRank {
		if r == id {
			return i
		}
	}
	return len(primaryRank)
}

// BuildVerdict turns the findings of a run (or a window) and its time attribution into
// the verdict. It is a pure function: import, watch, advise and advise --run build the
// same verdict from the same ticks.
func BuildVerdict(findings []advisor.Finding, a advisor.TimeAttribution) advisor.Verdict {
	v := advisor.Verdict{AttributedSeconds: roundTo1(a.AttributedSeconds), TimeByCause: a.TimeByCause(), Phases: a.PhaseVerdicts(minVerdictSeconds)}
	// No moving interval over a sampled time long enough for a verdict is an idle
	// server; over less (a run that failed or finished within a second or two) it is
	// a run too short to judge, not one that did nothing.
	if a.AttributedSeconds == 0 && a.SampledSeconds >= minVerdictSeconds {
		v.Reason = "no restore activity in the sampled time (no rows, no redo written, an idle server)"
		return v
	}
	if a.AttributedSeconds < minVerdictSeconds {
		v.Reason = fmt.Sprintf("%s of the restore sampled, too short (the verdict needs %.0f s)", units.FormatSpan(a.AttributedSeconds), float64(minVerdictSeconds))
		return v
	}
	// The latest of each rule's findings (a rule may fire, clear and fire again).
	latest := map[string]advisor.Finding{}
	for _, f := range findings {
		latest[f.ID] = f
	}
	ids := make([]string, 0, len(latest))
	for id := range latest {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		if ri, rj := rankOf(ids[i]), rankOf(ids[j]); ri != rj {
			return ri < rj
		}
		return ids[i] < ids[j]
	})
	if len(ids) == 0 {
		v.Reason = fmt.Sprintf("no finding fired over %s", units.FormatDuration(a.AttributedSeconds)) + largestWait(a)
		return v
	}
	byCause := map[advisor.Cause][]string{}
	var stoppers []string
	for _, id := range ids {
		c, ok := findingCause[id]
		if !ok {
			stoppers = append(stoppers, id)
			continue
		}
		byCause[c] = append(byCause[c], id)
	}
	var candidates []advisor.Cause
	for _, c := range advisor.Causes {
		if len(byCause[c]) > 0 {
			candidates = append(candidates, c)
		}
	}
	sort.SliceStable(candidates, func(i, j int) bool { return a.Share(candidates[i]) > a.Share(candidates[j]) })
	issue := func(c advisor.Cause, id string, share float64) advisor.VerdictIssue {
		vi := advisor.VerdictIssue{Cause: c, FindingID: id, Fix: shortFix(latest[id]), TimeSharePct: roundTo1(100 * share)}
		if est, ok := ownEstimateOverRun(latest[id], a); ok {
			vi.EstimatedSpeedup = est
		} else if removed := share * fixReach(latest[id]); removed >= 0.01 {
			left := 1 - min(removed, maxEstimateShare)
			if floor, ok := redoFloor(latest[id]); ok && floor > left {
				left = floor // the host's CPU bounds what the wait's removal gives
			}
			if left <= 0.99 {
				vi.EstimatedSpeedup = roundTo2(1 / left)
			}
		}
		return vi
	}
	stopperIssues := func() []advisor.VerdictIssue {
		var out []advisor.VerdictIssue
		for _, id := range stoppers {
			out = append(out, advisor.VerdictIssue{FindingID: id, Fix: shortFix(latest[id])})
		}
		return out
	}
	if len(candidates) == 0 || a.Share(candidates[0]) < minBottleneckShare {
		v.Reason = fmt.Sprintf("the findings (%s) explain under %.0f %% of %s", strings.Join(ids, ", "), 100*minBottleneckShare, units.FormatDuration(a.AttributedSeconds)) + largestWait(a)
		v.Secondary = stopperIssues()
		return v
	}
	groups := make(map[advisor.Cause]findingGroup, len(candidates))
	for _, c := range candidates {
		groups[c] = groupFindings(c, byCause[c], a)
	}
	// aloneIssues are the findings of cause c that fired while its wait was absent: each
	// an issue of its own, with the time the wait held while it was active.
	aloneIssues := func(c advisor.Cause) []advisor.VerdictIssue {
		var out []advisor.VerdictIssue
		for _, id := range groups[c].alone {
			held := 0.0
			if w := a.WhileActive[id]; w != nil { // nil: active in no interval the restore moved in
				held = w.SecondsByCause[c]
			}
			out = append(out, issue(c, id, held/a.AttributedSeconds))
		}
		return out
	}
	top := candidates[0]
	if len(candidates) > 1 && a.Share(top)-a.Share(candidates[1]) < tieShareGap {
		second := candidates[1]
		v.Reason = fmt.Sprintf("%s (~%.0f %%, %s) and %s (~%.0f %%, %s) hold the restore about equally over %s",
			top.Label(), 100*a.Share(top), groups[top].primary, second.Label(), 100*a.Share(second), groups[second].primary, units.FormatDuration(a.AttributedSeconds))
		for _, c := range candidates {
			vi := issue(c, groups[c].primary, a.Share(c))
			vi.Consequences = groups[c].consequences
			v.Secondary = append(v.Secondary, vi)
			v.Secondary = append(v.Secondary, aloneIssues(c)...)
		}
		v.Secondary = append(v.Secondary, stopperIssues()...)
		return v
	}
	b := issue(top, groups[top].primary, a.Share(top))
	v.Conclusive, v.Bottleneck = true, &b
	v.Consequences = groups[top].consequences
	v.Secondary = stopperIssues()
	v.Secondary = append(v.Secondary, aloneIssues(top)...)
	for _, c := range candidates[1:] {
		vi := issue(c, groups[c].primary, a.Share(c))
		vi.Consequences = groups[c].consequences
		v.Secondary = append(v.Secondary, vi)
		v.Secondary = append(v.Secondary, aloneIssues(c)...)
	}
	return v
}

// findingGroup is how the findings of one cause relate: the one whose fix is the
// cause's, the findings that are that wait seen from another side, and those that
// fired while the wait was absent.
type findingGroup struct {
	primary      string
	consequences []string
	alone        []string
}

// groupFindings groups the findings of cause c (ids in primaryRank order) from what the
// attribution saw while each was active (TimeAttribution.WhileActive), not from the
// order of the rules: the primary is the finding during whose active time the wait held
// the most time (primaryRank only breaks a tie, as when two findings fired and cleared
// together); another finding is its consequence when the wait held at least
// minBottleneckShare of that finding's own active time (io-capacity-low while the
// checkpoint age sat at the sync point: the pinned age is why flushing fell behind),
// and an issue of its own when it fired while the wait was absent (io-capacity-low with
// a large redo log). Without per-finding sums (an attribution built by hand) the first
// finding in rank order is the primary and the others its consequences.
func groupFindings(c advisor.Cause, ids []string, a advisor.TimeAttribution) findingGroup {
	if a.WhileActive == nil {
		g := findingGroup{primary: ids[0]}
		if len(ids) > 1 {
			g.consequences = ids[1:len(ids):len(ids)]
		}
		return g
	}
	held := func(id string) float64 {
		if w := a.WhileActive[id]; w != nil {
			return w.SecondsByCause[c]
		}
		return 0
	}
	primary := ids[0]
	for _, id := range ids[1:] {
		// Sums to a tenth of a second, as the verdict prints them: closer is a tie.
		if held(id) > held(primary)+0.05 {
			primary = id
		}
	}
	g := findingGroup{primary: primary}
	for _, id := range ids {
		if id == primary {
			continue
		}
		if w := a.WhileActive[id]; w != nil && w.Share(c) >= minBottleneckShare {
			g.consequences = append(g.consequences, id)
		} else {
			g.alone = append(g.alone, id)
		}
	}
	return g
}

// largestWait names the cause that held the most time, for an inconclusive verdict.
func largestWait(a advisor.TimeAttribution) string {
	t := a.TimeByCause()
	if len(t) == 0 {
		return ""
	}
	return fmt.Sprintf("; the largest wait was %s (~%.0f %%)", t[0].Cause.Label(), t[0].SharePct)
}

// fixReach is the fraction of its cause's time a finding's fix can remove, for the
// speedup estimate: turning the doublewrite buffer off removes its share of the device's
// writes, not the device's whole busy time; freeing a busy host's CPU gives the restore
// what other processes held. server-cpu-bound's other fixes do not remove the server's
// CPU time: more connections spread it, --load-data makes it cheaper (those two carry
// their own estimate when the finding can found one), --defer-indexes saves what the
// tables' indexes cost, which no run measured (0: no estimate). Every other fix is taken
// to remove its cause's wait (an upper bound, which the estimate says). A finding that
// estimates its own fix (serial-replay-idle-cores) is taken at its word
// (ownEstimateOverRun).
func fixReach(f advisor.Finding) float64 {
	if f.ID == "doublewrite-during-import" {
		if p, ok := f.Evidence["doublewrite_share_pct"].(float64); ok && p > 0 {
			return min(p/100, 1)
		}
	}
	if f.ID == "server-cpu-bound" {
		if atLimit, ok := f.Evidence[evAtLimit].(bool); ok && !atLimit {
			other, _ := evidenceFloat(f, "cores_used_by_others_mean")
			busy, _ := evidenceFloat(f, "host_cpu_busy_pct_mean")
			cores, _ := evidenceFloat(f, "host_cores")
			if busyCores := busy / 100 * cores; busyCores > 0 {
				return min(other/busyCores, 1)
			}
		}
		return 0
	}
	return 1
}

// redoFloor is redo-log-too-small's redoTimeFloor (a fraction of the time) as its
// evidence holds it; ok is false for other findings and where it was not known.
func redoFloor(f advisor.Finding) (float64, bool) {
	if f.ID != "redo-log-too-small" {
		return 0, false
	}
	p, ok := evidenceFloat(f, evTimeFloor)
	return p / 100, ok
}

// evidenceFloat reads a number from a finding's evidence, as the rule stored it or as a
// record's JSON gives it back.
func evidenceFloat(f advisor.Finding, key string) (float64, bool) {
	switch v := f.Evidence[key].(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}

// ownEstimateOverRun is the verdict's estimate for a finding that estimates its own fix
// (evidence "estimated_speedup": serial-replay-idle-cores' fastPathEstimate,
// server-cpu-bound's --load-data at the host's CPU limit), from its window's CPU, taken
// over the part of the run it covers: the time it was active and the window it fired on
// (a dump that needs one connection from some statement on clears the hint, and the rest
// of the run gains nothing from it). ok is false for a finding without one.
func ownEstimateOverRun(f advisor.Finding, a advisor.TimeAttribution) (float64, bool) {
	est, ok := evidenceFloat(f, "estimated_speedup")
	if !ok || est <= 1 {
		return 0, false
	}
	cover := 1.0
	if w := a.WhileActive[f.ID]; w != nil && a.AttributedSeconds > 0 {
		cover = min((w.AttributedSeconds+min(f.FiredAt, advisor.DefaultWindowSeconds))/a.AttributedSeconds, 1)
	}
	return roundTo2(1 / (1 - cover*(1-1/est))), true
}

// fixAlternative follows the settings of rules whose real fix is the hardware: the
// settings only make fewer durable writes meanwhile.
var fixAlternative = map[string]string{
	"sync-write-latency": "a datadir on an SSD with power-loss protection",
	"rotational-device":  "the datadir on flash",
}

// shortFix is a finding's fix in a few words: the my.cnf settings of its
// recommendation, else a phrase for the rules whose fix is not a setting.
func shortFix(f advisor.Finding) string {
	rec := f.Recommendation
	if _, after, ok := strings.Cut(rec, "my.cnf [mysqld]:"); ok {
		settings, _, _ := strings.Cut(after, " live:")
		var parts []string
		for _, p := range strings.Split(settings, ";") {
			// A note stays: "(× innodb_log_files_in_group = 2 → 8G in total)" says the size is
			// per file.
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			fix := strings.Join(parts, ", ")
			if alt := fixAlternative[f.ID]; alt != "" {
				fix += " for the import, or " + alt
			}
			return fix
		}
	}
	if alt := fixAlternative[f.ID]; alt != "" {
		return alt
	}
	switch f.ID {
	case "client-cpu-bound":
		if strings.HasPrefix(rec, "the import already runs on") || strings.HasPrefix(rec, "this dump must run on one connection") {
			return "a faster codec (zstd) or an uncompressed dump"
		}
		return "replay in parallel (--parallel N) or a faster codec (zstd)"
	case "server-cpu-bound":
		if fix, ok := hostBusyFix(f); ok {
			return fix
		}
		deferFix := "--defer-indexes" // the index facts not known (an old record)
		if n, ok := evidenceFloat(f, "secondary_indexes"); ok {
			deferFix = ""
			if n > 0 {
				deferFix = deferIndexesFix(f)
			}
		}
		if strings.HasPrefix(rec, "this dump must run on one connection") {
			if deferFix == "" {
				return "none dumpscope can apply (the dump needs one connection; its tables have no secondary indexes)"
			}
			return deferFix
		}
		if deferFix == "" {
			return "replay in parallel (--parallel N)"
		}
		return "replay in parallel (--parallel N), " + deferFix
	case "serial-replay-idle-cores":
		// The recommendation opens with the command: "dumpscope import --parallel 2 --load-data: …".
		if cmd, _, ok := strings.Cut(strings.TrimPrefix(rec, "dumpscope import "), ":"); ok {
			return cmd
		}
	case "autocommit-per-row":
		return "extended INSERTs or batched commits (--batch-bytes with --parallel/--checkpoint)"
	case "disk-filling":
		return "free space on the datadir's file system"
	}
	first, _, _ := strings.Cut(rec, ". ")
	if len(first) > 80 {
		first = first[:77] + "…"
	}
	return first
}

func roundTo1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }
func roundTo2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

// NewEngine is the engine every command runs: the default rules over the default window,
// with the attribution the verdict is built from.
func NewEngine() *advisor.Engine {
	e := advisor.NewEngine(Default(), advisor.DefaultWindowSeconds)
	e.Attributor = Attribution{}
	e.BuildVerdict = BuildVerdict
	return e
}

// VerdictOf is the verdict of everything eng has observed.
func VerdictOf(eng *advisor.Engine) advisor.Verdict {
	return BuildVerdict(eng.Findings(), eng.Attribution())
}
