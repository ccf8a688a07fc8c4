// Package report holds the run record — the JSON document of one run (../shared/
// RUN-RECORD.md, format "dumpscope-run", version 1) that import and watch write and that
// advise --run, report and compare read — and its checks.
//
// The format is a public interface: the listed fields keep their names and meaning, new
// fields may be added, readers ignore fields they do not know and accept records whose
// optional parts (devices, probe, dump, cpu, flush columns) are missing.
package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// Format and Version identify a run record.
const (
	Format  = "dumpscope-run"
	Version = 1
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

// Outcome is how the run ended; Error, Offset and Line are set for "error".
type Outcome struct {
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	Offset *int64 `json:"offset,omitempty"`
	Line   *int64 `json:"line,omitempty"`
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

// Write writes r as indented JSON.
func Write(w io.Writer, r *Record) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("run record: %w", err)
	}
	return nil
}

// WriteFile writes r to path atomically (a temporary file renamed into place), so a
// reader never sees half a record.
func WriteFile(path string, r *Record) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("run record %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := Write(tmp, r); err != nil {
		tmp.Close()
		return fmt.Errorf("run record %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("run record %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("run record %s: %w", path, err)
	}
	return nil
}

// Read decodes a record, ignoring unknown fields, and checks its format and version.
func Read(r io.Reader) (*Record, error) {
	var rec Record
	if err := json.NewDecoder(r).Decode(&rec); err != nil {
		return nil, fmt.Errorf("run record: %w", err)
	}
	if rec.Format != Format {
		return nil, fmt.Errorf("run record: format %q, want %q", rec.Format, Format)
	}
	if rec.Version != Version {
		return nil, fmt.Errorf("run record: version %d, this dumpscope reads version %d", rec.Version, Version)
	}
	return &rec, nil
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
