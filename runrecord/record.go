// Package runrecord is the run record — the document of one run that import, watch and
// bench write and that advise --run, view, report, compare and the ETA history read
// (format "dumpscope-run": version 1 in ../shared/RUN-RECORD.md, version 2 in
// docs/runrecord.md and runrecord.schema.json) — with its reader, writer, recorder sink
// and checks. It is a package of its own because it is a public interface that several
// readers share; the renderers that turn a record into text, Markdown or HTML are in
// report, which imports it.
//
// The format is a public interface: the listed fields keep their names and meaning, new
// fields may be added, readers ignore fields they do not know and accept records whose
// optional parts (devices, probe, dump, cpu, flush columns) are missing. Version 2 is
// written as JSON lines, appended while the run goes (see stream.go); version 1 records
// are still read.
package runrecord

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/atomicfile"
	"github.com/dumpscope/dumpscope/iostat"
)

// Format and Version identify a run record. Version is what New writes; Read accepts
// VersionOne too.
const (
	Format     = "dumpscope-run"
	Version    = 2
	VersionOne = 1
)

// Outcome statuses.
const (
	OutcomeOK          = "ok"
	OutcomeError       = "error"
	OutcomeInterrupted = "interrupted"
)

// Record is one run. Times inside are seconds since StartedAt.
type Record struct {
	Format          string              `json:"format"`
	Version         int                 `json:"version"`
	Tool            Tool                `json:"tool"`
	StartedAt       time.Time           `json:"started_at"`
	EndedAt         time.Time           `json:"ended_at"`
	Command         []string            `json:"command"`
	IntervalSeconds float64             `json:"interval_seconds"`
	Dump            *advisor.DumpInfo   `json:"dump,omitempty"`
	Host            *advisor.HostInfo   `json:"host,omitempty"`
	Server          Server              `json:"server"`
	Devices         []iostat.Device     `json:"devices,omitempty"`
	Probe           *iostat.ProbeResult `json:"probe,omitempty"`
	Samples         []advisor.Snapshot  `json:"samples"`
	Findings        []advisor.Finding   `json:"findings"`
	Outcome         Outcome             `json:"outcome"`
	// Sampler is the server sampler's own cost (an addition to version 1's fields).
	Sampler *SamplerCost `json:"sampler,omitempty"`
	// Tables are the tables the import wrote, in first-seen order, with the time spent on
	// each as the ticks saw it (version 2).
	Tables []TableTime `json:"tables,omitempty"`
	// Phases are the import's phases (schema, data, index builds, routines) when the
	// importer reports them (version 2; optional, empty until the importer's progress
	// carries a phase).
	Phases []PhaseTime `json:"phases,omitempty"`
	// ImportConnections is how many connections replayed the dump (--parallel; 0:
	// unknown, watch). The verdict's attribution shares the server's CPU among them, so
	// a replay needs it to attribute as the live run did (an addition to version 1's
	// and 2's fields).
	ImportConnections int `json:"import_connections,omitempty"`
	// Verdict is the run's verdict as the run built it (docs/rules.md "The verdict"): the
	// bottleneck, its fix and estimated gain, the other findings under or beside it, the
	// time by cause. Optional: older records have none (an addition to version 1's and
	// 2's fields).
	Verdict *advisor.Verdict `json:"verdict,omitempty"`

	// Appender is the file a PeriodicSaver has been appending this record to, so that
	// WriteFile to the same path completes it instead of rewriting it; nil otherwise.
	Appender *Appender `json:"-"`
}

// TableTime is one table of the import. Seconds is the time between the first and last
// tick on which the importer's current table was this one, plus one interval, summed
// over every stretch (a table loaded in two parts counts both): tick resolution, so a
// table loaded within one tick reads one interval.
type TableTime struct {
	Name    string  `json:"name"`
	Rows    int64   `json:"rows,omitempty"`
	Seconds float64 `json:"seconds"`
	FirstT  float64 `json:"first_t"`
	LastT   float64 `json:"last_t"`
}

// PhaseTime is one phase of the import, seconds since started_at.
type PhaseTime struct {
	Name   string  `json:"name"`
	StartT float64 `json:"start_t"`
	EndT   float64 `json:"end_t"`
}

// SamplerCost is what sampling cost the server: the sampler's queries and their total
// time as the client measured it (an upper bound on the server time they took).
type SamplerCost struct {
	Queries        int64   `json:"queries"`
	QuerySeconds   float64 `json:"query_seconds"`
	Ticks          int     `json:"ticks"`
	QueryMsPerTick float64 `json:"query_ms_per_tick"`
	PctOfInterval  float64 `json:"pct_of_interval"`
}

// Tool is the writing tool's identity.
type Tool struct {
	Version string `json:"version"`
}

// Server is the observed server. Variables are SHOW GLOBAL VARIABLES at start, numbers
// where numeric (see advisor.VariableValue).
type Server struct {
	Flavor          string                   `json:"flavor"`
	Version         string                   `json:"version"`
	Variables       map[string]any           `json:"variables"`
	VariableChanges []advisor.VariableChange `json:"variable_changes,omitempty"`
}

// Outcome is how the run ended; Error, Offset and Line are set for "error". The counts
// and lists after them are version 2 additions, absent when zero.
type Outcome struct {
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	Offset *int64 `json:"offset,omitempty"`
	Line   *int64 `json:"line,omitempty"`
	// Warnings is how many warnings the server raised; WarningList the first of them.
	Warnings    int64    `json:"warnings,omitempty"`
	WarningList []string `json:"warning_list,omitempty"`
	// Errors is how many SQL errors were skipped under --force; ErrorList the first.
	Errors    int64    `json:"errors,omitempty"`
	ErrorList []string `json:"error_list,omitempty"`
	// RowCheck is the end-of-run COUNT(*) per table against the dump's rows; nil when it
	// did not run (--skip-row-counts, an error, or a writer that does not fill it).
	RowCheck *RowCheck `json:"row_check,omitempty"`
}

// RowCheck is the end-of-run row count check.
type RowCheck struct {
	Tables int `json:"tables"`
	// Differing names the tables whose COUNT(*) is not the dump's row count.
	Differing []string `json:"differing,omitempty"`
}

// New returns a record with the format fields set and empty samples/findings.
func New(toolVersion string, startedAt time.Time, command []string, intervalSeconds float64) *Record {
	return &Record{
		Format:          Format,
		Version:         Version,
		Tool:            Tool{Version: toolVersion},
		StartedAt:       startedAt.UTC(),
		Command:         RedactCommand(command),
		IntervalSeconds: intervalSeconds,
		Samples:         []advisor.Snapshot{},
		Findings:        []advisor.Finding{},
		Outcome:         Outcome{Status: OutcomeOK},
	}
}

// ServerFromInfo converts the advisor's view of the server for the record.
func ServerFromInfo(info advisor.ServerInfo) Server {
	vars := make(map[string]any, len(info.Variables))
	for k, v := range info.Variables {
		vars[k] = advisor.VariableValue(v)
	}
	return Server{Flavor: info.Flavor, Version: info.Version, Variables: vars}
}

// ServerInfo converts the record's server back to what rules see: variables as strings,
// with the recorded changes up to and including time t applied (t < 0: none).
func (s Server) ServerInfo(t float64) advisor.ServerInfo {
	vars := make(map[string]string, len(s.Variables))
	for k, v := range s.Variables {
		vars[strings.ToLower(k)] = variableString(v)
	}
	for _, c := range s.VariableChanges {
		if t >= 0 && c.T <= t {
			vars[strings.ToLower(c.Name)] = variableString(c.Value)
		}
	}
	return advisor.ServerInfo{Flavor: s.Flavor, Version: s.Version, Variables: vars}
}

// variableString renders a recorded variable as SHOW GLOBAL VARIABLES would: integers
// without exponent (JSON numbers decode as float64).
func variableString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		if x == float64(int64(x)) {
			return fmt.Sprintf("%d", int64(x))
		}
		return fmt.Sprintf("%g", x)
	case json.Number:
		return x.String()
	default:
		return fmt.Sprint(x)
	}
}

// Write writes r in the format its Version names: version 2 (New's) as JSON lines,
// version 1 as one indented JSON document (kept so fixtures can prove old records read).
func Write(w io.Writer, r *Record) error {
	if r.Version != VersionOne {
		return writeLines(w, r)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("run record: %w", err)
	}
	return nil
}

// WriteFile writes r to path atomically (a temporary file renamed into place), so a
// reader never sees half a record. When a PeriodicSaver has been appending r to path, it
// appends the samples since its last save and the final state line instead.
func WriteFile(path string, r *Record) error {
	if r.Appender != nil && r.Appender.path == path {
		return r.Appender.finish(r)
	}
	err := atomicfile.Write(path, atomicfile.Options{}, func(f io.Writer) error {
		if !strings.HasSuffix(path, ".gz") {
			return Write(f, r)
		}
		zw := gzip.NewWriter(f)
		if err := Write(zw, r); err != nil {
			return err
		}
		return zw.Close()
	})
	if err != nil {
		return fmt.Errorf("run record %s: %w", path, err)
	}
	return nil
}

// Read decodes a record of version 1 or 2, ignoring unknown fields, and checks its format
// and version.
// A gzip-compressed record (a path ending in .gz) is read as well.
func Read(r io.Reader) (*Record, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("run record: %w", err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	dec := json.NewDecoder(br)
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("run record: %w", err)
	}
	if rec.Format != Format {
		return nil, fmt.Errorf("run record: format %q, want %q", rec.Format, Format)
	}
	switch rec.Version {
	case VersionOne:
		return &rec, nil
	case Version:
		if err := readLines(dec, &rec); err != nil {
			return nil, fmt.Errorf("run record: %w", err)
		}
		return &rec, nil
	}
	return nil, fmt.Errorf("run record: version %d, this dumpscope reads versions %d and %d (a newer dumpscope wrote it)", rec.Version, VersionOne, Version)
}

// ReadFile reads the record at path.
func ReadFile(path string) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// ErrInvalid wraps every Validate failure.
var ErrInvalid = errors.New("invalid run record")
