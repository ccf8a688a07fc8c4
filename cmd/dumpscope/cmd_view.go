package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/tui"
)

// runView plays a recorded run (import --record, watch --record) in the live dashboard,
// with ←/→ to step through its ticks: a restore that ran headless at night looks the next
// morning exactly as it would have looked live. The findings are recomputed tick by tick
// with today's rules, as advise --run does.
func runView(args []string, s stdio) int {
	f := newCmdFlags("view",
		"Play a run record (written by import --record or watch --record) in the live dashboard, stepping through its ticks: ←/→ one tick, home/end the first or last, q quits, ? shows the keys. Needs a terminal; for text, use dumpscope advise --run FILE.",
		"RUN.json")
	f.examples = []string{"dumpscope view run.json  # step through a recorded import"}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if f.NArg() != 1 {
		return f.fail(s, usagef("one run record expected (written by import --record or watch --record)"))
	}
	path := f.Arg(0)
	rec, err := runrecord.ReadFile(path)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope view: %v\n", err)
		return exitFailure
	}
	if len(rec.Samples) == 0 {
		fmt.Fprintf(s.Err, "dumpscope view: %s has no samples to show\n", path)
		return exitFailure
	}
	out, ok := s.Err.(*os.File)
	if !ok || !term.IsTerminal(int(out.Fd())) {
		fmt.Fprintf(s.Err, "dumpscope view: needs a terminal; for text, run: dumpscope advise --run %s\n", path)
		return exitUsage
	}
	env := rec.Env()
	o := tui.Options{
		Mode:     tui.ModeView,
		Env:      env,
		Interval: secondsDuration(rec.IntervalSeconds),
		Renderer: tui.NewRenderer(out),
		ASCII:    !tui.UTF8Locale(),
		Frames:   tui.Replay(rec.Samples, env, rec.Server.ServerInfo, rules.NewEngine()),
		Title:    filepath.Base(path),
		End:      recordEnd(rec),
		Header:   tui.Header{Flavor: rec.Server.Flavor, Version: rec.Server.Version},
	}
	if rec.Dump != nil {
		o.Header.Dump = rec.Dump.Name
	}
	if o.Remote = len(rec.Devices) == 0; o.Remote {
		o.DeviceNote = "the record has no devices: the server was not on the machine that recorded it"
	}
	stdinTTY := false
	if in, ok := s.In.(*os.File); ok {
		stdinTTY = term.IsTerminal(int(in.Fd()))
	}
	if _, err := tui.NewProgram(tui.New(o), out, stdinTTY).Run(); err != nil {
		fmt.Fprintf(s.Err, "dumpscope view: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// recordEnd is the record's outcome as the dashboard's last frame shows it.
func recordEnd(rec *runrecord.Record) *tui.DoneMsg {
	switch rec.Outcome.Status {
	case runrecord.OutcomeOK:
		return &tui.DoneMsg{Status: "finished"}
	case runrecord.OutcomeInterrupted:
		return &tui.DoneMsg{Status: "interrupted", Detail: rec.Outcome.Error}
	case runrecord.OutcomeError:
		return &tui.DoneMsg{Status: "failed", Detail: rec.Outcome.Error}
	}
	return nil
}

// secondsDuration converts a record's interval_seconds (0: unknown, taken as 1 s).
func secondsDuration(sec float64) time.Duration {
	if sec <= 0 {
		return time.Second
	}
	return time.Duration(sec * float64(time.Second))
}
