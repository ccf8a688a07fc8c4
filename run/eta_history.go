package run

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
	"github.com/dumpscope/dumpscope/runrecord"
)

// An import's ETA from the pace alone is wrong for as long as the dump's tables differ in
// cost per byte (the generated dump's first quarter loads at half the MiB/s of the rest,
// and no pace seen in it tells what comes after). A dump is often imported more than once
// (before and after tuning, on the old server and the new), and the earlier run knows
// where its costs were. So a finished import of a dump file leaves its progress curve in
// the state directory, keyed by the dump's contents, and the next import of the same dump
// follows that curve, scaled to its own pace (advisor.ETAEstimator.Profile). --eta-from
// takes the curve from a run record instead (a run on another server).

// ETAHistoryFormat names the history file's format; ETAHistoryVersion changes when a
// reader of an older version could not read it. The file is a format of its own (one JSON
// object, not a run record): it is kept per dump in the state directory and read by the
// next import of that dump.
const (
	ETAHistoryFormat  = "dumpscope-eta-history"
	ETAHistoryVersion = 1
)

// ETAHistory is one finished import's progress curve, as kept in the state directory.
type ETAHistory struct {
	Format  string                  `json:"format"`
	Version int                     `json:"version"`
	Dump    checkpoint.DumpIdentity `json:"dump"`
	// Filters is the import's filter and rewrite flags (transform.Options'
	// Fingerprint): a run that left tables out has another curve.
	Filters    string             `json:"filters"`
	Parallel   int                `json:"parallel"`
	LoadData   bool               `json:"load_data,omitempty"`
	FinishedAt time.Time          `json:"finished_at"`
	Points     []advisor.ETAPoint `json:"points"`
}

// ETAOptions say which import the ETA is for.
type ETAOptions struct {
	// Source is the import's input: only a dump file (Source.Path) has a history.
	Source importer.Source
	// From is --eta-from: a run record whose progress curve the ETA follows.
	From string
	// Filters is the import's transform.Options.Fingerprint().
	Filters  string
	Parallel int
	LoadData bool
	// Partial is a run that does not apply the whole dump from its start (--resume,
	// --start-at): it follows a curve but leaves none.
	Partial bool
	// Log receives which curve the ETA follows, or why it follows none.
	Log io.Writer
}

// ETA is what an import needs of the ETA's history: the estimator (following an earlier
// curve or not) and where to leave this run's curve.
type ETA struct {
	Estimator *advisor.ETAEstimator
	path      string // the history file of this dump ("": none, e.g. stdin or no state dir)
	hist      ETAHistory
}

// NewETA finds the earlier curve for the dump file (none for a stream: stdin, a pipe, the
// generated sample): the run record of From, else this dump's history file. It says on
// Log which one the ETA follows; an error is why From's cannot be used.
func NewETA(o ETAOptions) (*ETA, error) {
	r := &ETA{Estimator: &advisor.ETAEstimator{}}
	if o.Source.Path == "" {
		if o.From != "" {
			return nil, fmt.Errorf("--eta-from: the ETA follows an earlier run of a dump file; this import reads %s, a stream", o.Source.Name)
		}
		return r, nil
	}
	id, err := checkpoint.IdentifyFile(o.Source.Path)
	if err != nil {
		return nil, err
	}
	r.hist = ETAHistory{Format: ETAHistoryFormat, Version: ETAHistoryVersion, Dump: id,
		Filters: o.Filters, Parallel: o.Parallel, LoadData: o.LoadData}
	if dir := checkpoint.StateDir(); dir != "" && !o.Partial {
		r.path = filepath.Join(dir, "eta", fmt.Sprintf("%.16s-%d.json", id.HeadSHA256, id.Size))
	}
	if o.From != "" {
		p, what, err := ProfileFromRecord(o.From, id)
		if err != nil {
			return nil, fmt.Errorf("--eta-from %s: %w", o.From, err)
		}
		r.Estimator.Profile = p
		logf(o.Log, "dumpscope: the ETA follows %s, scaled to this run's pace\n", what)
		return r, nil
	}
	if r.path == "" {
		return r, nil
	}
	h, err := ReadETAHistory(r.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		logf(o.Log, "dumpscope: ETA from the pace alone: %v\n", err)
	case h.Dump.Size != id.Size || h.Dump.HeadSHA256 != id.HeadSHA256 || h.Filters != r.hist.Filters:
		// Another dump with the same key, or other filters: not this dump's curve.
	default:
		if p, ok := advisor.NewETAProfile(h.Points); ok {
			r.Estimator.Profile = p
			logf(o.Log, "dumpscope: the ETA follows this dump's import of %s (%s, %s), scaled to this run's pace\n",
				h.FinishedAt.Local().Format("2006-01-02 15:04"), units.FormatDuration(p.TotalSeconds()), describeRun(h.Parallel, h.LoadData))
		}
	}
	return r, nil
}

// Save leaves this run's curve for the next import of the dump when the run applied the
// whole dump from its start and finished well (complete: the caller's exit status says
// neither failure nor interruption). A failure to write is said on log, not fatal: the
// import itself is done.
func (r *ETA) Save(res *importer.Result, complete bool, log io.Writer) {
	if r == nil || r.path == "" || res == nil || res.Status != importer.Finished || !complete {
		return
	}
	pts := r.Estimator.Curve()
	if _, ok := advisor.NewETAProfile(pts); !ok {
		return
	}
	r.hist.Points, r.hist.FinishedAt = pts, time.Now().UTC()
	if u := res.Used.Parallel; u > 0 && u < r.hist.Parallel {
		// The server's connection limits left room for fewer workers than --parallel
		// asked: the curve is that of the workers that ran, and the next import that
		// follows it says so.
		r.hist.Parallel = u
	}
	if err := WriteETAHistory(r.path, &r.hist); err != nil {
		logf(log, "dumpscope: could not keep this run's progress curve for the next ETA: %v\n", err)
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

// ReadETAHistory reads a history file; a file of another format or a newer version is
// an error.
func ReadETAHistory(path string) (*ETAHistory, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var h ETAHistory
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if h.Format != ETAHistoryFormat || h.Version > ETAHistoryVersion {
		return nil, fmt.Errorf("%s: not a %s version ≤ %d", path, ETAHistoryFormat, ETAHistoryVersion)
	}
	return &h, nil
}

// WriteETAHistory replaces path atomically (a crash leaves the old curve or the new).
func WriteETAHistory(path string, h *ETAHistory) error {
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

// ProfileFromRecord reads the progress curve of an import's run record: the seconds at
// which it had applied each share of the dump, up to the whole of it. The record must be
// of an import of a dump of the same stored size that reached its end.
func ProfileFromRecord(path string, id checkpoint.DumpIdentity) (*advisor.ETAProfile, string, error) {
	rec, err := runrecord.ReadFile(path)
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
	if n := len(pts); rec.Outcome.Status == runrecord.OutcomeOK && n > 0 && pts[n-1].Fraction < 1 {
		// A short run can end between two ticks: it was whole when the record ended.
		pts = append(pts, advisor.ETAPoint{Fraction: 1, Seconds: rec.EndedAt.Sub(rec.StartedAt).Seconds()})
	}
	p, ok := advisor.NewETAProfile(pts)
	if !ok {
		return nil, "", errors.New("that run did not apply the whole dump (its outcome: " + rec.Outcome.Status + ")")
	}
	return p, fmt.Sprintf("the run of %s in %s (%s)", rec.StartedAt.Local().Format("2006-01-02 15:04"), path, units.FormatDuration(p.TotalSeconds())), nil
}
