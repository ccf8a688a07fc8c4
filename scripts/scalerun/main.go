// Command scalerun checks that dumpscope stays flat at scale: a generated dump of --size
// (10G for the run) goes through `dumpscope split` (memory must not grow with the
// dump; speed against zcat's) and through `dumpscope import --parallel N --record` into a
// sandbox, while this program samples dumpscope's RSS every second. It prints the RSS
// curve, the throughput per minute, and the ETA's error against the final time at each
// point after the first 5 % (the ETA a user saw then, against what happened).
//
//	go run ./scripts/scalerun --size 10G --parallel 2
//	go run ./scripts/scalerun --size 10G --parallel 2 --import-only --runs 2 \
//	  --set "innodb_buffer_pool_size=2G innodb_log_file_size=256M" --then-set innodb_log_file_size=1G
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/sandbox"
)

func main() {
	size := flag.String("size", "10G", "dump size (uncompressed)")
	par := flag.String("parallel", "2", "--parallel for the import")
	dir := flag.String("dir", "/tmp/dumpscope-scale", "work directory (the dump, the sandbox, the record)")
	bin := flag.String("dumpscope", "bin/dumpscope", "dumpscope binary")
	flags := flag.String("flags", "", "extra import flags, space-separated")
	importOnly := flag.Bool("import-only", false, "skip the zcat and split timings (the import and its ETA only)")
	set := flag.String("set", "innodb_buffer_pool_size=2G innodb_log_file_size=1G", "the sandbox's server settings NAME=VALUE, space-separated")
	runs := flag.Int("runs", 1, "import the dump this many times, each into a new sandbox (the runs after the first follow the one before for their ETA)")
	thenSet := flag.String("then-set", "", "server settings NAME=VALUE (space-separated) for the runs after the first: the tuning a before/after comparison tries")
	flag.Parse()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fatal(err)
	}
	n, err := units.ParseBytes(*size)
	if err != nil {
		fatal(err)
	}
	dump := filepath.Join(*dir, "gen-"+*size+".sql.gz")
	if _, err := os.Stat(dump); err != nil {
		fmt.Fprintf(os.Stderr, "scalerun: generating %s…\n", dump)
		o := gen.DefaultOptions()
		o.SizeBytes, o.Compression = n, "gzip"
		f, err := os.Create(dump)
		if err != nil {
			fatal(err)
		}
		if _, err := gen.Write(f, o); err != nil {
			fatal(err)
		}
		f.Close()
	}

	if !*importOnly {
		splitRun(*bin, dump)
	}

	// Each run's import keeps its progress curve in a state directory of its own, empty
	// at the start: the first run's ETA has only the pace to go by, and the later ones
	// follow the run before them (the before/after use: the same dump, a changed server).
	state := filepath.Join(*dir, "state")
	if err := os.RemoveAll(state); err != nil {
		fatal(err)
	}
	for run := 1; run <= *runs; run++ {
		settings := strings.Fields(*set)
		if run > 1 {
			settings = append(settings, strings.Fields(*thenSet)...)
		}
		fmt.Printf("run %d of %d: %s\n", run, *runs, strings.Join(settings, " "))
		importRun(*dir, *bin, *par, dump, strings.Fields(*flags), settings, state)
	}
}

// importRun imports dump into a new sandbox with settings, samples dumpscope's RSS, and
// prints the RSS curve, the throughput and the ETA error from its run record.
func importRun(dir, bin, par, dump string, flags, settings []string, state string) {
	srv, err := sandbox.Start(context.Background(), sandbox.Options{Dir: dir, Settings: settings})
	if err != nil {
		fatal(err)
	}
	defer srv.Stop()
	rec := filepath.Join(dir, "run.json")
	args := []string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--parallel", par, "--record", rec, "--interval", "1s"}
	args = append(append(args, flags...), dump)
	imp := exec.Command(bin, args...)
	imp.Env = append(os.Environ(), "XDG_STATE_HOME="+state)
	curve, wall, err := sampled(imp)
	if err != nil {
		fatal(fmt.Errorf("import: %w", err))
	}
	fmt.Printf("import --parallel %s: %.1f s, RSS %s\n", par, wall.Seconds(), summarize(curve))
	fmt.Println("RSS per minute (MiB):", perMinute(curve))
	r, err := runrecord.ReadFile(rec)
	if err != nil {
		fatal(err)
	}
	throughputAndETA(r)
}

// splitRun times `dumpscope split` against zcat alone and prints its RSS.
func splitRun(bin, dump string) {
	zcat := time.Now()
	if err := exec.Command("sh", "-c", "zcat "+dump+" > /dev/null").Run(); err != nil {
		fatal(err)
	}
	zcatWall := time.Since(zcat)
	split := exec.Command(bin, "split", dump)
	split.Stdout = nil
	curve, wall, err := sampled(split)
	if err != nil {
		fatal(fmt.Errorf("split: %w", err))
	}
	fmt.Printf("split: %.1f s (zcat alone %.1f s: %.2f×), RSS %s\n", wall.Seconds(), zcatWall.Seconds(), wall.Seconds()/zcatWall.Seconds(), summarize(curve))
}

// sampled runs cmd and samples its RSS (VmRSS) every second.
func sampled(cmd *exec.Cmd) ([]int64, time.Duration, error) {
	cmd.Stderr = nil
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var curve []int64
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			return curve, time.Since(start), err
		case <-tick.C:
			curve = append(curve, rss(cmd.Process.Pid))
		}
	}
}

func rss(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func summarize(curve []int64) string {
	if len(curve) == 0 {
		return "not sampled (ran under a second)"
	}
	var peak int64
	for _, v := range curve {
		peak = max(peak, v)
	}
	half := curve[len(curve)/2]
	return fmt.Sprintf("peak %d MiB, at half time %d MiB, at the end %d MiB", peak>>20, half>>20, curve[len(curve)-1]>>20)
}

func perMinute(curve []int64) string {
	var parts []string
	for i := 0; i < len(curve); i += 60 {
		parts = append(parts, strconv.FormatInt(curve[i]>>20, 10))
	}
	return strings.Join(parts, " ")
}

// throughputAndETA prints SQL MiB/s per minute from the record's samples, and the ETA
// error (the ETA shown at t against the real remaining time) from 5 % on.
func throughputAndETA(r *runrecord.Record) {
	s := r.Samples
	if len(s) < 2 || s[len(s)-1].Import == nil {
		fmt.Println("no import samples in the record")
		return
	}
	end := s[len(s)-1].T
	var mins []string
	prev := s[0]
	for _, x := range s[1:] {
		if x.Import == nil || prev.Import == nil {
			continue
		}
		if x.T-prev.T >= 60 || x.T == end {
			mins = append(mins, fmt.Sprintf("%.1f", float64(x.Import.Bytes-prev.Import.Bytes)/(1<<20)/(x.T-prev.T)))
			prev = x
		}
	}
	fmt.Println("SQL MiB/s per minute:", strings.Join(mins, " "))
	worst, at := 0.0, 0.0
	marks := []float64{0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9}
	var table []string
	for _, x := range s {
		if x.Import == nil {
			continue
		}
		f, ok := x.Import.Fraction()
		if !ok || f < 0.05 || f >= 1 {
			continue
		}
		eta, ok := x.Import.ETA(x.T)
		if !ok {
			continue
		}
		e := (x.T + eta - end) / end
		if math.Abs(e) > worst {
			worst, at = math.Abs(e), f
		}
		for len(marks) > 0 && f >= marks[0] {
			table = append(table, fmt.Sprintf("  %3.0f %% done at %4.0f s: ETA error %+.0f %%", 100*marks[0], x.T, 100*e))
			marks = marks[1:]
		}
	}
	fmt.Println("ETA error against the final time (the ETA shown, as the run record has it):")
	fmt.Println(strings.Join(table, "\n"))
	fmt.Printf("ETA error after the first 5 %%: at most %.1f %% of the final time (worst at %.0f %% done); final %.0f s\n", 100*worst, 100*at, end)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "scalerun:", err)
	os.Exit(1)
}
