// Package tui is the live dashboard of an import or a watch: one screen with the
// restore's progress, the devices under the datadir, InnoDB's checkpoint age against the
// flush points of that server, CPU and the findings, fed by the advisor's ticks. It never
// queries the server itself: everything on screen comes from the ticks the monitor
// already takes, so the screen costs the server nothing.
//
// The Model is a bubbletea (v1) model; Sink adapts it to advisor.Sink so the monitor hands
// it ticks without ever waiting for the screen.
package tui

import (
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/dumpscope/dumpscope/advisor"
)

// Mode says what the dashboard watches.
type Mode int

const (
	// ModeImport shows an import with its progress panel; q asks before stopping it.
	ModeImport Mode = iota
	// ModeWatch samples a server another tool restores into: no import panel.
	ModeWatch
	// ModeView plays a recorded run; left/right step through its ticks.
	ModeView
)

// Header is what does not change during the run, shown on the first line.
type Header struct {
	// Dump names the dump (file name, "stdin"); Format is "plain", "gzip", "zstd" or "".
	Dump   string
	Format string
	// Flavor and Version name the target server ("mariadb", "10.11.6-MariaDB").
	Flavor, Version string
	// Target is where the server is (host:port or socket), optional.
	Target string
	// Sandbox: the target is a throwaway server dumpscope started.
	Sandbox bool
	// Connections is the number of import connections.
	Connections int
}

// Options configure a Model.
type Options struct {
	Mode   Mode
	Header Header
	// Env is the advisor's environment: the server's variables (for the flush points and
	// the maximum checkpoint age), the devices and their identity, the probe.
	Env *advisor.Env
	// DeviceNote says why there are no device metrics (a remote server, a datadir on
	// tmpfs); shown in the device panel instead of zeros.
	DeviceNote string
	// Remote says the server runs on another host, so its CPU cannot be read from here;
	// a local server's CPU is missing only until the second sample (usage is a delta).
	Remote bool
	// Pause is called with true when the user pauses dispatch and false on resume; nil
	// makes p freeze the screen instead (watch, view).
	Pause func(paused bool)
	// Stop is called once when the user confirms the stop; the caller ends the run and
	// sends DoneMsg or quits the program. nil: q quits at once.
	Stop func()
	// Abort is called once when, with a stop under way, the user confirms aborting the
	// statement in flight (what a second Ctrl-C does without the screen: in raw mode
	// Ctrl-C is a key, not a signal). nil: q does nothing while stopping.
	Abort func()
	// Interval is the sampling interval (the finest refresh rate); default 1 s.
	Interval time.Duration
	// Renderer styles the output; nil: lipgloss's default. Give one with the Ascii
	// profile for NO_COLOR or fixed-output tests.
	Renderer *lipgloss.Renderer
	// Frames are a recorded run's ticks for ModeView, oldest first.
	Frames []TickMsg
	// Title names the recorded run in ModeView.
	Title string
	// End is how the recorded run ended, shown on its last frame in ModeView.
	End *DoneMsg
	// ASCII draws with ASCII only (bars, graphs, rules, separators), for a terminal or
	// locale without UTF-8; see UTF8Locale.
	ASCII bool
}

// panel ids, in focus order; the keys 1–5 pick them.
const (
	panelImport = iota
	panelDevices
	panelInnoDB
	panelCPU
	panelFindings
	numPanels
)

var panelNames = [numPanels]string{"Import", "Devices", "InnoDB", "CPU", "Findings"}

// keyMap holds the dashboard's bindings; help renders them.
type keyMap struct {
	Stop, Pause, Focus, Panel, Expand, Details, Up, Down, Faster, Slower, Help, Close,
	Yes, Step, StepBack, Home, End key.Binding
}

func newKeyMap(mode Mode) keyMap {
	k := keyMap{
		Stop:     key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "stop")),
		Pause:    key.NewBinding(key.WithKeys("p", " "), key.WithHelp("p", "pause")),
		Focus:    key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "focus")),
		Panel:    key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "panel")),
		Expand:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "expand")),
		Details:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "details")),
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous finding")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next finding")),
		Faster:   key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "refresh faster")),
		Slower:   key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "refresh slower")),
		Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Yes:      key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "confirm")),
		Step:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "step forward")),
		StepBack: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "step back")),
		Home:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", "first tick")),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", "last tick")),
	}
	switch mode {
	case ModeWatch:
		k.Pause.SetHelp("p", "freeze")
	case ModeView:
		k.Stop.SetHelp("q", "quit") // at once: nothing to confirm
		k.Yes.SetEnabled(false)
		k.Pause.SetEnabled(false)
		k.Faster.SetEnabled(false)
		k.Slower.SetEnabled(false)
	}
	if mode != ModeView {
		for _, b := range []*key.Binding{&k.Step, &k.StepBack, &k.Home, &k.End} {
			b.SetEnabled(false)
		}
	}
	return k
}

// ShortHelp is the status line's key list.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Stop, k.Pause, k.StepBack, k.Step, k.Focus, k.Expand, k.Details, k.Help}
}

// FullHelp is the ? screen.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Stop, k.Yes, k.Pause, k.Help, k.Close},
		{k.Focus, k.Panel, k.Expand, k.Details, k.Up, k.Down},
		{k.Faster, k.Slower, k.StepBack, k.Step, k.Home, k.End},
	}
}

// refreshSteps are the screen refresh periods +/- step through, in sampling intervals.
var refreshSteps = []int{1, 2, 5, 10}

// Model is the dashboard.
type Model struct {
	o      Options
	keys   keyMap
	help   help.Model
	sty    styles
	st     *state
	width  int
	height int

	focus      int
	expanded   bool
	details    bool // the focused finding's evidence and fix
	showHelp   bool
	confirming bool
	stopping   bool
	// confirmingAbort asks whether to abort the statement a stop waits for; aborting
	// says it was asked; stopWait is the importer's last "still waiting" line
	// (StopWaitMsg), shown in the status line while stopping.
	confirmingAbort bool
	aborting        bool
	stopWait        string
	paused          bool // dispatch paused (import) or screen frozen (watch)
	selected        int  // index into the findings, newest first
	refresh         int  // index into refreshSteps
	cursor          int  // ModeView: frames applied are [0, cursor]

	// Render memo: View re-renders only when something it shows changed.
	seq       int     // bumped by every change that is shown
	shownT    float64 // snapshot time last shown (refresh rate)
	memoKey   memoKey
	memoValue string
	ascii     *strings.Replacer // nil: UTF-8 symbols
}

type memoKey struct{ seq, w, h int }

// New returns a dashboard. In ModeView it shows the last frame first.
func New(o Options) *Model {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	r := o.Renderer
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	m := &Model{o: o, keys: newKeyMap(o.Mode), help: help.New(), sty: newStyles(r), st: newState(o.Env)}
	m.help.Styles.ShortKey = m.sty.key
	m.help.Styles.FullKey = m.sty.key
	m.help.Styles.ShortDesc = m.sty.plain
	m.help.Styles.FullDesc = m.sty.plain
	m.help.Styles.ShortSeparator = m.sty.plain
	m.help.Styles.FullSeparator = m.sty.plain
	m.help.ShortSeparator = "  "
	if o.Mode == ModeImport {
		m.focus = panelImport
	} else {
		m.focus = panelDevices
	}
	if o.Mode == ModeView && len(o.Frames) > 0 {
		m.seek(len(o.Frames) - 1)
	}
	if o.ASCII {
		m.ascii = asciiReplacer()
	}
	return m
}

// Init starts nothing: ticks arrive from the Sink.
func (m *Model) Init() tea.Cmd { return nil }

// Update handles keys, resizes, ticks and the end of the run.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		m.seq++
	case TickMsg:
		m.tick(msg)
	case ticksMsg:
		for _, t := range msg {
			m.tick(t)
		}
	case DoneMsg:
		m.st.done = &msg
		m.confirming, m.stopping, m.paused = false, false, false
		m.confirmingAbort, m.aborting, m.stopWait = false, false, ""
		m.seq++
	case StopWaitMsg:
		m.stopWait = string(msg)
		m.seq++
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *Model) tick(t TickMsg) {
	m.st.apply(t)
	if m.paused && m.o.Pause == nil {
		return // frozen screen: data keeps arriving, the view holds still
	}
	period := float64(refreshSteps[m.refresh]) * m.o.Interval.Seconds()
	if m.st.ticks == 1 || t.Tick.Snapshot.T-m.shownT >= period*0.999 || len(t.Tick.Events) > 0 {
		m.shownT = t.Tick.Snapshot.T
		m.seq++
	}
}

func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	m.seq++
	k := m.keys
	if m.confirming {
		m.confirming = false
		if key.Matches(msg, k.Yes) || msg.String() == "ctrl+c" {
			return m.stop()
		}
		return nil
	}
	if m.confirmingAbort {
		m.confirmingAbort = false
		if key.Matches(msg, k.Yes) || msg.String() == "ctrl+c" {
			m.aborting = true
			m.o.Abort()
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Stop):
		if m.showHelp || m.details {
			m.showHelp, m.details = false, false
			if msg.String() == "q" {
				return nil
			}
		}
		if m.o.Mode == ModeView || m.o.Stop == nil || m.st.done != nil {
			return tea.Quit
		}
		if m.stopping {
			m.confirmingAbort = m.o.Abort != nil && !m.aborting
			return nil
		}
		m.confirming = true
	case key.Matches(msg, k.Close):
		switch { // the topmost layer closes
		case m.showHelp:
			m.showHelp = false
		case m.details:
			m.details = false
		default:
			m.expanded = false
		}
	case key.Matches(msg, k.Help):
		m.showHelp = !m.showHelp
	case m.showHelp:
		// any other key leaves help as it is
	case key.Matches(msg, k.Pause):
		if m.st.done != nil {
			return nil
		}
		m.paused = !m.paused
		if m.o.Pause != nil {
			m.o.Pause(m.paused)
		}
	case key.Matches(msg, k.Focus):
		step := 1
		if msg.String() == "shift+tab" {
			step = numPanels - 1
		}
		m.focus = (m.focus + step) % numPanels
		if m.o.Mode == ModeWatch && m.focus == panelImport {
			m.focus = (m.focus + step) % numPanels
		}
		m.details = false
	case key.Matches(msg, k.Panel):
		p := int(msg.Runes[0] - '1')
		if p != panelImport || m.o.Mode != ModeWatch {
			m.focus = p
		}
	case key.Matches(msg, k.Expand):
		m.expanded = !m.expanded
	case key.Matches(msg, k.Details):
		if m.focus != panelFindings {
			m.focus = panelFindings
		}
		m.details = !m.details && len(m.st.findings) > 0
	case key.Matches(msg, k.Up):
		m.focus = panelFindings
		m.selected = max(0, m.selected-1)
	case key.Matches(msg, k.Down):
		m.focus = panelFindings
		m.selected = min(max(0, len(m.st.findings)-1), m.selected+1)
	case key.Matches(msg, k.Faster):
		m.refresh = max(0, m.refresh-1)
	case key.Matches(msg, k.Slower):
		m.refresh = min(len(refreshSteps)-1, m.refresh+1)
	case key.Matches(msg, k.StepBack):
		m.seek(m.cursor - 1)
	case key.Matches(msg, k.Step):
		m.seek(m.cursor + 1)
	case key.Matches(msg, k.Home):
		m.seek(0)
	case key.Matches(msg, k.End):
		m.seek(len(m.o.Frames) - 1)
	}
	return nil
}

func (m *Model) stop() tea.Cmd {
	m.stopping = true
	if m.o.Stop != nil {
		m.o.Stop()
		return nil
	}
	return tea.Quit
}

// seek shows a recorded run as it was after frame i: the state is rebuilt from the first
// frame, so graphs hold exactly the history the live screen had at that moment.
func (m *Model) seek(i int) {
	if len(m.o.Frames) == 0 {
		return
	}
	i = max(0, min(i, len(m.o.Frames)-1))
	m.cursor = i
	m.st = newState(m.o.Env)
	for _, f := range m.o.Frames[:i+1] {
		m.st.apply(f)
	}
	if i == len(m.o.Frames)-1 {
		m.st.done = m.o.End
	}
	m.selected = min(m.selected, max(0, len(m.st.findings)-1))
}

// Paused reports whether the user paused the run.
func (m *Model) Paused() bool { return m.paused }

// View renders the screen, from the memo when nothing shown has changed.
func (m *Model) View() string {
	k := memoKey{m.seq, m.width, m.height}
	if k == m.memoKey && m.memoValue != "" {
		return m.memoValue
	}
	m.memoKey, m.memoValue = k, m.render()
	if m.ascii != nil {
		m.memoValue = m.ascii.Replace(m.memoValue)
	}
	return m.memoValue
}

// asciiReplacer maps every non-ASCII symbol the dashboard draws to one ASCII character of
// the same width, so layouts stay aligned: block levels become _.:-=+*#, rules - and =,
// marks |, arrows > and <.
func asciiReplacer() *strings.Replacer {
	return strings.NewReplacer(
		"▁", "_", "▂", ".", "▃", ":", "▄", "-", "▅", "=", "▆", "+", "▇", "*", "█", "#",
		"░", ".", "│", "|", "╌", "-", "─", "-", "━", "=", "·", "|", "→", ">", "←", "<",
		"↑", "^", "↓", "v", "…", "~", "×", "x", "▸", ">", "›", ">", "⏎", "<",
	)
}

// UTF8Locale reports whether the locale (LC_ALL, else LC_CTYPE, else LANG) is UTF-8, or
// unset (most terminals are UTF-8 today); a locale set to anything else (C, POSIX,
// ISO-8859-1) asks for ASCII.
func UTF8Locale() bool {
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if l := os.Getenv(v); l != "" {
			l = strings.ToLower(l)
			return strings.Contains(l, "utf-8") || strings.Contains(l, "utf8")
		}
	}
	return true
}
