package sandbox

import (
	"fmt"
	"os"
	"syscall"
)

// privateDirMode is the mode of every directory the sandbox creates: a datadir holds a
// root account without a password, and the template is copied into every sandbox, so
// another local user who can read or replace either owns every later sandbox.
const privateDirMode = 0o700

// checkPrivateDir refuses a directory that another user could have planted or can
// change: it must be a real directory (a symlink is not followed), owned by the
// effective uid, without group or other permission bits. The shared temp directory is
// world-writable, so a name there proves nothing about who made it.
func checkPrivateDir(path string) error {
	st, err := os.Lstat(path)
	if err != nil {
		return err
	}
	fix := fmt.Sprintf("remove it (rm -rf %s) if you did not make it, or set TMPDIR to a private directory", path)
	if st.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("sandbox: %s is a symlink, not a directory made by dumpscope; refusing to use it: %s", path, fix)
	}
	if !st.IsDir() {
		return fmt.Errorf("sandbox: %s is not a directory; refusing to use it: %s", path, fix)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		return fmt.Errorf("sandbox: %s is owned by uid %d, not by you (uid %d); refusing to use it: %s", path, sys.Uid, os.Geteuid(), fix)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("sandbox: %s has mode %04o, open to other users (want %04o); refusing to use it: %s", path, perm, privateDirMode, fix)
	}
	return nil
}
