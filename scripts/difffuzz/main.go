// Command difffuzz is dumpscope's differential fuzzer (docs/difffuzz.md): seeded SQL
// scripts go through the mariadb client and through `dumpscope import` in each mode into
// one throwaway server, and their re-dumps and exit statuses are compared. On a
// difference the script is shrunk and written to --out, and the exit status is 1.
//
//	go build -o bin/dumpscope ./cmd/dumpscope
//	go run ./scripts/difffuzz --dumpscope bin/dumpscope --seed 1 --count 100 --out /tmp/fz
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/dumpscope/dumpscope/internal/difffuzz"
	"github.com/dumpscope/dumpscope/sandbox"
)

func main() { os.Exit(run()) }

func run() int {
	bin := flag.String("dumpscope", "bin/dumpscope", "the dumpscope binary under test")
	seed := flag.Int64("seed", 1, "the first script's seed (script i has seed+i)")
	count := flag.Int("count", 0, "how many scripts (0: until --duration)")
	duration := flag.Duration("duration", 0, "stop after this long (0: after --count)")
	modes := flag.String("modes", "all", "comma-separated modes: "+modeList())
	out := flag.String("out", "difffuzz-out", "directory for a shrunk script")
	off := flag.String("off", "known", "constructs to leave out, comma-separated (docs/difffuzz.md): known (the known differences), none, or names")
	deferOff := flag.String("defer-indexes-off", difffuzz.ConstructList(difffuzz.InSuiteModeOff["defer-indexes"]), "constructs the defer-indexes mode alone leaves out, or none")
	resumeOff := flag.String("resume-off", difffuzz.ConstructList(difffuzz.InSuiteModeOff["resume"]), "constructs the resume mode alone leaves out (the differences found there without a fix yet), comma-separated, or none")
	actions := flag.Int("actions", 0, "generator steps per script (0: 40)")
	maxRows := flag.Int("max-rows", 0, "most rows in one INSERT (0: 120)")
	shrinkBudget := flag.Duration("shrink-budget", 15*time.Minute, "how long shrinking may take")
	socket := flag.String("socket", "", "import into the server at this unix socket (as root, no password) instead of a sandbox; its user databases are DROPPED")
	profile := flag.String("profile", "", "the scripts' shape in every mode: general or load-data (default: each mode's own, load-data in the modes with --load-data)")
	verbose := flag.Bool("v", false, "a line per script")
	kills := flag.Int("kills", 0, "kills per import in the modes with kills: 0, one, and a second (of its first resume) one time in three; n, n each (every resume but the last killed too)")
	keepGoing := flag.Bool("keep-going", false, "after a difference go on with the next seed (each one shrunk and written to --out), and list them all: how many scripts differ")
	flag.Parse()
	if *count == 0 && *duration == 0 {
		fmt.Fprintln(os.Stderr, "difffuzz: give --count or --duration")
		return 2
	}
	ms, err := difffuzz.ModeNames(*modes)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	if *bin, err = filepath.Abs(*bin); err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var srv *sandbox.Server
	if *socket == "" {
		srv, err = sandbox.Start(ctx, sandbox.Options{Settings: difffuzz.SandboxSettings})
		if err != nil {
			fmt.Fprintln(os.Stderr, "difffuzz:", err)
			return 2
		}
		defer srv.Stop()
	} else {
		srv = &sandbox.Server{Socket: *socket}
	}
	target, err := difffuzz.SandboxTarget(srv, *bin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	work, err := os.MkdirTemp("", "difffuzz-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	defer os.RemoveAll(work)
	r, err := difffuzz.NewRunner(target, work)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	defer r.Close()
	r.Kills = *kills
	cfg := difffuzz.Config{Actions: *actions, MaxRows: *maxRows, Profile: difffuzz.Profile(*profile)}
	if *profile != "" && !slices.Contains(difffuzz.Profiles, cfg.Profile) {
		fmt.Fprintf(os.Stderr, "difffuzz: unknown profile %q (profiles: %v)\n", *profile, difffuzz.Profiles)
		return 2
	}
	if cfg.Off, err = difffuzz.ParseConstructs(*off); err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	ro, err := difffuzz.ParseConstructs(*resumeOff)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	do, err := difffuzz.ParseConstructs(*deferOff)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	o := difffuzz.Options{Seed: *seed, Count: *count, Duration: *duration, Modes: ms, Config: cfg, Out: *out, ShrinkBudget: *shrinkBudget,
		ModeOff: modeOff(ro, do), KeepGoing: *keepGoing}
	if *verbose {
		o.Log = os.Stderr
	}
	res, err := difffuzz.Fuzz(ctx, r, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		return 2
	}
	if *keepGoing && res.Diff != nil {
		fmt.Printf("%d of %d scripts differ in %s:\n", len(res.Found), res.Scripts, res.Elapsed.Round(time.Second))
		for _, f := range res.Found {
			fmt.Printf("  %s\n", f.Line())
		}
		return 1
	}
	if res.Diff != nil {
		fmt.Printf("difference after %d scripts in %s: %s %s: %s\nshrunk to %d statements: %s\n", res.Scripts, res.Elapsed.Round(time.Second),
			res.Diff.Mode, res.Diff.Kind, strings.SplitN(res.Diff.Detail, "\n", 2)[0], len(res.Shrunk.Stmts), res.File)
		if res.Server != "" {
			fmt.Printf("what the server was doing when the import reached the bound: %s\n", res.Server)
		}
		return 1
	}
	fmt.Println(res.Summary())
	return 0
}

func modeList() string {
	names := make([]string, len(difffuzz.Modes))
	for i, m := range difffuzz.Modes {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}

// modeOff gives --resume-off to every mode with kills and --defer-indexes-off to every
// mode with --defer-indexes (resume-defer-indexes takes both).
func modeOff(resume, deferIdx []difffuzz.Construct) map[string][]difffuzz.Construct {
	out := map[string][]difffuzz.Construct{}
	for _, m := range difffuzz.Modes {
		if m.Kill {
			out[m.Name] = append(out[m.Name], resume...)
		}
		if slices.Contains(m.Args, "--defer-indexes") {
			out[m.Name] = append(out[m.Name], deferIdx...)
		}
	}
	return out
}
