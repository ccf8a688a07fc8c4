package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
)

func mb(n int64) string { return advisor.HumanBytes(float64(n)) }

// clock is advisor.Clock for a duration: one way of writing time to people.
func clock(d time.Duration) string { return advisor.Clock(d.Seconds()) }

// importSummary prints what happened, verifies per-table row counts in the server against
// the rows the dump carried (when countRows), and returns the exit code.
// The row counts run on all of conns at once.
func importSummary(ctx context.Context, s stdio, in *importer.Input, conns []*sql.Conn, res *importer.ReplayResult, runErr error, took time.Duration, countRows bool) int {
	if runErr != nil {
		fmt.Fprintln(s.Err, "dumpscope import:", runErr)
	}
	w := s.Out
	status := "finished"
	switch {
	case errors.Is(runErr, importer.ErrStopped), errors.Is(runErr, context.Canceled):
		status = "interrupted"
	case runErr != nil:
		status = "failed"
	}
	fmt.Fprintf(w, "dumpscope: %s in %s: %s of SQL, %d statements, %d rows (%s/s, %.0f rows/s)\n",
		status, clock(took), mb(res.Bytes), res.Statements, res.Rows,
		mb(int64(float64(res.Bytes)/took.Seconds())), float64(res.Rows)/took.Seconds())
	if runErr != nil || status != "finished" {
		if res.SentBytes > res.Bytes {
			fmt.Fprintf(w, "dumpscope: everything up to offset %d of %s was executed; statements up to offset %d were sent on other connections and may have committed (the progress rows record which; --resume skips exactly those)\n", res.Bytes, in.Name, res.SentBytes)
		} else {
			fmt.Fprintf(w, "dumpscope: everything up to offset %d of %s was executed (statements after it were not sent)\n", res.Bytes, in.Name)
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
	if countRows && runErr == nil && ctx.Err() == nil {
		verifyRowCounts(ctx, w, conns, res.Tables)
	}
	switch {
	case status == "interrupted":
		return exitInterrupted
	case runErr != nil:
		return exitFailure
	case res.Errors > 0:
		return exitSQLErrors
	}
	return exitOK
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

// verifyRowCounts compares COUNT(*) in the server with the rows the dump's INSERTs carried.
// A difference is not always an error (INSERT IGNORE, REPLACE, triggers that write other
// tables), so it is shown, not fatal. COUNT(*) reads a whole index, which on a large
// restore takes a while per table, so the tables are counted on all connections at once.
func verifyRowCounts(ctx context.Context, w io.Writer, conns []*sql.Conn, tables []importer.TableCount) {
	if len(tables) == 0 {
		return
	}
	counts := make([]int64, len(tables))
	errs := make([]error, len(tables))
	next := make(chan int, len(tables))
	for i := range tables {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Add(1)
		go func(c *sql.Conn) {
			defer wg.Done()
			for i := range next {
				t := tables[i]
				q := fmt.Sprintf("SELECT COUNT(*) FROM %s.%s", quoteIdent(t.Database), quoteIdent(t.Table))
				errs[i] = c.QueryRowContext(ctx, q).Scan(&counts[i])
			}
		}(c)
	}
	wg.Wait()
	fmt.Fprintf(w, "%-40s %12s %12s\n", "table", "dump rows", "server rows")
	for i, t := range tables {
		name := t.Database + "." + t.Table
		if errs[i] != nil {
			fmt.Fprintf(w, "%-40s %12d %12s\n", name, t.Rows, "error: "+errs[i].Error())
			continue
		}
		mark := ""
		if counts[i] != t.Rows {
			mark = "  differs"
		}
		fmt.Fprintf(w, "%-40s %12d %12d%s\n", name, t.Rows, counts[i], mark)
	}
}

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
