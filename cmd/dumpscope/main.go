// Command dumpscope restores MySQL/MariaDB dumps and explains, live, what holds the restore
// back. main is one line; run dispatches to one function per command, each in its own file
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
		{"split", "dry run: split a dump into statements and summarise it, no server", runSplit},
		{"gen", "generate a synthetic mysqldump-format dump", runGen},
		{"devices", "show the block devices under a datadir and their identity", runDevices},
		{"iostat", "print iostat -x columns for devices", runIostat},
		{"probe", "measure how fast a directory's device makes a write durable", runProbe},
		{"watch", "sample a server while another tool restores into it", runWatch},
		{"bench", "import one dump into fresh sandboxes with different settings and compare", runBench},
		{"advise", "sample a live server briefly (or replay a run record) and print findings", runAdvise},
		{"view", "play a recorded run (--record) in the live dashboard, stepping through time", runView},
		{"restore-settings", "put back server settings an interrupted --relax-durability import changed", runRestoreSettings},
	}
}

func main() {
	// The driver logs lost connections itself; dumpscope reports them, with the position.
	_ = mysql.SetLogger(log.New(io.Discard, "", 0))
	os.Exit(profiled(func() int { return run(os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr}) }))
}

// profiled writes a CPU profile to $DUMPSCOPE_CPUPROFILE when it is set: the benchmark
// scripts use it to see where dumpscope's own CPU goes.
func profiled(f func() int) int {
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

func run(args []string, s stdio) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(s.Out)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(s.Out, "dumpscope", version)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], s)
		}
	}
	fmt.Fprintf(s.Err, "dumpscope: unknown command %q (see dumpscope help)\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dumpscope <command> [flags] [args]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-16s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun dumpscope <command> -h for a command's flags.")
}
