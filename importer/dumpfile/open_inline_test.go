package dumpfile

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/crash"
)

// openFile is how the tests that read a fixture through openAndRead (and TestOpenFormats)
// open it: Open, or OpenInline under TestOpenInline.
var openFile = Open

// TestOpenInline runs the format, truncation and corruption tests again with the decoder
// in the reader's goroutine (OpenInline): the same bytes, the same errors at the same
// offsets.
func TestOpenInline(t *testing.T) {
	openFile = OpenInline
	defer func() { openFile = Open }()
	t.Run("formats", TestOpenFormats)
	t.Run("truncated", TestOpenTruncated)
	t.Run("corrupt", TestOpenCorrupt)
}

// TestOpenInlineIsInline: OpenInline decodes a regular file without the read-ahead
// goroutine; Open keeps it.
func TestOpenInlineIsInline(t *testing.T) {
	path := openDir + "/concat.sql.gz"
	in, err := OpenInline(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if in.readAhead != nil {
		t.Error("OpenInline started a read-ahead")
	}
	in2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in2.Close()
	if in2.readAhead == nil {
		t.Error("Open has no read-ahead")
	}
}

type panicReader struct{ n int }

func (p *panicReader) Read(b []byte) (int, error) {
	if p.n == 0 {
		panic("decoder bug")
	}
	p.n--
	b[0] = 'x'
	return 1, nil
}

// TestInlineDecoderPanic: a panic in an inline decoder reaches the reader as the stream's
// error, and stays, as one in the read-ahead's goroutine does.
func TestInlineDecoderPanic(t *testing.T) {
	d := &inlineDecoder{dec: &panicReader{n: 2}}
	got, err := io.ReadAll(d)
	if string(got) != "xx" || crash.Find(err) == nil || !strings.Contains(err.Error(), "decoder bug") {
		t.Fatalf("got %q, %v; want \"xx\" and the panic as an error", got, err)
	}
	if _, err2 := d.Read(make([]byte, 1)); !errors.Is(err2, err) {
		t.Errorf("after the panic: %v, want the same error again", err2)
	}
}
