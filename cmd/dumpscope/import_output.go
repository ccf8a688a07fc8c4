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

	"github.com/dumpscope/dumpscope/importer"
)

// progressPrinter writes one progress line to w every interval while an import runs.
type progressPrinter struct {
	w        io.Writer
	in       *importer.Input
	progress func() importer.Progress
	interval time.Duration
	began    time.Time
	// extra, when set, returns text appended to each line (the advisor's server side).
	extra func() string

	done chan struct{}
	wg   sync.WaitGroup
}

func newProgressPrinter(w io.Writer, in *importer.Input, progress func() importer.Progress, interval time.Duration, began time.Time) *progressPrinter {
	return &progressPrinter{w: w, in: in, progress: progress, interval: interval, began: began, done: make(chan struct{})}
}

func (p *progressPrinter) start() {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(p.interval)
		defer t.Stop()
		prev, prevAt := p.progress(), time.Now()
		for {
			select {
			case <-p.done:
				return
			case now := <-t.C:
				cur := p.progress()
				line := progressLine(cur, prev, now.Sub(prevAt), p.in.CompressedBytesRead(), p.in.Size, p.in.Format, now.Sub(p.began))
				if p.extra != nil {
					if x := p.extra(); x != "" {
						line += " | " + x
					}
				}
				fmt.Fprintln(p.w, line)
				prev, prevAt = cur, now
			}
		}
	}()
}

func (p *progressPrinter) stop() { close(p.done); p.wg.Wait() }

// progressLine formats one headless progress line. ETA comes from compressed bytes
// consumed against the file size (the only size known up front: gzip's stored length is
// modulo 4 GiB); without a size (stdin) only rates are shown.
func progressLine(cur, prev importer.Progress, dt time.Duration, compressedRead, compressedTotal int64, format string, elapsed time.Duration) string {
	var b strings.Builder
	sec := dt.Seconds()
	if compressedTotal > 0 {
		frac := float64(compressedRead) / float64(compressedTotal)
		fmt.Fprintf(&b, "%5.1f%% ", 100*frac)
		if format != "plain" {
			fmt.Fprintf(&b, "%s/%s %s, ", mb(compressedRead), mb(compressedTotal), format)
		}
		fmt.Fprintf(&b, "%s sql", mb(cur.Bytes))
		if frac > 0.001 {
			remain := time.Duration(float64(elapsed) * (1 - frac) / frac)
			fmt.Fprintf(&b, ", ETA %s", clock(remain))
		}
	} else {
		fmt.Fprintf(&b, "%s sql", mb(cur.Bytes))
	}
	fmt.Fprintf(&b, " | %d stmts, %d rows | %.1f MB/s, %.0f rows/s", cur.Statements, cur.Rows,
		float64(cur.Bytes-prev.Bytes)/1e6/sec, float64(cur.Rows-prev.Rows)/sec)
	if cur.Errors > 0 {
		fmt.Fprintf(&b, " | %d errors", cur.Errors)
	}
	if cur.Table != "" {
		fmt.Fprintf(&b, " | %s", cur.Table)
	}
	fmt.Fprintf(&b, " | %s", clock(elapsed))
	return b.String()
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func clock(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

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
	fmt.Fprintf(w, "dumpscope: %s in %s: %s of SQL, %d statements, %d rows (%.1f MB/s, %.0f rows/s)\n",
		status, clock(took), mb(res.Bytes), res.Statements, res.Rows,
		float64(res.Bytes)/1e6/took.Seconds(), float64(res.Rows)/took.Seconds())
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
