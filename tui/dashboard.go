package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/advisor/session"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/tui"
)

// dashboard runs the live screen of an import or a watch (package tui) on the terminal
// behind stderr. While it is up, whatever the command writes to stderr (findings as log
// lines, notes, warnings) is held and printed after the screen closes, so the log of the
// run is still there to scroll back to; stdout (the summary) is untouched. A nil
// *dashboard is the headless run: every method then does what the command did before.
type dashboard struct {
	mode     tui.Mode
	term     *os.File
	stdinTTY bool
	sink     *tui.Sink
	gate     pauseGate
	stop     func() // ends the run gracefully; set by the command

	errW   *lockedWriter // the command's stderr, when it is one
	orig   io.Writer
	held   *heldLines
	prog   *tea.Program
	exited chan struct{}

	mu       sync.Mutex
	closing  bool
	restored sync.Once
	// headless is the command's own progress output, started when the screen cannot
	// open or dies before the run ends (a terminal gone, a SIGINT bubbletea took).
	headless func()
}

// newDashboard returns a dashboard when noTUI is off and stderr is a terminal (TERM not
// "dumb"), else nil. stop is how the screen's "stop? y" ends the run.
func newDashboard(mode tui.Mode, noTUI bool, s stdio, stop func()) *dashboard {
	if noTUI || os.Getenv("TERM") == "dumb" {
		return nil
	}
	w := s.Err
	lw, _ := w.(*lockedWriter)
	if lw != nil {
		w = lw.w
	}
	f, ok := fileOf(w)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	d := &dashboard{mode: mode, term: f, stop: stop, errW: lw, sink: tui.NewSink(nil), exited: make(chan struct{})}
	if in, ok := s.In.(*os.File); ok {
		d.stdinTTY = term.IsTerminal(int(in.Fd()))
	}
	return d
}

// sinks adds the dashboard's sink to the session's others.
func (d *dashboard) sinks(others ...advisor.Sink) []advisor.Sink {
	if d == nil {
		return others
	}
	return append(others, d.sink)
}

// log is where the session's log lines go: held while the screen is up.
func (d *dashboard) log(w io.Writer) io.Writer {
	if d == nil {
		return w
	}
	if d.held == nil {
		d.held = &heldLines{}
	}
	return d.held
}

// logEvery keeps findings but drops the per-tick progress lines a held log would only
// repeat after the screen closes.
func (d *dashboard) logEvery(every int) int {
	if d == nil {
		return every
	}
	return -1
}

// gated wraps the importer's per-statement hook with the pause gate: p on the screen holds
// dispatch before the next statement (statements in flight finish).
func (d *dashboard) gated(next func(context.Context, *importer.Statement) error) func(context.Context, *importer.Statement) error {
	if d == nil {
		return next
	}
	return func(ctx context.Context, st *importer.Statement) error {
		if err := d.gate.wait(ctx); err != nil {
			return err
		}
		if next != nil {
			return next(ctx, st)
		}
		return nil
	}
}

// show opens the screen for sess. A nil session (--no-advisor, or the advisor failed)
// has no ticks to show: then, or when the screen dies before close, headless (may be nil)
// starts the command's plain progress output instead.
func (d *dashboard) show(sess *session.Session, interval time.Duration, h tui.Header, headless func()) {
	if d == nil || sess == nil {
		if headless != nil {
			headless()
		}
		return
	}
	d.headless = headless
	env := sess.Env()
	d.sink.SetFindings(sess.Findings)
	h.Flavor, h.Version = env.Server.Flavor, env.Server.Version
	o := tui.Options{
		Mode: d.mode, Header: h, Env: env, Interval: interval,
		Renderer:   tui.NewRenderer(d.term),
		DeviceNote: deviceNote(sess),
		ASCII:      !tui.UTF8Locale(),
		Stop: func() {
			d.gate.set(false)
			d.stop()
		},
	}
	if d.mode == tui.ModeImport {
		o.Pause = d.gate.set
	}
	if d.held == nil {
		d.held = &heldLines{}
	}
	if d.errW != nil {
		d.errW.mu.Lock()
		d.orig, d.errW.w = d.errW.w, d.held
		d.errW.mu.Unlock()
	}
	d.mu.Lock()
	defer d.mu.Unlock() // the program's goroutine waits for d.prog
	d.prog = tui.NewProgram(tui.New(o), d.term, d.stdinTTY)
	d.sink.Attach(d.prog.Send)
	go func() {
		defer close(d.exited)
		_, err := d.prog.Run()
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.closing {
			return
		}
		// The screen ended while the run goes on: back to plain output.
		d.restore()
		if err != nil {
			fmt.Fprintln(d.term, "dumpscope: the dashboard stopped:", err)
		}
		if d.headless != nil {
			d.headless()
		}
	}()
}

// restore gives stderr back and prints, then passes through, what was held.
func (d *dashboard) restore() {
	d.restored.Do(func() {
		out := io.Writer(d.term)
		if d.errW != nil {
			d.errW.mu.Lock()
			d.errW.w = d.orig
			d.errW.mu.Unlock()
			out = d.errW
		}
		d.held.release(out)
	})
}

// close ends the screen (if it is still up), then prints what stderr received meanwhile.
func (d *dashboard) close() {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.closing = true
	d.mu.Unlock()
	if d.prog != nil {
		d.prog.Quit()
		<-d.exited
		d.sink.Close()
		d.prog = nil
	}
	if d.held != nil {
		d.restore()
	}
}

// deviceNote says why the device panel is empty, instead of showing zeros.
func deviceNote(sess *session.Session) string {
	if !sess.Local() {
		return "the server is not on this machine: its disks' /proc/diskstats and its CPU cannot be read from here (run dumpscope watch on the server's host for them)"
	}
	if len(sess.Env().Devices) == 0 {
		return "the datadir is on a filesystem without a block device (tmpfs, overlay?): no device to sample"
	}
	return ""
}

// pauseGate holds the import's dispatch while paused.
type pauseGate struct {
	mu     sync.Mutex
	paused bool
	resume chan struct{}
}

func (g *pauseGate) set(paused bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case paused && !g.paused:
		g.resume = make(chan struct{})
	case !paused && g.paused:
		close(g.resume)
	}
	g.paused = paused
}

func (g *pauseGate) wait(ctx context.Context) error {
	g.mu.Lock()
	paused, resume := g.paused, g.resume
	g.mu.Unlock()
	if !paused {
		return nil
	}
	select {
	case <-resume:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// heldLines keeps what is written while the screen is up, bounded to the last
// maxHeldBytes (a day-long watch must not grow without end).
type heldLines struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	dropped int
	through io.Writer // after release
}

const maxHeldBytes = 1 << 20

func (h *heldLines) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.through != nil {
		return h.through.Write(p)
	}
	h.buf.Write(p)
	if h.buf.Len() > maxHeldBytes {
		b := h.buf.Bytes()
		cut := len(b) - maxHeldBytes/2
		if i := bytes.IndexByte(b[cut:], '\n'); i >= 0 {
			cut += i + 1
		}
		h.dropped += bytes.Count(b[:cut], []byte{'\n'})
		rest := append([]byte(nil), b[cut:]...)
		h.buf.Reset()
		h.buf.Write(rest)
	}
	return len(p), nil
}

// release prints what was held to w and passes later writes straight through.
func (h *heldLines) release(w io.Writer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.flushLocked(w)
	h.through = w
}

func (h *heldLines) flushTo(w io.Writer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.flushLocked(w)
}

func (h *heldLines) flushLocked(w io.Writer) {
	if h.dropped > 0 {
		fmt.Fprintf(w, "dumpscope: (%d earlier log lines from while the dashboard was up are not shown)\n", h.dropped)
	}
	if s := h.buf.String(); strings.TrimSpace(s) != "" {
		io.WriteString(w, s)
	}
	h.buf.Reset()
}
