package replay

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestShrinkReusesSmallBuffer: a batch that filled little of its arena is shrunk into a
// small buffer; once that batch is done, the next small batch is shrunk into the same
// buffer rather than into fresh memory, whose pages would fault in again, and keeps its
// statements intact.
func TestShrinkReusesSmallBuffer(t *testing.T) {
	a := newArenas(4<<20, 4)
	fill := func(c string, n int) *rowBatch {
		b := &rowBatch{table: "t"}
		for i := range n {
			sql := "INSERT INTO t VALUES ('" + strings.Repeat(c, 100<<10) + "')"
			b.add(&split.Statement{SQL: []byte(sql), Offset: int64(i)}, a)
		}
		b.shrink(a)
		if cap(b.buf) >= a.size {
			t.Fatalf("a batch of %d bytes was not shrunk (cap %d)", len(b.buf), cap(b.buf))
		}
		return b
	}
	first := fill("a", 3)
	at := unsafe.SliceData(first.buf)
	first.release(a)
	second := fill("b", 2)
	if unsafe.SliceData(second.buf) != at {
		t.Errorf("the second small batch got fresh memory, not the first one's buffer")
	}
	for i, st := range second.stmts {
		if want := "INSERT INTO t VALUES ('" + strings.Repeat("b", 100<<10) + "')"; st.sql != want || st.offset != int64(i) {
			t.Fatalf("statement %d: offset %d, %d bytes, not the one added", i, st.offset, len(st.sql))
		}
	}
	// A third while the second is not done: a buffer of its own.
	third := fill("c", 1)
	if unsafe.SliceData(third.buf) == unsafe.SliceData(second.buf) {
		t.Fatal("two batches in flight share a buffer")
	}
}
