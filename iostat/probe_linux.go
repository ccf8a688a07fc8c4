package iostat

import (
	"os"

	"golang.org/x/sys/unix"
)

// The probe's system calls are Linux's (open(2) O_DIRECT, fdatasync(2), statfs f_type);
// probe_other.go has the fallbacks that let dumpscope build elsewhere.

// openDirectSync opens name for ModeODsync: O_DIRECT|O_DSYNC, each write reaching the
// device before it returns, past the page cache.
func openDirectSync(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY|unix.O_DIRECT|unix.O_DSYNC, 0)
}

// fdatasync is fdatasync(2), how InnoDB flushes its redo log on Linux.
func fdatasync(fd int) error { return unix.Fdatasync(fd) }

// fsKind tells the file systems whose latency is not a device's, by statfs f_type.
func fsKind(fs *unix.Statfs_t) fsClass {
	switch fs.Type {
	case unix.TMPFS_MAGIC, unix.RAMFS_MAGIC:
		return fsMemory
	case unix.NFS_SUPER_MAGIC:
		return fsNetwork
	case unix.OVERLAYFS_SUPER_MAGIC:
		return fsOverlay
	}
	return fsOther
}
