package sqlscan

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
)

// The row reader as it was before it read strings through internal/bytescan and before
// its value loop was reshaped (main a09d504): the reference FuzzReadRowsRef holds the new
// one to, so that every change keeps what ReadRows accepts and what it computes.

// refReadRows reads a row insert's VALUES list, `(…), (…)`, from Pos to the end of Src,
// where the values are literals (strings, numbers, NULL, DEFAULT, hex and bit literals,
// charset introducers), user or session variables, and calls of a few pure functions of
// those. ok is false for anything else: a column, a subquery, an executable comment, ON
// DUPLICATE KEY UPDATE or RETURNING after the last row, or a session variable connState
// says reads one connection's state.
//
// It is the planner's hot path (every row of the dump passes through it), so it is a byte
// loop of its own that jumps through strings with IndexByte, not a walk over Next's tokens,
// which would copy every string's text; it keeps the Tokenizer's quoting rules.
func (l *Tokenizer) refReadRows(connState func(v string) bool) (r Rows, ok bool) {
	for {
		if !l.refRowSpace() || l.refPeek() != '(' {
			return r, false
		}
		l.Pos++
		if !l.refRowSpace() {
			return r, false
		}
		if l.refPeek() == ')' {
			l.Pos++
			r.ZeroFar = true // every column takes its default
		} else {
			for col := 0; ; col++ {
				negative := false
				zero, ok := l.refRowValue(0, connState, &negative)
				if !ok {
					return r, false
				}
				if zero || negative {
					switch {
					case col >= 64:
						r.ZeroFar = true
					case zero:
						r.ZeroMask |= 1 << uint(col)
					default:
						r.NegMask |= 1 << uint(col)
					}
				}
				if !l.refRowSpace() {
					return r, false
				}
				c := l.refPeek()
				l.Pos++
				if c == ')' {
					break
				}
				if c != ',' {
					return r, false
				}
			}
		}
		r.N++
		if !l.refRowSpace() {
			return r, false
		}
		switch l.refPeek() {
		case ',':
			l.Pos++
		case 0:
			return r, l.Pos == len(l.Src)
		default:
			return r, false // ON DUPLICATE KEY UPDATE, RETURNING, AS alias, …
		}
	}
}

// refRowSpace skips whitespace and plain comments; an executable comment or hint ends the
// recognition (false), since its content would be SQL the row reader does not read.
// It is called several times per value, so the usual case (no space: most values follow
// a ',' directly) is small enough to be inlined; the rest is refRowSpaceMore.
func (l *Tokenizer) refRowSpace() bool {
	if l.Pos < len(l.Src) && !refSpaceStart[l.Src[l.Pos]] {
		return true
	}
	return l.refRowSpaceMore()
}

func (l *Tokenizer) refRowSpaceMore() bool {
	for l.Pos < len(l.Src) {
		c := l.Src[l.Pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xA0 && l.mb.Latin1:
			// 0xA0, NO-BREAK SPACE, is a blank of latin1's (Charset.IsSpace since
			// x-review14 #8), which the server's lexer skips: the reference skipped it not,
			// and FuzzReadRowsRef found "()\xa0" refused ("(0\xa00", "\xa0(00": refused
			// at another place, with other partial Rows).
			l.Pos++
		case c == '/' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '*':
			if l.Pos+2 < len(l.Src) && (l.Src[l.Pos+2] == '!' || l.Src[l.Pos+2] == 'M' || l.Src[l.Pos+2] == '+') {
				return false
			}
			k := bytes.Index(l.Src[l.Pos+2:], []byte("*/"))
			if k < 0 {
				return false
			}
			l.Pos += 2 + k + 2
		case c == '#' || (c == '-' && l.Pos+2 < len(l.Src) && l.Src[l.Pos+1] == '-' && (l.Src[l.Pos+2] == ' ' || l.Src[l.Pos+2] == '\t' || l.Src[l.Pos+2] == '\n')):
			k := bytes.IndexByte(l.Src[l.Pos:], '\n')
			if k < 0 {
				l.Pos = len(l.Src)
			} else {
				l.Pos += k + 1
			}
		default:
			return true
		}
	}
	return true
}

// refSpaceStart marks the bytes where whitespace or a comment may begin.
var refSpaceStart = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v/#-\xa0") {
		t[c] = true
	}
	return t
}()

// refPeek is the byte at Pos, 0 at the end.
func (l *Tokenizer) refPeek() byte {
	if l.Pos < len(l.Src) {
		return l.Src[l.Pos]
	}
	return 0
}

// refRowFunctions are the pure functions a row's value may call (dump tools write spatial
// values and binary data through them).
var refRowFunctions = map[string]bool{
	"UNHEX": true, "FROM_BASE64": true, "CONCAT": true, "CHAR": true, "POINT": true,
	"ST_GEOMFROMTEXT": true, "ST_GEOMFROMWKB": true, "GEOMFROMTEXT": true, "GEOMFROMWKB": true,
	"ST_POINTFROMTEXT": true, "POINTFROMTEXT": true, "ST_GEOMETRYFROMTEXT": true, "GEOMETRYFROMTEXT": true,
}

// refRowValue reads one value; zero reports a top-level value that may be NULL or 0 in an
// integer column: NULL, DEFAULT, a number 0 (0.0, 0e5, 0x0, 0.4), a negative one, FALSE, and everything that is
// not a number literal ('0', the empty string, X'00', @v, a function), since an
// AUTO_INCREMENT column given one of those takes a generated id.
// A minus sign before a top-level value that is not zero sets *negative (nil below the
// top level): -1 into an UNSIGNED AUTO_INCREMENT column is stored as 0 where sql_mode is
// not strict, and the server generates the id (TestReviewX3ParallelRoundedZeroID).
func (l *Tokenizer) refRowValue(depth int, connState func(string) bool, negative *bool) (zero, ok bool) {
	if !l.refRowSpace() {
		return false, false
	}
	minus := false
	for l.refPeek() == '-' || l.refPeek() == '+' {
		if l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '-' {
			return false, false // a `--` comment or double negation: not worth telling apart
		}
		minus = minus || l.refPeek() == '-'
		l.Pos++
		if !l.refRowSpace() {
			return false, false
		}
	}
	if minus && negative != nil {
		defer func() { *negative = !zero }()
	}
	c := l.refPeek()
	switch {
	case c == '\'' || (c == '"' && !l.ansi):
		return depth == 0, l.refSkipString(c) // '0' and '' are 0 in an integer column
	case (c == 'x' || c == 'X' || c == 'b' || c == 'B' || c == 'n' || c == 'N') && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '\'':
		l.Pos++
		if c == 'n' || c == 'N' {
			return depth == 0, l.refSkipString('\'')
		}
		k := bytes.IndexByte(l.Src[l.Pos+1:], '\'')
		if k < 0 {
			return false, false
		}
		l.Pos += 1 + k + 1
		return depth == 0, true
	case c >= '0' && c <= '9' || c == '.':
		return l.refRowNumber(depth)
	case c == '@':
		at := l.Pos
		l.Pos++
		if l.refPeek() == '@' {
			l.Pos++
		}
		st := l.Pos
		if q := l.refPeek(); q == '`' || q == '\'' || q == '"' {
			return depth == 0, l.refSkipString(q)
		}
		for l.Pos < len(l.Src) && (IsWordByte(l.Src[l.Pos]) || l.Src[l.Pos] == '.') {
			l.Pos++
		}
		// @@last_insert_id, @@identity, @@timestamp …: one connection's state.
		return depth == 0, l.Pos > st && !connState(string(l.Src[at:l.Pos]))
	case IsWordByte(c):
		return l.refRowWord(depth, connState)
	}
	return false, false
}

// refRowNumber reads a number (or 0x…, 0b…) a byte at a time; zero: it may be 0 once
// stored in an integer column at the top level: no digit other than 0 before its point
// or exponent (after a 0x/0b prefix: no such digit at all), or a negative exponent.
func (l *Tokenizer) refRowNumber(depth int) (zero, ok bool) {
	st := l.Pos
	hex := false
	if l.Pos+1 < len(l.Src) && l.Src[l.Pos] == '0' && (l.Src[l.Pos+1] == 'x' || l.Src[l.Pos+1] == 'X' || l.Src[l.Pos+1] == 'b' || l.Src[l.Pos+1] == 'B') {
		hex = l.Src[l.Pos+1] == 'x' || l.Src[l.Pos+1] == 'X'
		l.Pos += 2
	}
	intNonZero, dot, exponent, negative := false, false, false, false
	for ; l.Pos < len(l.Src); l.Pos++ {
		d := l.Src[l.Pos]
		switch {
		case d == '.':
			dot = true
		case d >= '0' && d <= '9':
			if d != '0' && !dot && !exponent {
				intNonZero = true
			}
		case (d == 'e' || d == 'E') && !hex:
			exponent = true
			if l.Pos+1 < len(l.Src) && (l.Src[l.Pos+1] == '-' || l.Src[l.Pos+1] == '+') {
				l.Pos++
				negative = negative || l.Src[l.Pos] == '-'
			}
		case hex && (d >= 'a' && d <= 'f' || d >= 'A' && d <= 'F') || !hex && (d >= 'a' && d <= 'd' || d == 'f' || d >= 'A' && d <= 'D' || d == 'F'):
			if !exponent {
				intNonZero = true // a hex digit
			}
		case IsWordByte(d) && !(d == 0xA0 && l.mb.Latin1):
			// A word (1xyz): not a plain 0. Latin1's NO-BREAK SPACE is a blank there, as in
			// refRowSpaceMore: the server's latin1 lexer has 0xA0 as a space, not an identifier
			// byte, so "0\xa0" is the number 0 (FuzzReadRowsRef, session 50).
			intNonZero = true
		default:
			return (!intNonZero || negative) && depth == 0, l.Pos > st
		}
	}
	return (!intNonZero || negative) && depth == 0, true
}

// refRowWord reads NULL, DEFAULT, TRUE, FALSE, a character set introducer and its literal,
// or a call of one of refRowFunctions.
func (l *Tokenizer) refRowWord(depth int, connState func(string) bool) (zero, ok bool) {
	st := l.Pos
	for l.Pos < len(l.Src) && IsWordByte(l.Src[l.Pos]) {
		l.Pos++
	}
	word := l.Src[st:l.Pos]
	switch {
	case EqualFoldASCII(word, "NULL"), EqualFoldASCII(word, "DEFAULT"):
		return depth == 0, true
	case EqualFoldASCII(word, "TRUE"):
		return false, true
	case EqualFoldASCII(word, "FALSE"):
		return depth == 0, true
	}
	w := strings.ToUpper(string(word))
	if w[0] == '_' { // a character set introducer: _binary '…', _utf8mb4 0x…
		if !l.refRowSpace() {
			return false, false
		}
		if q := l.refPeek(); q == '\'' || q == '"' || (q >= '0' && q <= '9') || q == 'x' || q == 'X' || q == 'b' || q == 'B' {
			_, ok := l.refRowValue(depth+1, connState, nil)
			return depth == 0, ok
		}
		return false, false
	}
	if !refRowFunctions[w] || l.refPeek() != '(' {
		return false, false // a column, an unknown function, a subquery keyword
	}
	l.Pos++
	if !l.refRowSpace() {
		return false, false
	}
	if l.refPeek() == ')' {
		l.Pos++
		return depth == 0, true
	}
	for {
		if _, ok := l.refRowValue(depth+1, connState, nil); !ok {
			return false, false
		}
		if !l.refRowSpace() {
			return false, false
		}
		c := l.refPeek()
		l.Pos++
		if c == ')' {
			return depth == 0, true // UNHEX('00') is 0 in an integer column
		}
		if c != ',' {
			return false, false
		}
	}
}

// refSkipString moves past a quoted string starting at Pos (the quote), with doubled quotes
// and, unless NO_BACKSLASH_ESCAPES, backslash escapes; in gbk, sjis, big5 and gb18030 a
// character's second byte may be 0x5C and is not an escape. Unlike quoted it keeps no
// text, and it jumps to the next quote with IndexByte where the charset allows.
func (l *Tokenizer) refSkipString(q byte) bool {
	l.Pos++
	esc := !l.nbe && q != '`'
	if l.mb.Multibyte() {
		for l.Pos < len(l.Src) {
			if n := l.mb.CharLen(l.Src[l.Pos:]); n > 0 {
				l.Pos += n
				continue
			}
			c := l.Src[l.Pos]
			switch {
			case c == '\\' && esc:
				l.Pos += 2
			case c == q:
				if l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == q {
					l.Pos += 2
					continue
				}
				l.Pos++
				return true
			default:
				l.Pos++
			}
		}
		return false
	}
	for {
		var k int
		if esc {
			k = refQuoteOrBackslash(l.Src[l.Pos:], q)
		} else {
			k = bytes.IndexByte(l.Src[l.Pos:], q)
		}
		if k < 0 {
			return false
		}
		l.Pos += k
		if l.Src[l.Pos] == '\\' {
			l.Pos += 2
			if l.Pos > len(l.Src) {
				return false
			}
			continue
		}
		l.Pos++
		if l.Pos < len(l.Src) && l.Src[l.Pos] == q {
			l.Pos++
			continue
		}
		return true
	}
}

// refQuoteOrBackslash is the index of the first q or backslash in b, -1 when there is none.
// Its first sixteen bytes are tested eight at a time (a zero byte in w^x marks an x; the
// lowest flagged byte is exact, since borrows only run upwards), which ends most short
// values in one pass without a call; a longer value is left to IndexByte's vector loop,
// for the quote and then for a backslash before it. BenchmarkParseRowInsertGen (CPU-time
// MB/s, medians of six runs under load): IndexByte twice for every string ≈1340, eight
// bytes at a time throughout ≈1425, this ≈1525.
func refQuoteOrBackslash(b []byte, q byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	mq, mb := uint64(q)*ones, uint64('\\')*ones
	i := 0
	for ; i+8 <= len(b) && i < 16; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		wq, wb := w^mq, w^mb
		if m := ((wq-ones)&^wq | (wb-ones)&^wb) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i == 16 {
		k := bytes.IndexByte(b[i:], q)
		if k < 0 {
			k = len(b) - i
		}
		if e := bytes.IndexByte(b[i:i+k], '\\'); e >= 0 {
			return i + e
		}
		if i+k == len(b) {
			return -1
		}
		return i + k
	}
	for ; i < len(b); i++ {
		if b[i] == q || b[i] == '\\' {
			return i
		}
	}
	return -1
}
