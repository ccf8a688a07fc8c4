package advisor

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/iostat"
)

// LogSink prints one progress line per tick (every Every-th tick) and every finding as it
// fires and clears: the headless output of import and watch when there is no terminal.
// Lines go to W (stderr in the commands), so stdout stays for data.
type LogSink struct {
	W io.Writer
	// Every prints the progress line on every Every-th tick (0 or 1: every tick; < 0:
	// never); findings, variable changes and errors are always printed.
	Every int

	ticks int
	prev  *Snapshot
}

// Tick prints the tick.
func (l *LogSink) Tick(t Tick) {
	s := t.Snapshot
	l.ticks++
	if l.prev != nil && l.Every >= 0 && (l.Every <= 1 || l.ticks%l.Every == 0) {
		fmt.Fprintf(l.W, "[%6.1fs] %s\n", s.T, ProgressLine(*l.prev, s))
	}
	for _, err := range t.Errors {
		fmt.Fprintf(l.W, "[%6.1fs] warning: %v\n", s.T, err)
	}
	for _, c := range t.Changes {
		fmt.Fprintf(l.W, "[%6.1fs] variable changed: %s = %v\n", s.T, c.Name, c.Value)
	}
	for _, e := range t.Events {
		fmt.Fprint(l.W, FormatEvent(e))
	}
	l.prev = &s
}

// FormatEvent renders a fired or cleared finding as log lines.
func FormatEvent(e Event) string {
	f := e.Finding
	if e.Cleared {
		return fmt.Sprintf("[%6.1fs] cleared  %s (fired at %.1fs)\n", *f.ClearedAt, f.ID, f.FiredAt)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[%6.1fs] %-8s %s: %s\n", f.FiredAt, strings.ToUpper(string(f.Severity)), f.ID, f.Title)
	if ev := FormatEvidence(f.Evidence); ev != "" {
		fmt.Fprintf(&b, "           evidence: %s\n", ev)
	}
	for _, line := range strings.Split(strings.TrimSpace(f.Recommendation), "\n") {
		if line != "" {
			fmt.Fprintf(&b, "           %s\n", line)
		}
	}
	return b.String()
}

// FormatEvidence renders evidence as "k=v" pairs in key order.
func FormatEvidence(ev map[string]any) string {
	keys := make([]string, 0, len(ev))
	for k := range ev {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		switch v := ev[k].(type) {
		case float64:
			parts = append(parts, fmt.Sprintf("%s=%.4g", k, v))
		default:
			parts = append(parts, fmt.Sprintf("%s=%v", k, v))
		}
	}
	return strings.Join(parts, " ")
}

// ProgressLine summarises the interval between two snapshots: import throughput when
// there is an import (else the server's row rate), then ServerLine.
func ProgressLine(prev, cur Snapshot) string {
	dt := cur.T - prev.T
	if dt <= 0 {
		dt = 1
	}
	var parts []string
	if cur.Import != nil && prev.Import != nil {
		parts = append(parts, fmt.Sprintf("%s/s %.0f stmt/s %.0f rows/s (%s total)",
			humanBytes(float64(cur.Import.Bytes-prev.Import.Bytes)/dt),
			float64(cur.Import.Statements-prev.Import.Statements)/dt,
			float64(cur.Import.Rows-prev.Import.Rows)/dt,
			humanBytes(float64(cur.Import.Bytes))))
	} else if a, ok := prev.Status["Innodb_rows_inserted"]; ok {
		parts = append(parts, fmt.Sprintf("server %.0f rows inserted/s", (cur.Status["Innodb_rows_inserted"]-a)/dt))
	}
	if srv := ServerLine(prev, cur); srv != "" {
		parts = append(parts, srv)
	}
	if len(parts) == 0 {
		return "no data"
	}
	return strings.Join(parts, " | ")
}

// ServerLine is the server side of a progress line: redo rate and checkpoint age against
// its maximum, dirty pages, the busiest device's write columns, CPU. The import command
// appends it to its own progress line (which knows the dump's percentage and ETA).
func ServerLine(prev, cur Snapshot) string {
	dt := cur.T - prev.T
	if dt <= 0 {
		dt = 1
	}
	var parts []string
	if cur.InnoDB != nil {
		d := cur.InnoDB
		redo := ""
		if prev.InnoDB != nil {
			redo = fmt.Sprintf("redo %s/s, ", humanBytes(float64(d.LSN-prev.InnoDB.LSN)/dt))
		}
		age := humanBytes(float64(d.CheckpointAgeBytes))
		if d.MaxCheckpointAgeBytes > 0 {
			age += fmt.Sprintf(" (%.0f%% of max)", 100*float64(d.CheckpointAgeBytes)/float64(d.MaxCheckpointAgeBytes))
		}
		parts = append(parts, fmt.Sprintf("%scheckpoint age %s, dirty %.0f%%", redo, age, d.DirtyPagesPct))
	}
	if name, ds, ok := busiestDevice(cur); ok {
		parts = append(parts, fmt.Sprintf("%s %.0f w/s %s/s w_await %.2fms util %.0f%%",
			name, ds.WPerSec, humanBytes(ds.WkBPerSec*1024), ds.WAwaitMs, ds.UtilPct))
	}
	if cur.CPU != nil {
		parts = append(parts, fmt.Sprintf("cpu idle %.0f%% client %.0f%%", cur.CPU.IdlePct, cur.CPU.ClientPct))
	}
	return strings.Join(parts, " | ")
}

func busiestDevice(s Snapshot) (string, iostat.DeviceStats, bool) {
	var best string
	var bestStats iostat.DeviceStats
	found := false
	for name, d := range s.Devices {
		if !found || d.UtilPct > bestStats.UtilPct || (d.UtilPct == bestStats.UtilPct && name < best) {
			best, bestStats, found = name, d, true
		}
	}
	return best, bestStats, found
}

func humanBytes(b float64) string {
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%.0f B", b)
	}
	div, exp := float64(unit), 0
	for n := b / unit; n >= unit && exp < 4; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", b/div, "KMGTP"[exp])
}
