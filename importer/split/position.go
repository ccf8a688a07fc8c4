package split

import (
	"fmt"
	"strings"
)

// Position is where a statement starts in the dump, and what it is: the one place that
// spells it, so that every message names a statement the same way ("dump.sql: offset
// 1234567, line 890: ddl `t`") and --start-at, an editor's goto-line and `split` find it.
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
func (p Position) Statement(what fmt.Stringer, table string) string {
	var b strings.Builder
	b.WriteString(p.String())
	b.WriteString(": ")
	b.WriteString(what.String())
	if table != "" {
		fmt.Fprintf(&b, " `%s`", table)
	}
	return b.String()
}

// verb is a statement's verb as Position.Statement takes it ("UPDATE"), or its kind when
// it has none.
type verb string

func (v verb) String() string { return string(v) }

// Describe is st's position with its verb (or kind) and table, for messages that must
// say which statement to look at (a checkpoint intent, a replay error).
func Describe(name string, st *Statement) string {
	if st.Verb == "" {
		return At(name, st).Statement(st.Kind, st.Table)
	}
	return At(name, st).Statement(verb(st.Verb), st.Table)
}
