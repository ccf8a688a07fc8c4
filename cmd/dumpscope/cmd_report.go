package main

import (
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/report"
)

// completeImportRecord adds to a finished import's record what only the replay result
// knows: the warning and skipped-error counts with the first of each, and the rows the
// dump held per table (the recorder timed the tables from the ticks).
func completeImportRecord(rec *report.Record, res *importer.ReplayResult) {
	if res == nil {
		return
	}
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
			// Loaded between two ticks: known to the replayer, never seen current.
			i, ok = idx[tc.Table]
		}
		if !ok {
			rec.Tables = append(rec.Tables, report.TableTime{Name: name})
			i = len(rec.Tables) - 1
			idx[name] = i
		}
		rec.Tables[i].Rows = tc.Rows
	}
}
