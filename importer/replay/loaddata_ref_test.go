package replay

import (
	"encoding/binary"
	"math/bits"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/bytescan"
)

// The converter as it was before stop 46 (p-conv) rewrote it for speed: a value at a time
// through the parser's fields, kept as the reference FuzzLoadConverterRef holds the new one
// to, byte for byte and in what it refuses.

type refParser struct{ insertParser }

// refAdd is the old loadConverter.add: the head read by the shared begin, then the rows.
func refAdd(lc *loadConverter, q []byte) bool {
	ip, ok := lc.begin(q)
	if !ok {
		return false
	}
	p := &refParser{ip}
	mark, rows := len(lc.data), lc.rows
	for first := true; ; first = false {
		p.space()
		if !first {
			if !p.eat(',') {
				if p.i == len(p.q) {
					return true
				}
				lc.data, lc.rows = lc.data[:mark], rows
				return false
			}
			p.space()
		}
		if !p.row(lc) {
			lc.data, lc.rows = lc.data[:mark], rows
			return false
		}
	}
}

// row reads one (v1, v2, …) tuple and appends it as a line.
func (p *refParser) row(lc *loadConverter) bool {
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
func (p *refParser) value(lc *loadConverter, col loadColumn) bool {
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
		return refAppendHex(lc, hex)
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
		return refAppendHex(lc, q[start:p.i])
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

func refAppendHex(lc *loadConverter, hex []byte) bool {
	if len(hex)%2 == 1 {
		return false // the server pads an odd count with a leading 0; keep it simple
	}
	for i := 0; i < len(hex); i += 2 {
		if !isHexDigit(hex[i]) || !isHexDigit(hex[i+1]) {
			return false
		}
		refAppendField(lc, unhex(hex[i])<<4|unhex(hex[i+1]))
	}
	return true
}

// appendField appends one byte of a value, escaped for FIELDS ESCAPED BY '\\'.
func refAppendField(lc *loadConverter, c byte) {
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
func (p *refParser) str(lc *loadConverter) bool {
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
				refAppendField(lc, '\'')
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
				refAppendField(lc, 0)
			case 'b':
				refAppendField(lc, '\b')
			case 'n':
				refAppendField(lc, '\n')
			case 'r':
				refAppendField(lc, '\r')
			case 't':
				refAppendField(lc, '\t')
			case 'Z':
				refAppendField(lc, 0x1a)
			case '%', '_':
				// The server keeps the backslash before % and _ (for LIKE patterns).
				refAppendField(lc, '\\')
				refAppendField(lc, e)
			default:
				if e >= 0x80 {
					// A multibyte character after a backslash: the server's escape rules
					// depend on the character set here; leave it to the INSERT.
					return false
				}
				refAppendField(lc, e)
			}
		default:
			refAppendField(lc, c)
		}
	}
	return false
}

// number reads a numeric literal and appends its text where its form is exact for col.
func (p *refParser) number(lc *loadConverter, col loadColumn) bool {
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
