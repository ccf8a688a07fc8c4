package rules

import (
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/advisor"
)

// Redo sizing (docs/rules.md "redo-log-too-small").
const (
	// InnoDB flushes dirty pages aggressively (furious flushing) once the checkpoint age
	// passes 7/8 of the maximum, on every flavour (advisor.FlushPoints has the sync point,
	// which differs).
	redoAggressiveFraction = 7.0 / 8
	// redoHoldSeconds: size the redo to hold one hour of the observed redo rate (the
	// classic rule of thumb: a checkpoint need not chase the writer for an hour).
	// redoSustainedFraction: the checkpoint age must be past 7/8 on at least a third of
	// the window's ticks. InnoDB's flushing makes the age saw-tooth between bursts
	// (measured with a 4 MB log on MariaDB 10.11: 62–101 %, past 7/8 on 58 % of ticks;
	// with the default 96 MB log, 80 MB of INSERTs reached 89–99 % on the last 4 of 10
	// ticks), so "most ticks" would miss logs that are plainly too small.
	redoSustainedFraction = 1.0 / 3
	redoHoldSeconds       = 3600
	redoFloorBytes        = 1 * giB
	redoCapBytes          = 16 * giB
	// The recommendation is also capped at the buffer pool size (never below the floor):
	// the checkpoint cannot lag behind more modified pages than the pool holds, so redo
	// beyond it buys little (MariaDB's guide: "for the maximum capacity … the same as
	// the innodb_buffer_pool_size").
)

// RedoLogTooSmall fires when the checkpoint age sits near InnoDB's maximum checkpoint
// age for most of the window: the redo log is too small for the write rate, so InnoDB
// flushes pages furiously (or stalls writers) to free redo space.
type RedoLogTooSmall struct{}

func (RedoLogTooSmall) ID() string { return "redo-log-too-small" }

// ageReader reads checkpoint age and maximum age from snapshots (advisor.Snapshot.CheckpointAge),
// with a maximum the record does not carry derived from the server's variables, as the
// sampler does (advisor.MaxCheckpointAgeFromVariables).
type ageReader struct {
	derivedMax int64 // 0: unknown
}

func newAgeReader(env *advisor.Env) ageReader {
	s := serverOf(env)
	caps := advisor.CapabilitiesFor(s.flavor, s.v)
	vars := env.Server.Variables
	return ageReader{derivedMax: advisor.MaxCheckpointAgeFromVariables(s.flavor, s.v, caps, advisor.RedoCapacityBytes(caps, vars), vars)}
}

func (r ageReader) age(s *advisor.Snapshot) (age, maxAge float64, ok bool) {
	return s.CheckpointAge(r.derivedMax)
}

func (r RedoLogTooSmall) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	ages := newAgeReader(env)
	s := serverOf(env)
	// Where this server starts flushing aggressively and where its user threads wait: 7/8
	// and 15/16 of the maximum, but the maximum itself on MariaDB ≥ 10.5.
	asyncFraction, syncFraction := advisor.FlushPoints(s.flavor, s.v)
	var n, aggressive, sync int
	var sumPct, maxAge float64
	for i := range w {
		age, m, ok := ages.age(&w[i])
		if !ok {
			continue
		}
		n++
		maxAge = m
		sumPct += pct(age, m)
		if age >= asyncFraction*m {
			aggressive++
		}
		if age >= syncFraction*m {
			sync++
		}
	}
	// Most of the window must have the measurement and sit at the aggressive mark.
	if n == 0 || float64(n) < sustainedFraction*float64(len(w)) {
		return nil
	}
	aggressiveShare := float64(aggressive) / float64(n)
	if aggressiveShare < redoSustainedFraction {
		return nil
	}
	rate, rateSource, ok := redoRate(w)
	if !ok || rate <= 0 {
		return nil // not writing redo: a full log left over from before is not this import's problem
	}
	capacity := redoCapacity(env, s, w)
	target := redoTarget(rate, capacity)
	if pool, ok := varInt(env, "innodb_buffer_pool_size"); ok && pool > 0 {
		target = min(target, max(redoFloorBytes, pool/giB*giB))
	}
	sev := advisor.SeverityWarn
	if float64(sync)/float64(n) >= 0.25 {
		sev = advisor.SeverityCritical
	}
	ev := map[string]any{
		"checkpoint_age_pct_mean":        round(sumPct / float64(n)),
		"checkpoint_age_bytes_last":      lastAge(ages, w),
		"max_checkpoint_age_bytes":       int64(maxAge),
		"aggressive_flush_threshold_pct": round(100 * asyncFraction),
		"sync_flush_threshold_pct":       round(100 * syncFraction),
		"ticks_above_aggressive_pct":     round(100 * aggressiveShare),
		"ticks_above_sync_pct":           round(100 * float64(sync) / float64(n)),
		"sustained_threshold_pct":        round(100 * redoSustainedFraction),
		"redo_bytes_per_sec":             round(rate),
		"redo_rate_source":               rateSource,
		"recommended_redo_bytes":         target,
		"window_seconds":                 round(w.Span()),
	}
	if capacity > 0 {
		ev["redo_capacity_bytes"] = capacity
	}
	// The time the import waited is the verdict's figure (redoWaitShare), not the share
	// of ticks past 7/8: that is when InnoDB flushes harder, which the rule fires on, and
	// printed as the finding's share of the run it read as a second, larger figure for
	// the same wait (a recorded 23 s import: 54 % in the finding, ~33 % in the verdict).
	title := fmt.Sprintf("Redo log too small: checkpoint age past 7/8 of its maximum on %.0f%% of the last %.0f s (mean %.0f%%)",
		100*aggressiveShare, w.Span(), sumPct/float64(n))
	if wait, seconds, ok := redoWaitShare(env, w); ok {
		ev["redo_wait_pct"] = round(100 * wait)
		title = fmt.Sprintf("Redo log too small: %s ~%.0f%% of the last %.0f s (checkpoint age past 7/8 of its maximum on %.0f%% of ticks, mean %.0f%%)",
			advisor.CauseRedo.Label(), 100*wait, seconds, 100*aggressiveShare, sumPct/float64(n))
	}
	return &advisor.Finding{
		Severity:       sev,
		Title:          title,
		Evidence:       ev,
		Recommendation: redoRecommendation(env, s, target),
	}
}

func lastAge(ages ageReader, w advisor.Window) int64 {
	for i := len(w) - 1; i >= 0; i-- {
		if a, _, ok := ages.age(&w[i]); ok {
			return int64(a)
		}
	}
	return 0
}

// redoCapacity is the configured total redo size: from the snapshot when the sampler
// derived it, else from the variables.
func redoCapacity(env *advisor.Env, s server, w advisor.Window) int64 {
	if last := w.Last(); last != nil && last.InnoDB != nil && last.InnoDB.RedoCapacityBytes > 0 {
		return last.InnoDB.RedoCapacityBytes
	}
	return advisor.RedoCapacityBytes(advisor.CapabilitiesFor(s.flavor, s.v), env.Server.Variables)
}

// redoTarget is the recommended total redo: one hour of the observed redo rate, at least
// twice the current capacity (the observed rate is throttled by the small log itself, so
// it understates what the import would write), between 1 GiB and 16 GiB, rounded up to a
// power of two GiB.
func redoTarget(bytesPerSec float64, capacityBytes int64) int64 {
	want := max(bytesPerSec*redoHoldSeconds, 2*float64(capacityBytes))
	want = min(max(want, redoFloorBytes), redoCapBytes)
	return min(roundUpPow2(want, giB), redoCapBytes)
}

// redoRecommendation names the variable this flavour/version sizes redo with.
func redoRecommendation(env *advisor.Env, s server, totalBytes int64) string {
	caps := advisor.CapabilitiesFor(s.flavor, s.v)
	after := "keep it; a larger redo log costs only disk space and a longer crash recovery."
	if caps.RedoCapacityVariable == "innodb_redo_log_capacity" {
		return recommend(s, []change{{name: "innodb_redo_log_capacity", value: cnfBytes(totalBytes),
			setValue: strconv.FormatInt(totalBytes, 10)}}, after)
	}
	c := change{name: "innodb_log_file_size", value: cnfBytes(totalBytes)}
	if caps.LogFilesInGroup {
		files, ok := varInt(env, "innodb_log_files_in_group")
		if !ok || files <= 0 {
			files = 2
		}
		per := totalBytes / files
		c.value = cnfBytes(per)
		c.note = fmt.Sprintf("× innodb_log_files_in_group = %d → %s in total", files, cnfBytes(totalBytes))
		totalBytes = per
	}
	c.setValue = strconv.FormatInt(totalBytes, 10)
	return recommend(s, []change{c}, after)
}
