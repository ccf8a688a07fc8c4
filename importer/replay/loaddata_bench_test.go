package replay

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchLoadTable and benchLoadInsert are sbtest-shaped rows (the generated dump's bulk),
// in a statement of about 1 MiB as mariadb-dump writes them.
var benchLoadTable = &loadTable{
	columns: []loadColumn{{name: "id", kind: loadInt}, {name: "k", kind: loadInt}, {name: "c", kind: loadString}, {name: "pad", kind: loadString}},
	byName:  map[string]int{"id": 0, "k": 1, "c": 2, "pad": 3},
}

func benchLoadInsert(from int) string {
	var sb strings.Builder
	sb.WriteString("INSERT INTO `sbtest1` VALUES ")
	for i := from; sb.Len() < 1<<20; i++ {
		if i > from {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "(%d,%d,'%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d-%011d','%011d-%011d-%011d-%011d-%011d')",
			i, i*7919%100000, i, i*3, i*5, i*7, i*11, i*13, i*17, i*19, i*23, i*29, i*31, i*37, i*41, i*43, i*47)
	}
	return sb.String()
}

// BenchmarkLoadConvert: the --load-data converter on one 1 MiB statement, converted whole
// into a reused buffer. Compare its MB/s with BenchmarkSplit's and
// BenchmarkParseRowInsert's: a worker converts while the dispatcher splits and plans, on
// two cores shared with the server.
func BenchmarkLoadConvert(b *testing.B) {
	q := benchLoadInsert(0)
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	var buf []byte // as loadData.wholeBufs hands a done batch's buffer to the next
	cpu0, n := benchProcessCPU(), 0
	for b.Loop() {
		lc := &loadConverter{t: benchLoadTable, data: sizedFor([]batchStmt{{sql: q}}, buf)}
		if !lc.add(stringBytes(q)) {
			b.Fatal("not converted")
		}
		buf = lc.data
		n++
	}
	// The machine is shared: wall-clock MB/s understates the converter when other processes
	// hold the cores, so CPU-time throughput is reported too (as BenchmarkSplit does).
	if cpu := benchProcessCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(q))*float64(n)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// benchProcessCPU is the user+system CPU time of this process.
func benchProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchLoadBatch is a --load-data batch of the default size (16 MiB): larger than the
// caches, as in an import.
func benchLoadBatch() []batchStmt {
	var stmts []batchStmt
	for i := 0; i < 16; i++ {
		stmts = append(stmts, batchStmt{sql: benchLoadInsert(i * 10000)})
	}
	return stmts
}

// BenchmarkLoadBatch: a whole batch read the way the driver reads a LOAD stream (16 KiB
// packets), converted whole first (as before loadStream, and for convertFirst tables)
// against converted as it is read.
func BenchmarkLoadBatch(b *testing.B) {
	stmts := benchLoadBatch()
	n := 0
	for _, s := range stmts {
		n += len(s.sql)
	}
	packet := make([]byte, streamChunkBytes)
	drain := func(b *testing.B, r io.Reader) {
		for {
			_, err := r.Read(packet)
			if err == io.EOF {
				return
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("whole", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			lc := &loadConverter{t: benchLoadTable, data: sizedFor(stmts, buf)}
			for _, s := range stmts {
				if !lc.add(stringBytes(s.sql)) {
					b.Fatal("not converted")
				}
			}
			drain(b, &sliceReader{b: lc.data})
			buf = lc.data
		}
	})
	b.Run("stream", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		buf := make([]byte, 0, 2*streamChunkBytes)
		for b.Loop() {
			lc := &loadConverter{t: benchLoadTable, data: buf[:0]}
			p, ok := lc.begin(stringBytes(stmts[0].sql))
			if !ok {
				b.Fatal("not converted")
			}
			s := newLoadStream(lc, stmts, p)
			drain(b, s)
			if s.failed {
				b.Fatal("not converted")
			}
			buf = lc.data
		}
	})
}

// sliceReader is bytes.Reader without its allocation per batch.
type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}

// plainRun finds the same first special byte as a byte loop, at every alignment.
func TestPlainRun(t *testing.T) {
	specials := []byte{'\'', '\\', '\t', '\n', 0, 'a', 0x80, 0xff, 0x27 ^ 0x80, 0x01}
	for n := 0; n < 72; n++ {
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

// plainCopy copies the run a byte loop finds, at every alignment and length, after any
// prefix already in out and whatever out's spare capacity (it grows out for its word
// stores).
func TestPlainCopy(t *testing.T) {
	specials := []byte{'\'', '\\', '\t', '\n', 0, 'a', 0x80, 0xff, 0x27 ^ 0x80, 0x01, 0x0f, 0x10}
	for n := 0; n < 72; n++ {
		for at := 0; at <= n; at++ {
			for _, c := range specials {
				for _, from := range []int{0, 1, 5} {
					if from > n {
						continue
					}
					b := make([]byte, n)
					for i := range b {
						b[i] = byte('A' + i%26)
					}
					if at < n {
						b[at] = c
					}
					want := from
					for want < len(b) && !strSpecial[b[want]] {
						want++
					}
					for _, spare := range []int{0, 3, 8, 100} {
						out := make([]byte, 2, 2+spare)
						out[0], out[1] = '<', '>'
						i, got := plainCopy(b, from, out)
						if i != want || string(got) != "<>"+string(b[from:want]) {
							t.Fatalf("plainCopy(%q, %d) with %d spare = %d %q, want %d %q", b, from, spare, i, got, want, b[from:want])
						}
					}
				}
			}
		}
	}
}
