package sqlscan

import (
	"bytes"
	"strings"
)

// Syntax is how the stream quotes and escapes strings at a statement: the splitter's
// state after the SET statements before it (sql_mode, the client's charset command).
type Syntax struct {
	NoBackslashEscapes bool // NO_BACKSLASH_ESCAPES
	ANSIQuotes         bool // ANSI_QUOTES: "…" is an identifier
	Charset            Charset
}

// TokenKind is what a Token is.
type TokenKind uint8

const (
	EOF    TokenKind = iota
	Word             // unquoted identifier, keyword or number
	Quoted           // `identifier`, text unquoted
	String           // 'string' or "string", text roughly unescaped
	Var              // @name, @@name, @@session.name; text lower-cased, with its @s
	Punct            // one byte
)

// Token is one token of SQL; Text is its text, unquoted for Quoted and String.
type Token struct {
	Kind TokenKind
	Text string
}

// Tokenizer reads a statement's SQL token by token with the server's quoting rules: it
// skips spaces and comments, and sees through executable comments (their content is SQL
// the server runs).
type Tokenizer struct {
	// Src is the SQL.
	Src []byte
	// Pos is the index in Src of the next byte to read; callers save and restore it to
	// look ahead.
	Pos int
	// ansi: ANSI_QUOTES is on, so "…" is an identifier, not a string.
	ansi bool
	// nbe: NO_BACKSLASH_ESCAPES is on, so a backslash in a string is a plain byte ('C:\'
	// ends at its second quote). Read with escapes, such a string runs on past its end and
	// hides what follows it (an @v := … the planner must see).
	nbe bool
	// mb: a multibyte character set whose second bytes can be a backslash or a quote.
	mb Charset
}

// New returns a Tokenizer over q with the quoting rules syn.
func New(q []byte, syn Syntax) Tokenizer {
	return Tokenizer{Src: q, ansi: syn.ANSIQuotes, nbe: syn.NoBackslashEscapes, mb: syn.Charset}
}

// Skip moves past spaces, comments and the openers and closers of executable comments.
func (l *Tokenizer) Skip() {
	for l.Pos < len(l.Src) {
		c := l.Src[l.Pos]
		switch {
		case IsSpace(c):
			l.Pos++
		case c == '/' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '*':
			rest := l.Src[l.Pos+2:]
			switch {
			case len(rest) > 0 && rest[0] == '!' && !neverExecuted(rest[1:]):
				l.Pos += 3
				for l.Pos < len(l.Src) && l.Src[l.Pos] >= '0' && l.Src[l.Pos] <= '9' {
					l.Pos++
				}
			case len(rest) > 1 && rest[0] == 'M' && rest[1] == '!' && !neverExecuted(rest[2:]):
				l.Pos += 4
				for l.Pos < len(l.Src) && l.Src[l.Pos] >= '0' && l.Src[l.Pos] <= '9' {
					l.Pos++
				}
			default: // plain comment, hint, or an executable comment no server runs: skipped whole
				k := bytes.Index(rest, []byte("*/"))
				if k < 0 {
					l.Pos = len(l.Src)
				} else {
					l.Pos += 2 + k + 2
				}
			}
		case c == '*' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '/':
			l.Pos += 2
		case c == '#' || (c == '-' && l.Pos+2 < len(l.Src) && l.Src[l.Pos+1] == '-' && IsSpace(l.Src[l.Pos+2])):
			k := bytes.IndexByte(l.Src[l.Pos:], '\n')
			if k < 0 {
				l.Pos = len(l.Src)
			} else {
				l.Pos += k + 1
			}
		default:
			return
		}
	}
}

// neverExecuted reports whether an executable comment's version (the digits after `/*!` or
// `/*M!`) is one no server reaches, so servers treat the comment as a plain comment.
// mariadb-dump starts every file with `/*M!999999\- enable the sandbox mode */`, which the
// client sends glued to the next statement; classifying by the words inside it would make
// that SET statement look like "ENABLE".
func neverExecuted(b []byte) bool {
	v, n := 0, 0
	for n < len(b) && n < 6 && b[n] >= '0' && b[n] <= '9' {
		v = v*10 + int(b[n]-'0')
		n++
	}
	return n >= 5 && v >= 999999
}

// IsWordByte reports whether c can be part of an unquoted identifier, keyword or number.
func IsWordByte(c byte) bool {
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

// quoted reads a quoted run starting at l.Pos (the quote) and returns its unquoted text.
func (l *Tokenizer) quoted() string {
	q := l.Src[l.Pos]
	l.Pos++
	var sb []byte
	for l.Pos < len(l.Src) {
		c := l.Src[l.Pos]
		if n := l.mb.CharLen(l.Src[l.Pos:]); n > 0 {
			sb = append(sb, l.Src[l.Pos:l.Pos+n]...)
			l.Pos += n
			continue
		}
		if c == '\\' && !l.nbe && q != '`' && !(q == '"' && l.ansi) && l.Pos+1 < len(l.Src) {
			sb = append(sb, l.Src[l.Pos+1])
			l.Pos += 2
			continue
		}
		if c == q {
			if l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == q {
				sb = append(sb, q)
				l.Pos += 2
				continue
			}
			l.Pos++
			return string(sb)
		}
		sb = append(sb, c)
		l.Pos++
	}
	return string(sb)
}

// Next returns the next token, or one of kind EOF at the end. `:=` is the Punct "=".
func (l *Tokenizer) Next() Token {
	l.Skip()
	if l.Pos >= len(l.Src) {
		return Token{}
	}
	c := l.Src[l.Pos]
	switch {
	case c == '`' || (c == '"' && l.ansi):
		return Token{Quoted, l.quoted()}
	case c == '\'' || c == '"':
		return Token{String, l.quoted()}
	case c == '@':
		st := l.Pos
		for l.Pos < len(l.Src) && l.Src[l.Pos] == '@' {
			l.Pos++
		}
		if l.Pos < len(l.Src) && (l.Src[l.Pos] == '`' || l.Src[l.Pos] == '\'' || l.Src[l.Pos] == '"') {
			if l.Pos-st == 1 && st > 0 && (l.Src[st-1] == '`' || l.Src[st-1] == '\'') {
				// user@host in DEFINER=`u`@`h`: a separate '@'
				return Token{Punct, "@"}
			}
			return Token{Var, strings.Repeat("@", l.Pos-st) + strings.ToLower(l.quoted())}
		}
		for l.Pos < len(l.Src) && (IsWordByte(l.Src[l.Pos]) || l.Src[l.Pos] == '.') {
			l.Pos++
		}
		if l.Pos-st == 1 {
			return Token{Punct, "@"}
		}
		return Token{Var, strings.ToLower(string(l.Src[st:l.Pos]))}
	case IsWordByte(c):
		st := l.Pos
		for l.Pos < len(l.Src) && IsWordByte(l.Src[l.Pos]) {
			l.Pos++
		}
		return Token{Word, string(l.Src[st:l.Pos])}
	case c == ':' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '=':
		l.Pos += 2
		return Token{Punct, "="}
	}
	l.Pos++
	return Token{Punct, string(c)}
}

// Is reports whether t is the word (a keyword), in any case.
func (t Token) Is(word string) bool {
	return t.Kind == Word && strings.EqualFold(t.Text, word)
}

// IsName reports whether t can be an identifier.
func (t Token) IsName() bool { return t.Kind == Word || t.Kind == Quoted }

// Name reads `db`.`t` or t after the current token tok; it returns database and table.
func (l *Tokenizer) Name(tok Token) (db, table string) {
	if !tok.IsName() {
		return "", ""
	}
	save := l.Pos
	if d := l.Next(); d.Kind == Punct && d.Text == "." {
		if t := l.Next(); t.IsName() {
			return tok.Text, t.Text
		}
	}
	l.Pos = save
	return "", tok.Text
}

// SkipDefiner skips `= user[@host]` after DEFINER.
func (l *Tokenizer) SkipDefiner() {
	if t := l.Next(); t.Kind != Punct || t.Text != "=" {
		return
	}
	u := l.Next()
	save := l.Pos
	nt := l.Next()
	switch {
	case u.Is("CURRENT_USER") && nt.Kind == Punct && nt.Text == "(":
		l.Next() // ')'
	case nt.Kind == Punct && nt.Text == "@":
		l.Next()
	case nt.Kind == Var && !strings.HasPrefix(nt.Text, "@@"):
	default:
		l.Pos = save
	}
}

// IsSpace is the client's and server's space in SQL (outside latin1's 0xA0).
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
