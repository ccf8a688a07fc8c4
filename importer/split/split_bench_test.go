package split

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split/splittest"
)

// BenchmarkSplit measures splitting throughput (MB/s) on extended-insert SQL.
func BenchmarkSplit(b *testing.B) {
	b.Run("typical", func(b *testing.B) { benchmarkSplit(b, splittest.ExtendedInsertDump(64<<20, false)) })
	b.Run("escapes", func(b *testing.B) { benchmarkSplit(b, splittest.ExtendedInsertDump(64<<20, true)) })
	b.Run("gen", func(b *testing.B) {
		// The benchmark's input shape: sbtest rows of long digit strings, the shop tables'
		// escapes and multibyte text.
		o := gen.DefaultOptions()
		o.SizeBytes = 64 << 20
		var dump bytes.Buffer
		if _, err := gen.Write(&dump, o); err != nil {
			b.Fatal(err)
		}
		benchmarkSplit(b, dump.Bytes())
	})
}

func benchmarkSplit(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	cpu0 := splitProcessCPU()
	var rows int64
	for i := 0; i < b.N; i++ {
		sp := NewSplitter(bytes.NewReader(data), SplitOptions{})
		rows = 0
		for sp.Next() {
			rows += sp.Statement().Rows
		}
		if err := sp.Err(); err != nil {
			b.Fatal(err)
		}
	}
	// The machine is shared: wall-clock MB/s understates the splitter when other processes
	// hold the cores, so CPU-time throughput is reported too.
	if cpu := splitProcessCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
	b.ReportMetric(float64(rows), "rows")
}

// splitProcessCPU is the user+system CPU time of this process.
func splitProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
