package run

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/runrecord"
)

// Record finishes the session's run record with the import's outcome and totals: the
// one mapping of an importer.Result to a run record, for import, bench and the scripts
// alike (bench once wrote records without the outcome's place, the largest statement,
// the compressed size, the warnings, the tables' rows and the row check). interrupted
// says the run stopped before its end and may continue (a stop, or a journal kept for
// --resume): the outcome is then "interrupted" whatever the error. A second call with
// the same result finishes the record again. Nil without a session.
func (r *Result) Record(interrupted bool) *runrecord.Record {
	if r == nil || r.Session == nil {
		return nil
	}
	out := runrecord.Outcome{Status: runrecord.OutcomeOK}
	var runErr error
	if r.Result != nil {
		runErr = r.Err
	}
	switch {
	case interrupted:
		out.Status = runrecord.OutcomeInterrupted
	case runErr != nil:
		out.Status, out.Error = runrecord.OutcomeError, runErr.Error()
		var se *importer.StatementError
		var sp *split.SplitError
		switch {
		case errors.As(runErr, &se):
			out.Offset, out.Line = &se.Offset, &se.Line
		case errors.As(runErr, &sp):
			out.Offset, out.Line = &sp.Offset, &sp.Line
		}
	}
	rec := r.Session.Finish(out)
	if r.Result == nil || r.Replay == nil {
		return rec
	}
	completeRecord(rec, r.Result)
	if rec.Dump != nil {
		res := r.Replay
		rec.Dump.Bytes = res.Bytes
		rec.Dump.Statements = res.Statements
		rec.Dump.Rows = res.Rows
		rec.Dump.LargestStatementBytes = res.LargestStatementBytes
		if r.Input != nil {
			rec.Dump.CompressedBytes = r.Input.CompressedBytesRead()
		}
	}
	return rec
}

// completeRecord adds to a finished import's record what only the import's result
// knows: the warning and skipped-error counts with the first of each, the rows the dump
// held per table (the recorder timed the tables from the ticks), and the row check.
func completeRecord(rec *runrecord.Record, r *importer.Result) {
	res := r.Replay
	rec.Outcome.Warnings, rec.Outcome.Errors = res.Warnings, res.Errors
	for _, w := range res.WarningList {
		rec.Outcome.WarningList = append(rec.Outcome.WarningList, w.String())
	}
	for _, e := range res.ErrorList {
		rec.Outcome.ErrorList = append(rec.Outcome.ErrorList, e.Error())
	}
	idx := map[string]int{}
	for i, t := range rec.Tables {
		idx[t.Name] = i
	}
	for _, tc := range res.Tables {
		name := tc.Table
		if tc.Database != "" {
			name = tc.Database + "." + tc.Table
		}
		i, ok := idx[name]
		if !ok {
			// The ticks name a table as the importer's progress does: unqualified when
			// the dump's statements are.
			i, ok = idx[tc.Table]
		}
		if !ok {
			// Loaded between two ticks: known to the replayer, never seen current. Named
			// as the ticks name tables, with the database: unqualified, a report listed
			// audit_log beside dumpscope_gen.customers.
			rec.Tables = append(rec.Tables, runrecord.TableTime{Name: name})
			i = len(rec.Tables) - 1
			idx[name] = i
		}
		rec.Tables[i].Rows = tc.Rows
	}
	if len(r.RowCounts) > 0 {
		rc := &runrecord.RowCheck{Tables: len(r.RowCounts)}
		for _, c := range r.RowCounts {
			if c.Err != nil || c.ServerRows != c.Rows {
				name := c.Table
				if c.Database != "" {
					name = c.Database + "." + c.Table
				}
				rc.Differing = append(rc.Differing, name)
			}
		}
		rec.Outcome.RowCheck = rc
	}
}

// RecordPath checks before a run starts (not after it succeeded) that its record can be
// written at path, and keeps an interrupted run's record when the run resuming it
// (resume) names the same file: it returns a free path beside it (run.resume-1.json …),
// which the caller says it writes to instead.
func RecordPath(path string, resume bool) (string, error) {
	if resume {
		if _, err := os.Stat(path); err == nil {
			ext := filepath.Ext(path)
			base := strings.TrimSuffix(path, ext)
			for n := 1; ; n++ {
				p := fmt.Sprintf("%s.resume-%d%s", base, n, ext)
				if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
					path = p
					break
				}
			}
		}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("--record %s: cannot write in %s: %v", path, dir, err)
	}
	f.Close()
	return path, os.Remove(f.Name())
}
