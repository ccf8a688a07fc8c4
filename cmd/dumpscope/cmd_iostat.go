package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"slices"
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
	f := newCmdFlags("devices",
		"Show the block devices under a datadir (the chain from the filesystem down to the disks) with their identity: model, rotational, write cache, block sizes. Without a directory, every whole device.",
		"[OPTIONS]")
	f.section(groupOptions)
	datadir := f.String("datadir", "", "the server's datadir (or any `DIR`); default: list every whole device")
	redo := f.String("redo-dir", "", "the redo log `DIR`, when not in the datadir")
	binlog := f.String("binlog-dir", "", "the binary log `DIR`, when not in the datadir")
	f.section(groupOutput)
	asJSON := f.Bool("json", false, "print JSON (the run record's \"devices\" entries)")
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if err := f.noArgs(); err != nil {
		return f.fail(s, err)
	}
	devs, err := iostat.ResolveDirs(iostat.ResolveOptions{}, *datadir, *redo, *binlog)
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
	iostat.WriteDevices(s.Out, devs)
	return exitOK
}

// iostatArgs reads sysstat's operands: devices, then INTERVAL (seconds, fractions
// allowed) and COUNT; a number is never a device. Without an interval, one report.
func iostatArgs(args []string) (devices []string, interval time.Duration, count int, err error) {
	var numbers []float64
	for _, a := range args {
		if n, err := strconv.ParseFloat(a, 64); err == nil {
			if len(numbers) == 2 {
				return nil, 0, 0, usagef("%q: INTERVAL and COUNT already given", a)
			}
			if len(numbers) == 0 && n <= 0 {
				return nil, 0, 0, usagef("interval %q: want more than 0 seconds", a)
			}
			if len(numbers) == 1 && (n < 1 || n != float64(int(n))) {
				return nil, 0, 0, usagef("count %q: want a whole number of reports, 1 or more", a)
			}
			numbers = append(numbers, n)
			continue
		}
		if len(numbers) > 0 {
			return nil, 0, 0, usagef("device %q after the interval (devices come first: iostat vda 1 5)", a)
		}
		devices = append(devices, strings.TrimPrefix(a, "/dev/"))
	}
	interval, count = time.Second, 1
	if len(numbers) > 0 {
		interval, count = time.Duration(numbers[0]*float64(time.Second)), 0
	}
	if len(numbers) > 1 {
		count = int(numbers[1])
	}
	return devices, interval, count, nil
}

// runIostat prints `iostat -x -y` columns with sysstat's grammar:
// [-x] [-t] [-m] [-z] [-c|-d] [-p DEV[,…]|ALL] [DEV…] [INTERVAL [COUNT]]. A number is
// never a device. Without an interval it prints one report over one second; with an
// interval and no count it runs until interrupted. -h is not the host here (iostat does
// not connect); it is refused, as on every command that does not connect.
func runIostat(args []string, s stdio) int {
	f := newCmdFlags("iostat",
		"Print the columns of sysstat's `iostat -x -y` for block devices: always extended, never the since-boot report. The same arguments as sysstat's iostat; INTERVAL is in seconds (0.5 works) and a number is never taken for a device.",
		"[-xtmz] [-c|-d] [-p DEV,…|ALL] [DEV…] [INTERVAL [COUNT]]")
	f.section(groupOptions)
	f.BoolP("extended", "x", true, "extended statistics (always on)")
	f.BoolP("omit-first", "y", true, "omit the since-boot report (always on)")
	f.BoolP("kilobytes", "k", true, "kilobytes per second (the default)")
	mb := f.BoolP("megabytes", "m", false, "megabytes per second (rMB/s, wMB/s, dMB/s; 1 MB = 1024 kB)")
	stamp := f.BoolP("timestamp", "t", false, "print the time before each report")
	omitIdle := f.BoolP("omit-idle", "z", false, "leave out devices that did no I/O in the interval")
	cpuOnly := f.BoolP("cpu", "c", false, "only the CPU report")
	diskOnly := f.BoolP("device", "d", false, "only the device report")
	parts := f.StringP("partitions", "p", "", "devices `DEV[,DEV…]` and their partitions, or ALL for every device and partition")
	f.section(groupOutput)
	asJSON := f.Bool("json", false, "one JSON object per report (a line each) instead of columns")
	f.examples = []string{
		"dumpscope iostat -xz 1  # every second, busy devices only",
		"dumpscope iostat -t -m vda 0.5 10  # vda, ten reports half a second apart, in MB/s",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	devices, interval, count, err := iostatArgs(f.Args())
	if err != nil {
		return f.fail(s, err)
	}
	if *parts != "" {
		extra, err := iostat.Partitions("/proc", "/sys", *parts)
		if err != nil {
			fmt.Fprintf(s.Err, "dumpscope iostat: -p: %v\n", err)
			return exitFailure
		}
		devices = append(devices, extra...)
	}
	if len(devices) > 0 {
		known, err := iostat.DeviceNames("/proc")
		if err == nil {
			for _, d := range devices {
				if !slices.Contains(known, d) {
					fmt.Fprintf(s.Err, "dumpscope iostat: no such device %q in /proc/diskstats (known: %s)\n", d, strings.Join(known, ", "))
					return exitFailure
				}
			}
		}
	}

	sampler, err := iostat.NewSampler(iostat.SamplerOptions{Devices: devices})
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope iostat: %v\n", err)
		return exitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	first, _ := sampler.Sample()
	if !*asJSON {
		iostat.WriteHeader(s.Out, iostat.HostHeader("", first.Time))
	}
	enc := json.NewEncoder(s.Out)
	next := time.Now()
	for i := 0; count == 0 || i < count; i++ {
		next = next.Add(interval)
		select {
		case <-ctx.Done():
			return exitOK
		case <-time.After(time.Until(next)):
		}
		sample, _ := sampler.Sample()
		switch {
		case *asJSON:
			enc.Encode(iostat.NewJSONReport(sample, !*diskOnly || *cpuOnly, !*cpuOnly, *omitIdle))
		default:
			if *stamp {
				// sysstat prints strftime("%x %X") in the C locale.
				fmt.Fprintln(s.Out, sample.Time.Format("01/02/06 15:04:05"))
			}
			if *cpuOnly {
				iostat.WriteCPU(s.Out, sample)
			} else {
				iostat.WriteReport(s.Out, sample, iostat.ReportOptions{CPU: !*diskOnly, MB: *mb, OmitIdle: *omitIdle})
			}
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
	f := newCmdFlags("probe",
		"Measure how fast a directory's device makes a write durable (the fsync cost every InnoDB commit pays), and classify it: datacenter SSD with power-loss protection, consumer flash, spinning disk.",
		"[OPTIONS]")
	f.section(groupOptions)
	dir := f.String("dir", ".", "`DIR` to probe (a temp file is created there and removed)")
	var duration time.Duration
	f.duration(&duration, "duration", 10*time.Second, "write for `DURATION` (seconds, or 500ms, 2m)")
	block := f.String("block", "16k", "`SIZE` of each write (k, m suffixes; 16k is InnoDB's page)")
	mode := f.String("mode", iostat.ModeFdatasync, "`MODE`: fdatasync (write+fdatasync) or o_dsync (O_DIRECT|O_DSYNC writes)")
	f.section(groupOutput)
	asJSON := f.Bool("json", false, "print JSON (the run record's \"probe\" entry)")
	f.examples = []string{"dumpscope probe --dir /var/lib/mysql --duration 5  # the datadir's device, 5 seconds"}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if err := f.noArgs(); err != nil {
		return f.fail(s, err)
	}
	blockBytes, err := units.ParseBytes(*block)
	if err != nil || blockBytes <= 0 {
		return f.fail(s, usagef("--block %q: want a size like 4096, 16k or 1m", *block))
	}
	if duration <= 0 {
		return f.fail(s, usagef("--duration %v: want more than 0", duration))
	}
	if *mode != iostat.ModeFdatasync && *mode != iostat.ModeODsync {
		return f.fail(s, usagef("--mode %q: want %s or %s", *mode, iostat.ModeFdatasync, iostat.ModeODsync))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := iostat.Probe(ctx, iostat.ProbeOptions{Dir: *dir, Duration: duration, BlockBytes: blockBytes, Mode: *mode})
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
	iostat.WriteProbe(s.Out, res)
	return exitOK
}
