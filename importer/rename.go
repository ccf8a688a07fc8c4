package importer

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// renamer rewrites database names (--rename-database old=new) where SQL names a
// database: the name after USE and after CREATE/ALTER/DROP DATABASE|SCHEMA, and the first
// part of a qualified name (`old`.`t`, old.t.c, `old`.*) anywhere in a statement,
// executable comments and view, trigger, routine and event bodies included. Strings are
// never touched: dynamic SQL in a routine (PREPARE from a string) that names the database
// is reported, not guessed at.
//
// It scans tokens (quotes, backquotes, comments, user variables), never a regexp; a
// statement in which none of the old names occurs as bytes is passed through after one
// bytes.Index per name, so the rows of a large dump cost little.
type renamer struct {
	from [][]byte
	to   []string
}

func newRenamer(m map[string]string) (renamer, error) {
	var r renamer
	olds := make([]string, 0, len(m))
	for old := range m {
		olds = append(olds, old)
	}
	sort.Strings(olds)
	for _, old := range olds {
		nw := m[old]
		if old == "" || nw == "" {
			return r, fmt.Errorf("--rename-database: empty database name in %q=%q", old, nw)
		}
		if _, twice := m[nw]; twice && nw != old {
			return r, fmt.Errorf("--rename-database %s=%s: %s is renamed too; renames do not chain", old, nw, nw)
		}
		r.from = append(r.from, []byte(unquoteName(old)))
		r.to = append(r.to, unquoteName(nw))
	}
	return r, nil
}

func (r *renamer) active() bool { return len(r.from) > 0 }

// lookup returns the new name of a database name, or "" when it is not renamed.
func (r *renamer) lookup(name []byte) string {
	for i, f := range r.from {
		if bytes.Equal(f, name) {
			return r.to[i]
		}
	}
	return ""
}

func (r *renamer) occurs(q []byte) bool {
	for _, f := range r.from {
		if bytes.Contains(q, f) {
			return true
		}
	}
	return false
}

// apply returns the rewritten SQL, or nil when nothing changed. It renames st.Database too.
func (r *renamer) apply(t *Transform, st *Statement, q []byte) []byte {
	if nw := r.lookup([]byte(st.Database)); nw != "" {
		st.Database = nw
	}
	if !r.occurs(q) {
		return nil
	}
	dbVerb := st.Verb == "USE" || strings.HasSuffix(st.Verb, " DATABASE") || strings.HasSuffix(st.Verb, " SCHEMA")
	var out []byte
	last := 0
	prevDot := false // the previous token was '.': this name is a table or column, not a database
	warned, bare := false, false
	sc := sqlScanner{q: q, ansiQuotes: t.ansiQuotes, nbe: t.nbe}
	for {
		tok := sc.next()
		if tok.kind == sEOF {
			break
		}
		switch tok.kind {
		case sIdent, sQuotedIdent:
			name := tok.name(q)
			nw := r.lookup(name)
			dot := nw != "" && sc.peekDot()
			isDB := nw != "" && !prevDot && (dot || dbVerb)
			if nw != "" && !prevDot && !dot && !dbVerb {
				bare = true // an alias, table or column of the database's name
			}
			if isDB {
				out = append(out, q[last:tok.start]...)
				out = appendIdent(out, nw, tok.kind == sIdent)
				last = tok.end
				t.mapped(st, "database "+string(name)+" → "+nw)
			}
			prevDot = false
		case sString:
			if !warned && st.Kind == KindRoutine && r.occurs(q[tok.start:tok.end]) {
				warned = true
				t.warn(st, "%s `%s` names a renamed database inside a string (dynamic SQL?), not rewritten: fix it by hand after the import", strings.ToLower(st.Verb), st.Table)
			}
			prevDot = false
		case sPunct:
			prevDot = q[tok.start] == '.'
		default:
			prevDot = false
		}
	}
	if out == nil {
		return nil
	}
	if bare {
		t.warn(st, "%s names a renamed database and also uses that name alone (an alias, table or column?); its qualified names were renamed as databases: check it", strings.ToLower(st.Verb))
	}
	return append(out, q[last:]...)
}

// appendIdent appends name as an identifier: bare when it was bare and needs no quotes,
// else in backquotes.
func appendIdent(out []byte, name string, bare bool) []byte {
	if bare && plainIdent(name) {
		return append(out, name...)
	}
	out = append(out, '`')
	out = append(out, strings.ReplaceAll(name, "`", "``")...)
	return append(out, '`')
}

func plainIdent(s string) bool {
	digits := true
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || s[i] == '$' {
			return false
		}
		if s[i] < '0' || s[i] > '9' {
			digits = false
		}
	}
	return s != "" && !digits
}

// sqlScanner walks a statement's SQL token by token for the rewriters: strings and
// identifiers with their quoting rules, comments skipped, executable comments opened (their
// content is SQL the server runs), user and system variables kept whole.
type sqlScanner struct {
	q          []byte
	i          int
	ansiQuotes bool
	nbe        bool
}

type sKind uint8

const (
	sEOF         sKind = iota
	sIdent             // bare word: keyword, identifier or number
	sQuotedIdent       // `…` (or "…" under ANSI_QUOTES)
	sString            // '…' (or "…")
	sVar               // @x, @@x.y, @'x'
	sPunct             // one byte
	sComment           // /*…*/, -- …, # …; and the opener or closer of an executable comment
)

type sToken struct {
	kind       sKind
	start, end int
}

// name is the identifier's text with quotes removed (doubled quotes undone).
func (t sToken) name(q []byte) []byte {
	s := q[t.start:t.end]
	if t.kind != sQuotedIdent {
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

func (s *sqlScanner) next() sToken {
	q := s.q
	for s.i < len(q) && sqlscan.IsSpace(q[s.i]) {
		s.i++
	}
	st := s.i
	if st >= len(q) {
		return sToken{kind: sEOF}
	}
	c := q[st]
	switch {
	case c == '`' || c == '"' && s.ansiQuotes:
		s.i = s.skipQuoted(st, false)
		return sToken{sQuotedIdent, st, s.i}
	case c == '\'' || c == '"':
		s.i = s.skipQuoted(st, !s.nbe)
		return sToken{sString, st, s.i}
	case c == '/' && st+1 < len(q) && q[st+1] == '*':
		j := st + 2
		if j < len(q) && q[j] == 'M' && j+1 < len(q) && q[j+1] == '!' {
			j++
		}
		if j < len(q) && q[j] == '!' { // executable: skip the opener, scan the content
			j++
			for j < len(q) && q[j] >= '0' && q[j] <= '9' {
				j++
			}
			s.i = j
			return sToken{sComment, st, j}
		}
		k := bytes.Index(q[st+2:], []byte("*/"))
		if k < 0 {
			s.i = len(q)
		} else {
			s.i = st + 2 + k + 2
		}
		return sToken{sComment, st, s.i}
	case c == '*' && st+1 < len(q) && q[st+1] == '/': // the end of an executable comment
		s.i = st + 2
		return sToken{sComment, st, s.i}
	case c == '#' || c == '-' && st+2 < len(q) && q[st+1] == '-' && (sqlscan.IsSpace(q[st+2])):
		k := bytes.IndexByte(q[st:], '\n')
		if k < 0 {
			s.i = len(q)
		} else {
			s.i = st + k + 1
		}
		return sToken{sComment, st, s.i}
	case c == '@':
		j := st
		for j < len(q) && q[j] == '@' {
			j++
		}
		if j < len(q) && (q[j] == '`' || q[j] == '\'' || q[j] == '"') {
			j = s.skipQuoted(j, q[j] != '`' && !s.nbe)
		} else {
			for j < len(q) && (isIdentByte(q[j]) || q[j] == '.') {
				j++
			}
		}
		s.i = j
		return sToken{sVar, st, j}
	case isIdentByte(c):
		j := st
		for j < len(q) && isIdentByte(q[j]) {
			j++
		}
		s.i = j
		return sToken{sIdent, st, j}
	}
	s.i = st + 1
	return sToken{sPunct, st, s.i}
}

// peekDot reports whether the next token (after spaces and comments) is '.'.
func (s *sqlScanner) peekDot() bool {
	save := s.i
	defer func() { s.i = save }()
	for {
		t := s.next()
		if t.kind == sComment && s.q[t.start] != '*' {
			continue
		}
		return t.kind == sPunct && s.q[t.start] == '.'
	}
}

// skipQuoted returns the end of the quoted run starting at i: doubled quotes stay inside,
// and with escapes a backslash takes the next byte.
func (s *sqlScanner) skipQuoted(i int, escapes bool) int {
	q := s.q
	c := q[i]
	for j := i + 1; j < len(q); j++ {
		switch {
		case escapes && q[j] == '\\':
			j++
		case q[j] == c:
			if j+1 < len(q) && q[j+1] == c {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}
