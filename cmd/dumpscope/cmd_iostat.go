package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/iostat"
)

// runDevices prints the block devices under a datadir (the chain down to the disks) with
// their identity, or every whole device when no --datadir is given.
func runDevices(args []string, s stdio) int {
	fs := flag.NewFlagSet("devices", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	datadir := fs.String("datadir", "", "the server's datadir (or any directory); default: list every whole device")
	redo := fs.String("redo-dir", "", "the redo log directory, when not in the datadir")
	binlog := fs.String("binlog-dir", "", "the binary log directory, when not in the datadir")
	asJSON := fs.Bool("json", false, "print JSON (the run record's \"devices\" entries)")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope devices [--datadir DIR] [--redo-dir DIR] [--binlog-dir DIR] [--json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return devUsageCode(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "dumpscope devices: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	var (
		devs []iostat.Device
		err  error
	)
	if *datadir == "" && *redo == "" && *binlog == "" {
		devs, err = iostat.ListDevices(iostat.ResolveOptions{})
	} else {
		var lists [][]iostat.Device
		for _, d := range []struct{ dir, role string }{{*datadir, "datadir"}, {*redo, "redo"}, {*binlog, "binlog"}} {
			if d.dir == "" {
				continue
			}
			l, rerr := iostat.ResolveDir(iostat.ResolveOptions{}, d.dir, d.role)
			if rerr != nil {
				err = rerr
				break
			}
			lists = append(lists, l)
		}
		devs = iostat.MergeDevices(lists...)
	}
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope devices: %v\n", err)
		return exitFailure
	}
	if *asJSON {
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(devs); err != nil {
			fmt.Fprintf(s.Err, "dumpscope devices: %v\n", err)
			return exitFailure
		}
		return exitOK
	}
	writeDevices(s.Out, devs)
	return exitOK
}

// writeDevices prints the chain as an indented table: members under the device that
// lists them, notes under the device they are about.
func writeDevices(w io.Writer, devs []iostat.Device) {
	depth := map[string]int{}
	for _, d := range devs {
		for _, m := range d.Members {
			if _, ok := depth[m]; !ok {
				depth[m] = depth[d.Name] + 1
			}
		}
	}
	fmt.Fprintf(w, "%-18s %-8s %-9s %-9s %-8s %-3s %-13s %-9s %-11s %s\n",
		"NAME", "MAJ:MIN", "KIND", "TRANSPORT", "ROLE", "ROT", "WRITE-CACHE", "LBS/PBS", "SCHEDULER", "MODEL/DETAIL")
	for _, d := range devs {
		rot := "?"
		if d.Rotational != nil {
			rot = map[bool]string{true: "1", false: "0"}[*d.Rotational]
		}
		blocks := "-"
		if d.LogicalBlockBytes > 0 || d.PhysicalBlockBytes > 0 {
			blocks = fmt.Sprintf("%d/%d", d.LogicalBlockBytes, d.PhysicalBlockBytes)
		}
		what := d.Model
		if d.Detail != "" {
			what = strings.TrimSpace(what + " " + d.Detail)
		}
		if d.BackingFile != "" {
			what = strings.TrimSpace(what + " file " + d.BackingFile)
		}
		if d.FSType != "" {
			what = strings.TrimSpace(what + fmt.Sprintf(" (%s on %s)", d.FSType, d.MountPoint))
		}
		name := strings.Repeat("  ", depth[d.Name]) + d.Name
		fmt.Fprintf(w, "%-18s %-8s %-9s %-9s %-8s %-3s %-13s %-9s %-11s %s\n",
			name, devDash(d.MajMin), d.Kind, devDash(d.Transport), devDash(strings.Join(d.Role, ",")), rot,
			devDash(d.WriteCache), blocks, devDash(d.Scheduler), what)
		for _, n := range d.Notes {
			fmt.Fprintf(w, "%s  note: %s\n", strings.Repeat("  ", depth[d.Name]), n)
		}
	}
}

func devDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// runIostat prints `iostat -x -y` columns: [-x] [DEV…] [INTERVAL [COUNT]]. Without an
// interval it prints one report over one second; with an interval and no count it
// runs until interrupted.
func runIostat(args []string, s stdio) int {
	var (
		devices  []string
		numbers  []int
		showCPU  = true
		showDisk = true
	)
	for _, a := range args {
		switch a {
		case "-h", "--help":
			fmt.Fprintln(s.Err, "usage: dumpscope iostat [-x] [-c|-d] [DEV…] [INTERVAL [COUNT]]\n\nPrints the columns of sysstat's `iostat -x -y` (always extended, never the since-boot report).")
			return exitOK
		case "-x", "-y", "-k":
			continue // always on: extended columns, kB, no since-boot report
		case "-c":
			showDisk = false
			continue
		case "-d":
			showCPU = false
			continue
		}
		if strings.HasPrefix(a, "-") {
			fmt.Fprintf(s.Err, "dumpscope iostat: unknown flag %s\n", a)
			return exitUsage
		}
		if n, err := strconv.Atoi(a); err == nil {
			if n < 0 || (len(numbers) == 0 && n == 0) || len(numbers) == 2 {
				fmt.Fprintf(s.Err, "dumpscope iostat: bad interval or count %q\n", a)
				return exitUsage
			}
			numbers = append(numbers, n)
			continue
		}
		if len(numbers) > 0 {
			fmt.Fprintf(s.Err, "dumpscope iostat: device %q after the interval\n", a)
			return exitUsage
		}
		devices = append(devices, strings.TrimPrefix(a, "/dev/"))
	}
	interval, count := time.Second, 1
	if len(numbers) > 0 {
		interval, count = time.Duration(numbers[0])*time.Second, 0
	}
	if len(numbers) > 1 {
		count = numbers[1]
	}

	sampler, err := iostat.NewSampler(iostat.SamplerOptions{Devices: devices})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope iostat: %v\n", err)
		return exitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	first, _ := sampler.Sample()
	iostat.WriteHeader(s.Out, iostat.HostHeader("", first.Time))
	next := time.Now()
	for i := 0; count == 0 || i < count; i++ {
		next = next.Add(interval)
		select {
		case <-ctx.Done():
			return exitOK
		case <-time.After(time.Until(next)):
		}
		sample, _ := sampler.Sample()
		if showDisk {
			iostat.WriteExtended(s.Out, sample, showCPU)
		} else {
			iostat.WriteCPU(s.Out, sample)
		}
		for _, n := range sample.Notes {
			if !strings.HasPrefix(n, "client CPU") {
				fmt.Fprintf(s.Err, "dumpscope iostat: %s\n", n)
			}
		}
	}
	return exitOK
}

// runProbe measures how fast a directory's device makes a write durable.
func runProbe(args []string, s stdio) int {
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	dir := fs.String("dir", ".", "directory to probe (a temp file is created there and removed)")
	duration := fs.Duration("duration", 10*time.Second, "how long to write")
	block := fs.String("block", "16k", "bytes per write (k, m suffixes; 16k is InnoDB's page)")
	mode := fs.String("mode", iostat.ModeFdatasync, "fdatasync (write+fdatasync) or o_dsync (O_DIRECT|O_DSYNC writes)")
	asJSON := fs.Bool("json", false, "print JSON (the run record's \"probe\" entry)")
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: dumpscope probe [--dir DIR] [--duration 10s] [--block 16k] [--mode fdatasync|o_dsync] [--json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return devUsageCode(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "dumpscope probe: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	blockBytes, err := units.ParseBytes(*block)
	if err != nil || blockBytes <= 0 {
		fmt.Fprintf(s.Err, "dumpscope probe: --block %q: want a size like 4096, 16k or 1m\n", *block)
		return exitUsage
	}
	if *duration <= 0 {
		fmt.Fprintf(s.Err, "dumpscope probe: --duration %v: want a positive duration\n", *duration)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := iostat.Probe(ctx, iostat.ProbeOptions{Dir: *dir, Duration: *duration, BlockBytes: blockBytes, Mode: *mode})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope %v\n", err)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		return exitFailure
	}
	if *asJSON {
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		enc.Encode(res)
		return exitOK
	}
	fmt.Fprintf(s.Out, "probe %s: %s, %d-byte blocks\n", res.Dir, res.Mode, res.BlockBytes)
	fmt.Fprintf(s.Out, "ops      %d (%.1f/s)\n", res.Ops, res.OpsPerSec)
	fmt.Fprintf(s.Out, "latency  p50 %.3f ms  p99 %.3f ms  max %.3f ms\n", res.P50Ms, res.P99Ms, res.MaxMs)
	fmt.Fprintf(s.Out, "class    %s (%s)\n", res.Class, iostat.ClassMeaning(res.Class))
	for _, n := range res.Notes {
		fmt.Fprintf(s.Out, "note     %s\n", n)
	}
	return exitOK
}

// devUsageCode maps a flag parse error to an exit code: -h is success.
func devUsageCode(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
