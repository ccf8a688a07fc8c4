package sqlscan

import "strings"

// DefaultQuoted returns src, SQL written under syn's quoting (ANSI_QUOTES,
// NO_BACKSLASH_ESCAPES), as the default syntax reads it the same: each "identifier" of
// ANSI_QUOTES in backquotes, each string whose backslashes are plain bytes
// (NO_BACKSLASH_ESCAPES) with them escaped; spaces, comments and every other token as
// they are. A body the server keeps with the sql_mode it was created under (a trigger's,
// a routine's) is so read by every scanner that knows only the default syntax: read with
// it as is, `"c\"; INSERT …` was one string hiding the INSERT (x-fix81). src itself when
// syn quotes as the default does.
func DefaultQuoted(src []byte, syn Syntax) []byte {
	if !syn.ANSIQuotes && !syn.NoBackslashEscapes {
		return src
	}
	l := New(src, syn)
	var out []byte
	last := 0
	for t := l.Next(); t.Kind != EOF; t = l.Next() {
		var repl string
		switch {
		case t.Kind == Quoted && src[t.Start] == '"':
			repl = QuoteIdent(t.Text)
		case t.Kind == String && syn.NoBackslashEscapes && strings.ContainsAny(string(src[t.Start:t.End]), "\\"):
			repl = quoteStringEscaped(t.Text)
		default:
			continue
		}
		out = append(out, src[last:t.Start]...)
		out = append(out, repl...)
		last = t.End
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// quoteStringEscaped quotes s as a '…' string the default syntax reads back as s.
func quoteStringEscaped(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
