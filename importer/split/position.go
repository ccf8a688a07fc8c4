package split

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// Position is where a statement starts in the dump, and what it is: the one place that
// spells it, so that every message names a statement the same way ("dump.sql: offset
// 1234567, line 890: CREATE TABLE `t`") and --start-at, an editor's goto-line and `split` find it.
type Position struct {
	// Name is the dump; "" when the message names it elsewhere.
	Name string
	// Offset is the byte offset in the uncompressed stream; Line is 1-based.
	Offset int64
	Line   int64
}

// At is st's position in the dump called name ("" to leave the name out).
func At(name string, st *Statement) Position {
	return Position{Name: name, Offset: st.Offset, Line: st.Line}
}

// String is "NAME: offset N, line L", or "offset N, line L" without a name.
func (p Position) String() string {
	if p.Name == "" {
		return fmt.Sprintf("offset %d, line %d", p.Offset, p.Line)
	}
	return fmt.Sprintf("%s: offset %d, line %d", p.Name, p.Offset, p.Line)
}

// Statement is the position followed by what the statement is (its kind, or its verb)
// and its table: "NAME: offset N, line L: KIND `table`" (no table part when it has none).
func (p Position) Statement(what, table string) string {
	var b strings.Builder
	b.WriteString(p.String())
	b.WriteString(": ")
	b.WriteString(what)
	if table != "" {
		b.WriteByte(' ')
		// A backquote in the name doubled, as the user would write it; a newline or a
		// terminal escape in it made visible, so the message stays one line (seed 161711).
		b.WriteString(termsafe.Line(sqlscan.QuoteIdent(table)))
	}
	return b.String()
}

// What names st for a message: its verb ("CREATE TABLE"), else its first word (the
// splitter gives CALL, SELECT, DO, EXECUTE, LOAD no verb: kind "other", which says
// nothing to whoever opens the dump at that line), else its kind.
func What(st *Statement) string {
	if st.Kind == KindClient { // its verb is the command the message goes on to name
		return st.Kind.String()
	}
	if st.Verb != "" && !twoWordVerbs[st.Verb] {
		return st.Verb
	}
	if w := leadingWords(st.SQL); w != "" {
		return w
	}
	if st.Verb != "" {
		return st.Verb
	}
	return st.Kind.String()
}

// twoWordVerbs are first words that say little alone ("GET", "LOAD"): What adds the
// word after them ("GET DIAGNOSTICS", "LOAD DATA", "FLUSH TABLES").
var twoWordVerbs = map[string]bool{"GET": true, "LOAD": true, "SHOW": true, "FLUSH": true, "XA": true, "CACHE": true, "BACKUP": true, "CHECK": true}

// leadingWords is q's first word upper-cased, with the next one after a twoWordVerbs word;
// "" when q starts with anything but a word.
func leadingWords(q []byte) string {
	l := sqlscan.Tokenizer{Src: q}
	t := l.Next()
	if t.Kind != sqlscan.Word {
		return ""
	}
	w := strings.ToUpper(t.Text)
	if twoWordVerbs[w] {
		if t2 := l.Next(); t2.Kind == sqlscan.Word {
			w += " " + strings.ToUpper(t2.Text)
		}
	}
	return w
}

// Describe is st's position with what it is and its table, for messages that must say
// which statement to look at (a checkpoint intent, a replay error, a refusal).
func Describe(name string, st *Statement) string {
	return At(name, st).Statement(What(st), st.Table)
}
