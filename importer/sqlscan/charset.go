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
}

// CharsetByName is the Charset of a character set's name, in any case; the zero Charset
// (single-byte, or multibyte with every later byte ≥ 0x80) for the others.
func CharsetByName(name string) Charset {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "gbk":
		return Charset{mbGBK, n, false}
	case "gb18030":
		return Charset{mbGB18030, n, false}
	case "sjis", "cp932":
		return Charset{mbSJIS, n, false}
	case "big5":
		return Charset{mbBig5, n, false}
	case "latin1":
		return Charset{mbNone, n, true}
	}
	return Charset{}
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
