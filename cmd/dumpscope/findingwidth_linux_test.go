package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/tui"
)

// TestFindingsFitNarrowTerminal: on an 80-column terminal the findings that import,
// watch and advise print (the summary, and the log lines the dashboard held while its
// screen was up) must fit the terminal. At a fixed 100 columns the terminal wrapped each
// indented evidence and fix line again, into a long half and a stray tail at column 0.
func TestFindingsFitNarrowTerminal(t *testing.T) {
	ptmx, pts := openPTY(t)
	if err := unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Col: 80, Row: 24}); err != nil {
		t.Fatal(err)
	}
	f := advisor.Finding{ID: "redo-log-too-small", Severity: advisor.SeverityWarn, FiredAt: 5,
		Title:          "Redo log too small: checkpoint age past 7/8 of its maximum on 87% of the last 30 s (mean 94%)",
		Evidence:       map[string]any{"max_checkpoint_age_bytes": 12900000, "redo_capacity_bytes": 16 << 20, "recommended_redo_bytes": 1 << 30, "ticks_above_aggressive_pct": 87.1, "ticks_above_sync_pct": 25.8, "window_seconds": 30},
		Recommendation: "my.cnf [mysqld]: innodb_log_file_size = 1G; live: SET GLOBAL innodb_log_file_size = 1073741824; after the import: keep it; a larger redo log costs only disk space and a longer crash recovery.",
	}
	// import's stderr: a lock over an escaper over the terminal, which the dashboard
	// points at its held lines while the screen is up.
	stderr := &lockedWriter{w: termsafe.NewWriter(pts)}
	if got := advisor.FindingWidth(stderr); got != 79 {
		t.Errorf("stderr on an 80-column terminal: findings wrap at %d, want 79", got)
	}
	dash := tui.NewDashboard(tui.DashboardOptions{Mode: tui.ModeImport, Term: pts})
	stderr.Redirect(dash.Log(nil))
	if got := advisor.FindingWidth(stderr); got != 79 {
		t.Errorf("held log lines of a dashboard on an 80-column terminal wrap at %d, want 79", got)
	}
	if got := advisor.FindingWidth(&bytes.Buffer{}); got != 100 {
		t.Errorf("a file or pipe: width %d, want 100", got)
	}

	report.WriteFindings(pts, []advisor.Finding{f})
	io.WriteString(pts, advisor.FormatEvent(advisor.Event{Finding: f}, advisor.FindingWidth(pts)))
	io.WriteString(pts, "END\n")
	out := readUntil(t, ptmx, "END")
	for _, line := range strings.Split(strings.ReplaceAll(out, "\r", ""), "\n") {
		if n := utf8.RuneCountInString(line); n >= 80 {
			t.Errorf("%d columns on an 80-column terminal: %q", n, line)
		}
	}
}

// readUntil reads the terminal's output up to and including marker.
func readUntil(t *testing.T, ptmx io.Reader, marker string) string {
	t.Helper()
	var b bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for !strings.Contains(b.String(), marker) {
			n, err := ptmx.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("no %q from the terminal in 10 s", marker)
	}
	return b.String()
}
