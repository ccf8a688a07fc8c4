package iostat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/procfs"
	"github.com/prometheus/procfs/blockdevice"
)

// diskstatsInputs are every /proc/diskstats text the package has: the fixtures, the real
// captures in ../shared (pt-stalk's split into its snapshots), and this machine's.
func diskstatsInputs(t *testing.T) map[string][]byte {
	t.Helper()
	in := map[string][]byte{}
	fixtures, _ := filepath.Glob("testdata/*/t[01]/proc/diskstats")
	captures, _ := filepath.Glob("../../shared/testdata/captures/diskstats-*")
	for _, p := range append(append(fixtures, captures...), "/proc/diskstats") {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p, "ptstalk") {
			in[p] = b
			continue
		}
		for i, snap := range strings.Split(string(b), "TS ")[1:] {
			_, body, _ := strings.Cut(snap, "\n")
			in[p+"#"+string(rune('0'+i))] = []byte(body)
		}
	}
	if len(captures) == 0 {
		t.Log("captures in ../shared not present: fixtures and /proc only")
	}
	return in
}

// TestParseDiskstatsMatchesProcfs: the Sampler's parser gives exactly what procfs's
// blockdevice parser gives, on every input we have.
func TestParseDiskstatsMatchesProcfs(t *testing.T) {
	for name, b := range diskstatsInputs(t) {
		proc := t.TempDir()
		if err := os.WriteFile(filepath.Join(proc, "diskstats"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		fs, err := blockdevice.NewFS(proc, proc)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fs.ProcDiskstats()
		if err != nil {
			t.Fatalf("%s: procfs: %v", name, err)
		}
		got, err := readDiskstats(proc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) == 0 {
			t.Errorf("%s: no lines", name)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-procfs +ours):\n%s", name, diff)
		}
	}
}

func TestParseDiskstatsErrors(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"   8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n 8 1 sda1 1 2 x 4 5 6 7 8 9 10 11\n", "diskstats line 2 field 6: "},
		{"259 0 nvme0n1 x y z\n", "diskstats line 1 field 4: "},
	}
	for _, tt := range tests {
		_, err := parseDiskstats([]byte(tt.in), "diskstats")
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%q: err %v, want %q", tt.in, err, tt.wantErr)
		}
	}
	got, err := parseDiskstats([]byte("\n   3 1 hda1 35486 38030 38030 38030\n"), "diskstats")
	if err != nil || len(got) != 0 {
		t.Errorf("2.6 partition line: got %v, %v; want skipped", got, err)
	}
}

func FuzzParseDiskstats(f *testing.F) {
	f.Add([]byte(" 259 0 nvme0n1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"))
	f.Add([]byte("8 0 sda 1 2 3 4 5 6 7 8 9 10 11"))
	f.Fuzz(func(t *testing.T, b []byte) {
		lines, err := parseDiskstats(b, "diskstats")
		for _, l := range lines {
			if l.IoStatsCount < 14 || l.IoStatsCount > 20 {
				t.Fatalf("field count %d", l.IoStatsCount)
			}
		}
		_ = err
	})
}

// TestReadCPUTotalMatchesProcfs: the aggregate cpu line read alone equals procfs's.
func TestReadCPUTotalMatchesProcfs(t *testing.T) {
	stats, _ := filepath.Glob("testdata/*/t[01]/proc/stat")
	for _, p := range append(stats, "/proc/stat") {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		proc := t.TempDir()
		if err := os.WriteFile(filepath.Join(proc, "stat"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		fs, err := procfs.NewFS(proc)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fs.Stat()
		if err != nil {
			t.Fatalf("%s: procfs: %v", p, err)
		}
		got, err := readCPUTotal(proc)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if diff := cmp.Diff(want.CPUTotal, got); diff != "" {
			t.Errorf("%s (-procfs +ours):\n%s", p, diff)
		}
	}
	proc := t.TempDir()
	os.WriteFile(filepath.Join(proc, "stat"), []byte("intr 1 2 3\n"), 0o644)
	if _, err := readCPUTotal(proc); err == nil || !strings.Contains(err.Error(), "not the aggregate cpu line") {
		t.Errorf("err = %v", err)
	}
}

// TestDeviceNames: the names in the file's order, partitions and device-mapper included.
func TestDeviceNames(t *testing.T) {
	got, err := DeviceNames("testdata/nvme-dm/t0/proc")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"nvme0n1", "nvme0n1p1", "nvme0n1p2", "nvme0n1p3", "dm-0", "dm-1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := DeviceNames("testdata/missing"); err == nil {
		t.Error("missing diskstats: no error")
	}
}
