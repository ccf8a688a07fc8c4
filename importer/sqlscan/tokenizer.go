package sqlscan

import (
	"bytes"
	"iter"
	"strings"
)

// Syntax is how the stream quotes and escapes strings at a statement: the splitter's
// state after the SET statements before it (sql_mode, the client's charset command).
type Syntax struct {
	NoBackslashEscapes bool // NO_BACKSLASH_ESCAPES
	ANSIQuotes         bool // ANSI_QUOTES: "…" is an identifier
	Charset            Charset
	// Server is the target server: which executable comments run (zero: unknown).
	Server Server
}

// TokenKind is what a Token is.
type TokenKind uint8

const (
	EOF     TokenKind = iota
	Word              // unquoted identifier, keyword or number
	Quoted            // `identifier`, text unquoted
	String            // 'string' or "string", text as the server reads it (unescape)
	Var               // @name, @@name, @@session.name; text lower-cased, with its @s
	Punct             // one byte (`:=` two)
	Comment           // NextRaw only: a comment, or an executable comment's opener or closer
)

// Token is one token of SQL; Text is its text, unquoted for Quoted and String (Next only).
type Token struct {
	Kind TokenKind
	Text string
	// Start and End delimit the token in the Tokenizer's Src, quotes included.
	Start, End int
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
	// spans are the splitter's string spans of Src (UseSpans; nil when not in use),
	// spanAt the first one not passed yet.
	spans  []uint32
	spanAt int
	// srv decides which executable comments run; a skipped one is a comment.
	srv Server
}

// New returns a Tokenizer over q with the quoting rules syn.
func New(q []byte, syn Syntax) Tokenizer {
	return Tokenizer{Src: q, ansi: syn.ANSIQuotes, nbe: syn.NoBackslashEscapes, mb: syn.Charset, srv: syn.Server}
}

// Skip moves past spaces, comments and the openers and closers of executable comments.
func (l *Tokenizer) Skip() {
	for l.Pos < len(l.Src) {
		if l.mb.IsSpace(l.Src[l.Pos]) {
			l.Pos++
			continue
		}
		end := l.comment()
		if end == l.Pos {
			return
		}
		l.Pos = end
	}
}

// comment returns the end of the comment at l.Pos, or of the opener (`/*!50003`,
// `/*M!100100`) or closer (`*/`) of an executable comment, whose content is SQL the server
// runs; l.Pos when none starts there. An executable comment the target server skips (its
// version above the server's, `/*M!` on MySQL, mariadb-dump's `/*M!999999\- enable the
// sandbox mode */`, which the client sends glued to the next statement) is a comment.
func (l *Tokenizer) comment() int {
	b, i := l.Src, l.Pos
	if i >= len(b) {
		return i
	}
	switch c := b[i]; {
	case c == '/' && i+1 < len(b) && b[i+1] == '*':
		rest := b[i+2:]
		opener := 0 // the opener's length before the version, 0: a comment the server skips
		if len(rest) > 0 && rest[0] == '!' {
			if ok, n := l.srv.runs(rest[1:], false); ok {
				opener = 3 + n
			}
		} else if len(rest) > 1 && rest[0] == 'M' && rest[1] == '!' {
			if ok, n := l.srv.runs(rest[2:], true); ok {
				opener = 4 + n
			}
		}
		if opener > 0 {
			return i + opener
		}
		// plain comment, hint, or an executable comment this server skips: whole
		k := bytes.Index(rest, []byte("*/"))
		if k < 0 {
			return len(b)
		}
		return i + 2 + k + 2
	case c == '*' && i+1 < len(b) && b[i+1] == '/':
		return i + 2
	case c == '#' || (c == '-' && i+1 < len(b) && b[i+1] == '-' && l.mb.DashCommentAfter(b[i+2:])):
		k := bytes.IndexByte(b[i:], '\n')
		if k < 0 {
			return len(b)
		}
		return i + k + 1
	}
	return i
}

// IsWordByte reports whether c can be part of an unquoted identifier, keyword or number.
func IsWordByte(c byte) bool {
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

// quoted reads a quoted run starting at l.Pos (the quote) and returns its text, or ""
// without text: a string's as the server reads it (unescape), an identifier's with its
// doubled quotes undone.
func (l *Tokenizer) quoted(text bool) string {
	st := l.Pos
	q := l.Src[l.Pos]
	escapes := !l.nbe && q != '`' && !(q == '"' && l.ansi)
	end, next, _ := literalEnd(l.Src, l.Pos+1, q, escapes, l.mb)
	l.Pos = next
	if !text {
		return ""
	}
	body := l.Src[st+1 : end]
	if bytes.IndexByte(body, q) < 0 && (!escapes || bytes.IndexByte(body, '\\') < 0) {
		return string(body)
	}
	return string(unescape(make([]byte, 0, len(body)), body, q, escapes, l.mb))
}

// Next returns the next token, or one of kind EOF at the end. `:=` is the Punct "=".
func (l *Tokenizer) Next() Token {
	l.Skip()
	return l.token(true)
}

// NextRaw is Next for the rewriters, which edit Src in place: comments are tokens too
// (Comment: a comment whole, or an executable comment's opener or closer, so that its
// content is read as SQL), and Text is left empty, so that a walk over a large statement
// allocates nothing; Src[Start:End] is the token.
func (l *Tokenizer) NextRaw() Token {
	for l.Pos < len(l.Src) && l.mb.IsSpace(l.Src[l.Pos]) {
		l.Pos++
	}
	if end := l.comment(); end > l.Pos {
		t := Token{Kind: Comment, Start: l.Pos, End: end}
		l.Pos = end
		return t
	}
	return l.token(false)
}

// token reads the token at l.Pos (not a space or comment); text says whether to fill Text.
func (l *Tokenizer) token(text bool) Token {
	st := l.Pos
	t := Token{Start: st, End: st}
	if st >= len(l.Src) {
		return t
	}
	c := l.Src[st]
	switch {
	case c == '`' || (c == '"' && l.ansi):
		t.Kind, t.Text = Quoted, l.quoted(text)
	case c == '\'' || c == '"':
		t.Kind, t.Text = String, l.quoted(text)
	case c == '@':
		for l.Pos < len(l.Src) && l.Src[l.Pos] == '@' {
			l.Pos++
		}
		if l.Pos < len(l.Src) && (l.Src[l.Pos] == '`' || l.Src[l.Pos] == '\'' || l.Src[l.Pos] == '"') {
			if l.Pos-st == 1 && st > 0 && (l.Src[st-1] == '`' || l.Src[st-1] == '\'') {
				// user@host in DEFINER=`u`@`h`: a separate '@'
				t.Kind = Punct
				if text {
					t.Text = "@"
				}
				break
			}
			n := l.Pos - st
			t.Kind, t.Text = Var, l.quoted(text)
			if text {
				t.Text = strings.Repeat("@", n) + strings.ToLower(t.Text)
			}
			break
		}
		for l.Pos < len(l.Src) && (l.mb.IsWordByte(l.Src[l.Pos]) || l.Src[l.Pos] == '.') {
			l.Pos++
		}
		t.Kind = Var
		if l.Pos-st == 1 {
			t.Kind = Punct
		}
		if text {
			t.Text = strings.ToLower(string(l.Src[st:l.Pos]))
		}
	case l.mb.IsWordByte(c):
		for l.Pos < len(l.Src) && l.mb.IsWordByte(l.Src[l.Pos]) {
			l.Pos++
		}
		t.Kind = Word
		if text {
			t.Text = string(l.Src[st:l.Pos])
		}
	case c == ':' && l.Pos+1 < len(l.Src) && l.Src[l.Pos+1] == '=':
		l.Pos += 2
		t.Kind = Punct
		if text {
			t.Text = "="
		}
	default:
		l.Pos++
		t.Kind = Punct
		if text {
			t.Text = string(c)
		}
	}
	t.End = l.Pos
	return t
}

// TopLevel yields the tokens of l from its position on that stand outside parentheses (not
// the parentheses themselves): a statement's own words, not a subquery's, a column
// list's or a function's arguments. The depth counts from l's position; after a ')'
// without its '(' nothing is at the top level until a '(' brings it back. The loop's
// body may read on with l.Next(), and what it reads so is not counted. It is the one
// walk of the kind (written three times before: plan's ALTER TABLE … RENAME and
// writeZone, split's NamedTables).
func TopLevel(l *Tokenizer) iter.Seq[Token] {
	return func(yield func(Token) bool) {
		depth := 0
		for t := l.Next(); t.Kind != EOF; t = l.Next() {
			switch {
			case t.Kind == Punct && t.Text == "(":
				depth++
			case t.Kind == Punct && t.Text == ")":
				depth--
			case depth == 0:
				if !yield(t) {
					return
				}
			}
		}
	}
}

// Ident is an identifier token's name: Src[Start:End] with the quotes removed and doubled
// quotes undone (without copying when there are none); a bare word as it is.
func (t Token) Ident(src []byte) []byte {
	s := src[t.Start:t.End]
	if t.Kind != Quoted {
		return s
	}
	c := s[0]
	if len(s) < 2 || s[len(s)-1] != c { // unterminated at the end of the statement
		return s[1:]
	}
	s = s[1 : len(s)-1]
	if bytes.IndexByte(s, c) < 0 {
		return s
	}
	return bytes.ReplaceAll(s, []byte{c, c}, []byte{c})
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

// Blanks are the bytes the server's lexer skips between tokens in every connection
// character set: my_isspace, 0x09–0x0D and 0x20 (the ctype tables of strings/ctype-*.c),
// so \v and \f as well as " \t\r\n" (SELECT @c\f:= 1 assigns @c). latin1 adds 0xA0
// (Charset.IsSpace). The one definition: a reader of SQL text trims or skips with these,
// never a set of its own (x-review14 #8).
const Blanks = " \t\n\v\f\r"

// IsSpace is the client's and server's space in SQL in every character set (Blanks);
// Charset.IsSpace adds latin1's 0xA0.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// TrimLeft is b without the Blanks it starts with.
func TrimLeft(b []byte) []byte {
	for len(b) > 0 && IsSpace(b[0]) {
		b = b[1:]
	}
	return b
}

// TrimRight is b without the Blanks it ends with.
func TrimRight(b []byte) []byte {
	for len(b) > 0 && IsSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// TrimSpace is b without its leading and trailing Blanks (not bytes.TrimSpace, whose
// Unicode spaces the server does not skip).
func TrimSpace(b []byte) []byte { return TrimRight(TrimLeft(b)) }

// OpensParen reports whether s, read from its start, holds '(' after blanks and comments
// alone: a name before it is a call (f\f(1), f /* c */ (1)). Without the connection's
// character set it takes 0xA0 for a blank too, so that a text search finds every call
// (latin1's blank; in utf8 a lone 0xA0 after a name is no valid statement).
func OpensParen(s string) bool {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case IsSpace(c) || c == 0xA0:
			i++
		case c == '(':
			return true
		case c == '/' && i+2 < len(s) && s[i+1] == '*' && s[i+2] != '!' && s[i+2] != 'M':
			k := strings.Index(s[i+2:], "*/")
			if k < 0 {
				return false
			}
			i += 2 + k + 2
		case c == '#' || (c == '-' && i+1 < len(s) && s[i+1] == '-' && Latin1.DashCommentAfter([]byte(s[i+2:]))):
			k := strings.IndexByte(s[i:], '\n')
			if k < 0 {
				return false
			}
			i += k + 1
		default:
			return false
		}
	}
	return false
}

// IsASCII reports whether s has no byte ≥ 0x80: a name whose case the server folds as
// EqualFoldASCII does, in any character set.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// EqualFoldASCII reports whether b is s in any ASCII case: keywords and variable names
// compared without allocating and without Unicode folding (the server folds them in ASCII).
func EqualFoldASCII(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		d := s[i]
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}

// QuoteIdent is name as a backquoted identifier, its backquotes doubled: how the server
// reads any name back, whatever its bytes (dots, spaces, backquotes).
func QuoteIdent(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

// SetTarget reads the target of one assignment of a SET statement at the tokenizer's
// position: an optional SESSION, LOCAL or GLOBAL, then the variable. name is the
// variable lowercased, without @@ and its scope (@@GLOBAL.sql_mode → sql_mode; a user
// variable keeps its @: @old_sql_mode), and global says whether the assignment is to the
// server's global value. tok is the variable's token, for the forms that assign nothing
// (SET NAMES, SET CHARACTER SET), and EOF at the end of the statement. The splitter's
// sql_mode tracking and the replay's literal sql_mode read SET statements through it, so
// that both see the same variable in the same scope.
//
// scope carries the statement's scope keyword from one assignment to the next: the
// server reads SET GLOBAL time_zone = '-03:00', sql_mode = 'NO_BACKSLASH_ESCAPES' as two
// GLOBAL assignments, the session keeping its sql_mode (MariaDB 10.11: a GLOBAL, SESSION
// or LOCAL holds for the plain names after it, until the next one; @@x, @@global.x and
// @@session.x name their own scope and change nothing after them; NAMES and CHARACTER SET
// are the session's under any keyword). A caller passes a pointer to one false per
// statement. Reading the second assignment as the session's made the splitter split the
// rows after it under NO_BACKSLASH_ESCAPES, where the client did not (difffuzz seed 44013).
func (l *Tokenizer) SetTarget(scope *bool) (tok Token, name string, global bool) {
	tok = l.Next()
	switch {
	case tok.Is("SESSION") || tok.Is("LOCAL"):
		*scope = false
		tok = l.Next()
	case tok.Is("GLOBAL"):
		*scope = true
		tok = l.Next()
	}
	name = strings.ToLower(tok.Text)
	switch {
	case tok.Kind == Var && strings.HasPrefix(name, "@@"):
		name = strings.TrimPrefix(name, "@@")
		global = strings.HasPrefix(name, "global.")
		if k := strings.IndexByte(name, '.'); k >= 0 {
			name = name[k+1:]
		}
	case tok.Kind == Var: // a user variable
	case tok.Kind == Word && (tok.Is("NAMES") || tok.Is("CHARACTER") || tok.Is("CHARSET")):
	default:
		global = *scope
	}
	return tok, name, global
}

// SkipAssignment moves past the current assignment of a SET to the next top-level comma
// and reports whether one came: a reader that follows one variable steps over the
// others' expressions. A top-level `;` ends the SET (false, as at the end): in a routine's
// body the next statement follows it, whose `SET a = 1, b = 2` read as more of this one's
// expression hid b's assignment from the body's readers (plan's setTargets,
// TestSkipAssignment). One statement alone holds no such `;`.
func (l *Tokenizer) SkipAssignment() bool {
	depth := 0
	for {
		tok := l.Next()
		switch {
		case tok.Kind == EOF:
			return false
		case tok.Kind != Punct:
		case tok.Text == "(":
			depth++
		case tok.Text == ")":
			depth--
		case tok.Text == ";" && depth <= 0:
			return false
		case tok.Text == "," && depth <= 0:
			return true
		}
	}
}

// Backticked returns q with each identifier that ANSI_QUOTES lets it quote "…" quoted `…`
// instead, which names the same object under every sql_mode: a statement text kept to run
// later (the key definitions --defer-indexes holds back) no longer depends on the sql_mode
// in force when it runs. Without ANSI_QUOTES in syn, or with no such identifier, it is q.
func Backticked(q []byte, syn Syntax) []byte {
	if !syn.ANSIQuotes || bytes.IndexByte(q, '"') < 0 {
		return q
	}
	l := New(q, syn)
	var out []byte
	last := 0
	for {
		tok := l.NextRaw()
		if tok.Kind == EOF {
			break
		}
		if tok.Kind != Quoted || q[tok.Start] != '"' {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(q)+8)
		}
		out = append(out, q[last:tok.Start]...)
		out = append(out, QuoteIdent(string(tok.Ident(q)))...)
		last = tok.End
	}
	if out == nil {
		return q
	}
	return append(out, q[last:]...)
}

// peek returns the next token of l without moving past it (a function: the Tokenizer is
// at its layout limit of methods).
func peek(l *Tokenizer) Token {
	save := l.Pos
	t := l.Next()
	l.Pos = save
	return t
}

// AtAssign reports whether the next token, past the server's blanks and comments, is
// `:=` (SELECT @c\f:= 1, @c /* x */ := 1 assign @c), without moving past it.
func (l *Tokenizer) AtAssign() bool {
	t := peek(l)
	return t.Kind == Punct && t.End-t.Start == 2 && l.Src[t.Start] == ':'
}

// AtEquals reports whether the next token is a plain `=` (not `:=`, which AtAssign
// finds), without moving past it.
func (l *Tokenizer) AtEquals() bool {
	t := peek(l)
	return t.Kind == Punct && t.Text == "="
}
