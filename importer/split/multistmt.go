package split

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The mariadb client connects with CLIENT_MULTI_STATEMENTS: a text it sends whole that
// holds a ';' the server reads as the end of a statement (two statements under DELIMITER
// ;;) runs as two, one after the other, the first error ending the rest (client/mysql.cc
// com_go reads every result with mysql_next_result). dumpscope's connections have no
// multi-statements (internal/dbconn), so the server refused the whole text with ERROR
// 1064 (TestDelimiterTwoStatementsInOne). ServerParts finds such texts, so that the
// replay can run their parts as the server does.

// compoundFirst are the first words of statements whose ';' may be inside them: compound
// statements outside a routine (BEGIN NOT ATOMIC, IF, CASE, the loops) and what holds a
// routine body (checked by Kind too). Such a text is left whole (the server errs loudly
// if it really were two).
var compoundFirst = map[string]bool{"IF": true, "CASE": true, "LOOP": true, "REPEAT": true, "WHILE": true, "FOR": true, "DECLARE": true, "CREATE": true, "ALTER": true, "DELIMITER": true}

// ServerParts returns the statements the server runs for st under CLIENT_MULTI_STATEMENTS
// when there are more than one (nil otherwise), each classified as the splitter
// classifies a statement of its own, with st's Line (the client reports an error of any
// of them at the text's line) and Offset st.Offset + its index (distinct, inside st's
// span). Under the delimiter ";" the client has already cut the text at every ';' it
// reads outside strings, so only a text under another delimiter (OwnDelimiter) can hold
// one (a quoting flag the client and server read differently is quoting.go's).
func ServerParts(st *Statement) []Statement {
	if !st.OwnDelimiter || st.Kind == KindRoutine || st.Kind == KindClient || bytes.IndexByte(st.SQL, ';') < 0 {
		return nil
	}
	l := st.Tokens()
	first := l.Next()
	if first.Kind != sqlscan.Word || compoundFirst[strings.ToUpper(first.Text)] {
		return nil
	}
	if next := l.Next(); next.Kind == sqlscan.Punct && next.Text == ":" {
		return nil // label: BEGIN … END
	} else if first.Is("BEGIN") && !(next.Kind == sqlscan.Punct && next.Text == ";") && !next.Is("WORK") {
		return nil // BEGIN NOT ATOMIC … END; BEGIN; and BEGIN WORK; start a transaction
	}
	var cuts []int // the starts of the ';' that end a statement with another after it
	l = st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == ";" {
			save := l.Pos
			if l.Next().Kind != sqlscan.EOF {
				cuts = append(cuts, t.Start)
			}
			l.Pos = save
		}
	}
	if len(cuts) == 0 {
		return nil
	}
	syn := st.Syntax()
	var parts []Statement
	from := 0
	for i := 0; i <= len(cuts); i++ {
		end := len(st.SQL)
		if i < len(cuts) {
			end = cuts[i]
		}
		text := append([]byte(nil), sqlscan.TrimSpace(st.SQL[from:end])...)
		if i < len(cuts) {
			from = cuts[i] + 1
		}
		if len(text) == 0 {
			continue // ";;" inside: the server's empty statement
		}
		sp := NewSplitter(bytes.NewReader(append(text, ";\n"...)), SplitOptions{NoBackslashEscapes: syn.NoBackslashEscapes,
			ANSIQuotes: syn.ANSIQuotes, Force: true, Charset: syn.Charset.Name, Server: syn.Server, ReadBufferSize: len(text) + 64})
		if !sp.Next() {
			return nil
		}
		part := sp.Statement()
		part.Offset, part.Line = st.Offset+int64(len(parts)), st.Line
		part.Raw = nil
		if len(parts) == 0 {
			part.Raw = st.Raw
		}
		parts = append(parts, part)
	}
	if len(parts) < 2 {
		return nil
	}
	return parts
}
