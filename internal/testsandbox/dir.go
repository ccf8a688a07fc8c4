package testsandbox

import (
	"os"
	"path/filepath"
)

// DirEnv names the variable that overrides where test sandboxes live: a path puts their
// instance directories under it (a disk, to run the suite with real fsyncs).
const DirEnv = "DUMPSCOPE_TEST_SANDBOX_DIR"

// shmDir is the tmpfs most Linux systems mount.
const shmDir = "/dev/shm"

// minShmFreeBytes is the tmpfs space a test binary asks for before it puts its sandboxes
// there: a sandbox's datadir is about 120 MB (the template, mostly its redo log) plus what
// the test imports, and a package's tests hold at most a few at once.
const minShmFreeBytes = 2 << 30

// sandboxParent is where Start puts a sandbox's instance directory: $DUMPSCOPE_TEST_SANDBOX_DIR
// when set; under Main (the packages whose tests import much and look at no device), a
// tmpfs (/dev/shm) with room to spare; else the system temp directory.
// On this project's two-core VM an fsync of the disk takes about 4 ms, and the integration
// tests commit in small batches with a progress row each: 1,000 autocommit INSERTs took
// 3.9 s on /tmp and 0.5 s on /dev/shm, and a start 2.7 s against 1.3 s. A tmpfs changes
// no server setting (the advisor's rules read those), only what an fsync costs; the tests
// that need the datadir on a block device (device sampling, free-space checks) use
// StartOnDisk.
func sandboxParent() string {
	if d := os.Getenv(DirEnv); d != "" {
		return d
	}
	thePool.mu.Lock()
	onMain := thePool.main
	thePool.mu.Unlock()
	if onMain && tmpfsFreeBytes(shmDir) >= minShmFreeBytes {
		return shmDir
	}
	return os.TempDir()
}

// diskParent is where StartOnDisk puts a sandbox: $DUMPSCOPE_TEST_SANDBOX_DIR when set,
// else the system temp directory.
func diskParent() string {
	if d := os.Getenv(DirEnv); d != "" {
		return d
	}
	return filepath.Clean(os.TempDir())
}
