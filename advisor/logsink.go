package advisor

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

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
		parts = append(parts, ImportLine(*prev.Import, *cur.Import, dt, cur.T))
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

// ImportLine is the import side of a progress line: completion and ETA when the file's
// size is known (compressed bytes read against the stored size: the only total known up
// front), the SQL applied, the interval's rates, errors, and the table being loaded.
// elapsedSeconds is the run's clock at cur (the monitor's T: it starts after any probe).
func ImportLine(prev, cur ImportProgress, dtSeconds, elapsedSeconds float64) string {
	var b strings.Builder
	if frac, ok := cur.Fraction(); ok {
		fmt.Fprintf(&b, "%5.1f%% ", 100*frac)
		if frac > 0.001 && frac < 1 {
			fmt.Fprintf(&b, "ETA %s, ", Clock(elapsedSeconds*(1-frac)/frac))
		}
	}
	fmt.Fprintf(&b, "%s SQL, %s/s, %.0f rows/s",
		humanBytes(float64(cur.Bytes)), humanBytes(float64(cur.Bytes-prev.Bytes)/dtSeconds),
		float64(cur.Rows-prev.Rows)/dtSeconds)
	if cur.Errors > 0 {
		fmt.Fprintf(&b, ", %d errors", cur.Errors)
	}
	if cur.Table != "" {
		fmt.Fprintf(&b, ", %s", cur.Table)
	}
	return b.String()
}

// Fraction is the share of the dump applied, when a total is known. With the stored size
// known: applied SQL against the uncompressed size that the ratio read so far projects
// (a parallel import reads ahead, so compressed bytes read would run ahead of what
// committed); without ReadBytes, compressed bytes read against the stored size; else SQL
// bytes against ExpectedBytes.
func (p ImportProgress) Fraction() (float64, bool) {
	switch {
	case p.CompressedTotalBytes > 0 && p.CompressedBytes > 0 && p.ReadBytes > 0:
		total := float64(p.ReadBytes) * float64(p.CompressedTotalBytes) / float64(p.CompressedBytes)
		return min(float64(p.Bytes)/total, 1), true
	case p.CompressedTotalBytes > 0:
		return min(float64(p.CompressedBytes)/float64(p.CompressedTotalBytes), 1), true
	case p.ExpectedBytes > 0:
		return min(float64(p.Bytes)/float64(p.ExpectedBytes), 1), true
	}
	return 0, false
}

// Clock formats seconds as m:ss or h:mm:ss, the one way dumpscope writes a duration to
// people.
func Clock(seconds float64) string {
	d := time.Duration(seconds * float64(time.Second)).Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
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

// HumanBytes writes a size in IEC units (KiB, MiB, GiB): the one unit system of
// dumpscope's output, for files, SQL, redo and devices alike.
func HumanBytes(b float64) string { return humanBytes(b) }

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
