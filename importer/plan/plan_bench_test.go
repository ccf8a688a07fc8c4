package plan

import (
	"fmt"
	"strings"
	"testing"

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
	for i := 0; i < b.N; i++ {
		if _, ok := ParseRowInsert(q, sqlscan.Syntax{}); !ok {
			b.Fatal("not plain")
		}
	}
}
