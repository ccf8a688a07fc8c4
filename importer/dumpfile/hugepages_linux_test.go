package dumpfile

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestReadAheadHugePages counts the page faults of filling a fresh read-ahead's chunks, as
// the decoder does: 4 MiB in 4 KiB pages is 1,024 faults (as separate 1 MiB chunks they
// were); in huge pages a few.
func TestReadAheadHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("transparent huge pages are off here")
	}
	ra := newReadAhead(strings.NewReader(""), nil, false)
	defer ra.Close()
	<-ra.done // the empty stream's end: the goroutine has returned its chunk to full
	var chunks [][]byte
	for range readAheadChunks - 1 {
		chunks = append(chunks, (<-ra.free).b)
	}
	chunks = append(chunks, (<-ra.full).b)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before, after unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &before); err != nil {
		t.Skip(err)
	}
	for _, c := range chunks {
		c = c[:cap(c)]
		for i := 0; i < len(c); i += 4096 {
			c[i] = 1
		}
	}
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &after); err != nil {
		t.Skip(err)
	}
	first := ^uintptr(0)
	for _, c := range chunks {
		first = min(first, uintptr(unsafe.Pointer(unsafe.SliceData(c))))
	}
	if first%(2<<20) != 0 {
		t.Errorf("the chunks start at %#x, not on a 2 MiB boundary", first)
	}
	faults := after.Minflt - before.Minflt
	t.Logf("%d page faults filling %d chunks", faults, len(chunks))
	if faults > 64 {
		t.Skipf("the kernel gave 4 KiB pages (transparent huge pages fall back under fragmentation; the alignment above is what dumpscope controls): filling a fresh read-ahead's %d MiB took %d page faults, want at most 64 (huge pages)", readAheadChunks*readAheadChunkBytes>>20, faults)
	}
}
