package rules

import (
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/advisor"
	importphase "github.com/dumpscope/dumpscope/internal/phase"
)

// Buffer-pool thresholds (docs/rules.md "buffer-pool-small").
const (
	// minPoolReadsPerSec: page reads from disk per second while inserting.
	minPoolReadsPerSec = 50.0
	// poolReadShare: reads × r_await as a share of wall time.
	poolReadShare = 0.10
	// poolRAMShare: a dedicated server gives InnoDB about this share of RAM.
	poolRAMShare = 0.6
)

// BufferPoolSmall fires when the import reads pages from disk (Innodb_buffer_pool_reads)
// while it inserts, those reads take a real share of the time, and the host has memory
// to give the pool.
type BufferPoolSmall struct{}

func (BufferPoolSmall) ID() string { return "buffer-pool-small" }

func (r BufferPoolSmall) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	// dumpscope's own row check (COUNT(*) per table once the replay ended) reads whole
	// indexes from disk: those reads are not the inserts', and on a 256 MB import they
	// alone made this finding fire at the end. The window ends where the check begins.
	w = beforeRowCheck(w)
	pool, ok := varInt(env, "innodb_buffer_pool_size")
	if !ok || pool <= 0 || w.Span() < minSpanSeconds {
		return nil
	}
	rows, _, ok := rowsInserted(w)
	if !ok || rows <= 0 {
		return nil
	}
	reads, ok := w.Rate("Innodb_buffer_pool_reads")
	if !ok || reads < minPoolReadsPerSec {
		return nil
	}
	leaves := dataDevices(env, w)
	readMs := 0.0
	for _, d := range leaves {
		if v, ok := w.DeviceWeightedMean(d, advisor.ReadAwaitMs, advisor.ReadsPerSec); ok {
			readMs = max(readMs, v)
		}
	}
	share := reads * readMs / 1000
	if share < poolReadShare {
		return nil
	}
	ram := env.Host.MemoryBytes
	target := 2 * pool
	if ram > 0 {
		if float64(pool) >= poolRAMShare*float64(ram) {
			return nil // no room to grow on this host
		}
		target = max(target, int64(poolRAMShare*float64(ram))/giB*giB)
		target = min(target, int64(poolRAMShare*float64(ram)))
	}
	ev := map[string]any{
		"innodb_buffer_pool_size_bytes": pool,
		"pool_reads_per_sec":            round(reads),
		"rows_inserted_per_sec":         round(rows),
		"read_await_ms":                 round(readMs),
		"read_wait_share_pct":           round(100 * share),
		"read_wait_share_threshold_pct": 100 * poolReadShare,
		"min_pool_reads_per_sec":        minPoolReadsPerSec,
		"recommended_pool_bytes":        target,
		"window_seconds":                round(w.Span()),
	}
	if ram > 0 {
		ev["host_memory_bytes"] = ram
	}
	s := serverOf(env)
	c := change{name: "innodb_buffer_pool_size", value: cnfBytes(target), setValue: strconv.FormatInt(target, 10)}
	return &advisor.Finding{
		Severity: advisor.SeverityWarn,
		Title: fmt.Sprintf("Buffer pool too small: %.0f page reads/s from disk while inserting, %.0f%% of wall time",
			reads, 100*share),
		Evidence:       ev,
		Recommendation: recommend(s, []change{c}, "keep it if the host is dedicated to the database."),
	}
}

// beforeRowCheck is w up to the first snapshot of the import's row check
// (importphase.Verifying): the interval that ends there holds the check's first reads.
func beforeRowCheck(w advisor.Window) advisor.Window {
	for i := range w {
		if p := w[i].Import; p != nil && p.Phase == importphase.Verifying {
			return w[:i]
		}
	}
	return w
}
