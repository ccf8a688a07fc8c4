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

// convertRows appends a line to lc.data for each row of the statement p reads, until the
// statement ends (more false) or lc.data holds at least limit bytes; at least one row is
// read. first: p stands before the statement's first row, which must be there. ok is
// false when a row (or a tail after the last: ON DUPLICATE KEY UPDATE, RETURNING, …) is
// not exact; lc.data then ends at the row before it.
//
// The loop and convertRow keep the read position and the output in locals, written back
// once per call: through p.i and lc.data every byte cost a load and a store, and each
// value a call that took them (BenchmarkLoadConvertGen, FuzzLoadConverterRef holds it to
// the reader it replaced).
func (lc *loadConverter) convertRows(p *insertParser, first bool, limit int) (more, ok bool) {
	q, i, out, rows := p.q, p.i, lc.data, lc.rows
	for {
		i = skipSpace(q, i)
		if !first {
			if i >= len(q) || q[i] != ',' {
				p.i, lc.data, lc.rows = i, out, rows
				return false, i == len(q)
			}
			i = skipSpace(q, i+1)
		}
		first = false
		mark := len(out)
		if i, out, ok = lc.convertRow(q, i, out); !ok {
			p.i, lc.data, lc.rows = i, out[:mark], rows
			return false, false
		}
		rows++
		if len(out) >= limit {
			p.i, lc.data, lc.rows = i, out, rows
			return true, true
		}
	}
}

// skipSpace is the index of q's first byte from i on that is not a space (sqlscan.IsSpace).
func skipSpace(q []byte, i int) int {
	for i < len(q) && spaceByte[q[i]] {
		i++
	}
	return i
}

var spaceByte = func() (t [256]bool) {
	for c := range t {
		t[c] = sqlscan.IsSpace(byte(c))
	}
	return t
}()

// The classes of a value's first byte (valueStart).
const (
	startOther byte = iota
	startQuote
	startNumber // a digit, a sign or a point (0x… among them)
	startNull   // N or n
	startIntroducer
	startHex // x or X (X'…')
)

var valueStart = func() (t [256]byte) {
	t['\''] = startQuote
	for _, c := range []byte("0123456789+-.") {
		t[c] = startNumber
	}
	t['N'], t['n'] = startNull, startNull
	t['_'] = startIntroducer
	t['x'], t['X'] = startHex, startHex
	return t
}()

// convertRow reads one (v1, v2, …) tuple at q[i:] and appends it to out as a line, each
// value a field if its form is exact for its column (the rules at the top of loaddata.go).
// On false, what it appended is to be cut off by the caller.
func (lc *loadConverter) convertRow(q []byte, i int, out []byte) (int, []byte, bool) {
	if i >= len(q) || q[i] != '(' {
		return i, out, false
	}
	i++
	for k := range lc.colv {
		col := &lc.colv[k]
		i = skipSpace(q, i)
		if k > 0 {
			if i >= len(q) || q[i] != ',' {
				return i, out, false
			}
			i = skipSpace(q, i+1)
			out = append(out, '\t')
		}
		if i >= len(q) {
			return i, out, false
		}
		field := len(out)
		ok := false
		switch valueStart[q[i]] {
		case startQuote:
			i, out, ok = convertString(q, i+1, out)
		case startNumber:
			if q[i] == '0' && i+1 < len(q) && q[i+1] == 'x' {
				if col.kind != loadBinary {
					return i, out, false
				}
				// 0x…: `0x` alone, or 0x12g…, is a name to the server (ERROR 1054 for the
				// client), not a hex literal (TestReviewX3LoadDataBareHexPrefix).
				start := i + 2
				i = start
				for i < len(q) && isHexDigit(q[i]) {
					i++
				}
				if i == start || i < len(q) && sqlscan.IsWordByte(q[i]) {
					return i, out, false
				}
				out, ok = appendHex(out, q[start:i])
			} else {
				i, out, ok = convertNumber(q, i, out, col.kind)
			}
		case startNull:
			if !col.nullable || !isWord(q, i, "null") {
				return i, out, false
			}
			i += 4
			out, ok = append(out, '\\', 'N'), true
		case startIntroducer:
			if col.kind != loadBinary || !isWord(q, i, "_binary") {
				return i, out, false
			}
			i = skipSpace(q, i+7)
			if i >= len(q) || q[i] != '\'' {
				return i, out, false
			}
			i, out, ok = convertString(q, i+1, out)
		case startHex:
			if i+1 >= len(q) || q[i+1] != '\'' || col.kind != loadBinary {
				return i, out, false
			}
			start := i + 2
			i = start
			for i < len(q) && q[i] != '\'' {
				i++
			}
			if i >= len(q) {
				return i, out, false
			}
			out, ok = appendHex(out, q[start:i])
			i++
		}
		if !ok || lc.emptyIsNull && len(out) == field {
			return i, out, false
		}
	}
	i = skipSpace(q, i)
	if i >= len(q) || q[i] != ')' {
		return i, out, false
	}
	return i + 1, append(out, '\n'), true
}

// isWord reports whether q[i:] starts with the keyword w (lower case ASCII letters and
// '_'), in any case, followed by a byte that does not continue a word.
func isWord(q []byte, i int, w string) bool {
	if len(q)-i < len(w) {
		return false
	}
	for k := 0; k < len(w); k++ {
		c := q[i+k]
		if w[k] != '_' {
			c |= 0x20 // 'N' and 'n' alike; no other byte ORs to a lower-case letter
		}
		if c != w[k] {
			return false
		}
	}
	return i+len(w) == len(q) || !sqlscan.IsWordByte(q[i+len(w)])
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// appendHex appends the bytes the hex digits spell, each escaped for the field.
func appendHex(out, hex []byte) ([]byte, bool) {
	if len(hex)%2 == 1 {
		return out, false // the server pads an odd count with a leading 0; keep it simple
	}
	for i := 0; i < len(hex); i += 2 {
		if !isHexDigit(hex[i]) || !isHexDigit(hex[i+1]) {
			return out, false
		}
		out = appendField(out, unhex(hex[i])<<4|unhex(hex[i+1]))
	}
	return out, true
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

// plainWords is how many words of a string's run plainCopy tests before it calls bytescan.
const plainWords = 4

// plainCopy appends the run of q[i:] without a byte of strSpecial to out and returns the
// index after it. The run's first plainWords words (32 bytes) go eight bytes at a time,
// tested and copied as words (most values end there without a call): a zero-byte test on
// the word XORed with the quote and with the backslash, and one test for the bytes below 0x10, where the three
// appendField escapes (NUL, \t, \n) are (its lowest hit is exact: borrows only run
// upwards); the whole word is stored in out's spare capacity and out cut to the run. The
// rest of a longer value is found sixteen bytes a step (bytescan) and appended at once.
// BenchmarkLoadConvertGen (medians of three, alternating), against the run found first
// (plainRun, now in the test file) and appended after: customers 699 → 774 MB/cpu-s,
// event_log 629 → 745, product_images 388 → 439; orders, order_items and sbtest1 within
// noise (the same word store for numbers, and a word-byte table after them, gained nothing
// measurable in seven alternating rounds and were dropped). Four words rather than two
// (session 48): the generated dump's dates (19 bytes and the quote), e-mail addresses and
// names then end without the call; BenchmarkLoadConvertGen, medians of six in A B C C B A
// rounds at load 9–11, 2 → 3 → 4 words: customers 552 → 567 → 647 MB/cpu-s, event_log 525
// → 598 → 624, order_items 410 → 499 → 455, orders 414 → 473 → 594, product_images 383 →
// 424 → 468, and sbtest1 (two strings of 119 and 59 bytes a row, where sixteen bytes a step
// win) 2068 → 1968 → 1925: about 17 ms less converting on gen 200M, 5 ms more on sysbench.
func plainCopy(q []byte, i int, out []byte) (int, []byte) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for words := 0; len(q)-i >= 8; words++ {
		if words == plainWords {
			k := bytescan.IndexQuoteBackslashOrControl(q[i:], '\'')
			if k < 0 {
				k = len(q) - i
			}
			return i + k, append(out, q[i:i+k]...)
		}
		if cap(out)-len(out) < 8 {
			out = slices.Grow(out, 8)
		}
		w := binary.LittleEndian.Uint64(q[i:])
		o := len(out)
		binary.LittleEndian.PutUint64(out[o:o+8], w)
		x, bs := w^(ones*'\''), w^(ones*'\\')
		if hit := ((x-ones)&^x | (bs-ones)&^bs | (w-ones*0x10)&^w) & highs; hit != 0 {
			n := bits.TrailingZeros64(hit) / 8
			return i + n, out[:o+n]
		}
		i, out = i+8, out[:o+8]
	}
	for i < len(q) && !strSpecial[q[i]] {
		out = append(out, q[i])
		i++
	}
	return i, out
}

// strSpecial marks the bytes convertString does not copy in a run (plainCopy): the quote
// and backslash of the SQL literal, and the bytes below 0x10, among them what appendField
// escapes for the field (the others, \r or \b, it appends one by one as they are).
var strSpecial = func() (t [256]bool) {
	for c := 0; c < 0x10; c++ {
		t[c] = true
	}
	t['\''], t['\\'] = true, true
	return t
}()

// fieldEscape is the letter after the backslash of the bytes FIELDS ESCAPED BY '\\'
// escapes (0: none): the backslash, and the field and line terminators; NUL as \0.
var fieldEscape = func() (t [256]byte) {
	t['\\'], t['\t'], t['\n'], t[0] = '\\', 't', 'n', '0'
	return t
}()

// appendField appends one byte of a value, escaped for FIELDS ESCAPED BY '\\'.
func appendField(out []byte, c byte) []byte {
	if e := fieldEscape[c]; e != 0 {
		return append(out, '\\', e)
	}
	return append(out, c)
}

// unescaped is the byte the server's lexer makes of a backslash and the byte indexed
// (backslash escapes on: the converter is not used under NO_BACKSLASH_ESCAPES):
// keepBackslash for % and _, which keep their backslash (for LIKE patterns), and
// refuseEscape for a byte ≥ 0x80, the start of a multibyte character after a backslash,
// where the server's escape rules depend on the character set: it is left to the INSERT.
var unescaped = func() (t [256]int16) {
	for c := range t {
		t[c] = int16(c)
		if c >= 0x80 {
			t[c] = refuseEscape
		}
	}
	t['0'], t['b'], t['n'], t['r'], t['t'], t['Z'] = 0, '\b', '\n', '\r', '\t', 0x1a
	t['%'], t['_'] = keepBackslash, keepBackslash
	return t
}()

const (
	keepBackslash = -1
	refuseEscape  = -2
)

// convertString reads a '…' literal from q[i:] (after its opening quote) and appends its
// bytes as a field. Adjacent literals ('a' 'b'), which the server concatenates, end the
// value here: the row's next byte must then be a separator, and is not.
func convertString(q []byte, i int, out []byte) (int, []byte, bool) {
	for i < len(q) {
		// Copy the run of bytes that need no escaping: most of a value.
		if i, out = plainCopy(q, i, out); i >= len(q) {
			break
		}
		c := q[i]
		i++
		switch c {
		case '\'':
			if i < len(q) && q[i] == '\'' {
				out = append(out, '\'')
				i++
				continue
			}
			return i, out, true
		case '\\':
			if i >= len(q) {
				return i, out, false
			}
			e := q[i]
			i++
			switch u := unescaped[e]; u {
			case keepBackslash:
				out = append(out, '\\', '\\', e)
			case refuseEscape:
				return i, out, false
			default:
				out = appendField(out, byte(u))
			}
		default:
			out = appendField(out, c)
		}
	}
	return i, out, false
}

// convertNumber reads the numeric literal at q[i:] and appends its text, where its form
// is exact for a column of kind.
func convertNumber(q []byte, i int, out []byte, kind loadKind) (int, []byte, bool) {
	start := i
	if q[i] == '-' || q[i] == '+' {
		i++
	}
	// The mantissa's digits are counted, and OR-ed to tell whether they are all zeros, in
	// the loops that read them.
	digits := i
	var nonZero byte
	for i < len(q) && q[i]-'0' <= 9 {
		nonZero |= q[i] - '0'
		i++
	}
	intDigits := i - digits
	ndigits := intDigits
	integer, exponent := true, false
	if i < len(q) && q[i] == '.' {
		integer = false
		i++
		frac := i
		for i < len(q) && q[i]-'0' <= 9 {
			nonZero |= q[i] - '0'
			i++
		}
		ndigits += i - frac
	}
	if i < len(q) && q[i]|0x20 == 'e' {
		integer, exponent = false, true
		i++
		if i < len(q) && (q[i] == '-' || q[i] == '+') {
			i++
		}
		e := i
		for i < len(q) && q[i]-'0' <= 9 {
			i++
		}
		if i == e {
			return i, out, false
		}
	}
	if i < len(q) && sqlscan.IsWordByte(q[i]) { // 0x…, 1abc: not a plain number
		return i, out, false
	}
	text := q[start:i]
	if i == digits && intDigits == 0 || (integer && intDigits == 0) {
		return i, out, false
	}
	if ndigits > 65 {
		// The literal overflows the server's decimal (81 digits in 9-digit words; 65 always
		// fit) and is truncated; the field's text is read whole.
		return i, out, false
	}
	switch kind {
	case loadInt:
		if !integer {
			return i, out, false // 1.5 rounds to 2 as a literal, truncates with a warning as text
		}
	case loadDecimal, loadFloat:
		if exponent && kind == loadDecimal {
			return i, out, false // a double as a literal: 1.2345678901234567890e0 keeps 17 digits
		}
		if nonZero == 0 && text[0] == '-' {
			return i, out, false // the literal -0 is the number 0; the field -0 may keep its sign
		}
	case loadString:
		canonical := integer && text[0] != '+' && (intDigits == 1 || q[digits] != '0') && !(text[0] == '-' && intDigits == 1 && q[digits] == '0')
		if !canonical {
			return i, out, false
		}
	default:
		return i, out, false
	}
	return i, append(out, q[start:i]...), true
}
