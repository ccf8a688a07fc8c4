package termsafe

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

func TestWriterEscapes(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain `t1` é 運\n", "plain `t1` é 運\n"},
		{"t\x1b]0;pwned\x07x", `t\x1b]0;pwned\x07x`},
		{"a\x1b[2Jb\tc\r\n", "a\\x1b[2Jb\tc\r\n"},
		{"del\x7f nul\x00", `del\x7f nul\x00`},
		{"csi\u009b31m", `csi\u009b31m`},
		{"bad utf8 \xc2\xff \xff", "bad utf8 \xc2\xff \xff"},
		{"ends in \xc2", "ends in \xc2"},
		{"\r\x1b[K  5.0% t\x1b[2J", "\r\x1b[K  5.0% t\\x1b[2J"}, // a status line redraw keeps its prefix only
		{"x\r\x1b[K", "x\r\\x1b[K"},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
		if strings.HasPrefix(c.in, EraseLine) {
			continue // the prefix is kept only at the start of one Write
		}
		// One byte per Write: a C1 control split across writes is still caught.
		var out bytes.Buffer
		w := NewWriter(&out)
		r := iotest.OneByteReader(bytes.NewReader([]byte(c.in)))
		buf := make([]byte, 1)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				if _, err := w.Write(buf[:n]); err != nil {
					t.Fatal(err)
				}
			}
			if err != nil {
				break
			}
		}
		if w.carry {
			out.WriteByte(0xc2)
		}
		if out.String() != c.want {
			t.Errorf("byte by byte %q = %q, want %q", c.in, out.String(), c.want)
		}
	}
}

// TestLine: a one-line field escapes what String does and puts spaces for line breaks
// (preflight's own escaper did this; it missed the C1 controls).
func TestLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"CREATE USER 'x\x1b[2J'@'%'", `CREATE USER 'x\x1b[2J'@'%'`},
		{"a\nb\tc\rd", "a b c d"},
		{"\r\x1b[K t", ` \x1b[K t`},
		{"del\x7f nul\x00 é", `del\x7f nul\x00 é`},
		{"csi\u009b31m", `csi\u009b31m`},
	}
	for _, c := range cases {
		if got := Line(c.in); got != c.want {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFd: a file's descriptor passes through wrappers; a buffer has none.
func TestFd(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "fd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := Fd(NewWriter(NewWriter(f))); got != f.Fd() {
		t.Errorf("Fd through two Writers = %d, want %d", got, f.Fd())
	}
	if got := Fd(new(bytes.Buffer)); got != ^uintptr(0) {
		t.Errorf("Fd(buffer) = %d, want none", got)
	}
}
