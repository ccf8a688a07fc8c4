package main

import (
	"bytes"
	"io"
	"os"
	"sync"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/tui"
)

// A live LogSink on a terminal keeps its progress in one status line at the bottom of the
// screen (pv style). Everything else the command prints, on stderr or on stdout, must go
// above it: statusScreen is the sink's advisor.StatusLine, and it clears the status line
// before any other write and draws it again after, and end removes it once the command
// is done (the summary says the same, final numbers). Both streams share one lock, so it
// also serialises writes from several goroutines, each Write whole, as lockedWriter does.
type statusScreen struct {
	mu     sync.Mutex
	err    io.Writer // the stream the status line is on
	status string    // the status line shown, dump bytes escaped; "": none
}

// statusWriters returns stdout and stderr writers that share one statusScreen, and the
// screen (the import's LogSink draws its status line there).
func statusWriters(out, err io.Writer) (outW, errW io.Writer, sc *statusScreen) {
	sc = &statusScreen{err: err}
	return &screenWriter{sc: sc, w: out}, &screenWriter{sc: sc, w: err}, sc
}

// Status is advisor.StatusLine: above, then line as the new status line. Both carry dump
// bytes (a table's name), escaped as every other write of the command is.
func (sc *statusScreen) Status(above, line string) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if line != "" {
		sc.status = termsafe.String(line)
	}
	io.WriteString(sc.err, advisor.StatusPrefix+termsafe.String(above)+sc.status)
}

// under is the status line for a session's LogSink: none while the dashboard holds
// stderr (its lines are printed after the screen closes), nor without a screen.
func (sc *statusScreen) under(dash *tui.Dashboard) advisor.StatusLine {
	if sc == nil || dash != nil {
		return nil
	}
	return sc
}

type screenWriter struct {
	sc *statusScreen
	w  io.Writer
}

// Fd passes the underlying file's descriptor through, so the LogSink can tell a terminal.
func (s *screenWriter) Fd() uintptr { return fdOf(s.w) }

func (s *screenWriter) Write(p []byte) (int, error) {
	sc := s.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	// Output to a file or a pipe does not share the screen with the status line.
	shared := sc.status != "" && (s.w == sc.err || term.IsTerminal(int(fdOf(s.w))))
	if shared {
		io.WriteString(sc.err, advisor.StatusPrefix)
	}
	n, err := s.w.Write(p)
	if shared && bytes.HasSuffix(p, []byte("\n")) {
		io.WriteString(sc.err, sc.status)
	}
	return n, err
}

// end removes the status line, if one is shown.
func (sc *statusScreen) end() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.status != "" {
		io.WriteString(sc.err, advisor.StatusPrefix)
		sc.status = ""
	}
}

// newDashboard returns the dashboard when noTUI is off and stderr is a terminal (TERM
// not "dumb"), else nil (headless). stop is how the screen's "stop? y" ends the run.
func newDashboard(mode tui.Mode, noTUI bool, s stdio, stop func()) *tui.Dashboard {
	if noTUI || os.Getenv("TERM") == "dumb" {
		return nil
	}
	f, ok := fileOf(s.Err)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	o := tui.DashboardOptions{Mode: mode, Term: f, Stop: stop}
	if lw, ok := s.Err.(*lockedWriter); ok {
		o.Err = lw
	}
	if in, ok := s.In.(*os.File); ok {
		o.StdinTTY = term.IsTerminal(int(in.Fd()))
	}
	return tui.NewDashboard(o)
}

// fileOf is the file under w's wrappers (lockedWriter, screenWriter, termsafe.Writer), so the
// dashboard can open the terminal behind a wrapped stderr.
func fileOf(w io.Writer) (*os.File, bool) {
	for {
		switch x := w.(type) {
		case *os.File:
			return x, true
		case *lockedWriter:
			w = x.w
		case *screenWriter:
			w = x.w
		case interface{ Unwrap() io.Writer }: // termsafe.Writer
			w = x.Unwrap()
		default:
			return nil, false
		}
	}
}
