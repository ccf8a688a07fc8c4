package split

import (
	"bytes"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestSplitterBufferHugePages: the splitter's default read buffer (4 MiB, filled once by
// the first reads and kept) starts on a 2 MiB boundary, so that transparent huge pages can
// back it: in 4 KiB pages its first fill was 1,024 page faults, a quarter of a 200 MiB
// import's, each microseconds in a VM.
func TestSplitterBufferHugePages(t *testing.T) {
	line := "(1,'" + strings.Repeat("x", 90) + "'),\n"
	input := []byte("INSERT INTO t VALUES\n" + strings.Repeat(line, (defaultReadBufferSize/len(line))+10) + "(0,'end');\n")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before, after unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &before); err != nil {
		t.Skip(err)
	}
	sp := NewSplitter(bytes.NewReader(input), SplitOptions{})
	start := uintptr(unsafe.Pointer(unsafe.SliceData(sp.buf)))
	if start%(2<<20) != 0 {
		t.Errorf("the read buffer starts at %#x, not on a 2 MiB boundary", start)
	}
	if !sp.Next() || sp.Statement().Rows == 0 {
		t.Fatalf("no statement: %v", sp.Err())
	}
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &after); err != nil {
		t.Skip(err)
	}
	faults := after.Minflt - before.Minflt
	t.Logf("%d page faults splitting %d MiB", faults, len(input)>>20)
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("transparent huge pages are off here")
	}
	if faults > 256 {
		t.Skipf("the kernel gave 4 KiB pages (transparent huge pages fall back under fragmentation; the alignment above is what dumpscope controls): %d page faults, want at most 256", faults)
	}
}
