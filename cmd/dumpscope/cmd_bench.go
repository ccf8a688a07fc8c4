package main

import (
	"context"
	"errors"
	"flag"
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
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	var o benchOptions
	fs.Var(&o.variants, "variant", "`NAME[:var=val,…]`: a server configuration to run (repeatable; without settings: the server's defaults)")
	fs.IntVar(&o.repeat, "repeat", bench.DefaultRepeat, "runs per variant (4: the fewest with which a difference can be significant)")
	fs.BoolVar(&o.auto, "auto", false, "run the defaults once, turn each finding's advice into a variant, and measure them all")
	fs.IntVar(&o.parallel, "parallel", 1, "import on `N` connections")
	fs.DurationVar(&o.probe, "probe", 0, "measure sync-write latency in each sandbox's redo directory first, for this `long`")
	fs.StringVar(&o.sandboxDir, "sandbox-dir", "", "parent `directory` of the sandboxes: put it on the disk under test")
	fs.StringVar(&o.serverBinary, "server-binary", "", "mariadbd or mysqld `binary` for the sandboxes")
	fs.StringVar(&o.outDir, "out", "", "`directory` for the run records and bench.json (default bench-YYYYmmdd-HHMMSS)")
	fs.StringVar(&o.sampleSize, "sample-size", "64M", "`size` of the generated dump when no DUMP is given")
	fs.DurationVar(&o.interval, "interval", time.Second, "sampling `interval`")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope bench [flags] [DUMP]\n  e.g. dumpscope bench --variant small:innodb_log_file_size=4M --variant big:innodb_log_file_size=1G dump.sql.gz")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(s.Err, "dumpscope bench: one DUMP expected")
		return exitUsage
	}
	o.dump = fs.Arg(0)
	variants, err := bench.ParseVariants(o.variants)
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench:", err)
		return exitUsage
	}
	if len(variants) == 0 && !o.auto {
		fmt.Fprintln(s.Err, "dumpscope bench: give at least one --variant, or --auto")
		return exitUsage
	}
	if o.repeat < 1 || o.parallel < 1 || o.interval <= 0 {
		fmt.Fprintln(s.Err, "dumpscope bench: --repeat and --parallel must be at least 1, --interval positive")
		return exitUsage
	}
	if _, err := units.ParseBytes(o.sampleSize); err != nil {
		fmt.Fprintln(s.Err, "dumpscope bench: --sample-size:", err)
		return exitUsage
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
		if variants, err = b.Auto(ctx, variants); err != nil {
			fmt.Fprintln(s.Err, "dumpscope bench:", err)
			return exitFailure
		}
	}
	if o.repeat < bench.DefaultRepeat {
		fmt.Fprintf(s.Err, "dumpscope bench: note: %d run(s) per variant: too few to tell whether a difference is significant (need %d)\n", o.repeat, bench.DefaultRepeat)
	}
	runs, err := b.RunAll(ctx, variants)
	summary := bench.Summarize(variants, runs)
	bench.WriteText(s.Out, summary)
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
