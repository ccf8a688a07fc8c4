package replay

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/bytescan"
)

// The reading half of --load-data (loaddata.go): insertParser reads a plain row insert's
// head and rows and writes each value as a LOAD DATA field, or gives up on a form whose
// conversion it cannot prove the same as the INSERT's.

// insertParser reads mysqldump's INSERT form: INSERT INTO `t` [(`a`,…)] VALUES (…),(…).
type insertParser struct {
	q []byte
	i int
	// sawBare: a name was read unquoted (the head is then taken only where the server's
	// parser took it: bareHeads).
	sawBare bool
}

func (p *insertParser) space() {
	for p.i < len(p.q) && sqlscan.IsSpace(p.q[p.i]) {
		p.i++
	}
}

func (p *insertParser) eat(c byte) bool {
	if p.i < len(p.q) && p.q[p.i] == c {
		p.i++
		return true
	}
	return false
}

// keyword consumes w (upper case) case-insensitively, followed by a non-word byte.
func (p *insertParser) keyword(w string) bool {
	p.space()
	if len(p.q)-p.i < len(w) || !bytes.EqualFold(p.q[p.i:p.i+len(w)], []byte(w)) {
		return false
	}
	if j := p.i + len(w); j < len(p.q) && sqlscan.IsWordByte(p.q[j]) {
		return false
	}
	p.i += len(w)
	return true
}

// ident reads a `quoted` identifier.
func (p *insertParser) ident() (string, bool) {
	p.space()
	if p.eat('`') {
		var b []byte
		for p.i < len(p.q) {
			c := p.q[p.i]
			p.i++
			if c == '`' {
				if p.eat('`') {
					b = append(b, '`')
					continue
				}
				return string(b), true
			}
			b = append(b, c)
		}
		return "", false
	}
	// A bare name may be a reserved word (`order`, `key`) or read as a number (1e1):
	// ERROR 1064 for the server. The caller of head takes it only where the server's
	// parser took the statement's head (bareHeads).
	start := p.i
	for p.i < len(p.q) && sqlscan.IsWordByte(p.q[p.i]) {
		p.i++
	}
	p.sawBare = p.sawBare || p.i > start
	return string(p.q[start:p.i]), p.i > start
}

// target reads INSERT INTO [db.]table.
func (p *insertParser) target() (db, table string, ok bool) {
	if !p.keyword("INSERT") || !p.keyword("INTO") {
		return "", "", false
	}
	if table, ok = p.ident(); !ok {
		return "", "", false
	}
	if p.eat('.') {
		db = table
		if table, ok = p.ident(); !ok {
			return "", "", false
		}
	}
	return db, table, true
}

// columnList reads the optional (`a`, `b`, …) after an INSERT's target, giving each name
// to name; listed reports whether there was a list, ok false for a malformed one or a
// name that name refuses.
func (p *insertParser) columnList(name func(string) bool) (listed, ok bool) {
	p.space()
	if !p.eat('(') {
		return false, true
	}
	for {
		n, ok := p.ident()
		if !ok || !name(n) {
			return true, false
		}
		p.space()
		if p.eat(')') {
			return true, true
		}
		if !p.eat(',') {
			return true, false
		}
	}
}

// head reads up to VALUES and returns the columns the rows fill.
func (p *insertParser) head(t *loadTable) ([]int, bool) {
	if _, _, ok := p.target(); !ok {
		return nil, false
	}
	var cols []int
	listed, ok := p.columnList(func(name string) bool {
		c, ok := t.byName[foldName(name)]
		if !ok || slices.Contains(cols, c) {
			return false
		}
		cols = append(cols, c)
		return true
	})
	if !ok {
		return nil, false
	}
	if !listed {
		for c, col := range t.columns {
			if !col.invisible {
				cols = append(cols, c)
			}
		}
	}
	for _, c := range cols {
		if t.columns[c].kind == loadIneligible {
			return nil, false
		}
	}
	if !p.keyword("VALUES") {
		return nil, false
	}
	return cols, true
}

// row reads one (v1, v2, …) tuple and appends it as a line.
func (p *insertParser) row(lc *loadConverter) bool {
	if !p.eat('(') {
		return false
	}
	for k, c := range lc.cols {
		p.space()
		if k > 0 {
			if !p.eat(',') {
				return false
			}
			p.space()
			lc.data = append(lc.data, '\t')
		}
		field := len(lc.data)
		if !p.value(lc, lc.t.columns[c]) || lc.emptyIsNull && len(lc.data) == field {
			return false
		}
	}
	p.space()
	if !p.eat(')') {
		return false
	}
	lc.data = append(lc.data, '\n')
	lc.rows++
	return true
}

// value reads one literal and appends it as a field, if its form is exact for col.
func (p *insertParser) value(lc *loadConverter, col loadColumn) bool {
	q := p.q
	if p.i >= len(q) {
		return false
	}
	switch c := q[p.i]; {
	case c == '\'':
		return p.str(lc)
	case c == '_':
		if !p.keyword("_BINARY") || col.kind != loadBinary {
			return false
		}
		p.space()
		return p.i < len(q) && q[p.i] == '\'' && p.str(lc)
	case (c == 'x' || c == 'X') && p.i+1 < len(q) && q[p.i+1] == '\'':
		if col.kind != loadBinary {
			return false
		}
		p.i += 2
		start := p.i
		for p.i < len(q) && q[p.i] != '\'' {
			p.i++
		}
		if p.i >= len(q) {
			return false
		}
		hex := q[start:p.i]
		p.i++
		return appendHex(lc, hex)
	case c == '0' && p.i+1 < len(q) && (q[p.i+1] == 'x'):
		if col.kind != loadBinary {
			return false
		}
		p.i += 2
		start := p.i
		for p.i < len(q) && isHexDigit(q[p.i]) {
			p.i++
		}
		if p.i == start || p.i < len(q) && sqlscan.IsWordByte(q[p.i]) {
			// `0x` alone, or 0x12g…: a name to the server (ERROR 1054 for the client),
			// not a hex literal (TestReviewX3LoadDataBareHexPrefix).
			return false
		}
		return appendHex(lc, q[start:p.i])
	case c == 'N' || c == 'n':
		if !p.keyword("NULL") || !col.nullable {
			return false
		}
		lc.data = append(lc.data, '\\', 'N')
		return true
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		return p.number(lc, col)
	}
	return false
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func appendHex(lc *loadConverter, hex []byte) bool {
	if len(hex)%2 == 1 {
		return false // the server pads an odd count with a leading 0; keep it simple
	}
	for i := 0; i < len(hex); i += 2 {
		if !isHexDigit(hex[i]) || !isHexDigit(hex[i+1]) {
			return false
		}
		appendField(lc, unhex(hex[i])<<4|unhex(hex[i+1]))
	}
	return true
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// plainRun is the length of b's prefix without a byte of strSpecial. Its first sixteen
// bytes are tested eight at a time, which ends most short values without a call: a
// zero-byte test on the word XORed with the quote and with the backslash, and one test for
// the bytes below 0x10, where the three appendField escapes (NUL, \t, \n) are (its lowest
// hit is exact: borrows only run upwards). The rest of a longer value goes sixteen bytes a
// step (bytescan): BenchmarkLoadConvert, sbtest rows, 1990 → 2477 MB/cpu-s (medians of
// six, load 5) against eight bytes at a time throughout, itself twice a byte loop's speed.
func plainRun(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b) && i < 16; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		q, bs := w^(ones*'\''), w^(ones*'\\')
		hit := ((q-ones)&^q | (bs-ones)&^bs | (w-ones*0x10)&^w) & highs
		if hit != 0 {
			return i + bits.TrailingZeros64(hit)/8
		}
	}
	if i == 16 {
		if k := bytescan.IndexQuoteBackslashOrControl(b[i:], '\''); k >= 0 {
			return i + k
		}
		return len(b)
	}
	for i < len(b) && !strSpecial[b[i]] {
		i++
	}
	return i
}

// strSpecial marks the bytes str does not copy in a run: the quote and backslash of the
// SQL literal, and the bytes below 0x10, among them what appendField escapes for the
// field (the others, \r or \b, it appends one by one as they are).
var strSpecial = func() (t [256]bool) {
	for c := 0; c < 0x10; c++ {
		t[c] = true
	}
	t['\''], t['\\'] = true, true
	return t
}()

// appendField appends one byte of a value, escaped for FIELDS ESCAPED BY '\\'.
func appendField(lc *loadConverter, c byte) {
	switch c {
	case '\\':
		lc.data = append(lc.data, '\\', '\\')
	case '\t':
		lc.data = append(lc.data, '\\', 't')
	case '\n':
		lc.data = append(lc.data, '\\', 'n')
	case 0:
		lc.data = append(lc.data, '\\', '0')
	default:
		lc.data = append(lc.data, c)
	}
}

// str reads a '…' literal with the server's escapes (backslash escapes on: the
// converter is not used under NO_BACKSLASH_ESCAPES) and appends its bytes.
func (p *insertParser) str(lc *loadConverter) bool {
	q := p.q
	p.i++ // the opening quote
	for p.i < len(q) {
		// Copy the run of bytes that need no escaping in one append: most of a value.
		run := p.i + plainRun(q[p.i:])
		lc.data = append(lc.data, q[p.i:run]...)
		p.i = run
		if p.i >= len(q) {
			break
		}
		c := q[p.i]
		p.i++
		switch c {
		case '\'':
			if p.eat('\'') {
				appendField(lc, '\'')
				continue
			}
			// Adjacent literals ('a' 'b') are concatenated by the server; not here.
			return true
		case '\\':
			if p.i >= len(q) {
				return false
			}
			e := q[p.i]
			p.i++
			switch e {
			case '0':
				appendField(lc, 0)
			case 'b':
				appendField(lc, '\b')
			case 'n':
				appendField(lc, '\n')
			case 'r':
				appendField(lc, '\r')
			case 't':
				appendField(lc, '\t')
			case 'Z':
				appendField(lc, 0x1a)
			case '%', '_':
				// The server keeps the backslash before % and _ (for LIKE patterns).
				appendField(lc, '\\')
				appendField(lc, e)
			default:
				if e >= 0x80 {
					// A multibyte character after a backslash: the server's escape rules
					// depend on the character set here; leave it to the INSERT.
					return false
				}
				appendField(lc, e)
			}
		default:
			appendField(lc, c)
		}
	}
	return false
}

// number reads a numeric literal and appends its text where its form is exact for col.
func (p *insertParser) number(lc *loadConverter, col loadColumn) bool {
	q := p.q
	start := p.i
	if q[p.i] == '-' || q[p.i] == '+' {
		p.i++
	}
	// The mantissa's digits are counted, and OR-ed to tell whether they are all zeros, in
	// the loops that read them.
	digits := p.i
	var nonZero byte
	for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
		nonZero |= q[p.i] - '0'
		p.i++
	}
	intDigits := p.i - digits
	ndigits := intDigits
	integer, exponent := true, false
	if p.i < len(q) && q[p.i] == '.' {
		integer = false
		p.i++
		frac := p.i
		for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
			nonZero |= q[p.i] - '0'
			p.i++
		}
		ndigits += p.i - frac
	}
	if p.i < len(q) && (q[p.i] == 'e' || q[p.i] == 'E') {
		integer, exponent = false, true
		p.i++
		if p.i < len(q) && (q[p.i] == '-' || q[p.i] == '+') {
			p.i++
		}
		e := p.i
		for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
			p.i++
		}
		if p.i == e {
			return false
		}
	}
	if p.i < len(q) && sqlscan.IsWordByte(q[p.i]) { // 0x…, 1abc: not a plain number
		return false
	}
	text := q[start:p.i]
	if p.i == digits && intDigits == 0 || (integer && intDigits == 0) {
		return false
	}
	zero := nonZero == 0
	if ndigits > 65 {
		// The literal overflows the server's decimal (81 digits in 9-digit words; 65 always
		// fit) and is truncated; the field's text is read whole.
		return false
	}
	switch col.kind {
	case loadInt:
		if !integer {
			return false // 1.5 rounds to 2 as a literal, truncates with a warning as text
		}
	case loadDecimal, loadFloat:
		if exponent && col.kind == loadDecimal {
			return false // a double as a literal: 1.2345678901234567890e0 keeps 17 digits
		}
		if zero && text[0] == '-' {
			return false // the literal -0 is the number 0; the field -0 may keep its sign
		}
	case loadString:
		canonical := integer && text[0] != '+' && (intDigits == 1 || q[digits] != '0') && !(text[0] == '-' && intDigits == 1 && q[digits] == '0')
		if !canonical {
			return false
		}
	default:
		return false
	}
	lc.data = append(lc.data, text...)
	return true
}
