package replay

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkBatchFill: the dispatcher's copy of row inserts into batches (rowBatch.add) from
// recycled buffers, as in a run's steady state: 16 MiB batches of 1 MiB statements (the
// generated dump's shape), each given back once full. For the cost of filling a batch
// piece after piece (pieceBytes) against one buffer; the first touch of the buffers, which
// the pieces are for, is paid once per process and is not in it (perf on whole runs).
func BenchmarkBatchFill(b *testing.B) {
	st := &split.Statement{SQL: []byte("INSERT INTO `t` VALUES " + strings.Repeat("(1,'abcdefgh',2.5,NULL),", 1<<20/24)), Rows: 1 << 20 / 24}
	const batchBytes = 16 << 20
	ar := newArenas(batchBytes, 4)
	b.SetBytes(batchBytes)
	b.ReportAllocs()
	var bt rowBatch
	for b.Loop() {
		for n := 0; n < batchBytes; n += len(st.SQL) {
			bt.add(st, ar)
		}
		bt.release(ar)
	}
}
