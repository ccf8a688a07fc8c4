package iostat

// This file holds what the devices, iostat and probe commands print: iostat owns the
// numbers, the commands choose which and how.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// ResolveDirs resolves the datadir, the redo log directory and the binary log directory
// (any may be empty) to the chain of devices under them, merged; with none given, every
// whole device. This is what `dumpscope devices` lists.
func ResolveDirs(o ResolveOptions, datadir, redoDir, binlogDir string) ([]Device, error) {
	if datadir == "" && redoDir == "" && binlogDir == "" {
		return ListDevices(o)
	}
	var lists [][]Device
	for _, d := range []struct{ dir, role string }{{datadir, "datadir"}, {redoDir, "redo"}, {binlogDir, "binlog"}} {
		if d.dir == "" {
			continue
		}
		l, err := ResolveDir(o, d.dir, d.role)
		if err != nil {
			return nil, err
		}
		lists = append(lists, l)
	}
	return MergeDevices(lists...), nil
}

// WriteDevices prints the chain as an indented table: members under the device that
// lists them, notes under the device they are about.
func WriteDevices(w io.Writer, devs []Device) {
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
			name, dash(d.MajMin), d.Kind, dash(d.Transport), dash(strings.Join(d.Role, ",")), rot,
			dash(d.WriteCache), blocks, dash(d.Scheduler), what)
		for _, n := range d.Notes {
			fmt.Fprintf(w, "%s  note: %s\n", strings.Repeat("  ", depth[d.Name]), n)
		}
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Partitions expands iostat's -p list: each device and its partitions (the entries of
// sysRoot/block/DEV with a partition file), or ALL: every name in procRoot/diskstats.
func Partitions(procRoot, sysRoot, list string) ([]string, error) {
	if list == "ALL" {
		return DeviceNames(procRoot)
	}
	var out []string
	for _, dev := range strings.Split(list, ",") {
		dev = strings.TrimPrefix(dev, "/dev/")
		if dev == "" {
			continue
		}
		out = append(out, dev)
		entries, err := os.ReadDir(sysRoot + "/block/" + strings.ReplaceAll(dev, "/", "!"))
		if err != nil {
			return nil, fmt.Errorf("%s is not a whole device (no %s/block/%s)", dev, sysRoot, dev)
		}
		for _, e := range entries {
			if _, err := os.Stat(sysRoot + "/block/" + dev + "/" + e.Name() + "/partition"); err == nil {
				out = append(out, e.Name())
			}
		}
	}
	return out, nil
}

// JSONReport is one `iostat --json` report: the interval's end, avg-cpu and one entry per
// device.
type JSONReport struct {
	Timestamp string                 `json:"timestamp"`
	CPU       *CPUStats              `json:"avg-cpu,omitempty"`
	Disk      map[string]DeviceStats `json:"disk,omitempty"`
}

// NewJSONReport is the sample as one --json report: with the CPU part, the device part,
// and without the devices that did no I/O when omitIdle (iostat -z).
func NewJSONReport(sample Sample, cpu, disk, omitIdle bool) JSONReport {
	r := JSONReport{Timestamp: sample.Time.UTC().Format(time.RFC3339Nano)}
	if cpu {
		r.CPU = sample.CPU
	}
	if disk {
		r.Disk = map[string]DeviceStats{}
		for _, name := range sample.Names {
			d := sample.Devices[name]
			if omitIdle && d.RPerSec == 0 && d.WPerSec == 0 {
				continue
			}
			r.Disk[name] = d
		}
	}
	return r
}

// WriteProbe prints a probe's result for a terminal.
func WriteProbe(w io.Writer, res *ProbeResult) {
	fmt.Fprintf(w, "probe %s: %s, %d-byte blocks\n", res.Dir, res.Mode, res.BlockBytes)
	fmt.Fprintf(w, "ops      %d (%.1f/s)\n", res.Ops, res.OpsPerSec)
	fmt.Fprintf(w, "latency  p50 %.3f ms  p99 %.3f ms  max %.3f ms\n", res.P50Ms, res.P99Ms, res.MaxMs)
	fmt.Fprintf(w, "class    %s (%s)\n", res.Class, ClassMeaning(res.Class))
	for _, n := range res.Notes {
		fmt.Fprintf(w, "note     %s\n", n)
	}
}
