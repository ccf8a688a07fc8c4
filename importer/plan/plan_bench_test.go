package plan

import (
	"bytes"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// BenchmarkParseRowInsert: the planner reads every row insert to its end; compare its
// MB/s with BenchmarkSplit's (the dispatcher does both on one core).
func BenchmarkParseRowInsert(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("INSERT INTO `orders` VALUES ")
	for i := 0; sb.Len() < 1<<20; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "(%d,%d,'2024-01-%02d 10:11:12',%d.%02d,'customer note with \\'quotes\\' and, commas (%d)',NULL)", i, i%977, i%28+1, i%500, i%100, i)
	}
	q := []byte(sb.String())
	b.SetBytes(int64(len(q)))
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		if _, ok := ParseRowInsert(q, sqlscan.Syntax{}); !ok {
			b.Fatal("not plain")
		}
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(q))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// BenchmarkParseRowInsertGen reads the row inserts of a `dumpscope gen` dump (the
// benchmark's input shape: sbtest rows of long digit strings, the shop tables' escapes and
// multibyte text), as the planner does on every row insert of a --parallel run.
func BenchmarkParseRowInsertGen(b *testing.B) {
	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, o); err != nil {
		b.Fatal(err)
	}
	var inserts [][]byte
	var n int64
	sp := split.NewSplitter(&dump, split.SplitOptions{})
	for sp.Next() {
		if st := sp.Statement(); st.Kind == split.KindInsert {
			inserts = append(inserts, bytes.Clone(st.SQL))
			n += int64(len(st.SQL))
		}
	}
	if err := sp.Err(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(n)
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		for _, q := range inserts {
			if _, ok := ParseRowInsert(q, sqlscan.Syntax{}); !ok {
				b.Fatalf("not plain: %.200s", q)
			}
		}
	}
	reportCPU(b, n, cpu0)
}

// reportCPU reports MB/cpu-s of b.N rounds of n bytes since cpu0 (processCPU). The
// machine is shared: wall-clock MB/s understates the reader when other processes hold
// the cores, so CPU-time throughput is reported too (as BenchmarkSplit does).
func reportCPU(b *testing.B, n int64, cpu0 time.Duration) {
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// processCPU is the user+system CPU time of this process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
