package report

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// Analysis is what a report says about one run, in numbers: the renderers (text,
// Markdown, HTML) format it and `report -o x.json` writes it as is. Rates are per second,
// sizes bytes, times seconds since the run started.
type Analysis struct {
	Name            string                `json:"name"`
	Command         []string              `json:"command,omitempty"`
	StartedAt       time.Time             `json:"started_at"`
	DurationSeconds float64               `json:"duration_seconds"`
	IntervalSeconds float64               `json:"interval_seconds"`
	RecordVersion   int                   `json:"record_version"`
	Samples         int                   `json:"samples"`
	Outcome         runrecord.Outcome     `json:"outcome"`
	Verdict         Verdict               `json:"verdict"`
	Findings        []FindingView         `json:"findings"`
	Restore         *RestoreStats         `json:"restore,omitempty"`
	Tables          []runrecord.TableTime `json:"tables,omitempty"`
	Phases          []runrecord.PhaseTime `json:"phases,omitempty"`
	// PhasesFromTicks: the record had no phases; these are tickPhases'.
	PhasesFromTicks bool                `json:"phases_from_ticks,omitempty"`
	Devices         []DeviceView        `json:"devices,omitempty"`
	InnoDB          *InnoDBView         `json:"innodb,omitempty"`
	CPU             []ColumnStats       `json:"cpu,omitempty"`
	Host            *advisor.HostInfo   `json:"host,omitempty"`
	Server          ServerFacts         `json:"server"`
	Probe           *iostat.ProbeResult `json:"probe,omitempty"`
}

// Verdict is the report's first lines.
type Verdict struct {
	// Severity is the worst finding's, or "ok".
	Severity string `json:"severity"`
	Text     string `json:"text"`
	// Line is the run's verdict line ("verdict: …"), the same as import, advise and
	// watch print; Diagnosis the verdict it renders (nil: the record had none and the
	// caller gave none).
	Line      string           `json:"line"`
	Diagnosis *advisor.Verdict `json:"diagnosis,omitempty"`
}

// FindingView is a finding as the report shows it.
type FindingView struct {
	advisor.Finding
	// ActiveSeconds is how long it was active (to the end of the run when not cleared).
	ActiveSeconds float64 `json:"active_seconds"`
	// EvidenceText is the evidence in human units.
	EvidenceText string `json:"evidence_text"`
	// Changes are the settings the recommendation makes, with the run's values.
	Changes []SettingChange `json:"changes,omitempty"`
	// AlreadySet: every recommended value is what the server already had, so the report
	// recommends nothing (the advisors' classic failure is to recommend it anyway).
	AlreadySet bool `json:"already_set,omitempty"`
}

// SettingChange is one "name = value" of a recommendation against the run's value.
type SettingChange struct {
	Name        string `json:"name"`
	Current     string `json:"current"`
	Recommended string `json:"recommended"`
	AlreadySet  bool   `json:"already_set,omitempty"`
}

// Pct holds percentiles of a series (nearest rank).
type Pct struct {
	N      int     `json:"n"`
	P5     float64 `json:"p5"`
	Median float64 `json:"median"`
	P95    float64 `json:"p95"`
	Avg    float64 `json:"avg"`
	Max    float64 `json:"max"`
}

// RestoreStats is the import's throughput.
type RestoreStats struct {
	Seconds       float64 `json:"seconds"`
	Bytes         int64   `json:"bytes"`
	Statements    int64   `json:"statements"`
	Rows          int64   `json:"rows"`
	BytesPerSec   float64 `json:"bytes_per_sec"`
	RowsPerSec    float64 `json:"rows_per_sec"`
	Throughput1s  *Pct    `json:"throughput_1s_bytes_per_sec,omitempty"`
	Throughput10s *Pct    `json:"throughput_10s_bytes_per_sec,omitempty"`
}

// DeviceView is one device: identity, sync-write class and its iostat columns.
type DeviceView struct {
	iostat.Device
	// Class is the sync-write class (iostat.Classify) and ClassSource where it came from
	// ("probe", "f_await median", or "" when unknown).
	Class       string        `json:"class,omitempty"`
	ClassSource string        `json:"class_source,omitempty"`
	Columns     []ColumnStats `json:"columns,omitempty"`
}

// ColumnStats is avg/p95/max of one column over the run.
type ColumnStats struct {
	Name string  `json:"name"`
	Unit string  `json:"unit,omitempty"`
	Avg  float64 `json:"avg"`
	P95  float64 `json:"p95"`
	Max  float64 `json:"max"`
}

// InnoDBView is the redo log's state over the run.
type InnoDBView struct {
	MaxCheckpointAgeBytes int64 `json:"max_checkpoint_age_bytes"`
	RedoCapacityBytes     int64 `json:"redo_capacity_bytes"`
	// AgePct is the checkpoint age as a percentage of its maximum.
	AgePct *Pct `json:"checkpoint_age_pct,omitempty"`
	// SecondsAboveAsync and SecondsAboveSync are the time spent at or above 7/8 (InnoDB's
	// aggressive flushing) and 15/16 (MySQL's synchronous flushing) of the maximum.
	SecondsAboveAsync float64 `json:"seconds_above_async"`
	SecondsAboveSync  float64 `json:"seconds_above_sync"`
	// Tenths are the mean and max age % in each tenth of the run.
	Tenths      []TenthPct `json:"tenths,omitempty"`
	RedoRate    *Pct       `json:"redo_bytes_per_sec,omitempty"`
	HourOfRedo  float64    `json:"hour_of_redo_bytes,omitempty"`
	DirtyPctMax float64    `json:"dirty_pages_pct_max,omitempty"`
}

// TenthPct is one tenth of the run.
type TenthPct struct {
	FromT float64 `json:"from_t"`
	ToT   float64 `json:"to_t"`
	Mean  float64 `json:"mean"`
	Max   float64 `json:"max"`
}

// ServerFacts is the server's identity and the variables a restore depends on.
type ServerFacts struct {
	Flavor    string      `json:"flavor"`
	Version   string      `json:"version"`
	Variables [][2]string `json:"variables"`
}

// keyVariables are the settings a restore's speed depends on, in the order shown.
var keyVariables = []string{
	"innodb_buffer_pool_size", "innodb_log_file_size", "innodb_log_files_in_group",
	"innodb_redo_log_capacity", "innodb_log_buffer_size", "innodb_flush_log_at_trx_commit",
	"innodb_doublewrite", "innodb_flush_method", "innodb_flush_neighbors",
	"innodb_io_capacity", "innodb_io_capacity_max", "log_bin", "sync_binlog",
	"max_allowed_packet",
}

// Analyze computes the report of rec. findings are the findings to report (the record's,
// or those of a replay through today's rules).
func Analyze(rec *runrecord.Record, findings []advisor.Finding) *Analysis {
	a := &Analysis{
		Name: "watch", Command: rec.Command, StartedAt: rec.StartedAt,
		IntervalSeconds: rec.Env().IntervalSeconds, RecordVersion: rec.Version,
		Samples: len(rec.Samples), Outcome: rec.Outcome, Tables: rec.Tables, Phases: rec.Phases,
		Host: rec.Host, Probe: rec.Probe,
	}
	if rec.Dump != nil && rec.Dump.Name != "" {
		a.Name = filepath.Base(rec.Dump.Name)
	}
	a.DurationSeconds = rec.EndedAt.Sub(rec.StartedAt).Seconds()
	if n := len(rec.Samples); n > 0 && (rec.EndedAt.IsZero() || a.DurationSeconds <= 0) {
		a.DurationSeconds = rec.Samples[n-1].T
	}
	endT := a.DurationSeconds
	a.Server = serverFacts(rec, endT)
	vars := rec.Server.ServerInfo(endT).Variables
	for _, f := range findings {
		a.Findings = append(a.Findings, findingView(f, vars, endT))
	}
	if len(a.Phases) == 0 {
		a.Phases = tickPhases(rec)
		a.PhasesFromTicks = a.Phases != nil
	}
	a.Verdict = verdict(a)
	a.Verdict.Diagnosis = rec.Verdict
	a.Verdict.Line = rec.Verdict.Line()
	a.Restore = restoreStats(rec)
	a.Devices = deviceViews(rec)
	a.InnoDB = innodbView(rec)
	a.CPU = cpuStats(rec.Samples)
	sort.SliceStable(a.Tables, func(i, j int) bool { return a.Tables[i].Seconds > a.Tables[j].Seconds })
	return a
}

func serverFacts(rec *runrecord.Record, t float64) ServerFacts {
	sf := ServerFacts{Flavor: rec.Server.Flavor, Version: rec.Server.Version}
	vars := rec.Server.ServerInfo(t).Variables
	for _, k := range keyVariables {
		if v, ok := vars[k]; ok {
			sf.Variables = append(sf.Variables, [2]string{k, v})
		}
	}
	return sf
}

func findingView(f advisor.Finding, vars map[string]string, endT float64) FindingView {
	fv := FindingView{Finding: f, EvidenceText: advisor.FormatEvidence(f.Evidence)}
	end := endT
	if f.ClearedAt != nil {
		end = *f.ClearedAt
	}
	fv.ActiveSeconds = max(0, end-f.FiredAt)
	fv.Changes = parseChanges(f.Recommendation)
	set := 0
	for i := range fv.Changes {
		c := &fv.Changes[i]
		c.Current = vars[strings.ToLower(c.Name)]
		if c.Current != "" && sameSetting(c.Current, c.Recommended) {
			c.AlreadySet = true
			set++
		}
	}
	fv.AlreadySet = len(fv.Changes) > 0 && set == len(fv.Changes)
	return fv
}

// parseChanges reads the "my.cnf [mysqld]: a = 1G (note); b = 2;" part of a rules
// recommendation.
func parseChanges(rec string) []SettingChange {
	_, rest, ok := strings.Cut(rec, "my.cnf [mysqld]:")
	if !ok {
		return nil
	}
	if i := strings.Index(rest, " live:"); i >= 0 {
		rest = rest[:i]
	}
	var out []SettingChange
	for _, part := range strings.Split(rest, ";") {
		if i := strings.Index(part, " ("); i >= 0 {
			part = part[:i]
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		out = append(out, SettingChange{Name: strings.TrimSpace(name), Recommended: strings.TrimSpace(value)})
	}
	return out
}

// sameSetting compares a server's value with a my.cnf value: sizes with K/M/G/T
// suffixes, ON/OFF against 1/0, case-insensitive strings.
func sameSetting(a, b string) bool {
	if strings.EqualFold(a, b) {
		return true
	}
	na, okA := settingNumber(a)
	nb, okB := settingNumber(b)
	return okA && okB && na == nb
}

func settingNumber(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ToUpper(s))
	switch s {
	case "ON", "TRUE", "YES":
		return 1, true
	case "OFF", "FALSE", "NO":
		return 0, true
	}
	mult := 1.0
	if n := len(s); n > 1 {
		switch s[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult != 1 {
			s = s[:n-1]
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f * mult, err == nil
}

func verdict(a *Analysis) Verdict {
	worst, active := "ok", 0
	rank := map[string]int{"ok": 0, "info": 1, "warn": 2, "critical": 3}
	for _, f := range a.Findings {
		if f.AlreadySet {
			continue
		}
		if rank[string(f.Severity)] > rank[worst] {
			worst = string(f.Severity)
		}
		active++
	}
	status := map[string]string{runrecord.OutcomeOK: "finished", runrecord.OutcomeError: "failed", runrecord.OutcomeInterrupted: "interrupted"}[a.Outcome.Status]
	if status == "" {
		status = a.Outcome.Status
	}
	v := Verdict{Severity: worst}
	run := fmt.Sprintf("%s %s in %s", a.Name, status, units.FormatDuration(a.DurationSeconds))
	if active == 0 {
		v.Text = run + ": no bottleneck found"
		return v
	}
	// Each ID once, with how often it fired when it fired again after clearing.
	var ids []string
	count := map[string]int{}
	for _, f := range a.Findings {
		if !f.AlreadySet {
			if count[f.ID] == 0 {
				ids = append(ids, f.ID)
			}
			count[f.ID]++
		}
	}
	for i, id := range ids {
		if n := count[id]; n > 1 {
			ids[i] = fmt.Sprintf("%s (fired %d times)", id, n)
		}
	}
	v.Text = fmt.Sprintf("%s: %s: %s", run, strings.ToUpper(worst), strings.Join(ids, ", "))
	return v
}

// rowsPhaseFirst names the first of the phases tickPhases derives from the rows, which the
// report's note on the phases tells from those the importer reported.
const rowsPhaseFirst = "schema, before the first row"

// tickPhases derives the import's coarse phases from its ticks when the record has none:
// before the first row (connecting, schema), while rows arrive (table data), and after
// the last row (index builds, triggers and routines, the row count). Tick resolution.
func tickPhases(rec *runrecord.Record) []runrecord.PhaseTime {
	imp := importSamples(rec.Samples)
	if reported := reportedPhases(rec, imp); reported != nil {
		return reported
	}
	if len(imp) < 2 || imp[len(imp)-1].Import.Rows == 0 {
		return nil
	}
	first, last := -1, -1
	for i, s := range imp {
		if s.Import.Rows > 0 && first < 0 {
			first = i
		}
		if i > 0 && s.Import.Rows > imp[i-1].Import.Rows {
			last = i
		}
	}
	end := imp[len(imp)-1].T
	if d := rec.EndedAt.Sub(rec.StartedAt).Seconds(); d > end {
		end = d
	}
	startData := 0.0
	if first > 0 {
		startData = imp[first-1].T
	}
	return []runrecord.PhaseTime{{Name: rowsPhaseFirst, StartT: 0, EndT: startData},
		{Name: "table data", StartT: startData, EndT: imp[last].T},
		{Name: "after the last row", StartT: imp[last].T, EndT: end}}
}

// reportedPhases are the phases the importer reported in its ticks (ImportProgress.Phase:
// loading, indexes, verifying rows), each from the first tick that carried it to the next
// phase's first tick (the last to the end of the run); nil when no tick carries one
// (records written before the importer reported phases).
func reportedPhases(rec *runrecord.Record, imp []advisor.Snapshot) []runrecord.PhaseTime {
	var out []runrecord.PhaseTime
	for _, s := range imp {
		name := s.Import.Phase
		if name == "" || (len(out) > 0 && out[len(out)-1].Name == name) {
			continue
		}
		if n := len(out); n > 0 {
			out[n-1].EndT = s.T
		}
		out = append(out, runrecord.PhaseTime{Name: name, StartT: s.T})
	}
	if len(out) == 0 {
		return nil
	}
	end := imp[len(imp)-1].T
	if d := rec.EndedAt.Sub(rec.StartedAt).Seconds(); d > end {
		end = d
	}
	out[0].StartT = 0 // connecting and the first statements come before the first tick
	out[len(out)-1].EndT = end
	return out
}

// percentiles returns nearest-rank percentiles of xs (nil when empty).
func percentiles(xs []float64) *Pct {
	if len(xs) == 0 {
		return nil
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	rank := func(p float64) float64 {
		i := int(math.Ceil(p/100*float64(len(s)))) - 1
		return s[max(0, min(i, len(s)-1))]
	}
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	return &Pct{N: len(s), P5: rank(5), Median: rank(50), P95: rank(95), Avg: sum / float64(len(s)), Max: s[len(s)-1]}
}

// importSamples are the samples that carry import progress.
func importSamples(samples []advisor.Snapshot) []advisor.Snapshot {
	var out []advisor.Snapshot
	for _, s := range samples {
		if s.Import != nil {
			out = append(out, s)
		}
	}
	return out
}

// windowRates is the import's byte rate over consecutive windows of at least w seconds
// (the tick spacing when that is longer), leading and trailing windows without progress
// left out (connecting, and the row count after the last statement).
func windowRates(samples []advisor.Snapshot, w float64) []float64 {
	imp := importSamples(samples)
	if len(imp) < 2 {
		return nil
	}
	var rates []float64
	start := imp[0]
	for _, s := range imp[1:] {
		dt := s.T - start.T
		if dt < w*0.99 {
			continue
		}
		rates = append(rates, float64(s.Import.Bytes-start.Import.Bytes)/dt)
		start = s
	}
	for len(rates) > 0 && rates[0] == 0 {
		rates = rates[1:]
	}
	for len(rates) > 0 && rates[len(rates)-1] == 0 {
		rates = rates[:len(rates)-1]
	}
	return rates
}

func restoreStats(rec *runrecord.Record) *RestoreStats {
	imp := importSamples(rec.Samples)
	if len(imp) == 0 && rec.Dump == nil {
		return nil
	}
	r := &RestoreStats{}
	if len(imp) > 0 {
		last := imp[len(imp)-1].Import
		r.Bytes, r.Statements, r.Rows = last.Bytes, last.Statements, last.Rows
		r.Seconds = imp[len(imp)-1].T
	}
	if d := rec.Dump; d != nil && d.Bytes > 0 {
		r.Bytes, r.Statements, r.Rows = d.Bytes, d.Statements, d.Rows
	}
	if secs := rec.EndedAt.Sub(rec.StartedAt).Seconds(); secs > 0 {
		r.Seconds = secs
	}
	if r.Seconds > 0 {
		r.BytesPerSec = float64(r.Bytes) / r.Seconds
		r.RowsPerSec = float64(r.Rows) / r.Seconds
	}
	r.Throughput1s = percentiles(windowRates(rec.Samples, 1))
	r.Throughput10s = percentiles(windowRates(rec.Samples, 10))
	return r
}
