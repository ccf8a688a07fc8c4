package dumpfile

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePageBytes is the size of a transparent huge page on x86-64 and arm64.
const hugePageBytes = 2 << 20

// hugeBlock returns n bytes (a multiple of 2 MiB) starting on a 2 MiB boundary and advised
// MADV_HUGEPAGE (madvise(2); the usual THP setting, "madvise", gives huge pages only where
// asked), so that their first writes take one page fault per 2 MiB rather than one per
// 4 KiB: the read-ahead's 4 MiB of chunks, first written by the decoder, were 1,000 of a
// 200 MiB import's page faults, each microseconds in a VM. The bytes before the boundary
// are allocated but never touched. The advice's failure (THP off) leaves ordinary pages.
func hugeBlock(n int) []byte {
	raw := make([]byte, n+hugePageBytes)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	skip := int((base+hugePageBytes-1)&^(hugePageBytes-1) - base)
	b := raw[skip : skip+n : skip+n]
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	return b
}

// HugeBuffer returns n zeroed bytes for a buffer that is filled once and kept (the
// splitter's read buffer): from 2 MiB on in huge pages (hugeBlock), so that its first
// fill takes a page fault per 2 MiB rather than one per 4 KiB. The splitter's 4 MiB in
// 4 KiB pages were a quarter of a 200 MiB import's page faults.
func HugeBuffer(n int) []byte {
	if n < hugePageBytes {
		return make([]byte, n)
	}
	return hugeBlock((n + hugePageBytes - 1) &^ (hugePageBytes - 1))[:n:n]
}
