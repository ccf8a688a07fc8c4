package testsandbox

import "syscall"

// tmpfsMagic is TMPFS_MAGIC from linux/magic.h, statfs's f_type of a tmpfs.
const tmpfsMagic = 0x01021994

// tmpfsFreeBytes is the space left to an unprivileged writer on dir when dir is a
// writable tmpfs, else 0.
func tmpfsFreeBytes(dir string) uint64 {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil || fs.Type != tmpfsMagic {
		return 0
	}
	if syscall.Access(dir, 0o2 /* W_OK */) != nil {
		return 0
	}
	return fs.Bavail * uint64(fs.Bsize)
}
