package main

import (
	"database/sql"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// The processlist samples say what a connection is doing every 100 ms, and wall clock on
// a shared machine (load 5–30) stretches every phase. -statements reads the server's own
// record instead: performance_schema's statement history, whose timestamps are the
// server's, so the phases (connect and preflight, the first row statement, the tail where
// one connection writes alone, the row counts, the checkpoint's end) and the time in which
// fewer than two connections were inside a statement come out of one run without the
// sampler's 100 ms grain. It is the measurement issue 24's "wall time not covered by
// CPU" asks for: a second in which a connection runs no statement is a second its core
// can idle.

// statementSettings are the server options -statements adds: the history must hold every
// statement of the run (a 200 MiB dump sends a few thousand).
var statementSettings = []string{
	"performance_schema=ON",
	"performance_schema_events_statements_history_long_size=200000",
	"performance-schema-consumer-events-statements-current=ON",
	"performance-schema-consumer-events-statements-history-long=ON",
}

// stmt is one statement in the server's history.
type stmt struct {
	thread     int64
	start, end time.Duration // server timer, from the first loader statement
	verb       string        // INSERT, LOAD, COMMIT, COUNT (a SELECT COUNT(*)), PROGRESS (a progress-schema write), …
	text       string
}

// readStatements reads the history of every thread but self's (the timeline's own).
func readStatements(db *sql.DB, selfThread int64) ([]stmt, error) {
	var total int
	if err := db.QueryRow("SELECT COUNT(*) FROM performance_schema.events_statements_history_long").Scan(&total); err == nil && total == 0 {
		return nil, fmt.Errorf("the statement history is empty: is performance_schema on in the sandbox?")
	}
	rows, err := db.Query("SELECT THREAD_ID, TIMER_START, TIMER_END, LEFT(COALESCE(SQL_TEXT,''), 200) FROM performance_schema.events_statements_history_long WHERE THREAD_ID <> ? AND TIMER_END IS NOT NULL ORDER BY TIMER_START", selfThread)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []stmt
	var t0 int64 = -1
	for rows.Next() {
		var th, s, e int64
		var text string
		if err := rows.Scan(&th, &s, &e, &text); err != nil {
			return nil, err
		}
		if t0 < 0 {
			t0 = s
		}
		out = append(out, stmt{thread: th, start: time.Duration((s - t0) / 1000), end: time.Duration((e - t0) / 1000), verb: verbOf(text), text: text})
	}
	return out, rows.Err()
}

// verbOf classifies a statement's text for the phase table.
func verbOf(text string) string {
	t := strings.ToUpper(strings.TrimLeft(text, "/*!0123456789 \n\t"))
	switch {
	case strings.Contains(t, strings.ToUpper(checkpoint.ProgressSchema)):
		return "PROGRESS"
	case strings.HasPrefix(t, "SELECT COUNT(*) FROM `") && !strings.Contains(t, "INFORMATION_SCHEMA"):
		return "COUNT"
	}
	w := t
	if i := strings.IndexAny(w, " \n\t("); i > 0 {
		w = w[:i]
	}
	return w
}

// reportStatements prints the phases and the concurrency: for each thread its first and
// last statement and the time inside statements by verb; then how long 0, 1 and 2+ threads
// were inside a statement between the first and the last.
func reportStatements(w io.Writer, ss []stmt) {
	if len(ss) == 0 {
		fmt.Fprintln(w, "statements: none in the history")
		return
	}
	type acc struct {
		n           int
		first, last time.Duration
		busy        time.Duration
		byVerb      map[string]time.Duration
		nVerb       map[string]int
	}
	threads := map[int64]*acc{}
	var end time.Duration
	firstRow, lastRow := time.Duration(-1), time.Duration(0)
	firstCount, lastCount := time.Duration(-1), time.Duration(0)
	for _, s := range ss {
		a := threads[s.thread]
		if a == nil {
			a = &acc{first: s.start, byVerb: map[string]time.Duration{}, nVerb: map[string]int{}}
			threads[s.thread] = a
		}
		a.n++
		a.last = s.end
		a.busy += s.end - s.start
		a.byVerb[s.verb] += s.end - s.start
		a.nVerb[s.verb]++
		if s.end > end {
			end = s.end
		}
		if (s.verb == "INSERT" || s.verb == "LOAD") && !strings.Contains(strings.ToLower(s.text), "information_schema") {
			if firstRow < 0 {
				firstRow = s.start
			}
			if s.end > lastRow {
				lastRow = s.end
			}
		}
		if s.verb == "COUNT" {
			if firstCount < 0 {
				firstCount = s.start
			}
			if s.end > lastCount {
				lastCount = s.end
			}
		}
	}
	fmt.Fprintf(w, "\nserver statement history (-statements): %d statements, first to last %.3f s (server time)\n", len(ss), end.Seconds())
	fmt.Fprintf(w, "  first row INSERT/LOAD starts at %.3f s, the last ends at %.3f s\n", firstRow.Seconds(), lastRow.Seconds())
	if firstCount >= 0 {
		fmt.Fprintf(w, "  row counts (SELECT COUNT(*)) %.3f–%.3f s\n", firstCount.Seconds(), lastCount.Seconds())
	}
	var ids []int64
	for id := range threads {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool { return ids[a] < ids[b] })
	for _, id := range ids {
		a := threads[id]
		fmt.Fprintf(w, "  thread %d: %d statements, %.3f–%.3f s, inside statements %.3f s:", id, a.n, a.first.Seconds(), a.last.Seconds(), a.busy.Seconds())
		var vs []string
		for v := range a.byVerb {
			vs = append(vs, v)
		}
		sort.Slice(vs, func(x, y int) bool { return a.byVerb[vs[x]] > a.byVerb[vs[y]] })
		for i, v := range vs {
			if i == 6 {
				break
			}
			fmt.Fprintf(w, " %s %d/%.3f", v, a.nVerb[v], a.byVerb[v].Seconds())
		}
		fmt.Fprintln(w)
	}
	// Before the first row: every statement of 5 ms or more, and the gaps of 20 ms or more
	// on the connection that ran it (what the start is made of).
	lastOf := map[int64]time.Duration{}
	for _, s := range ss {
		if s.start >= firstRow {
			break
		}
		gap := s.start - lastOf[s.thread]
		if s.end-s.start >= 5*time.Millisecond || gap >= 20*time.Millisecond {
			fmt.Fprintf(w, "  start: thread %d %.3f–%.3f s (%.0f ms, %.0f ms after its last) %s\n", s.thread, s.start.Seconds(), s.end.Seconds(), float64(s.end-s.start)/1e6, float64(gap)/1e6, clip(s.text))
		}
		lastOf[s.thread] = s.end
	}
	// Row statements of 10 ms or more, per thread: which table, when.
	rowsOf := map[int64][]string{}
	for _, s := range ss {
		if (s.verb == "INSERT" || s.verb == "LOAD") && s.end-s.start >= 10*time.Millisecond {
			t := writeTarget(s.text)
			if i := strings.LastIndexByte(t, '.'); i >= 0 {
				t = t[i+1:]
			}
			rowsOf[s.thread] = append(rowsOf[s.thread], fmt.Sprintf("%s %.2f–%.2f", t, s.start.Seconds(), s.end.Seconds()))
		}
	}
	for _, id := range ids {
		if len(rowsOf[id]) > 0 {
			fmt.Fprintf(w, "  rows thread %d: %s\n", id, strings.Join(rowsOf[id], ", "))
		}
	}
	// Gaps: a thread that wrote rows (a worker) outside any statement for 50 ms or more
	// between two of its own; the control connection's and the sampler's waits are theirs.
	last := map[int64]stmt{}
	for _, s := range ss {
		if p, ok := last[s.thread]; ok && len(rowsOf[s.thread]) > 0 && s.start-p.end >= 50*time.Millisecond {
			fmt.Fprintf(w, "  gap thread %d %.3f–%.3f s (%.3f s) after %s before %s\n", s.thread, p.end.Seconds(), s.start.Seconds(), (s.start - p.end).Seconds(), clip(p.text), clip(s.text))
		}
		last[s.thread] = s
	}
	// Concurrency: sweep the start and end events.
	type ev struct {
		at time.Duration
		d  int
	}
	var evs []ev
	for _, s := range ss {
		evs = append(evs, ev{s.start, 1}, ev{s.end, -1})
	}
	sort.Slice(evs, func(a, b int) bool {
		if evs[a].at != evs[b].at {
			return evs[a].at < evs[b].at
		}
		return evs[a].d < evs[b].d
	})
	var in [3]time.Duration
	// per phase: before the first row, rows, after the last row
	var phase [3][3]time.Duration
	cur := 0
	prev := evs[0].at
	var alone time.Duration = -1 // start of the stretch with at most one thread inside a statement
	var stretches []string
	for _, e := range evs {
		if cur >= 2 && e.d < 0 && cur+e.d < 2 {
			alone = e.at
		}
		if cur < 2 && cur+e.d >= 2 && alone >= 0 && e.at-alone >= 100*time.Millisecond {
			stretches = append(stretches, fmt.Sprintf("%.2f–%.2f", alone.Seconds(), e.at.Seconds()))
		}
		k := min(cur, 2)
		in[k] += e.at - prev
		p := 1
		switch {
		case prev < firstRow:
			p = 0
		case prev >= lastRow:
			p = 2
		}
		phase[p][k] += e.at - prev
		cur += e.d
		prev = e.at
	}
	if len(stretches) > 0 {
		fmt.Fprintf(w, "  stretches of 100 ms or more with fewer than two threads inside a statement: %s\n", strings.Join(stretches, ", "))
	}
	fmt.Fprintf(w, "  threads inside a statement: none %.3f s, one %.3f s, two or more %.3f s\n", in[0].Seconds(), in[1].Seconds(), in[2].Seconds())
	for p, name := range []string{"before the first row", "first to last row", "after the last row"} {
		fmt.Fprintf(w, "    %-22s none %.3f s, one %.3f s, two or more %.3f s\n", name, phase[p][0].Seconds(), phase[p][1].Seconds(), phase[p][2].Seconds())
	}
}

// clip shortens a statement's text for one line.
func clip(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	if len(t) > 60 {
		return t[:60] + "…"
	}
	return t
}
