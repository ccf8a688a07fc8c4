package advisor

import (
	"strings"
	"testing"
	"time"
)

// TestImportLinePhaseAndTables: the headless progress line says how many tables are
// complete (of the total when known) and, after the rows, what the import does instead
// of the table name.
func TestImportLinePhaseAndTables(t *testing.T) {
	prev := ImportProgress{Bytes: 100, Rows: 10}
	for _, tc := range []struct {
		name string
		cur  ImportProgress
		want []string
		not  []string
	}{
		{"known total", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", Phase: "loading", TablesDone: 3, TablesTotal: 12},
			[]string{"tables 3/12", "shop.orders"}, []string{"loading"}},
		{"unknown total", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", TablesDone: 3},
			[]string{"3 tables done", "shop.orders"}, []string{"tables 3/"}},
		{"none yet", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders"}, []string{"shop.orders"}, []string{"tables"}},
		{"indexes", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", Phase: "indexes", TablesDone: 12, TablesTotal: 12},
			[]string{"tables 12/12", ", indexes"}, []string{"shop.orders"}},
		{"verifying", ImportProgress{Bytes: 200, Rows: 20, Phase: "verifying rows", TablesDone: 12, TablesTotal: 12},
			[]string{"verifying rows"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ImportLine(prev, tc.cur, 1, 10)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q has %q", got, n)
				}
			}
		})
	}
}

// TestLogSinkVerdictChanges: the headless log reports the verdict when the answer
// changes, not for the inconclusive start and not when only its numbers move.
func TestLogSinkVerdictChanges(t *testing.T) {
	redo := func(pct float64, consequences ...string) *Verdict {
		return &Verdict{Conclusive: true, AttributedSeconds: 20, Consequences: consequences,
			Bottleneck: &VerdictIssue{Cause: CauseRedo, FindingID: "redo-log-too-small", Fix: "innodb_log_file_size = 1G", TimeSharePct: pct, EstimatedSpeedup: 1.5}}
	}
	ticks := []*Verdict{
		{Reason: "3 s of the restore sampled, too short (the verdict needs 5 s)"},
		redo(33),
		redo(35),
		redo(36, "io-capacity-low"),
		{Reason: "too close to call"},
	}
	var b strings.Builder
	l := &LogSink{W: &b, Every: -1, Now: func() time.Time { return time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC) }}
	for i, v := range ticks {
		l.Tick(Tick{Snapshot: Snapshot{T: float64(i + 5)}, Verdict: v})
	}
	want := "12:00:00  +0:06 verdict now: the bottleneck is redo checkpoint waits (~33 % of 0:20, redo-log-too-small); fix: innodb_log_file_size = 1G (estimate: up to 1.5× faster)\n" +
		"12:00:00  +0:08 verdict now: the bottleneck is redo checkpoint waits (~36 % of 0:20, redo-log-too-small); fix: innodb_log_file_size = 1G (estimate: up to 1.5× faster); consequences: io-capacity-low\n" +
		"12:00:00  +0:09 verdict now: inconclusive: too close to call\n"
	if got := b.String(); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}
