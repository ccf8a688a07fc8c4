package split

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
)

// TestSplitNULAnyLine: the splitter searches the data it read for NUL once, ahead of the
// lines (locateLine), not line by line; a NUL must still stop it at its own line, with
// every statement of the lines before it given and none of its own line's, at every read
// buffer size (so that the search's mark survives the buffer's moves and growth). The
// reference is independent of the search: the error is the first NUL's offset and line,
// and the statements are what the NUL-free lines before it split into.
func TestSplitNULAnyLine(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	lineKinds := []func(i int) string{
		func(i int) string { return fmt.Sprintf("(%d,'row %d','2024-01-01 00:00:%02d'),", i, i, i%60) },
		func(i int) string { return fmt.Sprintf("(%d,'it''s \\'%d\\'',NULL),", i, i) },
		func(i int) string { return fmt.Sprintf("(%d,'a multi\nline string %d'),", i, i) },
		func(i int) string { return fmt.Sprintf("(%d,'x') -- a comment\r", i) },
		func(i int) string { return fmt.Sprintf("(%d,'y');\nINSERT INTO t VALUES", i) },
		func(i int) string { return fmt.Sprintf("(%d, /* c\n */ 'z'),", i) },
	}
	for seed := 0; seed < 60; seed++ {
		var b strings.Builder
		b.WriteString("INSERT INTO t VALUES\n")
		n := 1 + rng.Intn(300)
		for i := 0; i < n; i++ {
			b.WriteString(lineKinds[rng.Intn(len(lineKinds))](i))
			b.WriteByte('\n')
		}
		b.WriteString("(0,'end');\nSELECT 1;\n")
		clean := b.String()
		// One or two NULs anywhere but the first byte; the first one stops the splitter.
		in := []byte(clean)
		for k := 0; k <= rng.Intn(2); k++ {
			in[1+rng.Intn(len(in)-1)] = 0
		}
		input := string(in)
		off := strings.IndexByte(input, 0)
		line := int64(strings.Count(input[:off], "\n") + 1)
		lineStart := strings.LastIndexByte(input[:off], '\n') + 1
		for _, rd := range readers {
			for _, size := range []int{rd.size, 64, 1000} {
				if rd.size == 0 && size != 0 {
					continue
				}
				name := fmt.Sprintf("seed%d/%s/%d", seed, rd.name, size)
				opt := SplitOptions{ReadBufferSize: size}
				// The statements the lines before the NUL's give: those of the NUL-free
				// prefix, without what only the prefix's end completes.
				before, err := splitAll(t, input[:lineStart], opt, rd.wrap)
				if err != nil && lineStart > 0 {
					var se *SplitError
					if !errors.As(err, &se) || !strings.HasPrefix(se.Msg, "unterminated") {
						t.Fatalf("%s: prefix: %v", name, err)
					}
				}
				want := completeStatements(t, input[:lineStart], opt, rd.wrap, before)
				got, err := splitAll(t, input, opt, rd.wrap)
				var se *SplitError
				if !errors.As(err, &se) {
					t.Fatalf("%s: err = %v, want the NUL's SplitError", name, err)
				}
				if se.Offset != int64(off) || se.Line != line || !strings.HasPrefix(se.Msg, "NUL byte") {
					t.Fatalf("%s: error at offset %d line %d (%s), want offset %d line %d", name, se.Offset, se.Line, se.Msg, off, line)
				}
				if len(got) != len(want) {
					t.Fatalf("%s: %d statements before the NUL, want %d; around %q; got %+v want %+v", name, len(got), len(want), input[max(lineStart-80, 0):min(off+20, len(input))], got[max(len(got)-1, 0):], want[len(want)-2:])
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s: statement %d = %+v, want %+v", name, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// completeStatements is sts, the statements of prefix, without the last one when the
// prefix's end (not a delimiter) made it: a statement without its delimiter, or the empty
// one of the raw bytes after the last delimiter.
func completeStatements(t *testing.T, prefix string, opt SplitOptions, wrap func(io.Reader) io.Reader, sts []st) []st {
	t.Helper()
	sp := NewSplitter(wrap(strings.NewReader(prefix)), opt)
	var last Statement
	n := 0
	for sp.Next() {
		last = sp.Statement()
		n++
	}
	if n > 0 && (last.EndOfInput || len(last.SQL) == 0) {
		n--
	}
	return sts[:n]
}
