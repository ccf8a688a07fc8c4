package sqlscan

import "strings"

type mbKind uint8

const (
	mbNone    mbKind = iota // single-byte, or multibyte whose later bytes are all ≥ 0x80
	mbGBK                   // gbk: lead 81–FE, trail 40–7E 80–FE
	mbGB18030               // gb18030: gbk's pairs plus 4-byte 81–FE 30–39 81–FE 30–39
	mbSJIS                  // sjis, cp932: lead 81–9F E0–FC, trail 40–7E 80–FC
	mbBig5                  // big5: lead A1–F9, trail 40–7E A1–FE
)

// Charset is what a scanner needs to know about a connection character set: whether a
// character's second byte can be an ASCII byte such as '\' (0x5C), '`' or '|'. Those are the
// only character sets where reading byte by byte would see an escape or quote that the
// server does not see (the client's my_ismbchar()).
type Charset struct {
	kind mbKind
	Name string
	// Latin1: the client's Latin1 ctype counts 0xA0 as whitespace (not utf8's).
	Latin1 bool
	// space is the byte ≥ 0x80 the server's lexer skips as a blank in this connection
	// character set (my_isspace: 0xA0, NO-BREAK SPACE, in latin1, latin2, cp1250 …; 0xFF
	// in cp852, cp866, keybcs2), 0 for none; see serverSpace.
	space byte
}

// serverSpace is the byte ≥ 0x80 that my_isspace of each single-byte character set
// counts as a space, found on MariaDB 10.11 by sending SET NAMES cs; SELECT 1<b>AS a for
// every b ≥ 0x80 (one column: b is a blank). The others (ascii, binary, cp1251, cp1256,
// cp1257, cp850, hp8, koi8r, koi8u, macce, macroman, swe7, the multibyte ones) have none.
var serverSpace = map[string]byte{
	"armscii8": 0xA0, "cp1250": 0xA0, "dec8": 0xA0, "geostd8": 0xA0, "greek": 0xA0, "hebrew": 0xA0,
	"latin1": 0xA0, "latin2": 0xA0, "latin5": 0xA0, "latin7": 0xA0,
	"cp852": 0xFF, "cp866": 0xFF, "keybcs2": 0xFF,
}

// CharsetByName is the Charset of a character set's name, in any case; the zero Charset
// (single-byte, or multibyte with every later byte ≥ 0x80) for the others.
func CharsetByName(name string) Charset {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "gbk":
		return Charset{kind: mbGBK, Name: n}
	case "gb18030":
		return Charset{kind: mbGB18030, Name: n}
	case "sjis", "cp932":
		return Charset{kind: mbSJIS, Name: n}
	case "big5":
		return Charset{kind: mbBig5, Name: n}
	case "latin1":
		return Charset{kind: mbNone, Name: n, Latin1: true, space: 0xA0}
	}
	if sp := serverSpace[n]; sp != 0 {
		return Charset{Name: n, space: sp}
	}
	return Charset{}
}

// Latin1 is the latin1 connection character set.
var Latin1 = CharsetByName("latin1")

// IsSpace reports whether the server's lexer skips c between tokens in this connection
// character set (my_isspace): the Blanks, and the character set's own (serverSpace:
// `SET NAMES latin1; SELECT @c<A0>:= 7` assigns @c; in utf8mb4 the same bytes are ERROR
// 1064).
func (m Charset) IsSpace(c byte) bool { return IsSpace(c) || (c == m.space && c != 0) }

// IsWordByte is IsWordByte in this character set: its blank ≥ 0x80 ends a name or
// keyword (INSERT<A0>INTO is two words to a latin1 connection).
func (m Charset) IsWordByte(c byte) bool { return IsWordByte(c) && (c != m.space || c == 0) }

// DashCommentAfter reports whether "--" followed by rest opens a comment to the end of the
// line for the server: the next byte is a space or a control character, or there is none
// (sql_lex.cc, MY_LEX_MINUS_OR_COMMENT: my_isspace || my_iscntrl of the byte after).
func (m Charset) DashCommentAfter(rest []byte) bool {
	if len(rest) == 0 {
		return true
	}
	c := rest[0]
	return m.IsSpace(c) || c < 0x20 || c == 0x7F
}

// Multibyte reports whether some character's later bytes can be ASCII bytes, so that a
// scanner must step over whole characters (CharLen) to see quotes and escapes as the
// server does.
func (m Charset) Multibyte() bool { return m.kind != mbNone }

func (m Charset) isLead(c byte) bool {
	switch m.kind {
	case mbGBK, mbGB18030:
		return c >= 0x81 && c <= 0xFE
	case mbSJIS:
		return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)
	case mbBig5:
		return c >= 0xA1 && c <= 0xF9
	}
	return false
}

// MarkLeads sets t[c] for every byte c that starts a multibyte character (a splitter's
// table of bytes to stop at).
func (m Charset) MarkLeads(t *[256]bool) {
	if m.kind == mbNone {
		return
	}
	for c := 0x80; c < 0x100; c++ {
		if m.isLead(byte(c)) {
			t[c] = true
		}
	}
}

// CharLen returns the length of the multibyte character at b[0], or 0 when b[0] does not
// start one (my_ismbchar).
func (m Charset) CharLen(b []byte) int {
	if len(b) < 2 || !m.isLead(b[0]) {
		return 0
	}
	t := b[1]
	switch m.kind {
	case mbGBK:
		if (t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE) {
			return 2
		}
	case mbGB18030:
		if (t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE) {
			return 2
		}
		if t >= 0x30 && t <= 0x39 && len(b) >= 4 && b[2] >= 0x81 && b[2] <= 0xFE && b[3] >= 0x30 && b[3] <= 0x39 {
			return 4
		}
	case mbSJIS:
		if (t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC) {
			return 2
		}
	case mbBig5:
		if (t >= 0x40 && t <= 0x7E) || (t >= 0xA1 && t <= 0xFE) {
			return 2
		}
	}
	return 0
}
