package replay

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/split"
)

// inOneOf reports whether s lies whole inside one of bufs.
func inOneOf(s string, bufs [][]byte) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, b := range bufs {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if p >= base && p+uintptr(len(s)) <= base+uintptr(len(b)) {
			return true
		}
	}
	return false
}

// TestShortBatchHoldsItsPieces: a batch that ends short (a small table's last rows, queued
// until a worker commits them) holds the pieces it filled, not a buffer sized for a full
// batch (before: one 17 MiB buffer for a batch of 5 MiB, whose first touch the next
// table's batch paid again in a buffer of its own); a full batch is made of pieces, no
// statement straddles two, and every piece goes back when the batch is done.
func TestShortBatchHoldsItsPieces(t *testing.T) {
	const batchBytes = 16 << 20
	ar := newArenas(batchBytes, 4)
	stmt := func(i, n int) *split.Statement {
		return &split.Statement{SQL: []byte(fmt.Sprintf("INSERT INTO t VALUES (%d,'%s')", i, strings.Repeat("x", n))), Offset: int64(i), Line: int64(i), Rows: 1}
	}
	var short rowBatch
	for i := range 5 {
		short.add(stmt(i, 1<<20-40), ar) // five statements of 1 MiB: 5 MiB
	}
	held := 0
	for _, p := range short.filled() {
		held += cap(p)
	}
	if held > 2*pieceBytes {
		t.Fatalf("a batch of 5 MiB holds %d MiB of buffers, want at most %d", held>>20, 2*pieceBytes>>20)
	}

	var full rowBatch
	var want []string
	for i := 0; full.bytes < batchBytes; i++ {
		st := stmt(i, 300_000+i*997%200_000) // records that do not divide a piece evenly
		full.add(st, ar)
		full.bytes += int64(len(st.SQL))
		want = append(want, string(st.SQL))
	}
	pieces := full.filled()
	if len(pieces) < 4 {
		t.Fatalf("a full batch of %d MiB in %d buffers, want pieces of %d MiB", full.bytes>>20, len(pieces), pieceBytes>>20)
	}
	for i, s := range full.stmts {
		if s.sql != want[i] || !inOneOf(s.sql, pieces) {
			t.Fatalf("statement %d changed, or not inside one piece", i)
		}
	}
	short.release(ar)
	full.release(ar)
	if n := len(ar.free); n != len(pieces)+2 {
		t.Fatalf("%d pieces given back, want %d", n, len(pieces)+2)
	}
}

// TestSpoolRoundTripPieces: a batch of several pieces, one of them a statement larger
// than a piece, comes back from the spool in pieces of the sizes it left in, its
// statements intact and inside one piece each.
func TestSpoolRoundTripPieces(t *testing.T) {
	sp, err := newSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	ar := newArenas(16<<20, 2)
	b := &rowBatch{table: "d.t"}
	var want []batchStmt
	for i, n := range []int{3 << 20, 2 << 20, 9 << 20, 10, 0, 1 << 20, 4<<20 - recordHeader} {
		st := &split.Statement{SQL: []byte(strings.Repeat(string(rune('a'+i)), n)), Offset: int64(100 + i), Line: int64(i), Rows: int64(n)}
		b.add(st, ar)
		b.bytes += int64(n)
		want = append(want, batchStmt{sql: string(st.SQL), offset: st.Offset, line: st.Line, rows: st.Rows})
	}
	var sizes []int
	for _, p := range b.filled() {
		sizes = append(sizes, len(p))
	}
	if err := sp.put(b); err != nil {
		t.Fatal(err)
	}
	b.putBuffers(ar)
	if err := sp.get(b, ar); err != nil {
		t.Fatal(err)
	}
	var back []int
	for _, p := range b.filled() {
		back = append(back, len(p))
	}
	if fmt.Sprint(back) != fmt.Sprint(sizes) {
		t.Fatalf("pieces back %v, want %v", back, sizes)
	}
	if len(b.stmts) != len(want) {
		t.Fatalf("%d statements back, want %d", len(b.stmts), len(want))
	}
	for i, s := range b.stmts {
		if s != want[i] || (s.sql != "" && !inOneOf(s.sql, b.filled())) {
			t.Fatalf("statement %d: got %+v, want %+v", i, trim(s), trim(want[i]))
		}
	}
	b.release(ar)
	sp.release(b)
}
