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

// hugePages asks for transparent huge pages under a batch buffer (madvise(2)
// MADV_HUGEPAGE; the usual THP setting, "madvise", gives them only where asked): the
// first write of a 16 MiB buffer then takes 8 page faults instead of 4096. In a VM a
// fault costs microseconds, and the buffers' faults were a tenth of --load-data's CPU.
// Only the 2 MiB-aligned part of buf can be backed by huge pages; the call is advice,
// and its failure (THP off, an old kernel) leaves ordinary pages.
func hugePages(buf []byte) {
	const huge = 2 << 20
	if cap(buf) < 2*huge {
		return
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	start := (base + huge - 1) &^ (huge - 1)
	end := (base + uintptr(cap(buf))) &^ (huge - 1)
	if end <= start {
		return
	}
	_ = unix.Madvise(buf[:cap(buf)][start-base:end-base], unix.MADV_HUGEPAGE)
}
