package dumpfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A concatenation (`cat a.gz b.gz`) whose boundary no sample meets is not called exact
// when the samples agree with each other more closely than b's ISIZE agrees with them, for
// a first part of 5 % of the whole and up; a single member of the same bytes, uniform or
// with a head that compresses far better than the bulk, still is (x-review9b
// GzipConcatSizeExact).
func TestGzipSizeConcatNotExact(t *testing.T) {
	dir := t.TempDir()
	rows := sqlRows(41, 14<<20)
	headed := append(sqlRowsSpread(42, 3<<20, 10), sqlRows(43, 11<<20)...)
	files := map[string][]byte{
		"single":             gzipBytes(t, rows, 6),
		"single with a head": gzipBytes(t, headed, 6),
	}
	for _, share := range []float64{0.05, 0.15} {
		cut := int(share * float64(len(rows)))
		files[fmt.Sprintf("concat, first part %.0f %%", 100*share)] = append(gzipBytes(t, rows[:cut], 6), gzipBytes(t, rows[cut:], 6)...)
	}
	for name, data := range files {
		path := filepath.Join(dir, "f.gz")
		writeFile(t, path, data)
		got := estimateFile(t, defaultGzipSizer, path)
		t.Logf("%s: %+v, true size %d (%.2f %% off)", name, got, len(rows), 100*float64(got.Bytes-int64(len(rows)))/float64(len(rows)))
		if wantExact := !strings.HasPrefix(name, "concat"); got.Exact != wantExact {
			t.Errorf("%s, %d bytes: %+v, want exact %v", name, len(rows), got, wantExact)
		}
	}
}

// writeFile writes b to path.
func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Once more bytes are decoded than an exact size says, the size is an estimate, at least
// what was decoded: the progress never reaches 100 % with the dump still running. And once
// the decoder has started the second member, before the consumer reads past the first
// member's bytes, an exact size read from ISIZE is an estimate too (it was 5 % off for the
// whole of a `cat small.gz big.gz` whose first member no sample met). The
// fixture is a concatenation that the samples cannot tell (a head that compresses far
// better leaves them the full tolerance, and the first part is small), so its size starts
// out exact and wrong.
func TestUncompressedSizeNotBelowDecoded(t *testing.T) {
	first := sqlRows(51, 1<<20)
	second := append(sqlRowsSpread(52, 4<<20, 10), sqlRows(53, 16<<20)...)
	path := writeTemp(t, "cat.sql.gz", append(gzipBytes(t, first, 6), gzipBytes(t, second, 6)...))
	in, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	in.WaitUncompressedSize()
	// The estimate itself: the decoder, running ahead, may have started the second member.
	e := *in.sizeEst.Load()
	n0, exact0 := e.Bytes, e.Exact
	t.Logf("size at the start: %d (exact %v), true size %d", n0, exact0, len(first)+len(second))
	if !exact0 || n0 != int64(len(second)) {
		t.Fatalf("the fixture no longer fools the estimate (%d, exact %v): the test would prove nothing", n0, exact0)
	}
	buf := make([]byte, 256<<10)
	var read int64
	demoted := false
	for {
		k, err := in.Reader.Read(buf)
		read += int64(k)
		n, exact, _ := in.UncompressedSize()
		if exact && n < read {
			t.Fatalf("after %d bytes decoded the size is exactly %d", read, n)
		}
		if n < read {
			t.Fatalf("after %d bytes decoded the size is %d", read, n)
		}
		if exact && read > int64(len(first)) {
			t.Fatalf("after %d bytes decoded, past the first member's %d, the size is still exactly %d (the second member's ISIZE)", read, len(first), n)
		}
		demoted = demoted || !exact
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !demoted {
		t.Error("the size stayed exact")
	}
}
