//go:build !linux

package dumpfile

// hugeBlock returns n bytes (outside Linux there is no madvise(2) MADV_HUGEPAGE to align
// them for).
func hugeBlock(n int) []byte { return make([]byte, n) }

// HugeBuffer returns n bytes for a buffer that is filled before it is read (outside
// Linux: an ordinary allocation).
func HugeBuffer(n int) []byte { return make([]byte, n) }
