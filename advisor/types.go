// Package advisor samples a MySQL/MariaDB server during a restore, merges what it sees with
// the importer's progress and the iostat sampler's device and CPU numbers into one timeline
// (one Snapshot per tick, one time base), and runs rules over a sliding window of that
// timeline to explain what holds the restore back.
//
// Rules live in package rules; this package holds the types they see, the engine that
// fires and clears findings, the server sampler and the flavour-specific parsers.
package advisor

import (
	"fmt"

	"github.com/dumpscope/dumpscope/internal/indexfacts"
	"github.com/dumpscope/dumpscope/iostat"
)

// ImportProgress is the importer's cumulative progress at a tick.
type ImportProgress struct {
	// Bytes is uncompressed bytes of the dump consumed so far.
	Bytes      int64 `json:"bytes"`
	Statements int64 `json:"statements"`
	Rows       int64 `json:"rows"`
	// Commits is the number of transactions committed by the importer's connections
	// (explicit COMMITs plus autocommitted statements), when known.
	Commits int64 `json:"commits,omitempty"`
	// CompressedBytes is bytes of the file as stored (compressed) read so far, and
	// CompressedTotalBytes the file's stored size (0: unknown, as on stdin). Their ratio is
	// the only completion fraction known up front (gzip's trailer size is modulo 4 GiB).
	CompressedBytes      int64 `json:"compressed_bytes,omitempty"`
	CompressedTotalBytes int64 `json:"compressed_total_bytes,omitempty"`
	// ReadBytes is uncompressed bytes read from the dump; beyond Bytes (applied) when a
	// parallel import reads ahead of its workers. Their ratio to CompressedBytes
	// estimates the dump's uncompressed size.
	ReadBytes int64 `json:"read_bytes,omitempty"`
	// ExpectedBytes is the uncompressed size when known: a generated sample's size, or
	// what the input found without decompressing (dumpfile.Input.UncompressedSize);
	// 0: unknown. ExpectedExact says it is the true size, not an estimate.
	ExpectedBytes int64 `json:"expected_bytes,omitempty"`
	ExpectedExact bool  `json:"expected_exact,omitempty"`
	// ETASeconds is the remaining time as the session estimates it from the recent and
	// the average pace (ETAEstimator); 0: not estimated (use ETA, which falls back to the
	// average pace).
	ETASeconds float64 `json:"eta_seconds,omitempty"`
	// ETAWithheld says the session's estimator gave no ETA at this tick (too early: its
	// estimates had not settled), so ETA gives none either.
	ETAWithheld bool `json:"eta_withheld,omitempty"`
	// TimeVsEarlier is, when the ETA follows an earlier import of the same dump, this
	// run's time over that run's for the same stretch of the dump (0.9: 11 % faster): a
	// before/after comparison while the second run is still going. 0: no earlier run.
	TimeVsEarlier float64 `json:"time_vs_earlier,omitempty"`
	// Errors are SQL errors tolerated under --force; Warnings are server warnings.
	Errors   int64 `json:"errors,omitempty"`
	Warnings int64 `json:"warnings,omitempty"`
	// Table is the table whose statements were last applied ("db.table" or "table").
	Table string `json:"table,omitempty"`
	// Phase is what the import is doing (package phase: loading, indexes, verifying
	// rows), when the importer says; TablesDone of TablesTotal counts
	// tables whose rows are all applied (TablesTotal 0: unknown). Optional: screens and
	// records show them when present.
	Phase       string `json:"phase,omitempty"`
	TablesDone  int    `json:"tables_done,omitempty"`
	TablesTotal int    `json:"tables_total,omitempty"`
	// ParallelChecked says a serial import follows its statements with the parallel
	// replay's planner; SerialReason is then the planner's first reason to run the dump
	// on one connection ("" while the statements so far could run in parallel exactly).
	// The hint to use idle cores (rules.SerialReplayIdleCores) reads them.
	ParallelChecked bool   `json:"parallel_checked,omitempty"`
	SerialReason    string `json:"serial_reason,omitempty"`
	// Indexes is what the dump's CREATE TABLEs read so far say of secondary indexes; nil
	// when not known (watch, a record written before it was kept, no CREATE TABLE read
	// yet). The --defer-indexes advice reads it (rules.deferIndexesAdvice).
	Indexes *IndexFacts `json:"indexes,omitempty"`
}

// IndexFacts is what --defer-indexes would act on, as the importer read the dump
// (indexfacts.Facts: the one type, which the importer fills and the tick carries as it is).
type IndexFacts = indexfacts.Facts

// InnoDB holds the derived, flavour-independent redo and buffer-pool state at a tick.
// Zero means unknown for MaxCheckpointAgeBytes and RedoCapacityBytes.
type InnoDB struct {
	LSN                   int64   `json:"lsn"`
	CheckpointLSN         int64   `json:"checkpoint_lsn"`
	CheckpointAgeBytes    int64   `json:"checkpoint_age_bytes"`
	MaxCheckpointAgeBytes int64   `json:"max_checkpoint_age_bytes"`
	RedoCapacityBytes     int64   `json:"redo_capacity_bytes"`
	DirtyPagesPct         float64 `json:"dirty_pages_pct"`
}

// Snapshot is everything measured at one tick. It is also a run record's sample
// (RUN-RECORD.md), so field names are part of the public format.
type Snapshot struct {
	// T is seconds since the run started.
	T       float64                       `json:"t"`
	Import  *ImportProgress               `json:"import,omitempty"`
	Devices map[string]iostat.DeviceStats `json:"devices,omitempty"`
	CPU     *iostat.CPUStats              `json:"cpu,omitempty"`
	InnoDB  *InnoDB                       `json:"innodb,omitempty"`
	// Status is raw SHOW GLOBAL STATUS, numeric values only, cumulative.
	Status map[string]float64 `json:"status,omitempty"`
	// Space is the free space of the datadir's file system (local servers); an addition
	// to the run record's version 1 fields.
	Space *DiskSpace `json:"space,omitempty"`
	// InnoDBMetrics are information_schema.INNODB_METRICS counts (COUNT column) of the
	// metrics the server has enabled among those the sampler asks for; absent when none
	// is enabled. An addition to the run record's version 1 fields.
	InnoDBMetrics map[string]float64 `json:"innodb_metrics,omitempty"`
}

// DiskSpace is a file system's size and free space, as statfs gives them to an
// unprivileged writer.
type DiskSpace struct {
	Path       string `json:"path"`
	FreeBytes  int64  `json:"free_bytes"`
	TotalBytes int64  `json:"total_bytes"`
}

// Severity orders findings.
type Severity string

const (
	SeverityInfo     Severity = "info"
	SeverityWarn     Severity = "warn"
	SeverityCritical Severity = "critical"
)

// severityRank is the order of the severities, lowest first; 0 is not a severity.
var severityRank = map[Severity]int{SeverityInfo: 1, SeverityWarn: 2, SeverityCritical: 3}

// AtLeast reports whether s is min or more severe: the one order that `--fail-on` and
// whoever sorts findings by severity share. An unknown severity is below every known one.
func (s Severity) AtLeast(min Severity) bool { return severityRank[s] >= severityRank[min] }

// ParseSeverity reads a severity's name as the command line gives it ("info", "warn",
// "critical").
func ParseSeverity(name string) (Severity, error) {
	if s := Severity(name); severityRank[s] > 0 {
		return s, nil
	}
	return "", fmt.Errorf("severity %q: want info, warn or critical", name)
}

// Finding is one diagnosed bottleneck. ID is stable and part of the interface
// (docs/rules.md lists them).
type Finding struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Title    string   `json:"title"`
	// Evidence holds the measured values and thresholds, keyed by name with units in the
	// name (e.g. "checkpoint_age_pct", "threshold_pct", "window_seconds").
	Evidence map[string]any `json:"evidence"`
	// Recommendation is the exact change: the my.cnf line, the SET GLOBAL form when the
	// variable is dynamic on this version, and whether to revert it after the import.
	Recommendation string   `json:"recommendation"`
	FiredAt        float64  `json:"fired_at"`
	ClearedAt      *float64 `json:"cleared_at"`
}
