package transform

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
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
func (r *renamer) apply(t *Transform, st *split.Statement, q []byte) []byte {
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
	sc := sqlscan.New(q, st.Syntax())
	for {
		tok := sc.NextRaw()
		if tok.Kind == sqlscan.EOF {
			break
		}
		switch tok.Kind {
		case sqlscan.Word, sqlscan.Quoted:
			name := tok.Ident(q)
			nw := r.lookup(name)
			dot := nw != "" && peekDot(&sc)
			isDB := nw != "" && !prevDot && (dot || dbVerb)
			if nw != "" && !prevDot && !dot && !dbVerb {
				bare = true // an alias, table or column of the database's name
			}
			if isDB {
				out = append(out, q[last:tok.Start]...)
				out = appendIdent(out, nw, tok.Kind == sqlscan.Word)
				last = tok.End
				t.mapped(st, "database "+string(name)+" → "+nw)
			}
			prevDot = false
		case sqlscan.String:
			if !warned && st.Kind == split.KindRoutine && r.occurs(q[tok.Start:tok.End]) {
				warned = true
				t.warn(st, "%s `%s` names a renamed database inside a string (dynamic SQL?), not rewritten: fix it by hand after the import", strings.ToLower(st.Verb), st.Table)
			}
			prevDot = false
		case sqlscan.Punct:
			prevDot = q[tok.Start] == '.'
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
	if bare && plainIdent(name) && !needsQuotes(name) {
		return append(out, name...)
	}
	out = append(out, '`')
	out = append(out, strings.ReplaceAll(name, "`", "``")...)
	return append(out, '`')
}

func plainIdent(s string) bool {
	digits := true
	for i := 0; i < len(s); i++ {
		if !sqlscan.IsWordByte(s[i]) || s[i] == '$' {
			return false
		}
		if s[i] < '0' || s[i] > '9' {
			digits = false
		}
	}
	return s != "" && !digits
}

// peekDot reports whether the token after sc's position (past spaces, comments and the
// openers of executable comments, not their closers) is '.'.
func peekDot(sc *sqlscan.Tokenizer) bool {
	save := sc.Pos
	defer func() { sc.Pos = save }()
	for {
		t := sc.NextRaw()
		if t.Kind == sqlscan.Comment && sc.Src[t.Start] != '*' {
			continue
		}
		return t.Kind == sqlscan.Punct && sc.Src[t.Start] == '.'
	}
}
