package dumpfile

import (
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePageBytes is the size of a transparent huge page on x86-64 and arm64.
const hugePageBytes = 2 << 20

// hugeBlock returns n bytes (a multiple of 2 MiB) starting on a 2 MiB boundary and advised
// MADV_HUGEPAGE (madvise(2); the usual THP setting, "madvise", gives huge pages only where
// asked), so that their first writes take one page fault per 2 MiB rather than one per
// 4 KiB: the read-ahead's 4 MiB of chunks, first written by the decoder, were 1,000 of a
// 200 MiB import's page faults, each microseconds in a VM. The advice's failure (THP off)
// leaves ordinary pages. The bytes are not zeroed (unzeroedBytes): the bytes before the
// boundary and after the block are never touched, and the block's own are first touched
// by its owner's writes, after the advice. A zeroed allocation (make) whose memory the heap
// had used before is cleared by the runtime inside make, before the advice, in 4 KiB
// pages, slack included: in a perf recording of a gen 200M --parallel 2 import that was
// 1,343 of its 6,282 page faults (the splitter's buffer, under NewSplitter) and 74 CPU
// samples at 2 kHz (37 ms), where 4 MiB in huge pages is two faults.
func hugeBlock(n int) []byte {
	raw := unzeroedBytes(n + hugePageBytes)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	skip := int((base+hugePageBytes-1)&^(hugePageBytes-1) - base)
	b := raw[skip : skip+n : skip+n]
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	return b
}

// unzeroedBytes returns n bytes of the Go heap whose contents are unspecified: the
// buffer strings.Builder.Grow allocates, which the runtime does not clear (Go 1.21 on;
// were it cleared, the bytes would only cost that again). The buffer stays a heap
// object, kept alive by the slice like any other; nothing reads it as a string.
func unzeroedBytes(n int) []byte {
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteByte(0) // String of an empty Builder need not point into its buffer
	return unsafe.Slice(unsafe.StringData(sb.String()), n)
}

// HugeBuffer returns n bytes for a buffer that is filled before it is read and kept (the
// splitter's read buffer): from 2 MiB on in huge pages and not zeroed (hugeBlock), so
// that its first fill takes a page fault per 2 MiB rather than one per 4 KiB. The
// splitter's 4 MiB in 4 KiB pages were a quarter of a 200 MiB import's page faults.
// Below 2 MiB it is an ordinary, zeroed allocation.
func HugeBuffer(n int) []byte {
	if n < hugePageBytes {
		return make([]byte, n)
	}
	return hugeBlock((n + hugePageBytes - 1) &^ (hugePageBytes - 1))[:n:n]
}
