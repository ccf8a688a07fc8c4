package advisor

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dumpscope/dumpscope/internal/units"
)

// LogWidth is the width a progress line keeps to in a log file: 120 columns, so a
// terminal of that width or a pager shows one line per interval.
const LogWidth = 120

// FitProgress is ProgressLine fitted to width columns. When the whole line is too wide,
// the server side is shortened (redo rate, checkpoint age as % of its maximum, dirty
// pages; the busiest device's util and w_await; CPU idle), then its parts are dropped from
// the least telling (CPU, then the device, then InnoDB), and last the import part is cut
// with "…". Nothing a line says is then ever wrapped onto a second row.
func FitProgress(prev, cur Snapshot, width int) string {
	full := ProgressLine(prev, cur)
	if width <= 0 || utf8.RuneCountInString(full) <= width {
		return full
	}
	dt := cur.T - prev.T
	if dt <= 0 {
		dt = 1
	}
	head := strings.SplitN(full, " | ", 2)[0] // the import part, or the server's row rate
	var short []string
	if cur.InnoDB != nil {
		d := cur.InnoDB
		var b strings.Builder
		if prev.InnoDB != nil {
			fmt.Fprintf(&b, "redo %s/s ", units.FormatBytes(float64(d.LSN-prev.InnoDB.LSN)/dt))
		}
		if d.MaxCheckpointAgeBytes > 0 {
			fmt.Fprintf(&b, "ckpt %.0f%% ", 100*float64(d.CheckpointAgeBytes)/float64(d.MaxCheckpointAgeBytes))
		}
		fmt.Fprintf(&b, "dirty %.0f%%", d.DirtyPagesPct)
		short = append(short, b.String())
	}
	if name, ds, ok := busiestDevice(cur); ok {
		short = append(short, fmt.Sprintf("%s util %.0f%% w_await %.2fms", name, ds.UtilPct, ds.WAwaitMs))
	}
	if cur.CPU != nil {
		short = append(short, fmt.Sprintf("idle %.0f%%", cur.CPU.IdlePct))
	}
	for n := len(short); n >= 0; n-- {
		line := strings.Join(append([]string{head}, short[:n]...), " | ")
		if utf8.RuneCountInString(line) <= width {
			return line
		}
	}
	r := []rune(head)
	if width < 1 {
		return ""
	}
	return string(r[:width-1]) + "…"
}

// Wrap splits text into lines of at most width runes at spaces (a longer word stays whole
// on its own line), so evidence and recommendations never wrap mid-word on a terminal.
func Wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// findingWidth is the width findings are wrapped to: a 100-column terminal's.
const findingWidth = 100
