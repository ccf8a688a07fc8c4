package advisor

import (
	"io"

	"golang.org/x/term"
)

// TerminalWidther is a writer that is no terminal itself but prints to one (the
// dashboard holds log lines while its screen is up, then prints them): that
// terminal's width in columns, 0 when unknown.
type TerminalWidther interface{ TerminalWidth() int }

// minFindingWidth: narrower than this, a finding's indented evidence column would hold a
// word or two a line; such a terminal gets this width and wraps the rest itself.
const minFindingWidth = 50

// FindingWidth is the width findings written to w wrap at: findingWidth (100 columns),
// or one column less than a narrower terminal that w (or a writer it wraps) is or
// prints to. A 100-column finding on an 80-column terminal is wrapped again by the
// terminal, and every indented line of its evidence and fix breaks into a long half
// and a stray tail at column 0.
func FindingWidth(w io.Writer) int {
	cols := 0
	// Through wrappers (a lock, an escaper, the dashboard's redirect) to the first writer
	// that knows its terminal.
	for w != nil && cols == 0 {
		if t, ok := w.(TerminalWidther); ok {
			cols = t.TerminalWidth()
		} else if f, ok := w.(interface{ Fd() uintptr }); ok && term.IsTerminal(int(f.Fd())) {
			if c, _, err := term.GetSize(int(f.Fd())); err == nil {
				cols = c
			}
		}
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	if cols <= 0 {
		return findingWidth
	}
	// One column short of the edge: a line that fills the last column makes some
	// terminals wrap an empty line after it.
	return min(max(cols-1, minFindingWidth), findingWidth)
}
