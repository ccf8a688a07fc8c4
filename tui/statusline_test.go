package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
)

// TestStatusScreen: other output goes above the live status line, which is drawn again
// after it and removed at the end; the terminal then shows each line once and no status.
func TestStatusScreen(t *testing.T) {
	var screen bytes.Buffer
	out, errW, sc := NewStatusScreen(&screen, &screen)
	sc.Status("", "10% A")
	out.Write([]byte("table row\n"))
	sc.Status("WARN finding\n", "20% B")
	errW.Write([]byte("dumpscope: finished\n"))
	sc.Status("WARN cleared\n", "")
	sc.End()
	want := "\r\x1b[K10% A" +
		"\r\x1b[Ktable row\n10% A" +
		"\r\x1b[KWARN finding\n20% B" +
		"\r\x1b[Kdumpscope: finished\n20% B" +
		"\r\x1b[KWARN cleared\n20% B" +
		"\r\x1b[K"
	if got := screen.String(); got != want {
		t.Errorf("screen bytes\n got %q\nwant %q", got, want)
	}
	if got := renderTerminal(screen.String()); got != "table row\nWARN finding\ndumpscope: finished\nWARN cleared\n" {
		t.Errorf("rendered screen %q", got)
	}
}

// renderTerminal plays \r, ESC[K and \n onto lines as a terminal would.
func renderTerminal(s string) string {
	var lines []string
	cur := ""
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\r':
			cur = ""
		case strings.HasPrefix(s[i:], "\x1b[K"):
			i += 2
		case s[i] == '\n':
			lines = append(lines, cur)
			cur = ""
		default:
			cur += string(s[i])
		}
	}
	out := strings.Join(lines, "\n") + "\n"
	if cur != "" {
		out += cur
	}
	return out
}

// TestLiveLogSink: on a terminal the sink hands the screen one status line per tick,
// which keeps it at the bottom, with findings above it.
func TestLiveLogSink(t *testing.T) {
	var screen bytes.Buffer
	_, errW, sc := NewStatusScreen(&screen, &screen)
	l := &advisor.LogSink{W: errW, Live: true, Status: sc.Under(nil), Width: 80, Now: func() time.Time { return time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC) }}
	for i := 0; i < 3; i++ {
		snap := advisor.Snapshot{T: float64(i), Import: &advisor.ImportProgress{Bytes: int64(i) << 20, ExpectedBytes: 4 << 20}}
		tick := advisor.Tick{Snapshot: snap}
		if i == 2 {
			tick.Events = []advisor.Event{{Finding: advisor.Finding{ID: "x", Title: "y", Severity: "warn", FiredAt: 2}}}
		}
		l.Tick(tick)
	}
	sc.End()
	got := renderTerminal(screen.String())
	if strings.Count(got, "\n") != 1 || !strings.HasPrefix(strings.TrimSpace(got), "+0:02 WARN     x: y") {
		t.Errorf("rendered screen %q: want only the finding, the status line gone", got)
	}
	if !strings.Contains(screen.String(), "14:00:00  +0:01  25.0%") {
		t.Errorf("no status line in %q", screen.String())
	}
}
