//go:build !linux

package iostat

import (
	"errors"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// Fallbacks for the probe outside Linux (macOS, where a developer builds and runs
// report, compare and imports against a remote server): no O_DIRECT, fsync(2) for
// fdatasync(2), the file system's type by name.

// openDirectSync refuses ModeODsync: O_DIRECT is Linux's (macOS has F_NOCACHE, which
// is not the same thing), and a number measured another way would not compare.
func openDirectSync(string) (*os.File, error) {
	return nil, errors.New("O_DIRECT is Linux-only; use the fdatasync mode")
}

// fdatasync is fsync(2): the closest call elsewhere (on macOS it does not flush the
// drive's cache, as F_FULLFSYNC would; InnoDB's default there is fsync too).
func fdatasync(fd int) error { return unix.Fsync(fd) }

// fsKind tells the file systems whose latency is not a device's, by their name.
func fsKind(fs *unix.Statfs_t) fsClass {
	name := unix.ByteSliceToString(fs.Fstypename[:])
	switch {
	case name == "tmpfs" || name == "devfs":
		return fsMemory
	case name == "nfs" || name == "smbfs" || name == "afpfs" || strings.HasPrefix(name, "webdav"):
		return fsNetwork
	}
	return fsOther
}
