package replay

import (
	"os"

	"golang.org/x/sys/unix"
)

// punchHole frees the file's pages in [off, off+n) without changing its size
// (fallocate(2) FALLOC_FL_PUNCH_HOLE), so that the spool does not grow with the dump on
// a file system that supports it; where it does not, the bytes stay until the spool is
// emptied.
func punchHole(f *os.File, off, n int64) {
	_ = unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, off, n)
}
