// Package termsafe escapes control characters in text bound for a terminal or a log.
//
// Table names, statement heads and server messages quote bytes of the dump, and a dump is
// not trusted input: ESC sequences in a table name can retitle the terminal, move the
// cursor over earlier lines, or (OSC 52) write the clipboard. dumpscope escapes them
// where output leaves the process, so every message is covered, including ones written
// later by code that forgot to.
package termsafe

import (
	"fmt"
	"io"
	"sync"
)

// Writer escapes, in everything written through it, C0 control bytes other than
// newline, tab and carriage return, DEL, and the C1 controls U+0080–U+009F (UTF-8
// C2 80–C2 9F; a terminal reads U+009B as CSI, like ESC [), as \xNN and \u00NN.
// Everything else, invalid UTF-8 included, passes through unchanged. A Write that begins
// with EraseLine keeps that prefix: it is how a status line redraws itself, and it only
// clears the current line. Safe for concurrent use; each Write reaches the underlying
// writer in one call.
type Writer struct {
	mu    sync.Mutex
	w     io.Writer
	carry bool // the last Write ended in 0xC2, the first byte of a possible C1 control
	buf   []byte
}

// EraseLine is carriage return, then "erase to the end of the line" (CSI K).
const EraseLine = "\r\x1b[K"

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Unwrap returns the writer escaped text goes to (a caller that draws a full-screen UI on
// the terminal needs it, and escapes what it draws from the dump with String).
func (t *Writer) Unwrap() io.Writer { return t.w }

// Fd is the underlying writer's file descriptor, so that code asking whether output goes
// to a terminal still can; ^uintptr(0) when it has none.
func (t *Writer) Fd() uintptr { return Fd(t.w) }

// Fd is w's file descriptor, or ^uintptr(0) (no terminal) when w is not a file nor a
// wrapper that passes one through: the one answer every writer wrapper gives to "is this
// output a terminal?".
func Fd(w io.Writer) uintptr {
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}

// Write escapes p and writes it. It reports len(p) on success.
func (t *Writer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = t.buf[:0]
	i := 0
	if len(p) >= len(EraseLine) && string(p[:len(EraseLine)]) == EraseLine && !t.carry {
		t.buf = append(t.buf, EraseLine...)
		i = len(EraseLine)
	}
	if t.carry {
		t.carry = false
		if len(p) > 0 && p[0] >= 0x80 && p[0] <= 0x9f {
			t.buf = fmt.Appendf(t.buf, `\u00%02x`, p[0])
			i = 1
		} else {
			t.buf = append(t.buf, 0xc2)
		}
	}
	for ; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\n' || c == '\t' || c == '\r':
			t.buf = append(t.buf, c)
		case c < 0x20 || c == 0x7f:
			t.buf = fmt.Appendf(t.buf, `\x%02x`, c)
		case c == 0xc2 && i+1 == len(p):
			t.carry = true
		case c == 0xc2 && p[i+1] >= 0x80 && p[i+1] <= 0x9f:
			t.buf = fmt.Appendf(t.buf, `\u00%02x`, p[i+1])
			i++
		default:
			t.buf = append(t.buf, c)
		}
	}
	if _, err := t.w.Write(t.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// String escapes s as Writer does, for text that is formatted before it is written.
func String(s string) string {
	var b stringWriter
	w := NewWriter(&b)
	_, _ = w.Write([]byte(s))
	if w.carry {
		b = append(b, 0xc2)
	}
	return string(b)
}

// Line escapes s as String does, for a field printed on one line (a check's detail, a
// statement head): newline, tab and carriage return become spaces, so a dump's bytes
// cannot break the line either, nor keep a leading EraseLine.
func Line(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == '\n' || c == '\t' || c == '\r' {
			b[i] = ' '
		}
	}
	return String(string(b))
}

type stringWriter []byte

func (s *stringWriter) Write(p []byte) (int, error) { *s = append(*s, p...); return len(p), nil }
