package iostat

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/procfs/blockdevice"
	"golang.org/x/sys/unix"
)

// copyTree copies a fixture proc snapshot into dst (replacing what is there), so one
// Sampler can read t0 and then t1 under the same ProcRoot.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fakeClock returns a clock that advances by step on every call after the first.
func fakeClock(step time.Duration) func() time.Time {
	t := time.Date(2021, 3, 25, 19, 45, 14, 0, time.UTC).Add(-step)
	return func() time.Time { t = t.Add(step); return t }
}

func TestSamplerSeed002(t *testing.T) {
	proc := t.TempDir()
	copyTree(t, "testdata/seed002/t0/proc", proc)
	s, err := NewSampler(SamplerOptions{ProcRoot: proc, SysRoot: "testdata/seed002/sys",
		ServerPID: 4242, SelfPID: 4243, Now: fakeClock(100 * time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Sample()
	if err != nil {
		t.Fatal(err)
	}
	if first.Devices != nil || first.CPU != nil || len(first.Notes) != 0 {
		t.Fatalf("priming sample: want no numbers and no notes, got %+v", first)
	}
	copyTree(t, "testdata/seed002/t1/proc", proc)
	got, err := s.Sample()
	if err != nil {
		t.Fatal(err)
	}
	// Default selection as iostat: whole devices that did I/O, partitions left out.
	if diff := cmp.Diff([]string{"nvme0n1", "nvme1n1", "md127"}, got.Names); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	server := 12.0
	wantCPU := &CPUStats{UserPct: 0.80, SystemPct: 0.27, IowaitPct: 4.74, IdlePct: 94.19, ClientPct: 3, ServerPct: &server}
	if diff := cmp.Diff(wantCPU, got.CPU, approx); diff != "" {
		t.Errorf("CPU (-want +got):\n%s", diff)
	}
	wantSlow := DeviceStats{WPerSec: 1431.57, WkBPerSec: 31421.72, WrqmPerSec: 290.07, WrqmPct: 16.85, WAwaitMs: 1.00,
		WareqSzkB: 21.95, DPerSec: f(0), DkBPerSec: f(0), DrqmPerSec: f(0), DrqmPct: f(0), DAwaitMs: f(0), DareqSzkB: f(0),
		AquSz: 1.15, UtilPct: 99.68,
		// The t1 line as it stands: 226284344 sectors, 3143157 ms writing, 3599680 ms busy;
		// 4.18 has no flush fields.
		Counters: &DeviceCounters{ReadsCompleted: 118000, ReadBytes: 8800000 * 512, ReadTimeSeconds: 21,
			WritesCompleted: 5143157, WrittenBytes: 226284344 * 512, WriteTimeSeconds: 3143.157, IOTimeSeconds: 3599.68}}
	if diff := cmp.Diff(wantSlow, got.Devices["nvme1n1"], approx); diff != "" {
		t.Errorf("nvme1n1 (-want +got):\n%s", diff)
	}
	if len(got.Notes) != 0 {
		t.Errorf("notes: %q", got.Notes)
	}
	if want := time.Date(2021, 3, 25, 19, 46, 54, 0, time.UTC); !got.Time.Equal(want) {
		t.Errorf("Time = %v, want %v", got.Time, want)
	}
}

func TestSamplerSelectionAndChanges(t *testing.T) {
	tests := []struct {
		name      string
		devices   []string
		mutate    func(t *testing.T, proc string) // between t0 and the second sample
		wantNames []string
		wantNotes []string
	}{
		{"default: unused loop1 and zram0 and partition vda1 left out; loop0 reset", nil, nil,
			[]string{"loop0", "vda"},
			[]string{"loop0: counters went backwards (device reset); this interval reads 0"}},
		{"named devices, a partition and an unknown one", []string{"vda1", "zram0", "sdz"}, nil,
			[]string{"vda1", "zram0"},
			[]string{"sdz: no such device in /proc/diskstats"}},
		{"device appears", []string{"vda", "nvme9n1"}, func(t *testing.T, proc string) {
			appendLine(t, proc, " 259       0 nvme9n1 1 0 8 1 0 0 0 0 0 1 1 0 0 0 0 0 0")
		}, []string{"vda"}, []string{"nvme9n1 appeared; its numbers start with the next sample"}},
		{"device vanishes", nil, func(t *testing.T, proc string) {
			b, err := os.ReadFile(filepath.Join(proc, "diskstats"))
			if err != nil {
				t.Fatal(err)
			}
			var keep []string
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				if !strings.Contains(l, " loop0 ") {
					keep = append(keep, l)
				}
			}
			os.WriteFile(filepath.Join(proc, "diskstats"), []byte(strings.Join(keep, "\n")+"\n"), 0o644)
		}, []string{"vda"}, []string{"loop0 vanished from /proc/diskstats"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := t.TempDir()
			copyTree(t, "testdata/virtio-loop/t0/proc", proc)
			s, err := NewSampler(SamplerOptions{ProcRoot: proc, SysRoot: "testdata/virtio-loop/sys",
				Devices: tt.devices, SelfPID: 1, Now: fakeClock(time.Second)})
			if err != nil {
				t.Fatal(err)
			}
			s.Sample()
			copyTree(t, "testdata/virtio-loop/t1/proc", proc)
			if tt.mutate != nil {
				tt.mutate(t, proc)
			}
			got, _ := s.Sample()
			if diff := cmp.Diff(tt.wantNames, got.Names); diff != "" {
				t.Errorf("Names (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantNotes, deviceNotes(got.Notes)); diff != "" {
				t.Errorf("Notes (-want +got):\n%s", diff)
			}
		})
	}
}

// deviceNotes drops the notes about pid 1's CPU, which the fixture trees do not have.
func deviceNotes(notes []string) []string {
	var out []string
	for _, n := range notes {
		if !strings.HasPrefix(n, "client CPU") && !strings.HasPrefix(n, "avg-cpu") {
			out = append(out, n)
		}
	}
	return out
}

func appendLine(t *testing.T, proc, l string) {
	t.Helper()
	fh, err := os.OpenFile(filepath.Join(proc, "diskstats"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if _, err := fh.WriteString(l + "\n"); err != nil {
		t.Fatal(err)
	}
}

// TestSamplerBadInput: a file that is missing or unreadable between two samples costs
// its numbers and leaves a note; nothing panics and the other numbers still come.
func TestSamplerBadInput(t *testing.T) {
	tests := []struct {
		name        string
		damage      func(proc string) error
		wantDevices bool
		wantCPU     bool
		wantNote    string
	}{
		{"diskstats missing", func(p string) error { return os.Remove(filepath.Join(p, "diskstats")) },
			false, true, "device columns missing: "},
		{"diskstats garbage", func(p string) error {
			return os.WriteFile(filepath.Join(p, "diskstats"), []byte("259 0 nvme0n1 x y z\n"), 0o644)
		}, false, true, "device columns missing: "},
		{"stat missing", func(p string) error { return os.Remove(filepath.Join(p, "stat")) },
			true, false, "avg-cpu missing: "},
		{"server exited", func(p string) error { return os.RemoveAll(filepath.Join(p, "4242")) },
			true, true, "server CPU missing: pid 4242: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := t.TempDir()
			copyTree(t, "testdata/seed002/t0/proc", proc)
			s, err := NewSampler(SamplerOptions{ProcRoot: proc, SysRoot: "testdata/seed002/sys",
				ServerPID: 4242, SelfPID: 4243, Now: fakeClock(100 * time.Second)})
			if err != nil {
				t.Fatal(err)
			}
			s.Sample()
			copyTree(t, "testdata/seed002/t1/proc", proc)
			if err := tt.damage(proc); err != nil {
				t.Fatal(err)
			}
			got, err := s.Sample()
			if err != nil {
				t.Fatal(err)
			}
			if (got.Devices != nil) != tt.wantDevices || (got.CPU != nil) != tt.wantCPU {
				t.Errorf("devices present %v (want %v), cpu present %v (want %v)", got.Devices != nil, tt.wantDevices, got.CPU != nil, tt.wantCPU)
			}
			found := false
			for _, n := range got.Notes {
				found = found || strings.HasPrefix(n, tt.wantNote)
			}
			if !found {
				t.Errorf("no note starting %q in %q", tt.wantNote, got.Notes)
			}
		})
	}
	if _, err := NewSampler(SamplerOptions{ProcRoot: "testdata/no-such-dir"}); err == nil {
		t.Error("NewSampler on a missing proc root: want an error")
	}
}

// TestParseCaptures reads the real /proc/diskstats captures in ../shared (in place) the
// way the Sampler does and checks the field counts and the discard and flush columns.
func TestParseCaptures(t *testing.T) {
	dir := "../../shared/testdata/captures"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("captures not present: %v", err)
	}
	tests := []struct {
		file       string
		wantFields int
		device     string
		want       blockdevice.IOStats
	}{
		{"diskstats-kernel-pre4.18-14fields-md-dm.txt", 14, "sdc", blockdevice.IOStats{
			ReadIOs: 783343, ReadMerges: 36781, ReadSectors: 110773558, ReadTicks: 4017272,
			WriteIOs: 361505, WriteMerges: 12583190, WriteSectors: 103537696, WriteTicks: 36551180,
			IOsInProgress: 1, IOsTotalTicks: 2894524, WeightedIOTicks: 40572548}},
		{"diskstats-kernel-5.5plus-20fields-gopsutil.txt", 20, "sda", blockdevice.IOStats{
			ReadIOs: 251490562, ReadMerges: 587923, ReadSectors: 4907991349, ReadTicks: 207940386,
			WriteIOs: 418695352, WriteMerges: 7259232, WriteSectors: 8579533525, WriteTicks: 94584901,
			IOsTotalTicks: 140322864, WeightedIOTicks: 306361336,
			DiscardIOs: 169975, DiscardMerges: 208, DiscardSectors: 4992138504, DiscardTicks: 371249,
			FlushRequestsCompleted: 984400, TimeSpentFlushing: 3464799}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			proc := t.TempDir()
			b, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(proc, "diskstats"), b, 0o644); err != nil {
				t.Fatal(err)
			}
			m := readFixture(t, proc, proc)
			if len(m) == 0 {
				t.Fatal("no lines parsed")
			}
			for name, l := range m {
				if l.IoStatsCount != tt.wantFields {
					t.Errorf("%s: %d fields, want %d", name, l.IoStatsCount, tt.wantFields)
				}
			}
			if diff := cmp.Diff(tt.want, m[tt.device].IOStats); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.device, diff)
			}
		})
	}

	// The pt-stalk capture holds three snapshots ~1 s apart, each after "TS <epoch> …";
	// between any two, every column of every device must be finite and non-negative, and
	// w/s must be Δwrites/Δt to the digit.
	snaps, times := ptstalkSnapshots(t, filepath.Join(dir, "diskstats-kernel-5.5plus-20fields-nvme-dm-ptstalk.txt"))
	if len(snaps) < 2 {
		t.Fatalf("pt-stalk capture: %d snapshots", len(snaps))
	}
	dt := times[1].Sub(times[0])
	for name, cur := range snaps[1] {
		prev := snaps[0][name]
		if cur.IoStatsCount != 20 {
			t.Errorf("%s: %d fields, want 20", name, cur.IoStatsCount)
		}
		s := Compute(prev, cur, dt)
		if want := float64(cur.WriteIOs-prev.WriteIOs) / dt.Seconds(); s.WPerSec != want {
			t.Errorf("%s: w/s %v, want %v", name, s.WPerSec, want)
		}
		if s.UtilPct < 0 || s.AquSz < 0 || s.WAwaitMs < 0 || *s.FPerSec < 0 {
			t.Errorf("%s: negative column in %+v", name, s)
		}
	}
}

func ptstalkSnapshots(t *testing.T, path string) ([]map[string]blockdevice.Diskstats, []time.Time) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var (
		snaps []map[string]blockdevice.Diskstats
		times []time.Time
		buf   []string
	)
	flush := func() {
		if len(buf) == 0 {
			return
		}
		proc := t.TempDir()
		if err := os.WriteFile(filepath.Join(proc, "diskstats"), []byte(strings.Join(buf, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, readFixture(t, proc, proc))
		buf = nil
	}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "TS "); ok {
			flush()
			sec, err := strconv.ParseFloat(strings.Fields(rest)[0], 64)
			if err != nil {
				t.Fatal(err)
			}
			times = append(times, time.Unix(0, int64(sec*1e9)))
			continue
		}
		buf = append(buf, sc.Text())
	}
	flush()
	return snaps, times
}

// BenchmarkSample measures one Sample on this machine's real /proc and /sys (every
// device, as `iostat -x` without arguments) and reports the CPU it costs at 1 Hz as a
// percentage of one core; the budget is 0.5 % (5 ms of CPU per second).
func BenchmarkSample(b *testing.B) {
	s, err := NewSampler(SamplerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	s.Sample()
	var before, after unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &before)
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Sample(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	unix.Getrusage(unix.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu.Microseconds()), "cpu-µs/sample")
	b.ReportMetric(100*cpu.Seconds(), "%core-at-1Hz")
}

func TestReadPIDFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	proc := "testdata/seed002/t0/proc"
	if pid, err := ReadPIDFile(proc, write("ok.pid", "4242\n")); err != nil || pid != 4242 {
		t.Errorf("ReadPIDFile = %d, %v; want 4242", pid, err)
	}
	for _, tt := range []struct{ file, content, wantErr string }{
		{"gone.pid", "99999\n", "no such process here"},
		{"bad.pid", "mysqld\n", "not a pid"},
	} {
		if _, err := ReadPIDFile(proc, write(tt.file, tt.content)); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: err %v, want %q", tt.file, err, tt.wantErr)
		}
	}
	if _, err := ReadPIDFile(proc, filepath.Join(dir, "missing.pid")); err == nil {
		t.Error("missing pid file: want an error")
	}
}

// BenchmarkSampleLargeHost is BenchmarkSample on a synthetic big server: 128 CPU lines,
// an intr line of 2000 counters, and 300 diskstats lines (snap-style loop devices,
// NVMe namespaces and partitions), every device selected by default.
func BenchmarkSampleLargeHost(b *testing.B) {
	root := b.TempDir()
	proc, sys := filepath.Join(root, "proc"), filepath.Join(root, "sys")
	var stat, disk strings.Builder
	stat.WriteString("cpu  1000 0 500 90000 100 0 10 0 0 0\n")
	for i := range 128 {
		fmt.Fprintf(&stat, "cpu%d 10 0 5 900 1 0 0 0 0 0\n", i)
	}
	stat.WriteString("intr 123456")
	for i := range 2000 {
		fmt.Fprintf(&stat, " %d", i)
	}
	stat.WriteString("\nctxt 1\nbtime 1\nprocesses 1\nprocs_running 1\nprocs_blocked 0\nsoftirq 1 0 0 0 0 0 0 0 0 0 0\n")
	for i := range 300 {
		name := fmt.Sprintf("loop%d", i)
		if i >= 200 {
			name = fmt.Sprintf("nvme%dn1", i-200)
		}
		fmt.Fprintf(&disk, " 259 %d %s 1000 10 80000 300 2000 20 160000 900 0 1200 1300 5 0 40 1 100 20\n", i, name)
		os.MkdirAll(filepath.Join(sys, "block", name), 0o755)
	}
	os.MkdirAll(filepath.Join(proc, "1"), 0o755)
	os.WriteFile(filepath.Join(proc, "stat"), []byte(stat.String()), 0o644)
	os.WriteFile(filepath.Join(proc, "diskstats"), []byte(disk.String()), 0o644)
	b1, _ := os.ReadFile("testdata/seed002/t0/proc/4243/stat")
	os.WriteFile(filepath.Join(proc, "1", "stat"), b1, 0o644)
	s, err := NewSampler(SamplerOptions{ProcRoot: proc, SysRoot: sys, SelfPID: 1})
	if err != nil {
		b.Fatal(err)
	}
	s.Sample()
	var before, after unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &before)
	b.ResetTimer()
	for b.Loop() {
		smp, _ := s.Sample()
		if len(smp.Names) != 300 || smp.CPU == nil {
			b.Fatalf("%d devices, cpu %v, notes %q", len(smp.Names), smp.CPU, smp.Notes)
		}
	}
	b.StopTimer()
	unix.Getrusage(unix.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu.Microseconds()), "cpu-µs/sample")
	b.ReportMetric(100*cpu.Seconds(), "%core-at-1Hz")
}
