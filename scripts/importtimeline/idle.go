package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

// Where the workers idle. The concurrency sweep of reportStatements counts every
// statement, the control connection's and the INNODB_TRX polls of a batch waiting for its
// turn among them, so a worker that polls counts as inside a statement. reportIdle counts
// only the work of the rows — a worker inside a row INSERT or LOAD, its progress row or
// its COMMIT is busy — and names, for each stretch in which a worker is not busy, what it
// was between (issue 24's "where each gap comes from"):
//
//	commit order   after its batch's last row statement, before its progress row or
//	               COMMIT: the batch waits for an earlier batch of its table (turn.go);
//	               the polls of INNODB_TRX fall in it
//	between batches after a COMMIT, before the next batch's first row statement: claiming
//	               the next entry, its session statements, START TRANSACTION
//	inside a batch between two row statements of one batch: the client sending the next
//	before first / after last: the worker's own start and end
//	first batch's lock  inside a row statement that began while another worker's batch
//	               of the table's first rows was open, up to that batch's COMMIT: where
//	               that batch took InnoDB's bulk insert into the empty table (bulkpath.go),
//	               its table lock held the statement until then
//
// The busy-connection seconds are counted from the first row statement to the last.

// workKind classifies a worker's statement: "row", "commit" and "progress" are busy.
func workKind(s stmt) string {
	up := strings.ToUpper(s.text)
	switch {
	case strings.Contains(up, "INNODB_TRX"):
		return "poll"
	case s.verb == "PROGRESS":
		return "progress"
	case s.verb == "COMMIT":
		return "commit"
	case (s.verb == "INSERT" || s.verb == "LOAD" || s.verb == "REPLACE") && writeTarget(s.text) != "":
		return "row"
	}
	return "other"
}

func busyKind(k string) bool { return k == "row" || k == "commit" || k == "progress" }

// gapCause names an idle stretch of a worker by its busy statements before (prev) and
// after (next); prev or next "" at the worker's start or end.
func gapCause(prev, next string) string {
	switch {
	case prev == "":
		return "before first"
	case next == "":
		return "after last"
	case prev == "row" && (next == "progress" || next == "commit"):
		return "commit order"
	case prev == "commit":
		return "between batches"
	case prev == "row" && next == "row":
		return "inside a batch"
	}
	return prev + "→" + next
}

// reportIdle prints the busy-connection seconds of the workers (threads that ran row
// statements) between the first and the last row statement, and the causes of the time
// with fewer than all of them busy.
func reportIdle(w io.Writer, ss []stmt) {
	byThread := map[int64][]stmt{}
	rows := map[int64]bool{}
	for _, s := range ss {
		byThread[s.thread] = append(byThread[s.thread], s)
		if workKind(s) == "row" {
			rows[s.thread] = true
		}
	}
	var workers []int64
	for th := range rows {
		workers = append(workers, th)
	}
	sort.Slice(workers, func(a, b int) bool { return workers[a] < workers[b] })
	if len(workers) == 0 {
		return
	}
	// Per table: when the COMMIT of the batch of its first row statement ended, and on
	// which worker (the bulk insert's table lock is held until then).
	type lockEnd struct {
		thread int64
		at     time.Duration
	}
	firstBatch := map[string]lockEnd{}
	{
		firstRow := map[string]stmt{}
		for _, s := range ss {
			if workKind(s) == "row" {
				t := writeTarget(s.text)
				if f, ok := firstRow[t]; !ok || s.start < f.start {
					firstRow[t] = s
				}
			}
		}
		for t, f := range firstRow {
			for _, s := range byThread[f.thread] {
				if s.start >= f.end && workKind(s) == "commit" {
					firstBatch[t] = lockEnd{f.thread, s.end}
					break
				}
			}
		}
	}
	// Per worker: its busy intervals and the idle stretches between them with a cause.
	type span struct {
		start, end time.Duration
		cause      string // "" busy
		table      string // the table of the row statement before an idle stretch
	}
	var first, last time.Duration = -1, 0
	spans := map[int64][]span{}
	for _, th := range workers {
		var busy []stmt
		for _, s := range byThread[th] {
			if busyKind(workKind(s)) {
				busy = append(busy, s)
			}
			if workKind(s) == "row" {
				if first < 0 || s.start < first {
					first = s.start
				}
				last = max(last, s.end)
			}
		}
		var sp []span
		prevKind, prevTable, prevEnd := "", "", time.Duration(0)
		for _, s := range busy {
			k := workKind(s)
			if s.start > prevEnd {
				sp = append(sp, span{start: prevEnd, end: s.start, cause: gapCause(prevKind, k), table: prevTable})
			}
			if le, ok := firstBatch[writeTarget(s.text)]; ok && k == "row" && le.thread != th && s.start < le.at && s.end >= le.at {
				sp = append(sp, span{start: s.start, end: le.at, cause: "first batch's lock", table: writeTarget(s.text)})
				sp = append(sp, span{start: le.at, end: s.end})
			} else {
				sp = append(sp, span{start: s.start, end: s.end})
			}
			prevKind, prevEnd = k, max(prevEnd, s.end)
			if k == "row" {
				prevTable = writeTarget(s.text)
			}
		}
		sp = append(sp, span{start: prevEnd, end: 1 << 62, cause: gapCause(prevKind, ""), table: prevTable})
		spans[th] = sp
	}
	// Sweep [first, last] at every span boundary.
	var cuts []time.Duration
	for _, sp := range spans {
		for _, s := range sp {
			if s.start > first && s.start < last {
				cuts = append(cuts, s.start)
			}
		}
	}
	cuts = append(cuts, first, last)
	sort.Slice(cuts, func(a, b int) bool { return cuts[a] < cuts[b] })
	n := len(workers)
	busyFor := make([]time.Duration, n+1)
	causeFor := map[string]time.Duration{} // idle worker-seconds while another was busy, by cause
	causeAlone := map[string]time.Duration{}
	tableFor := map[string]time.Duration{} // commit-order waits by table
	idx := map[int64]int{}
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if b <= a {
			continue
		}
		k := 0
		var idle []span
		for _, th := range workers {
			sp := spans[th]
			j := idx[th]
			for j+1 < len(sp) && sp[j].end <= a {
				j++
			}
			idx[th] = j
			if sp[j].cause == "" {
				k++
			} else {
				idle = append(idle, sp[j])
			}
		}
		busyFor[k] += b - a
		for _, s := range idle {
			if k > 0 {
				causeFor[s.cause] += b - a
			} else {
				causeAlone[s.cause] += b - a
			}
			if s.cause == "commit order" || s.cause == "first batch's lock" {
				tableFor[s.table] += b - a
			}
		}
	}
	fmt.Fprintf(w, "\nworkers busy (inside a row statement, progress row or COMMIT), first to last row %.3f s:", (last - first).Seconds())
	for k := 0; k <= n; k++ {
		fmt.Fprintf(w, " %d busy %.3f s", k, busyFor[k].Seconds())
		if k < n {
			fmt.Fprint(w, ",")
		}
	}
	fmt.Fprintln(w)
	print := func(title string, m map[string]time.Duration) {
		var ks []string
		for c := range m {
			ks = append(ks, c)
		}
		sort.Slice(ks, func(a, b int) bool { return m[ks[a]] > m[ks[b]] })
		fmt.Fprintf(w, "  %s:", title)
		for _, c := range ks {
			fmt.Fprintf(w, " %s %.3f s;", c, m[c].Seconds())
		}
		fmt.Fprintln(w)
	}
	print("a worker idle while another is busy, by cause (worker-seconds)", causeFor)
	print("workers idle while none is busy (worker-seconds)", causeAlone)
	print("commit-order and first-batch lock waits by table", tableFor)
}

// saveHistory writes ss, one statement a line: thread, start and end in µs, text (tabs
// and newlines in it made spaces).
func saveHistory(path string, ss []stmt) error {
	var b strings.Builder
	for _, s := range ss {
		t := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s.text)
		fmt.Fprintf(&b, "%d\t%d\t%d\t%s\n", s.thread, s.start.Microseconds(), s.end.Microseconds(), t)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// loadHistory reads what saveHistory wrote.
func loadHistory(path string) ([]stmt, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ss []stmt
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		f := strings.SplitN(line, "\t", 4)
		if len(f) < 4 {
			return nil, fmt.Errorf("%s:%d: want 4 tab-separated fields", path, i+1)
		}
		var th, a, b int64
		if _, err := fmt.Sscan(f[0], &th); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		if _, err := fmt.Sscan(f[1], &a); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		if _, err := fmt.Sscan(f[2], &b); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		ss = append(ss, stmt{thread: th, start: time.Duration(a) * time.Microsecond, end: time.Duration(b) * time.Microsecond, verb: verbOf(f[3]), text: f[3]})
	}
	return ss, nil
}
