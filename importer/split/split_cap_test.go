package split

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestSplitterCapsStatementSize: an unterminated string makes the rest of the input one
// statement; the splitter stops at the cap with an error naming where that statement
// starts, instead of growing its buffer with the input.
func TestSplitterCapsStatementSize(t *testing.T) {
	in := "SET NAMES utf8mb4;\n-- a comment\nINSERT INTO t VALUES ('unterminated" + strings.Repeat("x", 3<<20)
	sp := NewSplitter(strings.NewReader(in), SplitOptions{ReadBufferSize: 64 << 10, MaxStatementBytes: 1 << 20})
	n := 0
	for sp.Next() {
		n++
	}
	var se *SplitError
	if !errors.As(sp.Err(), &se) {
		t.Fatalf("after %d statements: err %v, want a SplitError", n, sp.Err())
	}
	if se.Offset != int64(len("SET NAMES utf8mb4;")) || se.Line != 1 || !strings.Contains(se.Msg, "longer than 1 MiB") {
		t.Errorf("got %v (offset %d line %d), want the INSERT's raw start, offset %d line 1", se, se.Offset, se.Line, len("SET NAMES utf8mb4;"))
	}
	if c := cap(sp.buf); c > 1<<20 {
		t.Errorf("read buffer grew to %d bytes, past the 1 MiB cap", c)
	}
	// A statement just under the cap still splits.
	ok := "INSERT INTO t VALUES ('" + strings.Repeat("y", 900<<10) + "');\n"
	sp = NewSplitter(bytes.NewReader([]byte(ok)), SplitOptions{ReadBufferSize: 64 << 10, MaxStatementBytes: 1 << 20})
	if !sp.Next() || sp.Err() != nil || len(sp.Statement().Raw) != len(ok)-1 { // the newline belongs to what follows
		t.Fatalf("a 900 KiB statement under a 1 MiB cap: %v", sp.Err())
	}
}
