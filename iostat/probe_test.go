package iostat

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestProbe(t *testing.T) {
	for _, mode := range []string{ModeFdatasync, ModeODsync} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			keep := filepath.Join(dir, "ibdata1")
			if err := os.WriteFile(keep, []byte("existing data"), 0o600); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(keep)
			res, err := Probe(context.Background(), ProbeOptions{Dir: dir, Duration: 300 * time.Millisecond, BlockBytes: 16 << 10, Mode: mode, FileBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %+v", mode, *res)
			if res.Ops == 0 || res.OpsPerSec <= 0 || res.P50Ms <= 0 || res.P50Ms > res.P99Ms || res.P99Ms > res.MaxMs {
				t.Errorf("inconsistent result %+v", *res)
			}
			if res.Class != Classify(time.Duration(res.P50Ms*float64(time.Millisecond))) || res.Mode != mode || res.Dir != dir || res.BlockBytes != 16<<10 {
				t.Errorf("result fields %+v", *res)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 || entries[0].Name() != "ibdata1" {
				t.Errorf("probe left %v in the directory", entries)
			}
			after, _ := os.Stat(keep)
			b, _ := os.ReadFile(keep)
			if string(b) != "existing data" || !after.ModTime().Equal(before.ModTime()) {
				t.Errorf("existing file touched: %q %v→%v", b, before.ModTime(), after.ModTime())
			}
		})
	}
}

func TestProbeRefuses(t *testing.T) {
	tests := []struct {
		name    string
		o       ProbeOptions
		wantErr string
	}{
		{"unknown mode", ProbeOptions{Dir: t.TempDir(), Mode: "fsync"}, `mode "fsync"`},
		{"O_DIRECT with an unaligned block", ProbeOptions{Dir: t.TempDir(), Mode: ModeODsync, BlockBytes: 1000}, "multiple of 4096"},
		{"missing directory", ProbeOptions{Dir: filepath.Join(t.TempDir(), "nope")}, "no such file"},
	}
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		tests = append(tests, struct {
			name    string
			o       ProbeOptions
			wantErr string
		}{"tmpfs", ProbeOptions{Dir: "/dev/shm"}, "tmpfs"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Probe(context.Background(), tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("err = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestProbeCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Probe(ctx, ProbeOptions{Dir: t.TempDir(), Duration: time.Hour, FileBytes: 64 << 10})
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("err = %v, want context canceled", err)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		p50  time.Duration
		want string
	}{
		{"PLP NVMe, tens of µs", 40 * time.Microsecond, ClassPLPFlash},
		{"just under the PLP bound", 199 * time.Microsecond, ClassPLPFlash},
		{"at the PLP bound", 200 * time.Microsecond, ClassConsumerFlash},
		{"Samsung 990 Pro, 1.64 ms (608 fdatasync/s)", 1643 * time.Microsecond, ClassConsumerFlash},
		{"at the flash bound", 3 * time.Millisecond, ClassRotational},
		{"7200 rpm, one revolution 8.3 ms", 8333 * time.Microsecond, ClassRotational},
	}
	var got, want []string
	for _, tt := range tests {
		got = append(got, tt.name+": "+Classify(tt.p50))
		want = append(want, tt.name+": "+tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestPercentile(t *testing.T) {
	d := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	got := []time.Duration{percentile(d, 50), percentile(d, 99), percentile(d[:1], 50)}
	if diff := cmp.Diff([]time.Duration{5, 10, 1}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
