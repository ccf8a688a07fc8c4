package tui

import (
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// MaxFPS caps how often the screen is redrawn: ticks arrive once a second, keys need no
// more than this to feel immediate, and each frame costs dumpscope CPU the import could use.
const MaxFPS = 10

// NewRenderer returns a lipgloss renderer for out, monochrome when NO_COLOR is set (any
// value, per no-color.org) or out is not a colour terminal.
func NewRenderer(out io.Writer) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(out)
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		r.SetColorProfile(termenv.Ascii)
	}
	return r
}

// NewProgram runs m full-screen on out (the terminal), reading keys from the terminal
// even when stdin is a pipe (zcat dump.gz | dumpscope import -), at most MaxFPS frames a
// second.
func NewProgram(m *Model, out io.Writer, stdinIsTerminal bool) *tea.Program {
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithOutput(out), tea.WithFPS(MaxFPS)}
	if !stdinIsTerminal {
		opts = append(opts, tea.WithInputTTY())
	}
	return tea.NewProgram(m, opts...)
}
