package importer

import "strings"

// tracker follows the session state that changes how the rest of the dump splits, from the
// SET statements themselves: the connection character set (always, see split.go) and
// sql_mode's NO_BACKSLASH_ESCAPES / ANSI_QUOTES (with SplitOptions.TrackSQLMode). It
// evaluates only what dumps write: literals, DEFAULT, @@system variables and user variables
// assigned earlier (@OLD_SQL_MODE=@@SQL_MODE … SQL_MODE=@OLD_SQL_MODE).
type tracker struct {
	mode trackedMode
	cs   string
	vars map[string]trackedValue
	// ModeChanges counts statements that assigned the session sql_mode.
	modeChanges int64
}

type trackedMode struct {
	text      string // as assigned; "" when never assigned in the stream
	nbe, ansi bool
}

type trackedValue struct {
	s     string
	mode  trackedMode
	known bool
}

func (t *tracker) init(nbe bool, charset string) {
	t.mode.nbe = nbe
	t.cs = strings.ToLower(charset)
	t.vars = map[string]trackedValue{}
}

func parseSQLMode(v string) trackedMode {
	m := trackedMode{text: v}
	for _, f := range strings.Split(strings.ToUpper(v), ",") {
		switch strings.TrimSpace(f) {
		case "NO_BACKSLASH_ESCAPES":
			m.nbe = true
		case "ANSI_QUOTES", "ANSI", "ORACLE", "DB2", "POSTGRESQL", "MSSQL", "MAXDB":
			m.ansi = true
		}
	}
	return m
}

// set evaluates one SET statement.
func (t *tracker) set(s *Splitter, sql []byte) {
	l := newLexer(sql, s.syntax())
	l.next() // SET
	for {
		tok := l.next()
		global := false
		switch {
		case tok.is("SESSION") || tok.is("LOCAL"):
			tok = l.next()
		case tok.is("GLOBAL"):
			global = true
			tok = l.next()
		}
		switch {
		case tok.kind == tEOF:
			return
		case tok.is("NAMES") || tok.is("CHARSET"):
			if v := l.next(); !global && (v.isName() || v.kind == tString) {
				t.setCharset(s, v.text)
			}
		case tok.is("CHARACTER"):
			l.next() // SET
			if v := l.next(); !global && (v.isName() || v.kind == tString) {
				t.setCharset(s, v.text)
			}
		default:
			target := strings.ToLower(tok.text)
			if tok.kind == tVar && strings.HasPrefix(target, "@@") {
				target = strings.TrimPrefix(target, "@@")
				global = strings.HasPrefix(target, "global.")
				if k := strings.IndexByte(target, '.'); k >= 0 {
					target = target[k+1:]
				}
			}
			if eq := l.next(); eq.kind != tPunct || eq.text != "=" {
				t.skipAssignment(&l)
				continue
			}
			v := t.value(&l)
			if n := l.next(); !(n.kind == tEOF || (n.kind == tPunct && n.text == ",")) {
				v = trackedValue{} // an expression: value unknown
				l.i -= 0
				t.skipAssignment(&l)
				t.assign(s, tok, target, global, v)
				continue
			}
			t.assign(s, tok, target, global, v)
			continue
		}
		t.skipAssignment(&l)
	}
}

func (t *tracker) assign(s *Splitter, tok token, target string, global bool, v trackedValue) {
	switch {
	case tok.kind == tVar && !strings.HasPrefix(tok.text, "@@"):
		t.vars[target] = v
	case global:
	case target == "sql_mode":
		t.modeChanges++
		if !s.opt.TrackSQLMode || !v.known {
			return
		}
		m := v.mode
		if m.text == "" && v.s != "" {
			m = parseSQLMode(v.s)
		} else if m.text == "" && v.s == "" && !v.mode.nbe && !v.mode.ansi {
			m = parseSQLMode("")
		}
		t.mode = m
		if s.nbe != m.nbe || s.ansiQuotes != m.ansi {
			s.nbe, s.ansiQuotes = m.nbe, m.ansi
			s.rebuildTables()
		}
	case target == "character_set_client":
		if v.known && v.s != "" {
			t.setCharset(s, v.s)
		}
	}
}

// value reads the right-hand side of an assignment.
func (t *tracker) value(l *lexer) trackedValue {
	v := l.next()
	switch v.kind {
	case tString:
		return trackedValue{s: v.text, known: true}
	case tWord, tQuoted:
		if v.kind == tWord && strings.EqualFold(v.text, "DEFAULT") {
			return trackedValue{}
		}
		return trackedValue{s: v.text, known: true}
	case tVar:
		name := v.text
		if strings.HasPrefix(name, "@@") {
			name = strings.TrimPrefix(name, "@@")
			if k := strings.IndexByte(name, '.'); k >= 0 {
				name = name[k+1:]
			}
			switch name {
			case "sql_mode":
				return trackedValue{mode: t.mode, s: t.mode.text, known: true}
			case "character_set_client":
				return trackedValue{s: t.cs, known: t.cs != ""}
			}
			return trackedValue{}
		}
		return t.vars[name]
	}
	return trackedValue{}
}

// skipAssignment moves past the current assignment to the next top-level comma.
func (t *tracker) skipAssignment(l *lexer) {
	depth := 0
	for {
		tok := l.next()
		switch {
		case tok.kind == tEOF:
			return
		case tok.kind == tPunct && tok.text == "(":
			depth++
		case tok.kind == tPunct && tok.text == ")":
			depth--
		case tok.kind == tPunct && tok.text == "," && depth <= 0:
			return
		}
	}
}

// setCharset follows a SET NAMES / character_set_client in the stream. Only which bytes
// form one character follows it: the client's whitespace rules (latin1's 0xA0) stay those
// of the charset it was started with, as the client's own charset_info does.
func (t *tracker) setCharset(s *Splitter, name string) {
	t.cs = strings.ToLower(name)
	latin1 := s.mb.latin1
	s.mb = charsetByName(name)
	s.mb.latin1 = latin1
	s.rebuildTables()
}
