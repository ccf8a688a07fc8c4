//go:build !linux

package dumpfile

// hugeBlock returns n bytes (outside Linux there is no madvise(2) MADV_HUGEPAGE to align
// them for).
func hugeBlock(n int) []byte { return make([]byte, n) }

// HugeBuffer returns n zeroed bytes (outside Linux: an ordinary allocation).
func HugeBuffer(n int) []byte { return make([]byte, n) }
