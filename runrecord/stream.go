package runrecord

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// Version 2 on disk is JSON lines (docs/runrecord.md):
//
//	{"format":"dumpscope-run","version":2,...header: everything but samples...}
//	{"sample":{"t":1,...}}
//	{"variable_change":{"t":12,"name":"...","value":...}}
//	{"state":{"ended_at":"...","findings":[...],"outcome":{...},...}}
//
// A sample's "status" and "innodb_metrics" hold only the counters that changed since the
// previous sample line ("no_status": true when that tick read none), rates and
// percentages are rounded to 4 significant digits (t stays exact: findings replayed from
// the record fire at the live run's times). A writer appends as the run goes, so
// a save costs the bytes since the last one, and a crash leaves a readable prefix. State
// lines may repeat (each periodic save appends one); the last one wins. A record with no
// state line ended without its writer finishing it: it reads as interrupted.

// lineKind is one line after the header.
type lineKind struct {
	Sample         *wireSample             `json:"sample,omitempty"`
	VariableChange *advisor.VariableChange `json:"variable_change,omitempty"`
	State          *state                  `json:"state,omitempty"`
}

// wireSample is a sample as written: its status maps shadow the snapshot's to hold the
// changes only, and its devices and CPU leave out zero columns (a reader decoding into
// the plain types gets the zeros back; a nullable column is written whenever it is set,
// so absent stays null).
type wireSample struct {
	advisor.Snapshot
	Devices       map[string]wireDevice `json:"devices,omitempty"`
	CPU           *wireCPU              `json:"cpu,omitempty"`
	InnoDB        *wireInnoDB           `json:"innodb,omitempty"`
	Status        map[string]float64    `json:"status,omitempty"`
	InnoDBMetrics map[string]float64    `json:"innodb_metrics,omitempty"`
	// NoStatus marks a tick whose status query failed (the snapshot had no status), so a
	// reader does not carry the previous counters into it.
	NoStatus bool `json:"no_status,omitempty"`
}

// wireDevice is iostat.DeviceStats with zero columns left out.
type wireDevice struct {
	RPerSec    float64  `json:"r_s,omitempty"`
	RkBPerSec  float64  `json:"rkB_s,omitempty"`
	RrqmPerSec float64  `json:"rrqm_s,omitempty"`
	RrqmPct    float64  `json:"rrqm_pct,omitempty"`
	RAwaitMs   float64  `json:"r_await,omitempty"`
	RareqSzkB  float64  `json:"rareq_sz,omitempty"`
	WPerSec    float64  `json:"w_s,omitempty"`
	WkBPerSec  float64  `json:"wkB_s,omitempty"`
	WrqmPerSec float64  `json:"wrqm_s,omitempty"`
	WrqmPct    float64  `json:"wrqm_pct,omitempty"`
	WAwaitMs   float64  `json:"w_await,omitempty"`
	WareqSzkB  float64  `json:"wareq_sz,omitempty"`
	DPerSec    *float64 `json:"d_s,omitempty"`
	DkBPerSec  *float64 `json:"dkB_s,omitempty"`
	DrqmPerSec *float64 `json:"drqm_s,omitempty"`
	DrqmPct    *float64 `json:"drqm_pct,omitempty"`
	DAwaitMs   *float64 `json:"d_await,omitempty"`
	DareqSzkB  *float64 `json:"dareq_sz,omitempty"`
	FPerSec    *float64 `json:"f_s,omitempty"`
	FAwaitMs   *float64 `json:"f_await,omitempty"`
	AquSz      float64  `json:"aqu_sz,omitempty"`
	UtilPct    float64  `json:"util,omitempty"`
	// Counters is never recorded; it is here so that the two types convert into each other
	// (the same fields in the same order; only the tags differ).
	Counters *iostat.DeviceCounters `json:"-"`
}

// toWireDevice copies the run record's columns of d (its Counters are not recorded).
func toWireDevice(d iostat.DeviceStats) wireDevice {
	w := wireDevice(d)
	w.Counters = nil
	return w
}

// deviceStats is the inverse of toWireDevice.
func (d wireDevice) deviceStats() iostat.DeviceStats { return iostat.DeviceStats(d) }

// wireCPU is iostat.CPUStats with zero columns left out.
type wireCPU struct {
	UserPct   float64  `json:"user,omitempty"`
	NicePct   float64  `json:"nice,omitempty"`
	SystemPct float64  `json:"system,omitempty"`
	IowaitPct float64  `json:"iowait,omitempty"`
	StealPct  float64  `json:"steal,omitempty"`
	IdlePct   float64  `json:"idle,omitempty"`
	ClientPct float64  `json:"client_pct,omitempty"`
	ServerPct *float64 `json:"server_pct,omitempty"`
}

// wireInnoDB is advisor.InnoDB with zero fields left out.
type wireInnoDB struct {
	LSN                   int64   `json:"lsn,omitempty"`
	CheckpointLSN         int64   `json:"checkpoint_lsn,omitempty"`
	CheckpointAgeBytes    int64   `json:"checkpoint_age_bytes,omitempty"`
	MaxCheckpointAgeBytes int64   `json:"max_checkpoint_age_bytes,omitempty"`
	RedoCapacityBytes     int64   `json:"redo_capacity_bytes,omitempty"`
	DirtyPagesPct         float64 `json:"dirty_pages_pct,omitempty"`
}

// state is what a record knows only at its end (or at a save: so far).
type state struct {
	EndedAt  time.Time         `json:"ended_at"`
	Findings []advisor.Finding `json:"findings"`
	Outcome  Outcome           `json:"outcome"`
	Dump     *advisor.DumpInfo `json:"dump,omitempty"`
	Sampler  *SamplerCost      `json:"sampler,omitempty"`
	Tables   []TableTime       `json:"tables,omitempty"`
	Phases   []PhaseTime       `json:"phases,omitempty"`
	Verdict  *advisor.Verdict  `json:"verdict,omitempty"`
}

// lineWriter encodes version 2 lines, remembering the last status written so that each
// sample carries only what changed.
type lineWriter struct {
	enc         *json.Encoder
	prevStatus  map[string]float64
	prevMetrics map[string]float64
}

func newLineWriter(w io.Writer) *lineWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &lineWriter{enc: enc}
}

func (lw *lineWriter) header(r *Record) error {
	h := *r
	h.Version = Version
	h.Samples = []advisor.Snapshot{}
	h.Findings = []advisor.Finding{}
	h.Tables, h.Phases, h.Sampler, h.Verdict = nil, nil, nil, nil
	h.Server.VariableChanges = nil
	h.Outcome = Outcome{Status: OutcomeInterrupted, Error: "the run record has no final state line"}
	return lw.enc.Encode(&h)
}

func (lw *lineWriter) sample(s advisor.Snapshot) error {
	ws := wireSample{Snapshot: RoundSnapshot(s)}
	if ws.Snapshot.Devices != nil {
		ws.Devices = make(map[string]wireDevice, len(ws.Snapshot.Devices))
		for name, d := range ws.Snapshot.Devices {
			ws.Devices[name] = toWireDevice(d)
		}
	}
	if c := ws.Snapshot.CPU; c != nil {
		wc := wireCPU(*c)
		ws.CPU = &wc
	}
	if in := ws.Snapshot.InnoDB; in != nil {
		wi := wireInnoDB(*in)
		ws.InnoDB = &wi
	}
	ws.Snapshot.Status, ws.Snapshot.InnoDBMetrics = nil, nil
	ws.Snapshot.Devices, ws.Snapshot.CPU, ws.Snapshot.InnoDB = nil, nil, nil
	if s.Status == nil {
		ws.NoStatus = true
	}
	ws.Status = changed(lw.prevStatus, s.Status)
	ws.InnoDBMetrics = changed(lw.prevMetrics, s.InnoDBMetrics)
	if s.Status != nil {
		lw.prevStatus = s.Status
	}
	if s.InnoDBMetrics != nil {
		lw.prevMetrics = s.InnoDBMetrics
	}
	return lw.enc.Encode(lineKind{Sample: &ws})
}

func (lw *lineWriter) change(c advisor.VariableChange) error {
	return lw.enc.Encode(lineKind{VariableChange: &c})
}

func (lw *lineWriter) state(r *Record) error {
	st := state{EndedAt: r.EndedAt, Findings: r.Findings, Outcome: r.Outcome, Dump: r.Dump,
		Sampler: r.Sampler, Tables: r.Tables, Phases: r.Phases, Verdict: r.Verdict}
	if st.Findings == nil {
		st.Findings = []advisor.Finding{}
	}
	return lw.enc.Encode(lineKind{State: &st})
}

// changed returns the entries of cur that prev lacks or holds with another value.
func changed(prev, cur map[string]float64) map[string]float64 {
	var out map[string]float64
	for k, v := range cur {
		if pv, ok := prev[k]; ok && pv == v {
			continue
		}
		if out == nil {
			out = make(map[string]float64)
		}
		out[k] = v
	}
	return out
}

// writeLines writes a whole record as version 2 lines: header, samples with the variable
// changes interleaved at their times, final state.
func writeLines(w io.Writer, r *Record) error {
	bw := bufio.NewWriter(w)
	lw := newLineWriter(bw)
	if err := lw.header(r); err != nil {
		return fmt.Errorf("run record: %w", err)
	}
	changes := r.Server.VariableChanges
	for _, s := range r.Samples {
		for len(changes) > 0 && changes[0].T <= s.T {
			if err := lw.change(changes[0]); err != nil {
				return fmt.Errorf("run record: %w", err)
			}
			changes = changes[1:]
		}
		if err := lw.sample(s); err != nil {
			return fmt.Errorf("run record: %w", err)
		}
	}
	for _, c := range changes {
		if err := lw.change(c); err != nil {
			return fmt.Errorf("run record: %w", err)
		}
	}
	if err := lw.state(r); err != nil {
		return fmt.Errorf("run record: %w", err)
	}
	return bw.Flush()
}

// readLines reads the lines after a version 2 header into rec.
func readLines(dec *json.Decoder, rec *Record) error {
	rec.Samples = rec.Samples[:0]
	rec.Server.VariableChanges = nil
	var status, metrics map[string]float64
	sawState := false
	for n := 2; ; n++ {
		var l lineKind
		err := dec.Decode(&l)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				// A crash mid-line: keep what was whole, as an interrupted run.
				break
			}
			return fmt.Errorf("line %d: %w", n, err)
		}
		switch {
		case l.Sample != nil:
			s := l.Sample.Snapshot
			if l.Sample.Devices != nil {
				s.Devices = make(map[string]iostat.DeviceStats, len(l.Sample.Devices))
				for name, d := range l.Sample.Devices {
					s.Devices[name] = d.deviceStats()
				}
			}
			if c := l.Sample.CPU; c != nil {
				cpu := iostat.CPUStats(*c)
				s.CPU = &cpu
			}
			if in := l.Sample.InnoDB; in != nil {
				v := advisor.InnoDB(*in)
				s.InnoDB = &v
			}
			status = merged(status, l.Sample.Status)
			metrics = merged(metrics, l.Sample.InnoDBMetrics)
			s.Status, s.InnoDBMetrics = status, metrics
			if l.Sample.NoStatus {
				s.Status = nil
			}
			rec.Samples = append(rec.Samples, s)
		case l.VariableChange != nil:
			rec.Server.VariableChanges = append(rec.Server.VariableChanges, *l.VariableChange)
		case l.State != nil:
			sawState = true
			st := l.State
			rec.EndedAt, rec.Findings, rec.Outcome = st.EndedAt, st.Findings, st.Outcome
			rec.Sampler, rec.Tables, rec.Phases, rec.Verdict = st.Sampler, st.Tables, st.Phases, st.Verdict
			if st.Dump != nil {
				rec.Dump = st.Dump
			}
		}
	}
	if !sawState {
		rec.Outcome = Outcome{Status: OutcomeInterrupted, Error: "the run record ends without a final state line (dumpscope stopped before finishing it)"}
		if n := len(rec.Samples); n > 0 {
			rec.EndedAt = rec.StartedAt.Add(time.Duration(rec.Samples[n-1].T * float64(time.Second)))
		}
	}
	if rec.Findings == nil {
		rec.Findings = []advisor.Finding{}
	}
	return nil
}

// merged returns prev with delta applied, sharing prev when delta is empty: the maps of
// a read record are read-only, and most ticks of a long watch change few counters.
func merged(prev, delta map[string]float64) map[string]float64 {
	if len(delta) == 0 {
		return prev
	}
	out := make(map[string]float64, len(prev)+len(delta))
	maps.Copy(out, prev)
	maps.Copy(out, delta)
	return out
}

// roundSig rounds x to 4 significant digits: iostat prints 2 decimals, and a 16-digit
// float tells nothing a reader can use (the issue measured "r_s": 23.959631133473362).
func roundSig(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	e := math.Floor(math.Log10(math.Abs(x)))
	p := math.Pow(10, 3-e)
	return math.Round(x*p) / p
}

func roundSigPtr(x *float64) *float64 {
	if x == nil {
		return nil
	}
	v := roundSig(*x)
	return &v
}

// RoundSnapshot returns s with its rates and percentages rounded (cumulative counters
// and byte positions are integers and stay exact). The live monitor applies it too
// (advisor.MonitorOptions.AsRecorded), so the rules see what advise --run will read.
func RoundSnapshot(s advisor.Snapshot) advisor.Snapshot {
	if s.Devices != nil {
		devs := make(map[string]iostat.DeviceStats, len(s.Devices))
		for name, d := range s.Devices {
			devs[name] = roundDevice(d)
		}
		s.Devices = devs
	}
	if s.CPU != nil {
		c := *s.CPU
		c.UserPct, c.NicePct, c.SystemPct = roundSig(c.UserPct), roundSig(c.NicePct), roundSig(c.SystemPct)
		c.IowaitPct, c.StealPct, c.IdlePct = roundSig(c.IowaitPct), roundSig(c.StealPct), roundSig(c.IdlePct)
		c.ClientPct, c.ServerPct = roundSig(c.ClientPct), roundSigPtr(c.ServerPct)
		s.CPU = &c
	}
	if s.InnoDB != nil {
		in := *s.InnoDB
		in.DirtyPagesPct = roundSig(in.DirtyPagesPct)
		s.InnoDB = &in
	}
	return s
}

func roundDevice(d iostat.DeviceStats) iostat.DeviceStats {
	for _, f := range []*float64{&d.RPerSec, &d.RkBPerSec, &d.RrqmPerSec, &d.RrqmPct, &d.RAwaitMs, &d.RareqSzkB,
		&d.WPerSec, &d.WkBPerSec, &d.WrqmPerSec, &d.WrqmPct, &d.WAwaitMs, &d.WareqSzkB, &d.AquSz, &d.UtilPct} {
		*f = roundSig(*f)
	}
	for _, f := range []**float64{&d.DPerSec, &d.DkBPerSec, &d.DrqmPerSec, &d.DrqmPct, &d.DAwaitMs, &d.DareqSzkB,
		&d.FPerSec, &d.FAwaitMs} {
		*f = roundSigPtr(*f)
	}
	return d
}

// Appender is a version 2 record being appended to its file by a PeriodicSaver.
type Appender struct {
	path string
	f    *os.File
	gz   *gzip.Writer // for a path ending in .gz
	bw   *bufio.Writer
	lw   *lineWriter
	err  error
	// recorder holds the samples not yet appended.
	recorder *Recorder
}

// openStream creates path (truncating an older file) and writes the header.
func openStream(path string, r *Record) (*Appender, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("run record %s: %w", path, err)
	}
	s := &Appender{path: path, f: f, bw: bufio.NewWriterSize(f, 1<<16)}
	if strings.HasSuffix(path, ".gz") {
		// Each save flushes a gzip sync block, so a crash leaves a readable prefix.
		s.gz = gzip.NewWriter(f)
		s.bw = bufio.NewWriterSize(s.gz, 1<<16)
	}
	s.lw = newLineWriter(s.bw)
	if err := s.lw.header(r); err != nil {
		f.Close()
		return nil, fmt.Errorf("run record %s: %w", path, err)
	}
	return s, nil
}

// append writes samples and changes (in time order) and, when st is set, a state line,
// then flushes to the file: the cost is the bytes since the previous append.
func (s *Appender) append(samples []advisor.Snapshot, changes []advisor.VariableChange, st *Record) error {
	if s.err != nil {
		return s.err
	}
	for _, smp := range samples {
		for len(changes) > 0 && changes[0].T <= smp.T {
			if s.err = s.lw.change(changes[0]); s.err != nil {
				return s.wrap()
			}
			changes = changes[1:]
		}
		if s.err = s.lw.sample(smp); s.err != nil {
			return s.wrap()
		}
	}
	for _, c := range changes {
		if s.err = s.lw.change(c); s.err != nil {
			return s.wrap()
		}
	}
	if st != nil {
		if s.err = s.lw.state(st); s.err != nil {
			return s.wrap()
		}
	}
	if s.err = s.bw.Flush(); s.err != nil {
		return s.wrap()
	}
	if s.gz != nil {
		if s.err = s.gz.Flush(); s.err != nil {
			return s.wrap()
		}
	}
	return nil
}

func (s *Appender) wrap() error {
	s.err = fmt.Errorf("run record %s: %w", s.path, s.err)
	return s.err
}

// finish appends what the recorder has not saved yet and the final state, and closes
// the file.
func (s *Appender) finish(r *Record) error {
	samples, changes := s.recorder.drain()
	err := s.append(samples, changes, r)
	if s.gz != nil {
		if gerr := s.gz.Close(); err == nil && gerr != nil {
			err = fmt.Errorf("run record %s: %w", s.path, gerr)
		}
	}
	if cerr := s.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("run record %s: %w", s.path, cerr)
	}
	r.Appender = nil
	return err
}
