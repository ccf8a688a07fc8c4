package importer

import (
	"bytes"
	"strings"
)

// The classifier reads the first words of a statement's SQL to fill Kind, Verb, Database,
// Table and Rows. It sees through executable comments (/*!40101 … */, /*M!100100 … */),
// so mysqldump's `/*!50003 CREATE*/ /*!50017 DEFINER=…*/ /*!50003 TRIGGER t …` is a
// CREATE TRIGGER on t. It looks only at the head of the statement: O(head), not O(size),
// except INSERT row counting, which the splitter does while scanning.

type tokKind uint8

const (
	tEOF    tokKind = iota
	tWord           // unquoted identifier, keyword or number
	tQuoted         // `identifier`, text unquoted
	tString         // 'string' or "string", text roughly unescaped
	tVar            // @name, @@name, @@session.name; text lower-cased, with its @s
	tPunct          // one byte
)

type token struct {
	kind tokKind
	text string
}

type lexer struct {
	b []byte
	i int
	// ansi: ANSI_QUOTES is on, so "…" is an identifier, not a string.
	ansi bool
	// nbe: NO_BACKSLASH_ESCAPES is on, so a backslash in a string is a plain byte ('C:\'
	// ends at its second quote). Read with escapes, such a string runs on past its end and
	// hides what follows it (an @v := … the planner must see).
	nbe bool
	// mb: a multibyte character set whose second bytes can be a backslash or a quote.
	mb mbCharset
}

// newLexer returns a lexer over q with the quoting rules syn.
func newLexer(q []byte, syn scanSyntax) lexer {
	return lexer{b: q, ansi: syn.ansiQuotes, nbe: syn.noBackslash, mb: syn.mb}
}

// lexer returns a lexer over st's SQL with the quoting rules it was split under.
func (st *Statement) lexer() lexer { return newLexer(st.SQL, st.syn) }

func (l *lexer) skip() {
	for l.i < len(l.b) {
		c := l.b[l.i]
		switch {
		case isSpace(c):
			l.i++
		case c == '/' && l.i+1 < len(l.b) && l.b[l.i+1] == '*':
			rest := l.b[l.i+2:]
			switch {
			case len(rest) > 0 && rest[0] == '!' && !neverExecuted(rest[1:]):
				l.i += 3
				for l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '9' {
					l.i++
				}
			case len(rest) > 1 && rest[0] == 'M' && rest[1] == '!' && !neverExecuted(rest[2:]):
				l.i += 4
				for l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '9' {
					l.i++
				}
			default: // plain comment, hint, or an executable comment no server runs: skipped whole
				k := bytes.Index(rest, []byte("*/"))
				if k < 0 {
					l.i = len(l.b)
				} else {
					l.i += 2 + k + 2
				}
			}
		case c == '*' && l.i+1 < len(l.b) && l.b[l.i+1] == '/':
			l.i += 2
		case c == '#' || (c == '-' && l.i+2 < len(l.b) && l.b[l.i+1] == '-' && isSpace(l.b[l.i+2])):
			k := bytes.IndexByte(l.b[l.i:], '\n')
			if k < 0 {
				l.i = len(l.b)
			} else {
				l.i += k + 1
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

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

// quoted reads a quoted run starting at l.i (the quote) and returns its unquoted text.
func (l *lexer) quoted() string {
	q := l.b[l.i]
	l.i++
	var sb []byte
	for l.i < len(l.b) {
		c := l.b[l.i]
		if n := l.mb.charLen(l.b[l.i:]); n > 0 {
			sb = append(sb, l.b[l.i:l.i+n]...)
			l.i += n
			continue
		}
		if c == '\\' && !l.nbe && q != '`' && !(q == '"' && l.ansi) && l.i+1 < len(l.b) {
			sb = append(sb, l.b[l.i+1])
			l.i += 2
			continue
		}
		if c == q {
			if l.i+1 < len(l.b) && l.b[l.i+1] == q {
				sb = append(sb, q)
				l.i += 2
				continue
			}
			l.i++
			return string(sb)
		}
		sb = append(sb, c)
		l.i++
	}
	return string(sb)
}

func (l *lexer) next() token {
	l.skip()
	if l.i >= len(l.b) {
		return token{}
	}
	c := l.b[l.i]
	switch {
	case c == '`' || (c == '"' && l.ansi):
		return token{tQuoted, l.quoted()}
	case c == '\'' || c == '"':
		return token{tString, l.quoted()}
	case c == '@':
		st := l.i
		for l.i < len(l.b) && l.b[l.i] == '@' {
			l.i++
		}
		if l.i < len(l.b) && (l.b[l.i] == '`' || l.b[l.i] == '\'' || l.b[l.i] == '"') {
			if l.i-st == 1 && st > 0 && (l.b[st-1] == '`' || l.b[st-1] == '\'') {
				// user@host in DEFINER=`u`@`h`: a separate '@'
				return token{tPunct, "@"}
			}
			return token{tVar, strings.Repeat("@", l.i-st) + strings.ToLower(l.quoted())}
		}
		for l.i < len(l.b) && (isWordByte(l.b[l.i]) || l.b[l.i] == '.') {
			l.i++
		}
		if l.i-st == 1 {
			return token{tPunct, "@"}
		}
		return token{tVar, strings.ToLower(string(l.b[st:l.i]))}
	case isWordByte(c):
		st := l.i
		for l.i < len(l.b) && isWordByte(l.b[l.i]) {
			l.i++
		}
		return token{tWord, string(l.b[st:l.i])}
	case c == ':' && l.i+1 < len(l.b) && l.b[l.i+1] == '=':
		l.i += 2
		return token{tPunct, "="}
	}
	l.i++
	return token{tPunct, string(c)}
}

func (t token) is(word string) bool {
	return t.kind == tWord && strings.EqualFold(t.text, word)
}

func (t token) isName() bool { return t.kind == tWord || t.kind == tQuoted }

// name reads `db`.`t` or t after the current token tok; it returns database and table.
func (l *lexer) name(tok token) (db, table string) {
	if !tok.isName() {
		return "", ""
	}
	save := l.i
	if d := l.next(); d.kind == tPunct && d.text == "." {
		if t := l.next(); t.isName() {
			return tok.text, t.text
		}
	}
	l.i = save
	return "", tok.text
}

// skipDefiner skips `= user[@host]` after DEFINER.
func (l *lexer) skipDefiner() {
	if t := l.next(); t.kind != tPunct || t.text != "=" {
		return
	}
	u := l.next()
	save := l.i
	nt := l.next()
	switch {
	case u.is("CURRENT_USER") && nt.kind == tPunct && nt.text == "(":
		l.next() // ')'
	case nt.kind == tPunct && nt.text == "@":
		l.next()
	case nt.kind == tVar && !strings.HasPrefix(nt.text, "@@"):
	default:
		l.i = save
	}
}

// classify fills Kind, Verb, Database, Table and Rows of s.cur from its SQL.
func (s *Splitter) classify() {
	st := &s.cur
	l := newLexer(st.SQL, s.syntax())
	t := l.next()
	if t.kind != tWord {
		return
	}
	w := strings.ToUpper(t.text)
	st.Verb = w
	switch w {
	case "INSERT", "REPLACE":
		st.Kind = KindInsert
		for {
			t = l.next()
			if t.is("LOW_PRIORITY") || t.is("DELAYED") || t.is("HIGH_PRIORITY") || t.is("IGNORE") || t.is("INTO") {
				continue
			}
			break
		}
		st.Database, st.Table = l.name(t)
		st.Rows = s.insertRows(&l)
	case "CREATE", "ALTER", "DROP":
		s.classifyDDL(&l, w)
	case "RENAME", "TRUNCATE":
		st.Kind = KindDDL
		t = l.next()
		if t.is("TABLE") {
			st.Verb = w + " TABLE"
			t = l.next()
		}
		st.Database, st.Table = l.name(t)
	case "LOCK", "UNLOCK":
		st.Kind = KindLock
		t = l.next()
		if t.is("TABLES") || t.is("TABLE") {
			st.Verb = w + " TABLES"
			if w == "LOCK" {
				st.Database, st.Table = l.name(l.next())
			}
		} else {
			st.Kind = KindOther
		}
	case "SET":
		if l.next().is("STATEMENT") {
			// SET STATEMENT var=… FOR stmt: the variables hold for stmt alone, which
			// changes data; not session state to replay on every connection or resume.
			st.Kind, st.Verb = KindOther, "SET STATEMENT"
			break
		}
		st.Kind = KindSession
		s.track.set(s, st.SQL)
	case "USE":
		st.Kind = KindSession
		st.Database = l.next().text
	case "BEGIN":
		st.Kind = KindTxn
		if l.next().is("NOT") {
			st.Kind = KindOther // BEGIN NOT ATOMIC … END: a compound statement
		}
	case "COMMIT", "ROLLBACK":
		st.Kind = KindTxn
	case "START":
		if l.next().is("TRANSACTION") {
			st.Kind = KindTxn
			st.Verb = "START TRANSACTION"
		}
	}
}

func (s *Splitter) classifyDDL(l *lexer, verb string) {
	st := &s.cur
	st.Kind = KindOther
	for {
		t := l.next()
		if t.kind != tWord {
			return
		}
		switch strings.ToUpper(t.text) {
		case "OR", "REPLACE", "TEMPORARY", "ONLINE", "OFFLINE", "IGNORE", "AGGREGATE",
			"UNIQUE", "FULLTEXT", "SPATIAL", "NOT", "EXISTS":
			continue
		case "DEFINER":
			l.skipDefiner()
			continue
		case "ALGORITHM":
			l.next() // =
			l.next()
			continue
		case "SQL":
			l.next() // SECURITY
			l.next()
			continue
		case "TABLE", "DATABASE", "SCHEMA", "VIEW", "INDEX", "SEQUENCE":
			st.Kind = KindDDL
		case "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "PACKAGE":
			st.Kind = KindRoutine
		default:
			return
		}
		obj := strings.ToUpper(t.text)
		st.Verb = verb + " " + obj
		n := l.next()
		for n.is("IF") || n.is("NOT") || n.is("EXISTS") {
			n = l.next()
		}
		if obj == "PACKAGE" && n.is("BODY") {
			n = l.next()
		}
		if obj == "DATABASE" || obj == "SCHEMA" {
			if n.isName() {
				st.Database = n.text
			}
			return
		}
		st.Database, st.Table = l.name(n)
		if obj == "INDEX" {
			// CREATE INDEX i ON t: the table is what the statement acts on
			for t := l.next(); t.kind != tEOF; t = l.next() {
				if t.is("ON") {
					st.Database, st.Table = l.name(l.next())
					break
				}
			}
		}
		return
	}
}

// insertRows returns the row tuples of an INSERT/REPLACE whose table was just read: the
// splitter counted the top-level parenthesised groups of the whole statement; the ones
// before VALUES (a column list, a PARTITION list) are not rows. INSERT … SET is one row;
// INSERT … SELECT is 0 (unknown).
func (s *Splitter) insertRows(l *lexer) int64 {
	var before int64
	for {
		t := l.next()
		switch {
		case t.kind == tEOF:
			return 0
		case t.kind == tPunct && t.text == "(":
			before++
			depth := 1
			for depth > 0 {
				t = l.next()
				switch {
				case t.kind == tEOF:
					return 0
				case t.kind == tPunct && t.text == "(":
					depth++
				case t.kind == tPunct && t.text == ")":
					depth--
				}
			}
		case t.is("VALUES") || t.is("VALUE"):
			if n := s.groups - before; n > 0 {
				return n
			}
			return 0
		case t.is("SET"):
			return 1
		case t.is("PARTITION"):
		default:
			if t.kind == tWord && (t.is("SELECT") || t.is("WITH") || t.is("TABLE")) {
				return 0
			}
		}
	}
}

// TouchesSQLMode reports whether a statement may change the session's sql_mode (a SET that
// names sql_mode), after which a replayer re-reads @@session.sql_mode and calls
// SetNoBackslashEscapes.
func TouchesSQLMode(st Statement) bool {
	return st.Kind == KindSession && splitContainsFold(st.SQL, "sql_mode")
}

func splitContainsFold(b []byte, s string) bool {
	n := len(s)
	for i := 0; i+n <= len(b); i++ {
		if equalFoldASCII(b[i:i+n], s) {
			return true
		}
	}
	return false
}
