package sqlscan

import (
	"strings"
)

// The one reader of a string literal's value: what the server makes of the bytes between
// its quotes. The readers of dynamic SQL (EXECUTE IMMEDIATE '…', PREPARE s FROM '…', the
// same in a routine's body: plan's diagnostics and transaction readers, transform's
// wrappers, preflight's body guard) read the statement a literal holds through
// LiteralStatement, so that they read the text the server runs. A rough unescape that
// turned \n, \t and \r into letters read 'DELETE\nFROM other.k' as "DELETEnFROM …", a
// word no reader knows: the guard let it write the target's table, the planner missed
// 'SET\tautocommit = 0' and 'GET\nDIAGNOSTICS …' (x-review24, TestReviewX24Escaped*).
// TestUnescapeMatchesServer holds the decoder to a real server's reading of each form.

// unescape appends to dst the bytes the server reads from body, the bytes between the
// quotes of a literal quoted by q (MariaDB 10.11 sql_lex.cc unescape()): a doubled q is
// one q; with escapes (a string, NO_BACKSLASH_ESCAPES off) \0 \b \n \r \t \Z are NUL,
// backspace, newline, carriage return, tab and 0x1A, \% and \_ keep their backslash (for
// LIKE), and a backslash before any other byte is dropped (\\ \' \" \e …). A character of
// a multibyte character set mb is copied whole: its second byte may be a backslash or a
// quote the server does not see as one.
func unescape(dst, body []byte, q byte, escapes bool, mb Charset) []byte {
	for i := 0; i < len(body); i++ {
		if n := mb.CharLen(body[i:]); n > 0 {
			dst = append(dst, body[i:i+n]...)
			i += n - 1
			continue
		}
		c := body[i]
		switch {
		case c == '\\' && escapes && i+1 < len(body):
			i++
			switch e := body[i]; e {
			case '0':
				dst = append(dst, 0)
			case 'b':
				dst = append(dst, '\b')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'Z':
				dst = append(dst, 0x1a)
			case '%', '_':
				dst = append(dst, '\\', e)
			default:
				dst = append(dst, e)
			}
		case c == q && i+1 < len(body) && body[i+1] == q:
			dst = append(dst, q)
			i++
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// literalEnd finds where the body of a literal quoted by q ends, the body starting at
// src[pos]: end is the closing quote's index (len(src) for an unterminated literal, closed
// false), next the index after it. A doubled q and, with escapes, a backslash and the byte
// after it do not close it; a character of mb is stepped over whole (its second byte may
// be a quote or a backslash the server does not see as one).
func literalEnd(src []byte, pos int, q byte, escapes bool, mb Charset) (end, next int, closed bool) {
	for pos < len(src) {
		if n := mb.CharLen(src[pos:]); n > 0 {
			pos += n
			continue
		}
		c := src[pos]
		if c == '\\' && escapes && pos+1 < len(src) {
			pos += 2
			continue
		}
		if c == q {
			if pos+1 < len(src) && src[pos+1] == q {
				pos += 2
				continue
			}
			return pos, pos + 1, true
		}
		pos++
	}
	return len(src), len(src), false
}

// StringLiteral reads the quoted string q begins with ('…' or "…") and returns the value
// the server reads, by the same rules as the tokenizer (unescape): for a reader outside a
// Tokenizer (LOAD DATA LOCAL INFILE's file name). ok is false when q does not begin with
// a quote or the literal is not closed.
func StringLiteral(q []byte, escapes bool, mb Charset) (string, bool) {
	if len(q) == 0 || q[0] != '\'' && q[0] != '"' {
		return "", false
	}
	end, _, closed := literalEnd(q, 1, q[0], escapes, mb)
	if !closed {
		return "", false
	}
	return string(unescape(nil, q[1:end], q[0], escapes, mb)), true
}

// LiteralStatement reads the text of a literal that is the whole of what follows (up to
// USING, a ';' or the end), as the server runs it: 'a', "a", 'a' 'b' (joined, as the
// server joins adjacent strings), _utf8mb4'a', N'a', X'41', 0x41, b'01000001', 0b0100….
// ok is false for anything else (an expression, a variable: what it holds is known only
// when it runs), and for a literal whose text the server converts in a way not followed
// here: an introducer other than _binary before bytes ≥ 0x80 (the server converts them
// from the introducer's character set to the connection's: _latin1'é' runs as 'Ã©' on a
// utf8 connection), or of a character set that is not ASCII (ucs2, utf16, utf32). A NUL
// at the end of the text (blanks after it aside) is left out: the server's parser takes
// it for the end of the statement ('SET autocommit = 0\0' runs as the SET; a NUL before
// anything else is a syntax error, measured on 10.11), and a reader that met it as a
// character refused what the server runs.
func LiteralStatement(l *Tokenizer) (string, bool) {
	t := l.Next()
	quoteNext := l.Pos < len(l.Src) && l.Src[l.Pos] == '\''
	if t.Kind == Word && (quoteNext || strings.HasPrefix(t.Text, "0") && len(t.Text) > 2) {
		if b, ok := numberLiteral(t.Text, l); ok {
			return b, literalEnds(l.Next())
		}
	}
	introducer := ""
	if t.Kind == Word && (strings.HasPrefix(t.Text, "_") || strings.EqualFold(t.Text, "N") && quoteNext) {
		introducer = strings.ToLower(t.Text)
		t = l.Next()
	}
	if t.Kind != String {
		return "", false
	}
	var sb strings.Builder
	for t.Kind == String {
		sb.WriteString(t.Text)
		t = l.Next()
	}
	if !literalEnds(t) {
		return "", false // 'a' || x, 'a' + 1: an expression
	}
	s := sb.String()
	if i := strings.LastIndexByte(s, 0); i >= 0 && strings.Trim(s[i+1:], Blanks) == "" {
		s = s[:i]
	}
	switch introducer {
	case "", "_binary":
	case "_ucs2", "_utf16", "_utf16le", "_utf32":
		return "", false
	default:
		if !IsASCII(s) {
			return "", false
		}
	}
	return s, true
}

// literalEnds reports whether t, the token after a literal, ends what LiteralStatement
// reads: the end, USING or a ';'.
func literalEnds(t Token) bool {
	return t.Kind == EOF || t.Is("USING") || t.Kind == Punct && t.Text == ";"
}

// numberLiteral reads a hexadecimal or bit literal whose first token is w: X'4142' or
// B'0100' (w is X or B and l is at the quote: the literal is read on), 0x4142 or 0b0100
// (w is the whole literal). It returns its bytes as the server makes them (an odd count
// of hex digits or bits short of whole bytes are padded with zeros on the left); ok is
// false for anything else.
func numberLiteral(w string, l *Tokenizer) (string, bool) {
	var digits string
	hex := false
	switch {
	case (w == "X" || w == "x" || w == "B" || w == "b") && l.Pos < len(l.Src) && l.Src[l.Pos] == '\'':
		s := l.Next()
		if s.Kind != String || l.Src[s.End-1] != '\'' || s.End-s.Start < 2 {
			return "", false
		}
		digits, hex = string(l.Src[s.Start+1:s.End-1]), w == "X" || w == "x"
	case len(w) > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'b'):
		digits, hex = w[2:], w[1] == 'x'
	default:
		return "", false
	}
	per := 8 // digits per byte
	if hex {
		per = 2
	}
	if pad := len(digits) % per; pad != 0 {
		if hex && w[0] != '0' {
			return "", false // X'414': the server refuses an odd count in quotes
		}
		digits = strings.Repeat("0", per-pad) + digits
	}
	out := make([]byte, 0, len(digits)/per)
	for i := 0; i < len(digits); i += per {
		var v byte
		for _, c := range []byte(digits[i : i+per]) {
			switch {
			case hex && c >= '0' && c <= '9':
				v = v<<4 | (c - '0')
			case hex && c >= 'a' && c <= 'f':
				v = v<<4 | (c - 'a' + 10)
			case hex && c >= 'A' && c <= 'F':
				v = v<<4 | (c - 'A' + 10)
			case !hex && (c == '0' || c == '1'):
				v = v<<1 | (c - '0')
			default:
				return "", false
			}
		}
		out = append(out, v)
	}
	return string(out), true
}
