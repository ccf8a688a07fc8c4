package importer

import "strings"

type mbKind uint8

const (
	mbNone    mbKind = iota // single-byte, or multibyte whose later bytes are all ≥ 0x80
	mbGBK                   // gbk: lead 81–FE, trail 40–7E 80–FE
	mbGB18030               // gb18030: gbk's pairs plus 4-byte 81–FE 30–39 81–FE 30–39
	mbSJIS                  // sjis, cp932: lead 81–9F E0–FC, trail 40–7E 80–FC
	mbBig5                  // big5: lead A1–F9, trail 40–7E A1–FE
)

// mbCharset is what the splitter needs to know about a connection character set: whether a
// character's second byte can be an ASCII byte such as '\' (0x5C), '`' or '|'. Those are the
// only character sets where reading byte by byte would see an escape or quote that the
// server does not see (the client's my_ismbchar()).
type mbCharset struct {
	kind mbKind
	name string
	// latin1: the client's latin1 ctype counts 0xA0 as whitespace (not utf8's).
	latin1 bool
}

// clientCharsets are the character sets the MariaDB 10.11 client's charset command accepts:
// those it knows by name (SHOW CHARACTER SET) less ucs2, utf16, utf16le and utf32, which it
// refuses ("Character sets with mbminlen>1 are not supported").
var clientCharsets = map[string]bool{
	"armscii8": true, "ascii": true, "big5": true, "binary": true, "cp1250": true, "cp1251": true,
	"cp1256": true, "cp1257": true, "cp850": true, "cp852": true, "cp866": true, "cp932": true,
	"dec8": true, "eucjpms": true, "euckr": true, "gb2312": true, "gbk": true, "geostd8": true,
	"greek": true, "hebrew": true, "hp8": true, "keybcs2": true, "koi8r": true, "koi8u": true,
	"latin1": true, "latin2": true, "latin5": true, "latin7": true, "macce": true, "macroman": true,
	"sjis": true, "swe7": true, "tis620": true, "ujis": true, "utf8mb3": true, "utf8mb4": true,
}

// clientCharsetName is the client's get_charset_by_csname() for the charset command: the
// character set's own name for name in any case ("utf8" is utf8mb3, as the client's
// default old_mode has it), or false when the client does not know it.
func clientCharsetName(name string) (string, bool) {
	n := strings.ToLower(name)
	if n == "utf8" {
		n = "utf8mb3"
	}
	return n, clientCharsets[n]
}

func charsetByName(name string) mbCharset {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "gbk":
		return mbCharset{mbGBK, n, false}
	case "gb18030":
		return mbCharset{mbGB18030, n, false}
	case "sjis", "cp932":
		return mbCharset{mbSJIS, n, false}
	case "big5":
		return mbCharset{mbBig5, n, false}
	case "latin1":
		return mbCharset{mbNone, n, true}
	}
	return mbCharset{}
}

func (m mbCharset) isLead(c byte) bool {
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

func (m mbCharset) markLeads(t *[256]bool) {
	if m.kind == mbNone {
		return
	}
	for c := 0x80; c < 0x100; c++ {
		if m.isLead(byte(c)) {
			t[c] = true
		}
	}
}

// charLen returns the length of the multibyte character at b[0], or 0 when b[0] does not
// start one (my_ismbchar).
func (m mbCharset) charLen(b []byte) int {
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
