package importer

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// extendedInsertDump returns about size bytes of mysqldump-style extended INSERTs: ~1 MB
// statements. Typical rows look like Sakila's film table (numbers, dates, NULL, prose);
// with escapes, every row also carries quotes, backslashes and newlines escaped the way
// mysqldump writes them.
func extendedInsertDump(size int, escapes bool) []byte {
	var b bytes.Buffer
	b.Grow(size + 2<<20)
	b.WriteString("/*!40101 SET NAMES utf8mb4 */;\nLOCK TABLES `film` WRITE;\n/*!40000 ALTER TABLE `film` DISABLE KEYS */;\n")
	row := 0
	for b.Len() < size {
		b.WriteString("INSERT INTO `film` VALUES ")
		start := b.Len()
		for b.Len()-start < 1<<20 {
			if b.Len() > start {
				b.WriteByte(',')
			}
			if escapes {
				fmt.Fprintf(&b, "(%d,%d,'customer \\'%d\\' said \\\"ok\\\"; then left','2024-01-%02d 12:34:56',%d.%02d,NULL,'line1\\nline2 \\\\ tab\\t')",
					row, row*7%1000, row%977, row%28+1, row%10000, row%100)
			} else {
				fmt.Fprintf(&b, "(%d,'ACADEMY DINOSAUR %d','A Epic Drama of a Feminist And a Mad Scientist who must Battle a Teacher in The Canadian Rockies',2006,1,NULL,6,%d.99,86,'20.99','PG','Deleted Scenes,Behind the Scenes','2006-02-15 05:03:42')",
					row, row%977, row%5)
			}
			row++
		}
		b.WriteString(";\n")
	}
	b.WriteString("/*!40000 ALTER TABLE `film` ENABLE KEYS */;\nUNLOCK TABLES;\n")
	return b.Bytes()
}

// BenchmarkSplit measures splitting throughput (MB/s) on extended-insert SQL.
func BenchmarkSplit(b *testing.B) {
	b.Run("typical", func(b *testing.B) { benchmarkSplit(b, extendedInsertDump(64<<20, false)) })
	b.Run("escapes", func(b *testing.B) { benchmarkSplit(b, extendedInsertDump(64<<20, true)) })
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
