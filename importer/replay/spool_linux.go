package replay

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// punchHole frees the file's pages in [off, off+n) without changing its size
// (fallocate(2) FALLOC_FL_PUNCH_HOLE), so that the spool does not grow with the dump on
// a file system that supports it; where it does not, the bytes stay until the spool is
// emptied.
func punchHole(f *os.File, off, n int64) {
	_ = unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, off, n)
}

// hugePageBytes is the size of a transparent huge page on x86-64 and arm64 (4 KiB base
// pages).
const hugePageBytes = 2 << 20

// newArena returns an empty batch buffer of at least n bytes whose whole capacity can be
// backed by transparent huge pages: it starts on a 2 MiB boundary, its capacity is a
// multiple of 2 MiB, and it is advised MADV_HUGEPAGE (madvise(2); the usual THP setting,
// "madvise", gives them only where asked). Filling a fresh 17 MiB buffer then takes about
// 9 page faults instead of 4352. The Go heap aligns a large object to its 8 KiB pages
// only, so the advice on a plain make covered just the aligned middle: the up to 4 MiB of
// head and tail around it faulted a 4 KiB page at a time, 3,300 of the 8,800 faults of a
// 200 MiB --load-data import, each microseconds in a VM. The bytes before the boundary
// are allocated but never touched, so they cost address space, not memory. The advice is
// only advice: its failure (THP off, an old kernel) leaves ordinary pages.
func newArena(n int) []byte {
	if n < 2*hugePageBytes {
		return make([]byte, 0, n)
	}
	n = (n + hugePageBytes - 1) &^ (hugePageBytes - 1)
	raw := make([]byte, 0, n+hugePageBytes)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	skip := int((base+hugePageBytes-1)&^(hugePageBytes-1) - base)
	buf := raw[skip : skip+n : skip+n]
	_ = unix.Madvise(buf, unix.MADV_HUGEPAGE)
	return buf[:0]
}
