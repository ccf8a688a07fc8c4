package sqlscan

import (
	"bytes"

	"github.com/dumpscope/dumpscope/internal/bytescan"
)

// ContainsFoldASCII reports whether s occurs in b in any ASCII case (see EqualFoldASCII).
// The checks of a statement's text for a name it may read call it on every statement, row
// inserts of a megabyte among them where a plan does not tell them apart: it jumps from
// one place of an anchor byte of s to the next sixteen bytes a step (bytes.IndexByte, or
// internal/bytescan for both cases of a letter) and compares s only there. Comparing s
// at every byte ran at 200–400 MB/s, a tenth of a second of CPU per 190 MiB dump for each
// name looked for (BenchmarkContainsFoldASCII).
func ContainsFoldASCII(b []byte, s string) bool {
	n := len(s)
	if n == 0 {
		return true
	}
	if len(b) < n {
		return false
	}
	// The anchor: a byte of s other than a letter or a space (the '_' of ROW_COUNT, rarer
	// in data than any letter), else its first.
	k := 0
	for i := 0; i < n; i++ {
		if c := s[i]; c != ' ' && !('a' <= c|0x20 && c|0x20 <= 'z') {
			k = i
			break
		}
	}
	lo, up := s[k], s[k]
	if c := s[k] | 0x20; 'a' <= c && c <= 'z' {
		lo, up = c, c&^0x20
	}
	end := len(b) - n + k + 1 // past the last place the anchor may be
	for i := k; i < end; {
		var j int
		if lo == up {
			j = bytes.IndexByte(b[i:end], lo)
		} else {
			j = bytescan.IndexEither(b[i:end], up, lo)
		}
		if j < 0 {
			return false
		}
		j += i
		if EqualFoldASCII(b[j-k:j-k+n], s) {
			return true
		}
		i = j + 1
	}
	return false
}
