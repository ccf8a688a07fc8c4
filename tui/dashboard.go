package tui

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
)

// Dashboard runs the live screen of an import or a watch on the terminal behind the
// command's stderr: its lifecycle (open when the session is sampled, pause and stop
// keys, back to plain output when the screen dies, close at the end) lives here so that
// a command only says when. While it is up, whatever the command writes to stderr
// (findings as log lines, notes, warnings) is held and printed after the screen closes,
// so the log of the run is still there to scroll back to; stdout (the summary) is
// untouched. A nil *Dashboard is the headless run: every method then does what the
// command did before.
type Dashboard struct {
	mode     Mode
	term     *os.File
	stdinTTY bool
	sink     *Sink
	gate     pauseGate
	stop     func() // ends the run gracefully; set by the command
	abort    func() // aborts the statements a stop waits for; nil: not offered

	errW   Redirector // the command's stderr, when it can be redirected
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

// Redirector is the command's stderr, which the dashboard points at its held lines while
// the screen is up and back when it closes: Redirect sets where writes go and returns
// where they went (each Write whole, from any goroutine).
type Redirector interface {
	io.Writer
	Redirect(w io.Writer) (previous io.Writer)
}

// DashboardOptions are what a command knows of its terminal.
type DashboardOptions struct {
	Mode Mode
	// Term is the terminal behind the command's stderr (the caller checked it is one).
	Term *os.File
	// StdinTTY says stdin is a terminal too: the screen then reads keys.
	StdinTTY bool
	// Err is the command's stderr, held while the screen is up; nil: not held.
	Err Redirector
	// Stop is how the screen's "stop? y" ends the run.
	Stop func()
	// Abort is how, once stopping, the screen's "abort? y" cuts the statements in flight
	// (a second Ctrl-C without the screen); nil: not offered.
	Abort func()
}

// NewDashboard returns a dashboard on o.Term; the screen opens with Show.
func NewDashboard(o DashboardOptions) *Dashboard {
	return &Dashboard{mode: o.Mode, term: o.Term, stdinTTY: o.StdinTTY, stop: o.Stop, abort: o.Abort, errW: o.Err, sink: NewSink(nil), exited: make(chan struct{})}
}

// Sinks adds the dashboard's sink to the session's others.
func (d *Dashboard) Sinks(others ...advisor.Sink) []advisor.Sink {
	if d == nil {
		return others
	}
	return append(others, d.sink)
}

// Log is where the session's log lines go: held while the screen is up.
func (d *Dashboard) Log(w io.Writer) io.Writer {
	if d == nil {
		return w
	}
	if d.held == nil {
		d.held = &heldLines{term: d.term}
	}
	return d.held
}

// LogEvery keeps findings but drops the per-tick progress lines a held log would only
// repeat after the screen closes.
func (d *Dashboard) LogEvery(every int) int {
	if d == nil {
		return every
	}
	return -1
}

// StopWait shows what a graceful stop still waits for in the screen's status line (the
// log line that says it is held until the screen closes). Safe from any goroutine.
func (d *Dashboard) StopWait(what string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	p := d.prog
	d.mu.Unlock()
	if p != nil {
		p.Send(StopWaitMsg(what))
	}
}

// Paused blocks while the screen's pause (p) is on, between two statements of the
// import (statements in flight finish), and returns ctx's error if it ends first.
func (d *Dashboard) Paused(ctx context.Context) error {
	if d == nil {
		return nil
	}
	return d.gate.wait(ctx)
}

// SessionView is what the screen needs of a run's sampling session (run.Session).
type SessionView interface {
	Env() *advisor.Env
	Findings() []advisor.Finding
	// Local says the server runs on this machine (its devices are sampled).
	Local() bool
}

// Show opens the screen for sess. A nil session (--no-advisor, or the advisor failed)
// has no ticks to show: then, or when the screen dies before Close, headless (may be
// nil) starts the command's plain progress output instead.
func (d *Dashboard) Show(sess SessionView, interval time.Duration, h Header, headless func()) {
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
	o := Options{
		Mode: d.mode, Header: h, Env: env, Interval: interval,
		Renderer:   NewRenderer(d.term),
		DeviceNote: deviceNote(sess),
		Remote:     !sess.Local(),
		ASCII:      !UTF8Locale(),
		Stop: func() {
			d.gate.set(false)
			d.stop()
		},
		Abort: d.abort,
	}
	if d.mode == ModeImport {
		o.Pause = d.gate.set
	}
	if d.held == nil {
		d.held = &heldLines{term: d.term}
	}
	if d.errW != nil {
		d.orig = d.errW.Redirect(d.held)
	}
	d.mu.Lock()
	defer d.mu.Unlock() // the program's goroutine waits for d.prog
	d.prog = NewProgram(New(o), d.term, d.stdinTTY)
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
func (d *Dashboard) restore() {
	d.restored.Do(func() {
		out := io.Writer(d.term)
		if d.errW != nil {
			d.errW.Redirect(d.orig)
			out = d.errW
		}
		d.held.release(out)
	})
}

// Close ends the screen (if it is still up), then prints what stderr received meanwhile.
func (d *Dashboard) Close() {
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
		d.mu.Lock()
		d.prog = nil
		d.mu.Unlock()
	}
	if d.held != nil {
		d.restore()
	}
}

// deviceNote says why the device panel is empty, instead of showing zeros.
func deviceNote(sess SessionView) string {
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
	term    *os.File  // where the lines are printed once the screen closes
}

// TerminalWidth is the width of the terminal the held lines go to, so that findings are
// wrapped for it (advisor.FindingWidth); 0 when unknown. Not Fd: a writer with one
// would be taken for the terminal itself and get a live status line.
func (h *heldLines) TerminalWidth() int {
	if h.term == nil {
		return 0
	}
	w, _, err := term.GetSize(int(h.term.Fd()))
	if err != nil {
		return 0
	}
	return w
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
