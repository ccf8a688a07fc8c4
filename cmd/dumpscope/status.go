package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/tui"
)

// newDashboard returns the dashboard when noTUI is off and stderr is a terminal (TERM
// not "dumb"), else nil (headless). stop is how the screen's "stop? y" ends the run;
// abort (nil: not offered) how its "abort? y", once stopping, cuts the statements in flight.
func newDashboard(mode tui.Mode, noTUI bool, s stdio, stop, abort func()) *tui.Dashboard {
	if noTUI || os.Getenv("TERM") == "dumb" {
		return nil
	}
	f, ok := fileOf(s.Err)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	o := tui.DashboardOptions{Mode: mode, Term: f, Stop: stop, Abort: abort}
	if lw, ok := s.Err.(*lockedWriter); ok {
		o.Err = lw
	}
	if in, ok := s.In.(*os.File); ok {
		o.StdinTTY = term.IsTerminal(int(in.Fd()))
	}
	return tui.NewDashboard(o)
}

// fileOf is the file under w's wrappers (lockedWriter, the StatusScreen's, termsafe.Writer), so the
// dashboard can open the terminal behind a wrapped stderr.
func fileOf(w io.Writer) (*os.File, bool) {
	for {
		switch x := w.(type) {
		case *os.File:
			return x, true
		case interface{ Unwrap() io.Writer }: // lockedWriter, termsafe.Writer, the status screen's writers
			w = x.Unwrap()
		default:
			return nil, false
		}
	}
}
