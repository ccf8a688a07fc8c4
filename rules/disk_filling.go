package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
)

const (
	// diskFullMarginFactor: warn when the file system fills before the restore's ETA
	// times this (the rate is a window's, and the end of a dump — indexes, views — still
	// writes).
	diskFullMarginFactor = 1.5
	// diskFullHorizonSeconds: without an ETA (watch, a stream), warn when the file system
	// fills within this long at the current rate. A window's rate is a burst's: an hour
	// fired on every busy half-minute of a 50 GiB disk shared with other writers.
	diskFullHorizonSeconds = 900
	// diskFullCriticalSeconds: without an ETA, critical below this.
	diskFullCriticalSeconds = 300
	// minDiskFillBytesPerSec ignores the noise of a file system that is barely written.
	minDiskFillBytesPerSec = 64 << 10
)

// DiskFilling fires when the datadir's file system loses free space fast enough to be
// full before the restore ends: a restore that dies at 93 % with ERROR 1114 "table is
// full" after three hours is the worst way to learn it.
type DiskFilling struct{}

func (DiskFilling) ID() string { return "disk-filling" }

func (r DiskFilling) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	var first, last *advisor.Snapshot
	for i := range w {
		if w[i].Space != nil {
			if first == nil {
				first = &w[i]
			}
			last = &w[i]
		}
	}
	if first == nil || last == first || last.T <= first.T {
		return nil
	}
	fill := float64(first.Space.FreeBytes-last.Space.FreeBytes) / (last.T - first.T)
	if fill < minDiskFillBytesPerSec {
		return nil
	}
	toFull := float64(last.Space.FreeBytes) / fill
	ev := map[string]any{
		"free_bytes":           last.Space.FreeBytes,
		"fill_bytes_per_sec":   round(fill),
		"seconds_to_full":      round(toFull),
		"path":                 last.Space.Path,
		"window_seconds":       round(w.Span()),
		"margin_factor":        diskFullMarginFactor,
		"horizon_seconds":      diskFullHorizonSeconds,
		"min_fill_bytes_per_s": minDiskFillBytesPerSec,
	}
	if last.Import != nil {
		if f, ok := last.Import.Fraction(); ok && f >= 1 {
			return nil // the whole dump is applied (or was read before a stop): no more rows to come
		}
	}
	limit := float64(diskFullHorizonSeconds)
	eta, hasETA := etaSeconds(last)
	if hasETA {
		ev["eta_seconds"] = round(eta)
		limit = eta * diskFullMarginFactor
	}
	if toFull >= limit {
		return nil
	}
	sev := advisor.SeverityWarn
	if (hasETA && toFull < eta) || (!hasETA && toFull < diskFullCriticalSeconds) {
		sev = advisor.SeverityCritical
	}
	title := fmt.Sprintf("Datadir file system full in %s at the current rate (%s/s, %s free)",
		units.FormatDuration(toFull), units.FormatBytes(fill), units.FormatBytes(float64(last.Space.FreeBytes)))
	if hasETA {
		title += fmt.Sprintf("; the restore needs %s more", units.FormatDuration(eta))
	}
	return &advisor.Finding{
		Severity: sev,
		Title:    title,
		Evidence: ev,
		Recommendation: fmt.Sprintf("free space on the file system of %s now (old binary logs: PURGE BINARY LOGS; other files), "+
			"or stop the import (Ctrl-C, then --resume on a larger disk): InnoDB stops with ERROR 1114 when it is full.", last.Space.Path),
	}
}

// etaSeconds is the restore's remaining time as the progress line shows it.
func etaSeconds(s *advisor.Snapshot) (float64, bool) {
	if s.Import == nil {
		return 0, false
	}
	return s.Import.ETA(s.T)
}
