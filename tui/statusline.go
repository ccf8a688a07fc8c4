package tui

import (
	"bytes"
	"io"
	"sync"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// StatusScreen is the terminal of a headless command with a live status line. A live
// LogSink on a terminal keeps its progress in one status line at the bottom of the screen
// (pv style). Everything else the command prints, on stderr or on stdout, must go above
// it: StatusScreen is the sink's advisor.StatusLine, and it clears the status line before
// any other write and draws it again after, and End removes it once the command is done
// (the summary says the same, final numbers). Both streams share one lock, so it also
// serialises writes from several goroutines, each Write whole.
type StatusScreen struct {
	mu     sync.Mutex
	err    io.Writer // the stream the status line is on
	status string    // the status line shown, dump bytes escaped; "": none
}

// NewStatusScreen returns stdout and stderr writers that share one StatusScreen, and the
// screen (the command's LogSink draws its status line there).
func NewStatusScreen(out, err io.Writer) (outW, errW io.Writer, sc *StatusScreen) {
	sc = &StatusScreen{err: err}
	return &screenWriter{sc: sc, w: out}, &screenWriter{sc: sc, w: err}, sc
}

// Status is advisor.StatusLine: above, then line as the new status line. Both carry dump
// bytes (a table's name), escaped as every other write of the command is.
func (sc *StatusScreen) Status(above, line string) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if line != "" {
		sc.status = termsafe.String(line)
	}
	io.WriteString(sc.err, advisor.StatusPrefix+termsafe.String(above)+sc.status)
}

// Under is the status line for a session's LogSink: none while the dashboard holds
// stderr (its lines are printed after the screen closes), nor without a screen.
func (sc *StatusScreen) Under(dash *Dashboard) advisor.StatusLine {
	if sc == nil || dash != nil {
		return nil
	}
	return sc
}

// End removes the status line, if one is shown.
func (sc *StatusScreen) End() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.status != "" {
		io.WriteString(sc.err, advisor.StatusPrefix)
		sc.status = ""
	}
}

type screenWriter struct {
	sc *StatusScreen
	w  io.Writer
}

// Fd passes the underlying file's descriptor through, so the LogSink can tell a terminal.
func (s *screenWriter) Fd() uintptr { return termsafe.Fd(s.w) }

// Unwrap is the stream under the screen, so the dashboard can find the terminal behind it.
func (s *screenWriter) Unwrap() io.Writer { return s.w }

func (s *screenWriter) Write(p []byte) (int, error) {
	sc := s.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	// Output to a file or a pipe does not share the screen with the status line.
	shared := sc.status != "" && (s.w == sc.err || term.IsTerminal(int(termsafe.Fd(s.w))))
	if shared {
		io.WriteString(sc.err, advisor.StatusPrefix)
	}
	n, err := s.w.Write(p)
	if shared && bytes.HasSuffix(p, []byte("\n")) {
		io.WriteString(sc.err, sc.status)
	}
	return n, err
}
