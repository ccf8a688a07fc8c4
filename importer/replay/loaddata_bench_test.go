package replay

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkLoadConvert: the --load-data converter on sbtest-shaped rows (the generated
// dump's bulk), 1 MiB statements as mariadb-dump writes them. Compare its MB/s with
// BenchmarkSplit's and BenchmarkParseRowInsert's: a worker converts while the dispatcher
// splits and plans, on two cores shared with the server.
func BenchmarkLoadConvert(b *testing.B) {
	t := &loadTable{
		columns: []loadColumn{{name: "id", kind: loadInt}, {name: "k", kind: loadInt}, {name: "c", kind: loadString}, {name: "pad", kind: loadString}},
		byName:  map[string]int{"id": 0, "k": 1, "c": 2, "pad": 3},
	}
	var sb strings.Builder
	sb.WriteString("INSERT INTO `sbtest1` VALUES ")
	for i := 0; sb.Len() < 1<<20; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "(%d,%d,'%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d','%011d-%011d-%011d-%011d-%011d')",
			i, i*7919%100000, i, i*3, i*5, i*7, i*11, i*13, i*17, i*19, i*23, i*29, i*31, i*37, i*41, i*43, i*47)
	}
	q := sb.String()
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	var buf []byte // as loadData.streams hands a done stream's buffer to the next
	for b.Loop() {
		lc := newLoadConverter(t, []batchStmt{{sql: q}}, buf)
		if !lc.add(stringBytes(q)) {
			b.Fatal("not converted")
		}
		buf = lc.data
	}
}

// plainRun finds the same first special byte as a byte loop, at every alignment.
func TestPlainRun(t *testing.T) {
	specials := []byte{'\'', '\\', '\t', '\n', 0, 'a', 0x80, 0xff, 0x27 ^ 0x80, 0x01}
	for n := 0; n < 40; n++ {
		for at := 0; at <= n; at++ {
			for _, c := range specials {
				b := make([]byte, n)
				for i := range b {
					b[i] = byte('A' + i%26)
				}
				if at < n {
					b[at] = c
				}
				want := 0
				for want < len(b) && !strSpecial[b[want]] {
					want++
				}
				if got := plainRun(b); got != want {
					t.Fatalf("plainRun(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}
