//go:build !linux

package replay

import "os"

// punchHole does nothing outside Linux: fallocate(2) is Linux's (macOS's F_PUNCHHOLE
// needs block-aligned ranges and APFS). A done batch's bytes then stay in the spool
// until nothing in it is outstanding and it is truncated to zero.
func punchHole(*os.File, int64, int64) {}

// newArena returns an empty batch buffer of n bytes (outside Linux there is no
// madvise(2) MADV_HUGEPAGE to align it for).
func newArena(n int) []byte { return make([]byte, 0, n) }
