package dumpfile

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dumpscope/dumpscope/internal/shellquote"
)

// A dump in UTF-16 or UTF-32 is what Windows PowerShell's `mysqldump … > dump.sql` writes
// (its > re-encodes the output as UTF-16LE with a byte-order mark). Neither the mariadb
// client nor dumpscope reads SQL in those encodings: the client stops at the first NUL byte,
// and so would the splitter, with a message about binary data that sends the user the
// wrong way. wideText recognises such a file from its first bytes, so the refusal says what
// it is and how to convert it.

// wideTextSniffBytes is how much of a file without a byte-order mark wideText looks at: a
// dump's first KiB is comments and SET statements, ASCII.
const wideTextSniffBytes = 1 << 10

// wideTextMinBytes: a file without a byte-order mark is taken for UTF-16 only when at least
// this many bytes all follow the pattern (ASCII text, every other byte NUL).
const wideTextMinBytes = 64

// wideText names the encoding of b, the first bytes of a dump, when it is UTF-16 or UTF-32
// text ("UTF-16LE", …) and what it starts with, or "" when it is not. A byte-order mark
// decides; without one, b is UTF-16 only if every other byte is NUL and every other byte
// printable ASCII or white space, over at least wideTextMinBytes bytes, which SQL in any
// 8-bit charset cannot be (a NUL outside --binary-mode stops the client).
func wideText(b []byte) (encoding, why string) {
	switch {
	case len(b) >= 4 && b[0] == 0xff && b[1] == 0xfe && b[2] == 0 && b[3] == 0:
		return "UTF-32LE", "it starts with the byte-order mark FF FE 00 00"
	case len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xfe && b[3] == 0xff:
		return "UTF-32BE", "it starts with the byte-order mark 00 00 FE FF"
	case len(b) >= 2 && b[0] == 0xff && b[1] == 0xfe:
		return "UTF-16LE", "it starts with the byte-order mark FF FE; Windows PowerShell's `mysqldump > file` writes this"
	case len(b) >= 2 && b[0] == 0xfe && b[1] == 0xff:
		return "UTF-16BE", "it starts with the byte-order mark FE FF"
	}
	b = b[:min(len(b), wideTextSniffBytes)&^1]
	if len(b) < wideTextMinBytes {
		return "", ""
	}
	for _, lo := range []int{0, 1} { // the index of the ASCII byte in each pair: LE, BE
		ok := true
		for i := 0; i < len(b) && ok; i += 2 {
			c, z := b[i+lo], b[i+1-lo]
			ok = z == 0 && (c >= 0x20 && c < 0x7f || c == '\n' || c == '\r' || c == '\t')
		}
		if ok {
			enc := [...]string{"UTF-16LE", "UTF-16BE"}[lo]
			return enc, fmt.Sprintf("it has no byte-order mark, but every other byte of its first %d is NUL around ASCII text", len(b))
		}
	}
	return "", ""
}

// wideTextError is the one-line refusal of a dump in encoding enc: what it is and the
// command that converts it, with the dump's own name in it (shell-quoted) so that it can be
// pasted as it is. compressed is the dump's compression ("" for none).
func wideTextError(name, compressed, enc, why string) error {
	if compressed != "" {
		dec := map[string]string{FormatGzip: "zcat", FormatZstd: "zstd -dc", FormatXz: "xz -dc", FormatBzip2: "bzip2 -dc"}[compressed]
		return fmt.Errorf("%s: the dump in this %s file is %s text (%s): the mariadb client cannot read it either; convert it to UTF-8 first: %s %s | iconv -f %s -t UTF-8 | dumpscope import -",
			name, compressed, enc, why, dec, shellquote.Quote(name), enc)
	}
	out := strings.TrimSuffix(name, filepath.Ext(name)) + "-utf8.sql"
	return fmt.Errorf("%s is %s text (%s): the mariadb client cannot read it either; convert it to UTF-8 first: iconv -f %s -t UTF-8 %s > %s",
		name, enc, why, enc, shellquote.Quote(name), shellquote.Quote(out))
}
