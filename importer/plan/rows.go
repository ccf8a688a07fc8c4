package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// rowInsert is a statement recognised completely as
// `INSERT|REPLACE [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO] t [(cols)] VALUES (…), (…)`
// whose values are literals (strings, numbers, NULL, DEFAULT, hex and bit literals,
// charset introducers), user or session variables, and calls of a few pure functions of
// those. Nothing follows the last row: no ON DUPLICATE KEY UPDATE, RETURNING or row alias.
type rowInsert struct {
	db, table       string
	cols            []string // the column list; nil when there is none
	replace, ignore bool
	rows            int64
	// zeroMask has bit i set when some row gives column i NULL, 0 or DEFAULT (an
	// AUTO_INCREMENT column then takes a generated id); zeroFar the same for i ≥ 64, or
	// an empty row `()`.
	zeroMask uint64
	zeroFar  bool
}

// generatesIDs reports whether the insert leaves ids of the table's AUTO_INCREMENT column
// to the server, so that they depend on the rows before (and LAST_INSERT_ID() on the
// connection that ran it).
func (ri rowInsert) generatesIDs(f TableFacts) bool {
	if f.AutoIncrement == "" {
		return false
	}
	k := f.AutoIncrementAt
	if ri.cols != nil {
		k = -1
		for i, c := range ri.cols {
			if strings.EqualFold(c, f.AutoIncrement) {
				k = i
			}
		}
		if k < 0 {
			return true
		}
	}
	if ri.zeroFar {
		return true
	}
	return k < 64 && ri.zeroMask&(1<<uint(k)) != 0
}

// ParseRowInsert recognises a plain row insert (see rowInsert). It reads the whole
// statement with a byte loop that jumps through strings, so a VALUES or SELECT inside a
// string is never taken for a keyword; anything it does not recognise makes ok false and
// the statement run in stream order.
func ParseRowInsert(q []byte, syn sqlscan.Syntax) (ri rowInsert, ok bool) {
	l := sqlscan.New(q, syn)
	t := l.Next()
	switch {
	case t.Is("INSERT"):
	case t.Is("REPLACE"):
		ri.replace = true
	default:
		return ri, false
	}
	t = l.Next()
	for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") {
		if t.Is("IGNORE") {
			ri.ignore = true
		}
		t = l.Next()
	}
	if t.Is("INTO") {
		t = l.Next()
	}
	if !t.IsName() {
		return ri, false
	}
	ri.db, ri.table = l.Name(t)
	t = l.Next()
	if t.Kind == sqlscan.Punct && t.Text == "(" {
		ri.cols = []string{}
		for {
			c := l.Next()
			if c.Kind == sqlscan.Punct && c.Text == ")" && len(ri.cols) == 0 {
				break
			}
			if !c.IsName() {
				return ri, false
			}
			ri.cols = append(ri.cols, c.Text)
			sep := l.Next()
			if sep.Kind == sqlscan.Punct && sep.Text == ")" {
				break
			}
			if sep.Kind != sqlscan.Punct || sep.Text != "," {
				return ri, false
			}
		}
		t = l.Next()
	}
	if !t.Is("VALUES") && !t.Is("VALUE") {
		return ri, false
	}
	sc := rowScanner{q: q, i: l.Pos, syn: syn}
	if !sc.tuples(&ri) {
		return ri, false
	}
	return ri, true
}

// rowScanner walks the VALUES list of a row insert.
type rowScanner struct {
	q   []byte
	i   int
	syn sqlscan.Syntax
}

// space skips whitespace and plain comments; an executable comment or hint ends the
// recognition (false).
func (s *rowScanner) space() bool {
	if s.i < len(s.q) && !spaceStart[s.q[s.i]] {
		return true // the usual case, kept cheap: most values follow a ',' directly
	}
	for s.i < len(s.q) {
		c := s.q[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			s.i++
		case c == '/' && s.i+1 < len(s.q) && s.q[s.i+1] == '*':
			if s.i+2 < len(s.q) && (s.q[s.i+2] == '!' || s.q[s.i+2] == 'M' || s.q[s.i+2] == '+') {
				return false
			}
			k := bytes.Index(s.q[s.i+2:], []byte("*/"))
			if k < 0 {
				return false
			}
			s.i += 2 + k + 2
		case c == '#' || (c == '-' && s.i+2 < len(s.q) && s.q[s.i+1] == '-' && (s.q[s.i+2] == ' ' || s.q[s.i+2] == '\t' || s.q[s.i+2] == '\n')):
			k := bytes.IndexByte(s.q[s.i:], '\n')
			if k < 0 {
				s.i = len(s.q)
			} else {
				s.i += k + 1
			}
		default:
			return true
		}
	}
	return true
}

// spaceStart marks the bytes where whitespace or a comment may begin.
var spaceStart = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v/#-") {
		t[c] = true
	}
	return t
}()

func (s *rowScanner) peek() byte {
	if s.i < len(s.q) {
		return s.q[s.i]
	}
	return 0
}

// tuples reads `(…), (…)` to the end of the statement.
func (s *rowScanner) tuples(ri *rowInsert) bool {
	for {
		if !s.space() || s.peek() != '(' {
			return false
		}
		s.i++
		if !s.space() {
			return false
		}
		if s.peek() == ')' {
			s.i++
			ri.zeroFar = true // every column takes its default
		} else {
			for col := 0; ; col++ {
				zero, ok := s.value(0)
				if !ok {
					return false
				}
				if zero {
					if col < 64 {
						ri.zeroMask |= 1 << uint(col)
					} else {
						ri.zeroFar = true
					}
				}
				if !s.space() {
					return false
				}
				c := s.peek()
				s.i++
				if c == ')' {
					break
				}
				if c != ',' {
					return false
				}
			}
		}
		ri.rows++
		if !s.space() {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case 0:
			return s.i == len(s.q)
		default:
			return false // ON DUPLICATE KEY UPDATE, RETURNING, AS alias, …
		}
	}
}

// valueFunctions are the pure functions a row's value may call (dump tools write
// spatial values and binary data through them).
var valueFunctions = map[string]bool{
	"UNHEX": true, "FROM_BASE64": true, "CONCAT": true, "CHAR": true, "POINT": true,
	"ST_GEOMFROMTEXT": true, "ST_GEOMFROMWKB": true, "GEOMFROMTEXT": true, "GEOMFROMWKB": true,
	"ST_POINTFROMTEXT": true, "POINTFROMTEXT": true, "ST_GEOMETRYFROMTEXT": true, "GEOMETRYFROMTEXT": true,
}

// value reads one value; zero reports a top-level value that may be NULL or 0 in an
// integer column: NULL, DEFAULT, a number 0 (0.0, 0e5, 0x0), FALSE, and everything that is
// not a number literal ('0', the empty string, X'00', @v, a function), since an AUTO_INCREMENT column
// given one of those takes a generated id.
func (s *rowScanner) value(depth int) (zero, ok bool) {
	if !s.space() {
		return false, false
	}
	for s.peek() == '-' || s.peek() == '+' {
		if s.i+1 < len(s.q) && s.q[s.i+1] == '-' {
			return false, false // a `--` comment or double negation: not worth telling apart
		}
		s.i++
		if !s.space() {
			return false, false
		}
	}
	c := s.peek()
	switch {
	case c == '\'' || (c == '"' && !s.syn.ANSIQuotes):
		return depth == 0, s.str(c) // '0' and '' are 0 in an integer column
	case (c == 'x' || c == 'X' || c == 'b' || c == 'B' || c == 'n' || c == 'N') && s.i+1 < len(s.q) && s.q[s.i+1] == '\'':
		s.i++
		if c == 'n' || c == 'N' {
			return depth == 0, s.str('\'')
		}
		k := bytes.IndexByte(s.q[s.i+1:], '\'')
		if k < 0 {
			return false, false
		}
		s.i += 1 + k + 1
		return depth == 0, true
	case c >= '0' && c <= '9' || c == '.':
		return s.number(depth)
	case c == '@':
		at := s.i
		s.i++
		if s.peek() == '@' {
			s.i++
		}
		st := s.i
		if q := s.peek(); q == '`' || q == '\'' || q == '"' {
			return depth == 0, s.str(q)
		}
		for s.i < len(s.q) && (sqlscan.IsWordByte(s.q[s.i]) || s.q[s.i] == '.') {
			s.i++
		}
		// @@last_insert_id, @@identity, @@timestamp …: one connection's state.
		return depth == 0, s.i > st && !connStateVar(string(s.q[at:s.i]))
	case sqlscan.IsWordByte(c):
		return s.word(depth)
	}
	return false, false
}

// number reads a number (or 0x…, 0b…); zero: it is 0 at the top level (0, 0.0, 0e5,
// 0x00, 0b0: no digit other than 0 before an exponent or after a 0x/0b prefix).
func (s *rowScanner) number(depth int) (zero, ok bool) {
	st := s.i
	allZero, exponent := true, false
	if s.i+1 < len(s.q) && s.q[s.i] == '0' && (s.q[s.i+1] == 'x' || s.q[s.i+1] == 'X' || s.q[s.i+1] == 'b' || s.q[s.i+1] == 'B') {
		s.i += 2
	}
	for s.i < len(s.q) {
		d := s.q[s.i]
		switch {
		case d == '0' || d == '.':
		case d >= '1' && d <= '9', (d >= 'a' && d <= 'f' || d >= 'A' && d <= 'F') && !(d == 'e' || d == 'E'):
			if !exponent {
				allZero = false
			}
		case d == 'e' || d == 'E':
			exponent = true
			if s.i+1 < len(s.q) && (s.q[s.i+1] == '-' || s.q[s.i+1] == '+') {
				s.i++
			}
		case sqlscan.IsWordByte(d):
			allZero = false
		default:
			return allZero && depth == 0, s.i > st
		}
		s.i++
	}
	return allZero && depth == 0, true
}

// word reads NULL, DEFAULT, TRUE, FALSE, a character set introducer and its literal, or a
// call of one of valueFunctions.
func (s *rowScanner) word(depth int) (zero, ok bool) {
	st := s.i
	for s.i < len(s.q) && sqlscan.IsWordByte(s.q[s.i]) {
		s.i++
	}
	word := s.q[st:s.i]
	switch {
	case sqlscan.EqualFoldASCII(word, "NULL"), sqlscan.EqualFoldASCII(word, "DEFAULT"):
		return depth == 0, true
	case sqlscan.EqualFoldASCII(word, "TRUE"):
		return false, true
	case sqlscan.EqualFoldASCII(word, "FALSE"):
		return depth == 0, true
	}
	w := strings.ToUpper(string(word))
	if w[0] == '_' { // a character set introducer: _binary '…', _utf8mb4 0x…
		if !s.space() {
			return false, false
		}
		if q := s.peek(); q == '\'' || q == '"' || (q >= '0' && q <= '9') || q == 'x' || q == 'X' || q == 'b' || q == 'B' {
			_, ok := s.value(depth + 1)
			return depth == 0, ok
		}
		return false, false
	}
	if !valueFunctions[w] || s.peek() != '(' {
		return false, false // a column, an unknown function, a subquery keyword
	}
	s.i++
	if !s.space() {
		return false, false
	}
	if s.peek() == ')' {
		s.i++
		return depth == 0, true
	}
	for {
		if _, ok := s.value(depth + 1); !ok {
			return false, false
		}
		if !s.space() {
			return false, false
		}
		c := s.peek()
		s.i++
		if c == ')' {
			return depth == 0, true // UNHEX('00') is 0 in an integer column
		}
		if c != ',' {
			return false, false
		}
	}
}

// str skips a quoted string starting at s.i (the quote), with doubled quotes and, unless
// NO_BACKSLASH_ESCAPES, backslash escapes; in gbk, sjis, big5 and gb18030 a character's
// second byte may be 0x5C and is not an escape.
func (s *rowScanner) str(q byte) bool {
	s.i++
	esc := !s.syn.NoBackslashEscapes && q != '`'
	if s.syn.Charset.Multibyte() {
		for s.i < len(s.q) {
			if n := s.syn.Charset.CharLen(s.q[s.i:]); n > 0 {
				s.i += n
				continue
			}
			c := s.q[s.i]
			switch {
			case c == '\\' && esc:
				s.i += 2
			case c == q:
				if s.i+1 < len(s.q) && s.q[s.i+1] == q {
					s.i += 2
					continue
				}
				s.i++
				return true
			default:
				s.i++
			}
		}
		return false
	}
	for {
		rest := s.q[s.i:]
		k := bytes.IndexByte(rest, q)
		if k < 0 {
			return false
		}
		if esc {
			if b := bytes.IndexByte(rest[:k], '\\'); b >= 0 {
				s.i += b + 2
				if s.i > len(s.q) {
					return false
				}
				continue
			}
		}
		s.i += k + 1
		if s.i < len(s.q) && s.q[s.i] == q {
			s.i++
			continue
		}
		return true
	}
}
