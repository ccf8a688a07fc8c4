package replay

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestNewArenaHugePages fills a fresh batch buffer and counts the page faults it took: a
// buffer whose head and tail lay outside the 2 MiB-aligned part advised MADV_HUGEPAGE
// faulted them a 4 KiB page at a time (about 500 per buffer, a quarter of a --load-data
// import's faults); aligned, the whole buffer is a handful of huge pages.
func TestNewArenaHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("transparent huge pages are off here")
	}
	a := newArenas(16<<20, 1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// Only the filling is counted: where the runtime hands out memory it must zero first,
	// the zeroing faults its pages in before the advice can apply, and the filling none.
	buf := a.get(a.size)
	buf = buf[:cap(buf)]
	var before, after unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &before); err != nil {
		t.Skip(err)
	}
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &after); err != nil {
		t.Skip(err)
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	if base%hugePageBytes != 0 || len(buf)%hugePageBytes != 0 || len(buf) < a.size {
		t.Errorf("arena at %#x of %d bytes: want a 2 MiB-aligned start and length of at least %d", base, len(buf), a.size)
	}
	// 9 huge pages, and room for the runtime's own faults on this thread; 4 KiB pages
	// would be 4,352, the unaligned head and tail alone hundreds.
	faults := after.Minflt - before.Minflt
	t.Logf("%d page faults filling %d MiB", faults, len(buf)>>20)
	if faults > 64 {
		t.Skipf("the kernel gave 4 KiB pages (transparent huge pages fall back under fragmentation; the alignment above is what dumpscope controls): filling a fresh %d MiB arena took %d page faults, want at most 64 (huge pages)", len(buf)>>20, faults)
	}
}
