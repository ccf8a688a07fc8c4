package iostat

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/procfs"
	"github.com/prometheus/procfs/blockdevice"
)

// SamplerOptions configure a Sampler. The roots are injectable so tests run on fixture
// trees (testdata/<case>/proc and testdata/<case>/sys).
type SamplerOptions struct {
	ProcRoot string // "" → /proc
	SysRoot  string // "" → /sys
	// Devices are the kernel names to report ("nvme0n1", "md127"). Empty selects what
	// `iostat -x` shows without device arguments: whole devices (those with a
	// /sys/block/<name> entry, partitions excluded, virtual devices such as dm, md and
	// loop included) that have done any I/O since boot.
	Devices []string
	// ServerPID is the local database server's pid, for CPUStats.ServerPct; 0 = unknown.
	ServerPID int
	// SelfPID is the pid whose CPU is CPUStats.ClientPct; 0 = os.Getpid().
	SelfPID int
	// Now is the clock; nil = time.Now. Rates divide by the difference of two Now calls.
	Now func() time.Time
}

// Sample is one interval's numbers. Devices is nil in the first (priming) sample and
// when /proc/diskstats could not be read; CPU is nil in the first sample and when
// /proc/stat could not be read now or at the previous sample.
type Sample struct {
	Time    time.Time
	Devices map[string]DeviceStats
	// Names are the keys of Devices in /proc/diskstats order, the order iostat prints.
	Names []string
	CPU   *CPUStats
	// Notes say which numbers are missing and why (an unreadable file, a device that
	// appeared or vanished, a counter reset).
	Notes []string
}

// Sampler turns successive readings of /proc/diskstats, /proc/stat and /proc/<pid>/stat
// into per-interval Samples. It is not safe for concurrent use.
type Sampler struct {
	o    SamplerOptions
	proc procfs.FS

	want map[string]bool // o.Devices as a set; nil = iostat's default selection
	// whole caches whether a diskstats line is a whole device.
	whole map[deviceKey]bool

	disks     map[string]blockdevice.Diskstats
	disksTime time.Time
	reported  map[string]bool // devices selected at the previous reading

	cpu     *procfs.CPUStat
	cpuTime time.Time

	self, server         procTicks
	selfTime, serverTime time.Time
}

type deviceKey struct {
	name         string
	major, minor uint32
}

type procTicks struct {
	ok    bool
	ticks uint
}

// NewSampler checks the roots once (as procfs does) and returns a Sampler whose first
// Sample primes it.
func NewSampler(o SamplerOptions) (*Sampler, error) {
	if o.ProcRoot == "" {
		o.ProcRoot = "/proc"
	}
	if o.SysRoot == "" {
		o.SysRoot = "/sys"
	}
	if o.SelfPID == 0 {
		o.SelfPID = os.Getpid()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	// blockdevice.NewFS checks both roots are directories.
	if _, err := blockdevice.NewFS(o.ProcRoot, o.SysRoot); err != nil {
		return nil, fmt.Errorf("iostat sampler: %w", err)
	}
	proc, err := procfs.NewFS(o.ProcRoot)
	if err != nil {
		return nil, fmt.Errorf("iostat sampler: %w", err)
	}
	s := &Sampler{o: o, proc: proc, whole: map[deviceKey]bool{}}
	if len(o.Devices) > 0 {
		s.want = map[string]bool{}
		for _, d := range o.Devices {
			s.want[d] = true
		}
	}
	return s, nil
}

// Sample reads the kernel counters once and returns the numbers since the previous call.
// The first call only primes the Sampler: its Sample has a Time and no numbers. A file
// that cannot be read costs only the numbers that come from it, with a note; the error
// is never fatal, so Sample always returns a nil error today (the signature leaves room
// for a caller-visible failure).
func (s *Sampler) Sample() (Sample, error) {
	now := s.o.Now()
	out := Sample{Time: now}
	s.sampleDisks(now, &out)
	s.sampleCPU(now, &out)
	return out, nil
}

func (s *Sampler) sampleDisks(now time.Time, out *Sample) {
	lines, err := readDiskstats(s.o.ProcRoot)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("device columns missing: %s: %v", filepath.Join(s.o.ProcRoot, "diskstats"), err))
		return
	}
	cur := make(map[string]blockdevice.Diskstats, len(lines))
	for _, l := range lines {
		cur[l.DeviceName] = l
	}
	prev, prevTime := s.disks, s.disksTime
	s.disks, s.disksTime = cur, now
	if prev == nil {
		s.reported = map[string]bool{}
		for _, l := range lines {
			if s.selected(l) {
				s.reported[l.DeviceName] = true
			}
		}
		return
	}
	dt := now.Sub(prevTime)
	out.Devices = map[string]DeviceStats{}
	reported := map[string]bool{}
	for _, l := range lines {
		if !s.selected(l) {
			continue
		}
		reported[l.DeviceName] = true
		p, ok := prev[l.DeviceName]
		if !ok {
			out.Notes = append(out.Notes, fmt.Sprintf("%s appeared; its numbers start with the next sample", l.DeviceName))
			continue
		}
		if reset(p.IOStats, l.IOStats) {
			out.Notes = append(out.Notes, fmt.Sprintf("%s: counters went backwards (device reset); this interval reads 0", l.DeviceName))
		}
		ds := Compute(p, l, dt)
		ds.Counters = counters(l)
		out.Devices[l.DeviceName] = ds
		out.Names = append(out.Names, l.DeviceName)
	}
	for _, name := range slices.Sorted(maps.Keys(s.reported)) {
		if _, ok := cur[name]; !ok {
			out.Notes = append(out.Notes, fmt.Sprintf("%s vanished from /proc/diskstats", name))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(s.want)) {
		if _, ok := cur[name]; !ok {
			out.Notes = append(out.Notes, fmt.Sprintf("%s: no such device in /proc/diskstats", name))
		}
	}
	s.reported = reported
}

// selected applies o.Devices, or iostat's default selection.
func (s *Sampler) selected(l blockdevice.Diskstats) bool {
	if s.want != nil {
		return s.want[l.DeviceName]
	}
	if l.ReadIOs == 0 && l.WriteIOs == 0 && l.DiscardIOs == 0 && l.FlushRequestsCompleted == 0 {
		return false // iostat: "unused device"
	}
	key := deviceKey{l.DeviceName, l.MajorNumber, l.MinorNumber}
	whole, ok := s.whole[key]
	if !ok {
		// sysstat's is_device(): a whole device has /sys/block/<name>, with '/' in
		// the name (cciss/c0d0) written as '!'.
		_, err := os.Stat(filepath.Join(s.o.SysRoot, "block", strings.ReplaceAll(l.DeviceName, "/", "!")))
		whole = err == nil
		s.whole[key] = whole
	}
	return whole
}

func (s *Sampler) sampleCPU(now time.Time, out *Sample) {
	var cpu *CPUStats
	total, err := readCPUTotal(s.o.ProcRoot)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("avg-cpu missing: %s: %v", filepath.Join(s.o.ProcRoot, "stat"), err))
	} else {
		if s.cpu != nil {
			c := ComputeCPU(*s.cpu, total)
			cpu = &c
		}
		s.cpu, s.cpuTime = &total, now
	}

	selfPct, _ := s.procPct(s.o.SelfPID, &s.self, &s.selfTime, now, "client", out)
	var serverPct *float64
	if s.o.ServerPID > 0 {
		if v, ok := s.procPct(s.o.ServerPID, &s.server, &s.serverTime, now, "server", out); ok {
			serverPct = &v
		}
	}
	// Without avg-cpu there is no CPUStats: its percentages are not pointers, and a
	// zero %idle would read as a saturated machine. The process numbers are still
	// read, so their next interval is right.
	if cpu != nil {
		cpu.ClientPct = selfPct
		cpu.ServerPct = serverPct
	}
	out.CPU = cpu
}

// procPct reads a process's utime+stime and returns its CPU since the last reading; ok
// is false while priming or when the process's stat file cannot be read.
func (s *Sampler) procPct(pid int, last *procTicks, lastTime *time.Time, now time.Time, who string, out *Sample) (pct float64, ok bool) {
	p, err := s.proc.Proc(pid)
	var st procfs.ProcStat
	if err == nil {
		st, err = p.Stat()
	}
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("%s CPU missing: pid %d: %v", who, pid, err))
		last.ok = false
		return 0, false
	}
	ticks := st.UTime + st.STime
	if last.ok {
		pct, ok = processPct(last.ticks, ticks, now.Sub(*lastTime)), true
	}
	*last, *lastTime = procTicks{ok: true, ticks: ticks}, now
	return pct, ok
}

// ReadPIDFile returns the pid in a server's pid file (@@pid_file, or a sandbox's) when
// that process is alive on this machine, for SamplerOptions.ServerPID.
func ReadPIDFile(procRoot, path string) (int, error) {
	if procRoot == "" {
		procRoot = "/proc"
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("server pid: %w", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0, fmt.Errorf("server pid: %s: not a pid: %q", path, strings.TrimSpace(string(b)))
	}
	if _, err := os.Stat(filepath.Join(procRoot, strconv.Itoa(pid), "stat")); err != nil {
		return 0, fmt.Errorf("server pid %d from %s: no such process here (a remote server?)", pid, path)
	}
	return pid, nil
}
