package dumpfile

import (
	"runtime"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// zeroedHugeBlock is hugeBlock as it was before session 52 (p-cpu): make's zeroed bytes,
// advised after make returned.
func zeroedHugeBlock(n int) []byte {
	raw := make([]byte, n+hugePageBytes)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	skip := int((base+hugePageBytes-1)&^(hugePageBytes-1) - base)
	b := raw[skip : skip+n : skip+n]
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	return b
}

var hugeSink []byte

// BenchmarkHugeBlockFirstFill times a 4 MiB block's allocation and first fill (a write per
// 4 KiB, as the splitter's first reads touch it) where the heap had used the memory
// before: a 16 MiB buffer allocated and dropped, untouched, before each (as the import's
// earlier buffers leave the heap when NewSplitter runs). It reports the page faults.
func BenchmarkHugeBlockFirstFill(b *testing.B) {
	for _, v := range []struct {
		name  string
		block func(int) []byte
	}{{"make", zeroedHugeBlock}, {"unzeroed", hugeBlock}} {
		b.Run(v.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var faults int64
			for b.Loop() {
				b.StopTimer()
				hugeSink = make([]byte, 16<<20)
				hugeSink = nil
				runtime.GC()
				var before, after unix.Rusage
				_ = unix.Getrusage(unix.RUSAGE_THREAD, &before)
				b.StartTimer()
				buf := v.block(4 << 20)
				for i := 0; i < len(buf); i += 4096 {
					buf[i] = 1
				}
				b.StopTimer()
				_ = unix.Getrusage(unix.RUSAGE_THREAD, &after)
				faults += after.Minflt - before.Minflt
				hugeSink = buf
				hugeSink = nil
				b.StartTimer()
			}
			b.ReportMetric(float64(faults)/float64(b.N), "faults/op")
		})
	}
}
