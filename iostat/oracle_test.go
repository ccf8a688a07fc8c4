//go:build linux

// The oracle compares with sysstat's iostat on a Linux block device.

package iostat

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"golang.org/x/sys/unix"
)

// TestAgainstIostat runs the Sampler and sysstat's `iostat -x -y -d DEV 1 N` side by side
// on a loop device of our own under a steady O_DIRECT write load (~12.8 MB/s, 200 w/s),
// sampling at the moment iostat prints each report, and requires the columns to agree
// within 10 % (0.05 absolute near zero). The rendered header and column positions must
// be iostat's too.
func TestAgainstIostat(t *testing.T) {
	iostatBin := testsandbox.RequireTool(t, "iostat")
	losetup := testsandbox.RequireTool(t, "losetup")
	if os.Geteuid() != 0 {
		testsandbox.Unavailable(t, "creating a loop device needs root")
	}
	const reports = 5

	backing := filepath.Join(t.TempDir(), "oracle.img")
	const backingBytes = 256 << 20
	if err := os.WriteFile(backing, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(backing, backingBytes); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(losetup, "--find", "--show", "--direct-io=on", backing).CombinedOutput()
	if err != nil {
		testsandbox.Unavailable(t, "losetup: %v: %s", err, out)
	}
	dev := strings.TrimSpace(string(out))
	name := filepath.Base(dev)
	t.Cleanup(func() {
		if out, err := exec.Command(losetup, "-d", dev).CombinedOutput(); err != nil {
			t.Errorf("losetup -d %s: %v: %s", dev, err, out)
		}
	})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	writerDone := make(chan error, 1)
	go func() { writerDone <- steadyWrites(ctx, dev, 64<<10, 5*time.Millisecond, backingBytes) }()
	time.Sleep(300 * time.Millisecond) // let the load settle before the first report

	s, err := NewSampler(SamplerOptions{Devices: []string{name}})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(iostatBin, "-x", "-y", "-d", name, "1", strconv.Itoa(reports+1))
	cmd.Env = append(os.Environ(), "LC_ALL=C", "S_COLORS=never")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()

	type report struct {
		header, row string
		theirs      map[string]float64
		ours        Sample
	}
	var got []report
	var header string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "Device") {
			header = l
			continue
		}
		if !strings.HasPrefix(l, name+" ") {
			continue
		}
		ours, _ := s.Sample() // as close as we can be to the moment iostat read the counters
		got = append(got, report{header: header, row: l, theirs: iostatRow(t, header, l), ours: ours})
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("iostat: %v", err)
	}
	cancel()
	if err := <-writerDone; err != nil {
		t.Fatalf("writer: %v", err)
	}
	if len(got) != reports+1 {
		t.Fatalf("iostat printed %d reports for %s, want %d", len(got), name, reports+1)
	}
	// The load is a precondition: on a shared disk one second can stall (w_await in
	// the tens of ms), so the mean over the reports must reach 5 MB/s.
	var loadkB float64
	defer func() {
		if loadkB < 5000 {
			t.Errorf("mean load %.0f kB/s over %d reports, want ≥ 5 MB/s", loadkB, reports)
		}
	}()
	columns := []string{"w/s", "wkB/s", "w_await", "wareq-sz", "%util", "r/s", "aqu-sz"}
	for i, r := range got[1:] { // the first report only primed the Sampler
		ours := r.ours.Devices[name]
		mine := map[string]float64{"w/s": ours.WPerSec, "wkB/s": ours.WkBPerSec, "w_await": ours.WAwaitMs,
			"wareq-sz": ours.WareqSzkB, "%util": ours.UtilPct, "r/s": ours.RPerSec, "aqu-sz": ours.AquSz}
		loadkB += r.theirs["wkB/s"] / reports
		for _, c := range columns {
			if !agree(r.theirs[c], mine[c]) {
				t.Errorf("report %d %s: iostat %.2f, dumpscope %.4f", i+1, c, r.theirs[c], mine[c])
			}
		}
		t.Logf("report %d: iostat w/s %.2f wkB/s %.2f w_await %.2f wareq-sz %.2f %%util %.2f | dumpscope %.2f %.2f %.2f %.2f %.2f",
			i+1, r.theirs["w/s"], r.theirs["wkB/s"], r.theirs["w_await"], r.theirs["wareq-sz"], r.theirs["%util"],
			ours.WPerSec, ours.WkBPerSec, ours.WAwaitMs, ours.WareqSzkB, ours.UtilPct)

		var b strings.Builder
		WriteExtended(&b, r.ours, false)
		lines := strings.Split(b.String(), "\n")
		if lines[0] != r.header {
			t.Errorf("header differs:\n iostat:    %q\n dumpscope: %q", r.header, lines[0])
		}
		if a, b := tokenEnds(r.row), tokenEnds(lines[1]); fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("column positions differ:\n iostat:    %q\n dumpscope: %q", r.row, lines[1])
		}
	}
}

// agree is the test's tolerance: 10 % of iostat's value, or 0.05 absolute near zero.
func agree(theirs, ours float64) bool {
	return math.Abs(theirs-ours) <= math.Max(0.10*math.Abs(theirs), 0.05)
}

func iostatRow(t *testing.T, header, row string) map[string]float64 {
	t.Helper()
	h, f := strings.Fields(header), strings.Fields(row)
	if len(h) != len(f) {
		t.Fatalf("iostat row does not match its header:\n%s\n%s", header, row)
	}
	m := map[string]float64{}
	for i := 1; i < len(h); i++ {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			t.Fatalf("iostat column %s: %v", h[i], err)
		}
		m[h[i]] = v
	}
	return m
}

var token = regexp.MustCompile(`\S+`)

// tokenEnds are the offsets where each column ends: iostat right-aligns numbers.
func tokenEnds(s string) []int {
	var ends []int
	for _, m := range token.FindAllStringIndex(s, -1) {
		ends = append(ends, m[1])
	}
	return ends
}

// steadyWrites writes blockBytes with O_DIRECT every period, cycling through the
// device, until ctx ends: a rate-limited load like `fio --rate`.
func steadyWrites(ctx context.Context, dev string, blockBytes int, period time.Duration, devBytes int64) error {
	fd, err := unix.Open(dev, unix.O_WRONLY|unix.O_DIRECT, 0)
	if err != nil {
		return fmt.Errorf("open %s: %w", dev, err)
	}
	defer unix.Close(fd)
	buf, err := unix.Mmap(-1, 0, blockBytes, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return err
	}
	defer unix.Munmap(buf)
	for i := range buf {
		buf[i] = byte(i)
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	var off int64
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		if _, err := unix.Pwrite(fd, buf, off); err != nil {
			return fmt.Errorf("write %s at %d: %w", dev, off, err)
		}
		off = (off + int64(blockBytes)) % devBytes
	}
}
