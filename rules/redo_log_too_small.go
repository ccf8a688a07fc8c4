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
	// flushServerCPUSecondsPerPage is the server CPU that goes with one page InnoDB's
	// flushing writes (the write, its doublewrite copy, the checksum, and the latch
	// waits of the inserts on the pages being written), measured on this project's 2-core
	// VM: the quiet bench of stop 48 (/work/notes/s48/bench-final-{default,tuned}.log,
	// generated 200 MiB dump, --parallel 2) took 13.15 s of server CPU (median of 8) with
	// the default 96 MiB redo and 128 MiB pool, 10.85 s (median of 4) with 512 MiB of
	// redo and a 1 GiB pool that writes no page during the import; the default run writes
	// ≈11,250 pages (the quiet --parallel 2 record, rules/testdata/quiet-par-256M, wrote
	// 15,503 for 1,721,474 rows; the 200 MiB dump has 1,249,047): 2.3 s / 11,250 pages.
	// redoTimeFloor reads it.
	flushServerCPUSecondsPerPage = 200e-6
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
	if floor, flushed, ok := redoTimeFloor(env, w); ok {
		ev[evTimeFloor] = round(100 * floor)
		ev["pages_flushed_per_sec"] = round(flushed)
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

// evTimeFloor is redo-log-too-small's evidence key for redoTimeFloor, in % of the
// window's time; the verdict's estimate reads it (redoFloor).
const evTimeFloor = "time_floor_from_cpu_pct"

// redoTimeFloor is the share of the window's time the restore would still take with the
// checkpoint wait gone, as far as the host's CPU says (0.8: the run cannot go faster than
// 1.25×, whatever it waited): the server's and dumpscope's CPU (mean cores) over the
// cores other processes leave, the server's less what its page flushing costs
// (flushed pages/s × flushServerCPUSecondsPerPage). The server's other work, the rows',
// stays. With a buffer pool smaller than the data a larger log still writes most of those
// pages (the LRU evicts them), so this is the most a larger log could free: the floor is
// a bound, as the verdict's "up to" says. A restore that waited while the host's cores
// were busy (the quiet --parallel 2 run: 57 % of its time in checkpoint waits, the
// host 96 % busy) gains what its CPU does less, not its wait (docs/rules.md). ok is
// false without the host's cores or the server's CPU (a remote server): the wait alone
// bounds the estimate then.
func redoTimeFloor(env *advisor.Env, w advisor.Window) (floor, flushedPerSec float64, ok bool) {
	cores := float64(env.Host.Cores)
	srv, ok := w.CPUMean(serverPct)
	if !ok || cores <= 0 {
		return 0, 0, false
	}
	client, _ := w.CPUMean(clientPct)
	other, _ := otherProcessesCores(env, w)
	free := cores - other
	if free <= 0 {
		return 0, 0, false
	}
	flushedPerSec, _ = w.Rate("Innodb_buffer_pool_pages_flushed")
	need := max(0, srv/100-flushedPerSec*flushServerCPUSecondsPerPage) + client/100
	return min(need/free, 1), flushedPerSec, true
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
