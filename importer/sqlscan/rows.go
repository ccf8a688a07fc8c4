package sqlscan

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"

	"github.com/dumpscope/dumpscope/internal/bytescan"
)

// Rows is what ReadRows learned about the VALUES list of a row insert.
type Rows struct {
	// N is the number of rows.
	N int64
	// ZeroMask has bit i set when some row gives column i NULL, 0 or DEFAULT (an
	// AUTO_INCREMENT column then takes a generated id); ZeroFar the same for i ≥ 64, or
	// an empty row `()`.
	ZeroMask uint64
	ZeroFar  bool
	// NegMask has bit i set when some row gives column i a value after a minus sign that
	// is not 0 once rounded (-1, - 2.5): a signed column keeps it, but an UNSIGNED one
	// stores it as 0 where sql_mode is not strict, and an AUTO_INCREMENT column then takes
	// a generated id (TestReviewX3ParallelRoundedZeroID). For i ≥ 64 such a value sets
	// ZeroFar.
	NegMask uint64
	// Literal: every value is a string in single quotes, a number of digits and points
	// (after signs) or NULL; no function, variable, introducer, hex or bit literal,
	// DEFAULT, TRUE or FALSE. What the replay's binary names need to know (replay's
	// binarynames.go): no value whose meaning depends on the connection's character set.
	Literal bool
}

// ReadRows reads a row insert's VALUES list, `(…), (…)`, from Pos to the end of Src,
// where the values are literals (strings, numbers, NULL, DEFAULT, hex and bit literals,
// charset introducers), user or session variables, and calls of a few pure functions of
// those. ok is false for anything else: a column, a subquery, an executable comment, ON
// DUPLICATE KEY UPDATE or RETURNING after the last row, or a session variable connState
// says reads one connection's state.
//
// It is the planner's hot path (every row of the dump passes through it), so it is a byte
// loop of its own that jumps through strings sixteen bytes a step (internal/bytescan), not
// a walk over Next's tokens, which would copy every string's text; it keeps the
// Tokenizer's quoting rules. FuzzReadRowsRef holds it to the byte loop it replaced.
func (l *Tokenizer) ReadRows(connState func(v string) bool) (r Rows, ok bool) {
	r.Literal = true
	for {
		if !l.rowSpace() || l.peek() != '(' {
			return r, false
		}
		l.Pos++
		if !l.rowSpace() {
			return r, false
		}
		if l.peek() == ')' {
			l.Pos++
			r.ZeroFar = true // every column takes its default
		} else {
		values:
			for col := 0; ; col++ {
				// The usual values, a string or a number right after the comma, are read
				// without rowValue's spaces, signs and dispatch; the rest go through it.
				var zero, neg, ok bool
				if c := l.peek(); c == '\'' && l.spans != nil {
					zero, ok = true, l.skipKnown('\'')
				} else if c == '\'' && !l.mb.Multibyte() {
					zero, ok = true, l.skipPlainString('\'')
				} else if c >= '0' && c <= '9' {
					at := l.Pos
					zero, ok = l.rowNumber(0)
					r.Literal = r.Literal && plainNumber(l.Src[at:l.Pos])
				} else if c|0x20 == 'n' && isNull(l.Src[l.Pos:], &l.mb) {
					// NULL, the usual value that is neither: rowSigned would read it
					// through rowSigns, rowValue and rowWord, and literalValue again.
					l.Pos += 4
					zero, ok = true, true
				} else {
					at := l.Pos
					zero, neg, ok = l.rowSigned(connState)
					r.Literal = r.Literal && ok && literalValue(l.Src[at:l.Pos])
				}
				if !ok {
					return r, false
				}
				switch {
				case col >= 64:
					r.ZeroFar = r.ZeroFar || zero || neg
				case zero:
					r.ZeroMask |= 1 << uint(col)
				case neg:
					r.NegMask |= 1 << uint(col)
				}
				if !l.rowSpace() {
					return r, false
				}
				switch l.peek() {
				case ',':
					l.Pos++
				case ')':
					l.Pos++
					break values
				default:
					return r, false
				}
			}
		}
		r.N++
		if !l.rowSpace() {
			return r, false
		}
		switch l.peek() {
		case ',':
			l.Pos++
		case 0:
			return r, l.Pos == len(l.Src)
		default:
			return r, false // ON DUPLICATE KEY UPDATE, RETURNING, AS alias, …
		}
	}
}

// isNull reports whether b starts with the word NULL, in any case, followed by a byte that
// does not continue a word in cs (as rowWord reads the word).
func isNull(b []byte, cs *Charset) bool {
	return len(b) >= 4 && b[0]|0x20 == 'n' && b[1]|0x20 == 'u' && b[2]|0x20 == 'l' && b[3]|0x20 == 'l' &&
		(len(b) == 4 || !cs.IsWordByte(b[4]))
}

// plainNumber reports whether v, a number rowNumber read, is digits and points only (no
// exponent, no 0x or 0b literal).
func plainNumber(v []byte) bool {
	for _, c := range v {
		if numRun[c] == 0 {
			return false
		}
	}
	return true
}

// literalValue reports whether v, a value rowSigned read (its spaces and signs before it
// included), is a string in single quotes, a plain number after signs, or NULL: the
// values Rows.Literal allows. Spaces and signs are ASCII whitespace, '-' and '+' (a
// comment among them is not literal).
func literalValue(v []byte) bool {
	i := 0
	for i < len(v) && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r') {
		i++
	}
	signed := false
	for i < len(v) && (v[i] == '-' || v[i] == '+' || v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r') {
		signed = true
		i++
	}
	v = v[i:]
	switch {
	case len(v) == 0:
		return false
	case v[0] == '\'':
		return !signed
	case v[0] >= '0' && v[0] <= '9':
		return plainNumber(v)
	}
	return !signed && EqualFoldASCII(v, "NULL")
}

// rowSpace skips whitespace and plain comments; an executable comment or hint ends the
// recognition (false), since its content would be SQL the row reader does not read.
// It is called several times per value, so the usual case (no space: most values follow
// a ',' directly) is small enough to be inlined; the rest is rowSpaceMore.
func (l *Tokenizer) rowSpace() bool {
	if l.Pos < len(l.Src) && !spaceStart[l.Src[l.Pos]] {
		return true
	}
	return l.rowSpaceMore()
}

func (l *Tokenizer) rowSpaceMore() bool {
	for l.Pos < len(l.Src) {
		c := l.Src[l.Pos]
		switch {
		case l.mb.IsSpace(c):
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
		case c == '#' || (c == '-' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '-' && l.mb.DashCommentAfter(l.Src[l.Pos+2:])):
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

// spaceStart marks the bytes where whitespace or a comment may begin.
var spaceStart = func() (t [256]bool) {
	for _, c := range []byte(Blanks + "\xa0/#-") { // 0xA0: latin1's blank (Charset.IsSpace)
		t[c] = true
	}
	return t
}()

// peek is the byte at Pos, 0 at the end.
func (l *Tokenizer) peek() byte {
	if l.Pos < len(l.Src) {
		return l.Src[l.Pos]
	}
	return 0
}

// rowFunctions are the pure functions a row's value may call (dump tools write spatial
// values and binary data through them).
var rowFunctions = map[string]bool{
	"UNHEX": true, "FROM_BASE64": true, "CONCAT": true, "CHAR": true, "POINT": true,
	"ST_GEOMFROMTEXT": true, "ST_GEOMFROMWKB": true, "GEOMFROMTEXT": true, "GEOMFROMWKB": true,
	"ST_POINTFROMTEXT": true, "POINTFROMTEXT": true, "ST_GEOMETRYFROMTEXT": true, "GEOMETRYFROMTEXT": true,
}

// rowSigned reads a top-level value and the signs before it: zero as rowValue's, neg
// when a minus sign came before a value that is not zero (any minus: - -1 is taken for
// negative, which only ever costs an UNSIGNED column's rows their parallel run).
func (l *Tokenizer) rowSigned(connState func(string) bool) (zero, neg, ok bool) {
	if neg, ok = l.rowSigns(); !ok {
		return false, false, false
	}
	zero, ok = l.rowValue(0, connState)
	return zero, neg && !zero, ok
}

// rowSigns skips the signs (and spaces) before a value; neg reports a minus among them.
func (l *Tokenizer) rowSigns() (neg, ok bool) {
	if !l.rowSpace() {
		return false, false
	}
	for l.peek() == '-' || l.peek() == '+' {
		if l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '-' {
			return false, false // a `--` comment or double negation: not worth telling apart
		}
		neg = neg || l.peek() == '-'
		l.Pos++
		if !l.rowSpace() {
			return false, false
		}
	}
	return neg, true
}

// rowValue reads one value, its signs included; zero reports a top-level value that may
// be NULL or 0 in an integer column whatever its sign: NULL, DEFAULT, a number 0 (0.0,
// 0e5, 0x0, 0.4, -0.4), FALSE, and everything that is not a number literal ('0', the
// empty string, X'00', @v, a function), since an AUTO_INCREMENT column given one of those
// takes a generated id. A negative number that is not 0 is rowSigned's neg.
func (l *Tokenizer) rowValue(depth int, connState func(string) bool) (zero, ok bool) {
	if _, ok := l.rowSigns(); !ok {
		return false, false
	}
	c := l.peek()
	switch {
	case c == '\'' || (c == '"' && !l.ansi):
		return depth == 0, l.skipKnown(c) // '0' and '' are 0 in an integer column
	case (c == 'x' || c == 'X' || c == 'b' || c == 'B' || c == 'n' || c == 'N') && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '\'':
		l.Pos++
		if c == 'n' || c == 'N' {
			return depth == 0, l.skipKnown('\'')
		}
		k := bytes.IndexByte(l.Src[l.Pos+1:], '\'')
		if k < 0 {
			return false, false
		}
		l.Pos += 1 + k + 1
		return depth == 0, true
	case c >= '0' && c <= '9' || c == '.':
		return l.rowNumber(depth)
	case c == '@':
		at := l.Pos
		l.Pos++
		if l.peek() == '@' {
			l.Pos++
		}
		st := l.Pos
		if q := l.peek(); q == '`' || q == '\'' || q == '"' {
			return depth == 0, l.skipString(q)
		}
		for l.Pos < len(l.Src) && (l.mb.IsWordByte(l.Src[l.Pos]) || l.Src[l.Pos] == '.') {
			l.Pos++
		}
		// @@last_insert_id, @@identity, @@timestamp …: one connection's state.
		return depth == 0, l.Pos > st && !connState(string(l.Src[at:l.Pos]))
	case l.mb.IsWordByte(c):
		return l.rowWord(depth, connState)
	}
	return false, false
}

// rowNumber reads a number (or 0x…, 0b…); zero: it may be 0 once stored in an integer
// (or an AUTO_INCREMENT FLOAT/DOUBLE) column, at the top level: 0, 0.0, 0x00, 0b0, and
// also 0.4, .9 and a literal with a negative exponent (4e-1), which round to 0 there: a
// DOUBLE AUTO_INCREMENT column given 0.4 generates an id as for 0
// (TestReviewX3LoadDataFloatAutoIncrement). So a number is taken as not zero only when
// a digit other than 0 comes before its point (or its exponent) and its exponent, if any,
// is not negative.
func (l *Tokenizer) rowNumber(depth int) (zero, ok bool) {
	st := l.Pos
	allZero, exponent, hex, negExp := true, false, false, false
	if l.Pos+1 < len(l.Src) && l.Src[l.Pos] == '0' && (l.Src[l.Pos+1] == 'x' || l.Src[l.Pos+1] == 'X' || l.Src[l.Pos+1] == 'b' || l.Src[l.Pos+1] == 'B') {
		hex = l.Src[l.Pos+1] == 'x' || l.Src[l.Pos+1] == 'X'
		l.Pos += 2
	}
	// The usual number is a run of digits and dots: read it without a branch per byte,
	// then go on byte by byte only where a letter follows (an exponent, a hex digit).
	var nz byte
	for l.Pos < len(l.Src) {
		k := numRun[l.Src[l.Pos]]
		if k == 0 {
			break
		}
		nz |= k
		l.Pos++
	}
	allZero = nz&numNonZero == 0
	if nz&numDot != 0 && !allZero {
		allZero = !intPartNonZero(l.Src[st:l.Pos])
	}
	if l.Pos == len(l.Src) || !l.mb.IsWordByte(l.Src[l.Pos]) {
		return allZero && depth == 0, l.Pos > st
	}
	for l.Pos < len(l.Src) {
		d := l.Src[l.Pos]
		switch {
		case d == '0' || d == '.':
		case d >= '1' && d <= '9', (d >= 'a' && d <= 'f' || d >= 'A' && d <= 'F') && (hex || !(d == 'e' || d == 'E')):
			if !exponent {
				allZero = false
			}
		case d == 'e' || d == 'E':
			exponent = true
			if l.Pos+1 < len(l.Src) && (l.Src[l.Pos+1] == '-' || l.Src[l.Pos+1] == '+') {
				l.Pos++
				negExp = negExp || l.Src[l.Pos] == '-' // 4e-1 is 0.4: may round to 0
			}
		case l.mb.IsWordByte(d):
			allZero = false
		default:
			return (allZero || negExp) && depth == 0, l.Pos > st
		}
		l.Pos++
	}
	return (allZero || negExp) && depth == 0, true
}

// numRun classes the bytes of a number's run of digits and dots for rowNumber: 0 ends
// the run, numNonZero marks a digit other than 0, numDot the point.
const (
	numNonZero = 2
	numDot     = 4
)

// intPartNonZero reports whether run (digits and points) has a digit other than 0 before
// its first point.
func intPartNonZero(run []byte) bool {
	for _, c := range run {
		if c == '.' {
			return false
		}
		if c != '0' {
			return true
		}
	}
	return false
}

var numRun = func() (t [256]byte) {
	t['0'], t['.'] = 1, 1|numDot
	for c := '1'; c <= '9'; c++ {
		t[c] = 1 | numNonZero
	}
	return t
}()

// rowWord reads NULL, DEFAULT, TRUE, FALSE, a character set introducer and its literal,
// or a call of one of rowFunctions.
func (l *Tokenizer) rowWord(depth int, connState func(string) bool) (zero, ok bool) {
	st := l.Pos
	for l.Pos < len(l.Src) && l.mb.IsWordByte(l.Src[l.Pos]) {
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
		if !l.rowSpace() {
			return false, false
		}
		if q := l.peek(); q == '\'' || q == '"' || (q >= '0' && q <= '9') || q == 'x' || q == 'X' || q == 'b' || q == 'B' {
			_, ok := l.rowValue(depth+1, connState)
			return depth == 0, ok
		}
		return false, false
	}
	if !rowFunctions[w] || l.peek() != '(' {
		return false, false // a column, an unknown function, a subquery keyword
	}
	l.Pos++
	if !l.rowSpace() {
		return false, false
	}
	if l.peek() == ')' {
		l.Pos++
		return depth == 0, true
	}
	for {
		if _, ok := l.rowValue(depth+1, connState); !ok {
			return false, false
		}
		if !l.rowSpace() {
			return false, false
		}
		c := l.peek()
		l.Pos++
		if c == ')' {
			return depth == 0, true // UNHEX('00') is 0 in an integer column
		}
		if c != ',' {
			return false, false
		}
	}
}

// skipString moves past a quoted string starting at Pos (the quote), with doubled quotes
// and, unless NO_BACKSLASH_ESCAPES, backslash escapes; in gbk, sjis, big5 and gb18030 a
// character's second byte may be 0x5C and is not an escape. Unlike quoted it keeps no
// text, and it jumps to the next quote with IndexByte where the charset allows.
func (l *Tokenizer) skipString(q byte) bool {
	if !l.mb.Multibyte() {
		return l.skipPlainString(q)
	}
	l.Pos++
	esc := !l.nbe && q != '`'
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

// skipPlainString is skipString in a character set whose later bytes are all ≥ 0x80.
func (l *Tokenizer) skipPlainString(q byte) bool {
	l.Pos++
	esc := !l.nbe && q != '`'
	for {
		var k int
		if esc {
			k = quoteOrBackslash(l.Src[l.Pos:], q)
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

// quoteOrBackslash is the index of the first q or backslash in b, -1 when there is none.
// Its first sixteen bytes are tested eight at a time (a zero byte in w^x marks an x; the
// lowest flagged byte is exact, since borrows only run upwards), which ends most short
// values in one pass without a call; a longer value is left to bytescan's sixteen bytes a
// step.
func quoteOrBackslash(b []byte, q byte) int {
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
		if k := bytescan.IndexQuoteOrBackslash(b[i:], q); k >= 0 {
			return i + k
		}
		return -1
	}
	for ; i < len(b); i++ {
		if b[i] == q || b[i] == '\\' {
			return i
		}
	}
	return -1
}
