package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/dumpscope/dumpscope/bench"
	"github.com/dumpscope/dumpscope/internal/units"
)

// benchOptions are the flags of `dumpscope bench`.
type benchOptions struct {
	dump         string
	sampleSize   string
	variants     multiFlag
	repeat       int
	auto         bool
	parallel     int
	probe        time.Duration
	sandboxDir   string
	serverBinary string
	outDir       string
	interval     time.Duration
}

// runBench imports the same dump into fresh sandboxes with different server settings, in
// interleaved order (A B B A …), records each run, and compares the variants: median
// replay time with its interval, the ratio to the first variant, whether the difference
// is significant, and which findings each variant raised.
func runBench(args []string, s stdio) int {
	f := newCmdFlags("bench",
		"Import the same dump into fresh sandbox servers with different settings, in interleaved order (A B B A …), record each run, and compare the variants: median replay time with its interval, the ratio to the first variant, whether the difference is significant, and which findings each variant raised.",
		"[OPTIONS] [DUMP]")
	var o benchOptions
	f.section(groupSandbox)
	f.Var(&o.variants, "variant", "`NAME[:var=val,…]`: a server configuration to run (repeatable; without settings: the server's defaults)")
	f.IntVar(&o.repeat, "repeat", bench.DefaultRepeat, "`N` runs per variant (4: the fewest with which a difference can be significant)")
	f.BoolVar(&o.auto, "auto", false, "run the defaults once, turn each finding's advice into a variant, and measure them all (no advice: stop after that run)")
	f.StringVar(&o.sandboxDir, "sandbox-dir", "", "parent `DIR` of the sandboxes: put it on the disk under test")
	f.StringVar(&o.serverBinary, "server-binary", "", "mariadbd or mysqld `PATH` for the sandboxes")
	f.StringVar(&o.sampleSize, "sample-size", "64M", "`SIZE` of the generated dump when no DUMP is given")
	f.section(groupSpeed)
	f.IntVar(&o.parallel, "parallel", 1, "import on `N` connections")
	f.section(groupOutput)
	f.StringVar(&o.outDir, "out", "", "`DIR` for the run records and bench.json (default bench-YYYYmmdd-HHMMSS)")
	f.duration(&o.interval, "interval", time.Second, "sampling `INTERVAL` (seconds, or 500ms, 2m)")
	f.duration(&o.probe, "probe", 0, "measure sync-write latency in each sandbox's redo directory first, for this `DURATION`")
	f.examples = []string{
		"dumpscope bench --variant 4m:innodb_log_file_size=4M --variant default d.sql  # a 4 MiB redo log against the server's default",
		"dumpscope bench --auto  # the defaults, then each finding's advice, on a generated dump",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if f.NArg() > 1 {
		return f.fail(s, usagef("one DUMP expected, got %d", f.NArg()))
	}
	o.dump = f.Arg(0)
	variants, err := bench.ParseVariants(o.variants)
	if err != nil {
		return f.fail(s, usagef("%v", err))
	}
	switch {
	case len(variants) < 2 && !o.auto: // one variant alone has nothing to be compared with
		return f.fail(s, usagef("give two or more --variant (e.g. --variant default for the server's defaults), or --auto"))
	case o.repeat < 1:
		return f.fail(s, usagef("--repeat %d: want 1 or more", o.repeat))
	case o.parallel < 1:
		return f.fail(s, usagef("--parallel %d: want 1 or more", o.parallel))
	case o.interval <= 0:
		return f.fail(s, usagef("--interval %v: want more than 0", o.interval))
	}
	if _, err := units.ParseBytes(o.sampleSize); err != nil {
		return f.fail(s, usagef("--sample-size %q: %v", o.sampleSize, err))
	}
	if o.dump != "" {
		if _, err := os.Stat(o.dump); err != nil {
			fmt.Fprintln(s.Err, "dumpscope bench:", err)
			return exitFailure
		}
	}
	if o.outDir == "" {
		o.outDir = "bench-" + time.Now().Format("20060102-150405")
	}
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	b := bench.New(bench.Options{
		Dump: o.dump, SampleSize: o.sampleSize, Repeat: o.repeat, Parallel: o.parallel,
		ProbeDuration: o.probe, SandboxDir: o.sandboxDir, ServerBinary: o.serverBinary,
		OutDir: o.outDir, Interval: o.interval, ToolVersion: version, Log: s.Err,
	})
	if o.auto {
		if variants, err = b.Auto(ctx, variants); errors.Is(err, bench.ErrNothingToTest) {
			fmt.Fprintln(s.Out, "verdict:", err) // said after one run, not after DefaultRepeat more
			return exitOK
		} else if err != nil {
			fmt.Fprintln(s.Err, "dumpscope bench:", err)
			return exitFailure
		}
	}
	runs, err := b.RunAll(ctx, variants)
	summary := bench.Summarize(variants, runs)
	bench.WriteText(s.Out, summary)
	fmt.Fprintln(s.Out, bench.Verdict(variants, summary))
	if werr := bench.WriteJSON(filepath.Join(o.outDir, "bench.json"), variants, runs, summary); werr != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", werr)
	}
	fmt.Fprintf(s.Err, "dumpscope bench: run records and bench.json in %s\n", o.outDir)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		return exitFailure
	}
	return exitOK
}
