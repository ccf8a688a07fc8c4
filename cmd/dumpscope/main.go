// Command dumpscope restores MySQL/MariaDB dumps and explains, live, what holds the restore
// back. main is one line; runCommand dispatches to one function per command, each in its own file
// (cmd_<command>.go), each taking its arguments and the IO streams so output is testable.
package main

import (
	"fmt"
	"io"
	"log"
	"os"
	"runtime/pprof"
	"sync"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/cliflag"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// Exit codes, one table for every command (README.md "Exit codes").
const (
	exitOK          = 0 // success
	exitFailure     = 1 // failure (bad input, server error, I/O error)
	exitUsage       = 2 // usage error (unknown flag, missing argument)
	exitInterrupted = 3 // interrupted; resumable
	exitSQLErrors   = 4 // finished, but with SQL errors under --force
)

// version is the tool version recorded in run records.
const version = "0.1.0"

// stdio are the streams a command writes to: data on Out, progress and errors on Err.
type stdio struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// lockedWriter serialises writes from several goroutines, each Write whole.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// Fd and Unwrap pass the underlying file's descriptor and writer through, so a sink writing
// through it can still ask the terminal (or the dashboard's held lines) for its width.
func (l *lockedWriter) Fd() uintptr       { return termsafe.Fd(l.w) }
func (l *lockedWriter) Unwrap() io.Writer { l.mu.Lock(); defer l.mu.Unlock(); return l.w }

// Redirect sends later writes to w and returns where they went (tui.Redirector: the
// dashboard holds stderr while the screen is up).
func (l *lockedWriter) Redirect(w io.Writer) io.Writer {
	l.mu.Lock()
	defer l.mu.Unlock()
	prev := l.w
	l.w = w
	return prev
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

type command struct {
	name    string
	summary string
	run     func(args []string, io stdio) int
}

func commands() []command {
	return []command{
		{"import", "replay a dump into a server, with progress and findings", runImport},
		{"split", "split a dump into statements and summarise it (no server)", runSplit},
		{"gen", "generate a synthetic mysqldump-format dump", runGen},
		{"devices", "show the block devices under a datadir and their identity", runDevices},
		{"iostat", "print iostat -x columns for devices", runIostat},
		{"probe", "measure how fast a directory's device makes a write durable", runProbe},
		{"watch", "sample a server while another tool restores into it", runWatch},
		{"bench", "compare server settings: one dump into fresh sandboxes", runBench},
		{"advise", "sample a server briefly (or replay a record); print findings", runAdvise},
		{"report", "a run record as a text, Markdown, HTML or JSON report", runReport},
		{"compare", "run records side by side (before/after tuning, two servers)", runCompare},
		{"view", "step through a run record in the dashboard", runView},
		{"restore-settings", "undo what an interrupted --relax-durability import changed", runRestoreSettings},
		{"completion", "print a bash completion script", runCompletion},
	}
}

func main() {
	// The driver logs lost connections itself; dumpscope reports them, with the position.
	_ = mysql.SetLogger(log.New(io.Discard, "", 0))
	os.Exit(profiled(func() int { return runCommand(os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr}) }))
}

// profiled writes a CPU profile to $DUMPSCOPE_CPUPROFILE when it is set: the benchmark
// scripts use it to see where dumpscope's own CPU goes. $DUMPSCOPE_MEMPROFILE gets the
// allocations' profile at exit (memprofiled), $DUMPSCOPE_TRACE an execution trace
// (traced).
func profiled(f func() int) int {
	f = traced(memprofiled(f))
	path := os.Getenv("DUMPSCOPE_CPUPROFILE")
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dumpscope: cpu profile:", err)
		return f()
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintln(os.Stderr, "dumpscope: cpu profile:", err)
		return f()
	}
	defer pprof.StopCPUProfile()
	return f()
}

func runCommand(args []string, s stdio) int {
	if len(args) == 0 {
		usage(s.Err)
		return exitUsage
	}
	switch args[0] {
	case "-?", "-h", "--help":
		usage(s.Out)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(s.Out)
			return exitOK
		}
		// dumpscope help CMD is dumpscope CMD --help.
		for _, c := range commands() {
			if c.name == args[1] {
				return c.run([]string{"--help"}, s)
			}
		}
		fmt.Fprintf(s.Err, "dumpscope help: unknown command %q (see dumpscope help)\n", args[1])
		return exitUsage
	case "version", "--version":
		fmt.Fprintln(s.Out, "dumpscope", version)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], s)
		}
	}
	msg := fmt.Sprintf("dumpscope: unknown command %q", args[0])
	if c := closestCommand(args[0]); c != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", c)
	}
	fmt.Fprintln(s.Err, msg)
	fmt.Fprintln(s.Err, "Try 'dumpscope help' for the list of commands.")
	return exitUsage
}

// closestCommand is the command name nearest to name, or "" when none is close.
func closestCommand(name string) string {
	best, bestDist := "", 3
	for _, c := range commands() {
		if d := cliflag.EditDistance(name, c.name); d < bestDist {
			best, bestDist = c.name, d
		}
	}
	return best
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: dumpscope COMMAND [OPTIONS] [ARGS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Restore MySQL/MariaDB dumps and see, live, what holds the restore back.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-18s%s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help COMMAND      a command's options (as dumpscope COMMAND --help)")
	fmt.Fprintln(w, "  version           print the version")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit status: 0 success, 1 failure, 2 usage error, 3 interrupted (resumable),")
	fmt.Fprintln(w, "4 finished with SQL errors under --force, 5 a finding at or above --fail-on.")
}
