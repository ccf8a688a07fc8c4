package advisor

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/internal/phase"
	"github.com/dumpscope/dumpscope/internal/units"
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
	// NoEvents leaves findings out: a caller that prints them once at the end (advise)
	// would otherwise show each twice.
	NoEvents bool
	// Width is the columns a progress line keeps to (FitProgress); 0: the terminal's
	// width when W is one, else LogWidth.
	Width int
	// Now stamps each line with the wall clock, so a log lines up with the server's
	// error log; nil: time.Now.
	Now func() time.Time
	// Live keeps the progress in one status line rewritten in place (pv style), with
	// findings, warnings and everything else printed above it: set at the first tick when
	// W is a terminal, or by the caller. The status line is written as StatusPrefix + line
	// without a newline, so a writer shared with other output can keep it at the bottom.
	Live bool
	// Status, when set, receives the live status line and the lines printed above it as
	// values while Live, instead of W receiving StatusPrefix writes: a command's screen
	// keeps the line at the bottom without recognising it among its other writes by its
	// bytes.
	Status StatusLine

	liveChecked bool
	ticks       int
	prev        *Snapshot
	verdictKey  string // the verdict last printed (Verdict.key)
}

// StatusLine shows a live status line below a command's other output.
type StatusLine interface {
	// Status prints above (whole lines, or nothing) where the status line is, then shows
	// line as the status line; "" keeps the one shown.
	Status(above, line string)
}

// StatusPrefix starts every write of a live LogSink: carriage return and erase to the end
// of the line (ECMA-48 EL), which wipes the previous status line before what follows.
const StatusPrefix = "\r\x1b[K"

// Tick prints the tick.
func (l *LogSink) Tick(t Tick) {
	s := t.Snapshot
	l.ticks++
	if !l.liveChecked {
		l.liveChecked = true
		l.Live = l.Live || isTerminal(l.W)
	}
	stamp := l.stamp(s.T)
	var b strings.Builder
	progress := ""
	if l.prev != nil && l.Every >= 0 && (l.Every <= 1 || l.ticks%l.Every == 0) {
		width := l.width() - utf8.RuneCountInString(stamp) - 1
		if l.Live {
			width-- // a line filling the last column makes some terminals wrap
		}
		progress = stamp + " " + FitProgress(*l.prev, s, width)
		if !l.Live {
			b.WriteString(progress + "\n")
		}
	}
	for _, err := range t.Errors {
		fmt.Fprintf(&b, "%s warning: %v\n", stamp, err)
	}
	for _, c := range t.Changes {
		fmt.Fprintf(&b, "%s variable changed: %s = %v\n", stamp, c.Name, c.Value)
	}
	for _, e := range t.Events {
		if !l.NoEvents {
			b.WriteString(FormatEvent(e, FindingWidth(l.W)))
		}
	}
	if v := t.Verdict; v != nil && !l.NoEvents {
		// Only when the answer changes (its numbers move every tick), and not for the
		// inconclusive start of every run.
		if key := v.key(); key != l.verdictKey && (l.verdictKey != "" || v.Conclusive) {
			fmt.Fprintf(&b, "%s verdict now: %s\n", stamp, strings.TrimPrefix(v.Line(), "verdict: "))
			l.verdictKey = key
		}
	}
	l.prev = &s
	if l.Live && l.Status != nil {
		if b.Len() > 0 || progress != "" {
			l.Status.Status(b.String(), progress)
		}
		return
	}
	if l.Live && progress != "" {
		io.WriteString(l.W, StatusPrefix+b.String()+progress)
	} else if b.Len() > 0 {
		if l.Live {
			io.WriteString(l.W, StatusPrefix+b.String())
			return
		}
		io.WriteString(l.W, b.String())
	}
}

// isTerminal reports whether w writes to a terminal (directly or through a wrapper that
// passes the file descriptor on).
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// stamp is a line's time: the wall clock, then the time since the run started.
func (l *LogSink) stamp(t float64) string {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	return now().Format("15:04:05") + " " + fmt.Sprintf("%6s", "+"+units.FormatDuration(t))
}

// width is Width, else the terminal's width when W is a terminal, else LogWidth.
func (l *LogSink) width() int {
	if l.Width > 0 {
		return l.Width
	}
	if f, ok := l.W.(interface{ Fd() uintptr }); ok && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return LogWidth
}

// FormatEvent renders a fired or cleared finding as log lines of at most width columns
// (FindingWidth).
func FormatEvent(e Event, width int) string {
	f := e.Finding
	if e.Cleared {
		return fmt.Sprintf("%15s cleared  %s (fired at %s)\n", "+"+units.FormatDuration(*f.ClearedAt), f.ID, units.FormatDuration(f.FiredAt))
	}
	var b strings.Builder
	for i, line := range Wrap(f.ID+": "+f.Title, width-25) {
		if i == 0 {
			fmt.Fprintf(&b, "%15s %-8s %s\n", "+"+units.FormatDuration(f.FiredAt), strings.ToUpper(string(f.Severity)), line)
		} else {
			fmt.Fprintf(&b, "%24s %s\n", "", line)
		}
	}
	if ev := FormatEvidence(f.Evidence); ev != "" {
		for i, line := range Wrap(ev, width-26) {
			if i == 0 {
				fmt.Fprintf(&b, "%15s evidence: %s\n", "", line)
			} else {
				fmt.Fprintf(&b, "%25s %s\n", "", line)
			}
		}
	}
	for _, para := range strings.Split(strings.TrimSpace(f.Recommendation), "\n") {
		for _, line := range Wrap(para, width-16) {
			fmt.Fprintf(&b, "%15s %s\n", "", line)
		}
	}
	return b.String()
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

// ImportLine is the import side of a progress line: completion and ETA when a total is
// known (see Fraction and ETA), the SQL applied, the interval's rates, errors, tables done,
// and the table being loaded (or the phase).
// elapsedSeconds is the run's clock at cur (the monitor's T: it starts after any probe).
func ImportLine(prev, cur ImportProgress, dtSeconds, elapsedSeconds float64) string {
	var b strings.Builder
	if frac, ok := cur.Fraction(); ok {
		fmt.Fprintf(&b, "%5.1f%% ", 100*frac)
		if eta, ok := cur.ETA(elapsedSeconds); ok {
			fmt.Fprintf(&b, "ETA %s, ", units.FormatDuration(eta))
			if v := cur.VersusEarlier(); v != "" {
				fmt.Fprintf(&b, "%s, ", v)
			}
		}
	}
	fmt.Fprintf(&b, "%s SQL, %s/s, %.0f rows/s",
		units.FormatBytes(float64(cur.Bytes)), units.FormatBytes(float64(cur.Bytes-prev.Bytes)/dtSeconds),
		float64(cur.Rows-prev.Rows)/dtSeconds)
	if cur.Errors > 0 {
		fmt.Fprintf(&b, ", %d errors", cur.Errors)
	}
	if t := cur.tables(); t != "" {
		fmt.Fprintf(&b, ", %s", t)
	}
	if cur.Phase != "" && cur.Phase != phase.Loading {
		fmt.Fprintf(&b, ", %s", cur.Phase) // index builds, row counts: why the rates dropped
	} else if cur.Table != "" {
		fmt.Fprintf(&b, ", %s", cur.Table)
	}
	return b.String()
}

// tables is "tables 3/12" (of a known total) or "3 tables done", "" before the first.
func (p ImportProgress) tables() string {
	switch {
	case p.TablesTotal > 0:
		return fmt.Sprintf("tables %d/%d", p.TablesDone, p.TablesTotal)
	case p.TablesDone > 0:
		return fmt.Sprintf("%d tables done", p.TablesDone)
	}
	return ""
}

// Fraction is the share of the dump applied, when a total is known: applied SQL against
// ExpectedBytes when that is exact (a plain file, a gzip trailer resolved by sampling, zstd
// and xz sizes, a generated sample) or the only total; else, with the stored size known,
// against the uncompressed size that the ratio read so far projects (a parallel import
// reads ahead, so compressed bytes read would run ahead of what committed), blended with
// the sampled estimate in ExpectedBytes while little of the file is read (a dump's head
// often compresses twice as well as its bulk); without ReadBytes, compressed bytes read
// against the stored size.
func (p ImportProgress) Fraction() (float64, bool) {
	switch {
	case p.ExpectedBytes > 0 && (p.ExpectedExact || p.CompressedTotalBytes == 0):
		return min(float64(p.Bytes)/float64(p.ExpectedBytes), 1), true
	case p.CompressedTotalBytes > 0 && p.CompressedBytes > 0 && p.ReadBytes > 0:
		total := float64(p.ReadBytes) * float64(p.CompressedTotalBytes) / float64(p.CompressedBytes)
		if p.ExpectedBytes > 0 {
			read := min(float64(p.CompressedBytes)/float64(p.CompressedTotalBytes), 1)
			total = (1-read)*float64(p.ExpectedBytes) + read*total
		}
		return min(float64(p.Bytes)/total, 1), true
	case p.CompressedTotalBytes > 0:
		return min(float64(p.CompressedBytes)/float64(p.CompressedTotalBytes), 1), true
	}
	return 0, false
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
			redo = fmt.Sprintf("redo %s/s, ", units.FormatBytes(float64(d.LSN-prev.InnoDB.LSN)/dt))
		}
		age := units.FormatBytes(float64(d.CheckpointAgeBytes))
		if d.MaxCheckpointAgeBytes > 0 {
			age += fmt.Sprintf(" (%.0f%% of max)", 100*float64(d.CheckpointAgeBytes)/float64(d.MaxCheckpointAgeBytes))
		}
		parts = append(parts, fmt.Sprintf("%scheckpoint age %s, dirty %.0f%%", redo, age, d.DirtyPagesPct))
	}
	if name, ds, ok := busiestDevice(cur); ok {
		parts = append(parts, fmt.Sprintf("%s %.0f w/s %s/s w_await %.2fms util %.0f%%",
			name, ds.WPerSec, units.FormatBytes(ds.WkBPerSec*1024), ds.WAwaitMs, ds.UtilPct))
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
