package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/units"
)

// importSummary prints what happened and the per-table row counts, and returns the exit
// code.
func importSummary(s stdio, r *importer.Result) int {
	res, runErr, in := r.Replay, r.Err, r.Input
	if runErr != nil {
		printError(s.Err, "import", runErr)
	}
	w := s.Out
	took := r.Took
	fmt.Fprintf(w, "dumpscope: %s in %s: %s of SQL, %d statements, %d rows (%s/s, %.0f rows/s)\n",
		r.Status, units.FormatDuration(took.Seconds()), units.FormatBytes(float64(res.Bytes)), res.Statements, res.Rows,
		units.FormatBytes(float64(res.Bytes)/took.Seconds()), float64(res.Rows)/took.Seconds())
	if r.Status != importer.Finished {
		if res.SentBytes > res.Bytes {
			fmt.Fprintf(w, "dumpscope: everything up to offset %d of %s was executed; statements up to offset %d were sent on other connections and may have committed (the progress rows record which; --resume skips exactly those)\n", res.Bytes, in.Name, res.SentBytes)
		} else {
			fmt.Fprintln(w, "dumpscope: "+r.Executed())
		}
	}
	if res.Warnings > 0 {
		fmt.Fprintf(w, "dumpscope: the server raised %d warnings (silent truncation or conversion shows here):\n", res.Warnings)
		lines := make([]string, len(res.WarningList))
		for i, sw := range res.WarningList {
			lines[i] = sw.String()
		}
		printCapped(w, lines, res.Warnings)
	}
	if res.Errors > 0 {
		fmt.Fprintf(w, "dumpscope: %d SQL errors were skipped under --force:\n", res.Errors)
		lines := make([]string, len(res.ErrorList))
		for i, e := range res.ErrorList {
			lines[i] = e.Error()
		}
		printCapped(w, lines, res.Errors)
	}
	if ld := res.LoadData; ld != nil {
		if ld.Off != "" {
			fmt.Fprintln(s.Err, "dumpscope:", ld.Off)
		}
		for _, n := range ld.Notes {
			fmt.Fprintln(s.Err, "dumpscope:", n)
		}
		fmt.Fprintln(w, loadDataLine(ld))
	}
	if res.SpooledBytes > 0 {
		// Disk the read-ahead used, and what it cost: the spool's writes are client CPU.
		fmt.Fprintf(w, "dumpscope: --parallel: %s of SQL went through the read-ahead spool in $TMPDIR to give a worker a table of its own\n", units.FormatBytes(float64(res.SpooledBytes)))
	}
	printRowCounts(w, r.RowCounts)
	switch {
	case r.Status == importer.Interrupted:
		return exitInterrupted
	case runErr != nil:
		return exitFailure
	case res.Errors > 0:
		return exitSQLErrors
	}
	return exitOK
}

// loadDataLine counts the batches loaded in bulk and those that ran as INSERTs, and why,
// naming only the reasons that hold ("3 ran as INSERTs: 0 after a LOAD that was not clean
// …, the others …" read as if something had been rolled back).
func loadDataLine(ld *replay.LoadDataStats) string {
	line := fmt.Sprintf("dumpscope: --load-data: %d batches loaded in bulk", ld.Loaded)
	const rolledBack, inexact = "after a LOAD that was not clean (a warning or a row the server skipped) was rolled back", "not provably exact as LOAD DATA"
	switch replayed := min(ld.Replayed, ld.AsInserts); {
	case ld.AsInserts == 0:
		return line
	case replayed == 0:
		return fmt.Sprintf("%s; %d ran as INSERTs, %s", line, ld.AsInserts, inexact)
	case replayed == ld.AsInserts:
		return fmt.Sprintf("%s; %d ran as INSERTs %s", line, ld.AsInserts, rolledBack)
	default:
		return fmt.Sprintf("%s; %d ran as INSERTs: %d %s, the others %s", line, ld.AsInserts, replayed, rolledBack, inexact)
	}
}

// printCapped prints the kept entries of a list that counted total, indented, and how many
// more there were.
func printCapped(w io.Writer, kept []string, total int64) {
	for _, l := range kept {
		fmt.Fprintln(w, "  "+l)
	}
	if n := total - int64(len(kept)); n > 0 {
		fmt.Fprintf(w, "  … and %d more\n", n)
	}
}

// printRowCounts shows each table's rows in the dump beside COUNT(*) in the server; a
// difference is marked, not fatal (INSERT IGNORE, REPLACE and triggers make it legitimate).
func printRowCounts(w io.Writer, counts []importer.RowCount) {
	if len(counts) == 0 {
		return
	}
	fmt.Fprintf(w, "%-40s %12s %12s\n", "table", "dump rows", "server rows")
	for _, c := range counts {
		name := c.Database + "." + c.Table
		var me *mysql.MySQLError
		if errors.As(c.Err, &me) && me.Number == 1146 {
			// The dump dropped or renamed it after its rows (RENAME TABLE, DROP TABLE).
			fmt.Fprintf(w, "%-40s %12d %12s\n", name, c.Rows, "gone (dropped or renamed by the dump)")
			continue
		}
		if c.Err != nil {
			fmt.Fprintf(w, "%-40s %12d %12s\n", name, c.Rows, "error: "+c.Err.Error())
			continue
		}
		mark := ""
		if c.ServerRows != c.Rows {
			mark = "  differs"
		}
		fmt.Fprintf(w, "%-40s %12d %12d%s\n", name, c.Rows, c.ServerRows, mark)
	}
}
