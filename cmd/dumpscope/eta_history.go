package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/internal/atomicfile"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/report"
)

// An import's ETA from the pace alone is wrong for as long as the dump's tables differ in
// cost per byte (the generated dump's first quarter loads at half the MiB/s of the rest,
// and no pace seen in it tells what comes after). A dump is often imported more than once
// (before and after tuning, on the old server and the new), and the earlier run knows
// where its costs were. So a finished import of a dump file leaves its progress curve in
// the state directory, keyed by the dump's contents, and the next import of the same dump
// follows that curve, scaled to its own pace (advisor.ETAEstimator.Profile). --eta-from
// takes the curve from a run record instead (a run on another server).

// etaHistoryFormat names the file's format; etaHistoryVersion changes when a reader of an
// older version could not read it.
const (
	etaHistoryFormat  = "dumpscope-eta-history"
	etaHistoryVersion = 1
)

// etaHistory is one finished import's progress curve, as kept in the state directory.
type etaHistory struct {
	Format  string                  `json:"format"`
	Version int                     `json:"version"`
	Dump    checkpoint.DumpIdentity `json:"dump"`
	// Filters is the import's filter and rewrite flags (importer.TransformOptions'
	// Fingerprint): a run that left tables out has another curve.
	Filters    string             `json:"filters"`
	Parallel   int                `json:"parallel"`
	LoadData   bool               `json:"load_data,omitempty"`
	FinishedAt time.Time          `json:"finished_at"`
	Points     []advisor.ETAPoint `json:"points"`
}

// etaRun is what the import needs of the ETA's history: the estimator (following an
// earlier curve or not) and where to leave this run's curve.
type etaRun struct {
	eta  *advisor.ETAEstimator
	path string // the history file of this dump ("": none, e.g. stdin or no state dir)
	hist etaHistory
}

// newETARun finds the earlier curve for the dump file src (none for a stream: stdin, a
// pipe, the generated sample): the run record of --eta-from, else this dump's history
// file. It says which one the ETA follows, or why --eta-from's cannot be used (an error).
func newETARun(o *importOptions, src importer.Source, s stdio) (*etaRun, error) {
	r := &etaRun{eta: &advisor.ETAEstimator{}}
	if src.Path == "" {
		if o.etaFrom != "" {
			return nil, fmt.Errorf("--eta-from: the ETA follows an earlier run of a dump file; this import reads %s, a stream", src.Name)
		}
		return r, nil
	}
	id, err := checkpoint.IdentifyFile(src.Path)
	if err != nil {
		return nil, err
	}
	topt, _ := o.transform.options() // a bad flag is said where the import takes them
	r.hist = etaHistory{Format: etaHistoryFormat, Version: etaHistoryVersion, Dump: id,
		Filters: topt.Fingerprint(), Parallel: o.parallel, LoadData: o.loadData}
	if dir := checkpoint.StateDir(); dir != "" && !o.resume && topt.StartAt == 0 {
		r.path = filepath.Join(dir, "eta", fmt.Sprintf("%.16s-%d.json", id.HeadSHA256, id.Size))
	}
	if o.etaFrom != "" {
		p, what, err := profileFromRecord(o.etaFrom, id)
		if err != nil {
			return nil, fmt.Errorf("--eta-from %s: %w", o.etaFrom, err)
		}
		r.eta.Profile = p
		fmt.Fprintf(s.Err, "dumpscope: the ETA follows %s, scaled to this run's pace\n", what)
		return r, nil
	}
	if r.path == "" {
		return r, nil
	}
	h, err := readETAHistory(r.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		fmt.Fprintf(s.Err, "dumpscope: ETA from the pace alone: %v\n", err)
	case h.Dump.Size != id.Size || h.Dump.HeadSHA256 != id.HeadSHA256 || h.Filters != r.hist.Filters:
		// Another dump with the same key, or other filters: not this dump's curve.
	default:
		if p, ok := advisor.NewETAProfile(h.Points); ok {
			r.eta.Profile = p
			fmt.Fprintf(s.Err, "dumpscope: the ETA follows this dump's import of %s (%s, %s), scaled to this run's pace\n",
				h.FinishedAt.Local().Format("2006-01-02 15:04"), units.FormatDuration(p.TotalSeconds()), describeRun(h.Parallel, h.LoadData))
		}
	}
	return r, nil
}

// save leaves this run's curve for the next import of the dump when the run applied the
// whole dump from its start (a resumed or --start-at run has only part of the curve). A
// failure to write is said, not fatal: the import itself is done.
func (r *etaRun) save(res *importer.Result, code int, s stdio) {
	if r == nil || r.path == "" || res == nil || res.Status != importer.Finished || code == exitFailure || code == exitInterrupted {
		return
	}
	pts := r.eta.Curve()
	if _, ok := advisor.NewETAProfile(pts); !ok {
		return
	}
	r.hist.Points, r.hist.FinishedAt = pts, time.Now().UTC()
	if err := writeETAHistory(r.path, &r.hist); err != nil {
		fmt.Fprintln(s.Err, "dumpscope: could not keep this run's progress curve for the next ETA:", err)
	}
}

func describeRun(parallel int, loadData bool) string {
	d := fmt.Sprintf("--parallel %d", parallel)
	if parallel <= 1 {
		d = "serial"
	}
	if loadData {
		d += " --load-data"
	}
	return d
}

func readETAHistory(path string) (*etaHistory, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var h etaHistory
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if h.Format != etaHistoryFormat || h.Version > etaHistoryVersion {
		return nil, fmt.Errorf("%s: not a %s version ≤ %d", path, etaHistoryFormat, etaHistoryVersion)
	}
	return &h, nil
}

// writeETAHistory replaces path atomically (a crash leaves the old curve or the new).
func writeETAHistory(path string, h *etaHistory) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, atomicfile.Options{}, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// profileFromRecord reads the progress curve of an import's run record: the seconds at
// which it had applied each share of the dump, up to the whole of it. The record must be
// of an import of a dump of the same stored size that reached its end.
func profileFromRecord(path string, id checkpoint.DumpIdentity) (*advisor.ETAProfile, string, error) {
	rec, err := report.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	if rec.Dump == nil || rec.Dump.Bytes <= 0 {
		return nil, "", errors.New("not the record of an import (no dump in it)")
	}
	stored := rec.Dump.CompressedBytes
	if stored <= 0 {
		stored = rec.Dump.Bytes
	}
	if stored != id.Size {
		return nil, "", fmt.Errorf("that run imported %s (%d bytes), this dump is %d bytes", rec.Dump.Name, stored, id.Size)
	}
	var pts []advisor.ETAPoint
	for _, sm := range rec.Samples {
		if sm.Import != nil {
			pts = append(pts, advisor.ETAPoint{Fraction: min(float64(sm.Import.Bytes)/float64(rec.Dump.Bytes), 1), Seconds: sm.T})
		}
	}
	if n := len(pts); rec.Outcome.Status == report.OutcomeOK && n > 0 && pts[n-1].Fraction < 1 {
		// A short run can end between two ticks: it was whole when the record ended.
		pts = append(pts, advisor.ETAPoint{Fraction: 1, Seconds: rec.EndedAt.Sub(rec.StartedAt).Seconds()})
	}
	p, ok := advisor.NewETAProfile(pts)
	if !ok {
		return nil, "", errors.New("that run did not apply the whole dump (its outcome: " + rec.Outcome.Status + ")")
	}
	return p, fmt.Sprintf("the run of %s in %s (%s)", rec.StartedAt.Local().Format("2006-01-02 15:04"), path, units.FormatDuration(p.TotalSeconds())), nil
}
