package iostat

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/prometheus/procfs"
	"github.com/prometheus/procfs/blockdevice"
)

// readDiskstats reads procRoot/diskstats into procfs's own type. procfs's parser
// (blockdevice.FS.ProcDiskstats) scans each line with fmt.Sscanf, which was 56 % of a
// Sample's CPU on a host with 300 devices; this one splits fields by hand and gives the
// same result (TestParseDiskstatsMatchesProcfs checks it on every capture and fixture).
func readDiskstats(procRoot string) ([]blockdevice.Diskstats, error) {
	path := filepath.Join(procRoot, "diskstats")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseDiskstats(b, path)
}

// DeviceNames lists the devices of procRoot/diskstats (procRoot "" is /proc) in the
// kernel's order: what `iostat -p ALL` reports and the names a device argument may take.
// It reads the file as the sampler does, so a name the command accepts is one the
// sampler finds.
func DeviceNames(procRoot string) ([]string, error) {
	if procRoot == "" {
		procRoot = "/proc"
	}
	stats, err := readDiskstats(procRoot)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(stats))
	for i, d := range stats {
		names[i] = d.DeviceName
	}
	return names, nil
}

// parseDiskstats parses /proc/diskstats: "major minor name" then 11 (before 4.18), 15
// (4.18) or 17 (5.5+) counters. Lines with fewer than 14 fields (the 7-field partition
// lines of 2.6 kernels) are skipped, as procfs and sysstat's -x skip them; a field that
// is not a number is an error naming the line, on any line.
func parseDiskstats(b []byte, path string) ([]blockdevice.Diskstats, error) {
	var out []blockdevice.Diskstats
	var f [20][]byte
	for lineNo := 1; len(b) > 0; lineNo++ {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		n := 0
		for n < len(f) {
			line = bytes.TrimLeft(line, " \t")
			if len(line) == 0 {
				break
			}
			end := bytes.IndexAny(line, " \t")
			if end < 0 {
				end = len(line)
			}
			f[n], line = line[:end], line[end:]
			n++
		}
		if n == 0 {
			continue
		}
		var nums [20]uint64
		for i := 0; i < n; i++ {
			if i == 2 {
				continue
			}
			v, err := strconv.ParseUint(string(f[i]), 10, 64)
			if err != nil {
				return out, fmt.Errorf("%s line %d field %d: %w", path, lineNo, i+1, err)
			}
			nums[i] = v
		}
		if n < 14 {
			continue
		}
		d := blockdevice.Diskstats{IoStatsCount: n}
		d.DeviceName = string(f[2])
		d.MajorNumber, d.MinorNumber = uint32(nums[0]), uint32(nums[1])
		d.ReadIOs, d.ReadMerges, d.ReadSectors, d.ReadTicks = nums[3], nums[4], nums[5], nums[6]
		d.WriteIOs, d.WriteMerges, d.WriteSectors, d.WriteTicks = nums[7], nums[8], nums[9], nums[10]
		d.IOsInProgress, d.IOsTotalTicks, d.WeightedIOTicks = nums[11], nums[12], nums[13]
		d.DiscardIOs, d.DiscardMerges, d.DiscardSectors, d.DiscardTicks = nums[14], nums[15], nums[16], nums[17]
		d.FlushRequestsCompleted, d.TimeSpentFlushing = nums[18], nums[19]
		out = append(out, d)
	}
	return out, nil
}

// readCPUTotal reads the aggregate "cpu " line of procRoot/stat into procfs's CPUStat
// (seconds, USER_HZ ticks / 100, as procfs converts them). procfs.FS.Stat parses the
// whole file, per-CPU lines and the intr line of thousands of counters included, to
// return the same first line.
func readCPUTotal(procRoot string) (procfs.CPUStat, error) {
	path := filepath.Join(procRoot, "stat")
	fh, err := os.Open(path)
	if err != nil {
		return procfs.CPUStat{}, err
	}
	defer fh.Close()
	buf := make([]byte, 512) // the cpu line comes first and is far shorter
	n, err := fh.Read(buf)
	if n == 0 {
		return procfs.CPUStat{}, fmt.Errorf("%s: empty: %v", path, err)
	}
	line := buf[:n]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := bytes.Fields(line)
	if len(fields) < 5 || string(fields[0]) != "cpu" {
		return procfs.CPUStat{}, fmt.Errorf("%s line 1: not the aggregate cpu line: %q", path, line)
	}
	var v [10]float64
	for i := 1; i < len(fields) && i <= len(v); i++ {
		t, err := strconv.ParseUint(string(fields[i]), 10, 64)
		if err != nil {
			return procfs.CPUStat{}, fmt.Errorf("%s line 1 field %d: %w", path, i+1, err)
		}
		v[i-1] = float64(t) / userHZ
	}
	return procfs.CPUStat{User: v[0], Nice: v[1], System: v[2], Idle: v[3], Iowait: v[4],
		IRQ: v[5], SoftIRQ: v[6], Steal: v[7], Guest: v[8], GuestNice: v[9]}, nil
}
