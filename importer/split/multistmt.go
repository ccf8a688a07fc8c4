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

// ServerParts returns the statements the server runs for st under CLIENT_MULTI_STATEMENTS
// when there are more than one (nil otherwise), each classified as the splitter
// classifies a statement of its own, with st's Line (the client reports an error of any
// of them at the text's line) and Offset st.Offset + its index (distinct, inside st's
// span). Under the delimiter ";" the client has already cut the text at every ';' it
// reads outside strings, so only a text under another delimiter (OwnDelimiter) can hold
// one (a quoting flag the client and server read differently is quoting.go's).
func ServerParts(st *Statement) []Statement {
	if !st.OwnDelimiter || st.Kind == KindClient || bytes.IndexByte(st.SQL, ';') < 0 {
		return nil
	}
	l := st.Tokens()
	if lead := l; !startsStatement(&l) || st.Kind == KindRoutine && unreadRoutine(&lead) {
		return nil
	}
	var cuts []int           // the starts of the ';' that end a statement with another after it
	bodies := map[int]bool{} // the statements (by index: after so many cuts) that hold a body
	lastBody := -1           // the last of them
	l = st.Tokens()
	for {
		if probe := l; bodyAhead(&probe) {
			start, before := l, lastBody
			bodies[len(cuts)], lastBody = true, len(cuts)
			if !bodyEnd(&l) {
				if before >= 0 && bodyInside(start) {
					cuts = cuts[:before] // a DECLARE not read as Oracle's block: as below
				}
				break // not read: the rest of the text is one part (the server's ERROR 1064 if it holds more)
			}
			save := l.Pos
			if t := l.Next(); t.Kind != sqlscan.EOF && !isSemicolon(t) {
				break // something after the END: the rest is one part, as the server's error
			}
			l.Pos = save
		} else if lastBody >= 0 && bodyInside(l) {
			// A statement after what bodyEnd read as a body's END starts with a word only a
			// body holds: bodyEnd read the body otherwise than the server (the body's own
			// END stands after a ';', where a statement starts), so nothing is cut from
			// that body's statement on, as before bodyEnd.
			cuts = cuts[:lastBody]
			break
		}
		t := l.Next()
		for t.Kind != sqlscan.EOF && !isSemicolon(t) {
			t = l.Next()
		}
		if t.Kind == sqlscan.EOF {
			break
		}
		if save := l.Pos; l.Next().Kind == sqlscan.EOF {
			break // the text's trailing ';'
		} else {
			l.Pos = save
		}
		cuts = append(cuts, t.Start)
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
		in, delim := append(text, ";\n"...), ";"
		if bodies[i] {
			// The last part holds a body with ';' of its own: read it under a delimiter
			// the text does not hold, as the client reads a routine under DELIMITER //.
			for delim = "//"; bytes.Contains(text, []byte(delim)); delim += "/" {
			}
			in = append(append([]byte("DELIMITER "+delim+"\n"), text...), "\n"+delim+"\n"...) // a text ending in */ glued to // would end at */'s /
		}
		sp := NewSplitter(bytes.NewReader(in), SplitOptions{NoBackslashEscapes: syn.NoBackslashEscapes,
			ANSIQuotes: syn.ANSIQuotes, Force: true, Charset: syn.Charset.Name, Server: syn.Server, ReadBufferSize: len(in) + 64})
		sp.part = true
		if !sp.Next() {
			return nil
		}
		if delim != ";" && sp.Statement().Kind == KindClient && !sp.Next() { // the DELIMITER
			return nil
		}
		part := sp.Statement()
		if part.Kind == KindClient {
			// The client reads its commands (exit, use, delimiter, source) at the start of
			// a text, not after a ';' inside one: the server gets these words and answers
			// ERROR 1064 (or, for USE, changes the database), where re-split alone they
			// were the client's own (a quit, a delimiter), silently.
			part = Statement{syn: sp.Syntax(), Kind: KindOther, SQL: text}
			sp.cur = part
			sp.classify()
			part = sp.cur
		}
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

// startsStatement reads the first token of a text and reports whether a statement the
// server may cut in parts starts so: a word, or sql_mode=ORACLE's <<label>>.
func startsStatement(l *sqlscan.Tokenizer) bool {
	t := l.Next()
	return t.Kind == sqlscan.Word || isPunct(t, "<") && isPunct(l.Next(), "<")
}

// unreadRoutine reports whether the statement at l's position, which the splitter
// classified as a routine's (KindRoutine), is a CREATE that bodyAhead does not see a body
// in: a header it does not read, whose ';' may be its body's. Such a text is left whole
// (the server's loud ERROR 1064 if it really holds two). Any other statement, first or
// not, is read as the server reads it: ALTER PROCEDURE p COMMENT 'x', ALTER FUNCTION …,
// CREATE USER, DECLARE outside a body hold no ';' of their own (sql_yacc.yy nests a ';'
// only inside a compound statement), so a ';' after one ends it. Decided by the text's
// first statement, such a text was sent whole and refused with ERROR 1064 where the
// client's server ran both, also when a filter had cut it down to start so
// (TestReviewX17FilteredPartsLeftUncut).
func unreadRoutine(l *sqlscan.Tokenizer) bool {
	probe := *l
	first := l.Next()
	return first.Is("CREATE") && !bodyAhead(&probe)
}

// bodyAhead reports whether the statement at l's position holds a body whose ';' are its
// own: a CREATE of a procedure, function, trigger, event or package (CREATE PROCEDURE p()
// BEGIN …; END after `DROP PROCEDURE IF EXISTS p;` in one text under DELIMITER //, the
// common hand-written form), an ALTER EVENT (its DO), or a compound statement (BEGIN NOT
// ATOMIC, a label, IF, CASE, the loops). ServerParts reads it to its END (bodyEnd) and
// cuts after it as the server does; where that cannot be read, the rest of the text is
// one part from there, which the server refuses loudly (ERROR 1064) if it holds more.
func bodyAhead(l *sqlscan.Tokenizer) bool {
	t := l.Next()
	switch {
	case isPunct(t, "<"):
		return isPunct(l.Next(), "<") // sql_mode=ORACLE's <<label>> BEGIN … END
	case t.Kind != sqlscan.Word:
		return false
	case t.Is("CREATE") || t.Is("ALTER"):
		for range 16 { // OR REPLACE, DEFINER = u@h, AGGREGATE, IF NOT EXISTS … before the object's kind
			n := l.Next()
			switch {
			case n.Kind == sqlscan.EOF || n.Kind == sqlscan.Punct && n.Text == ";":
				return false
			case n.Is("EVENT"): // ALTER EVENT e … DO BEGIN …; END too
				return true
			case n.Is("PROCEDURE") || n.Is("FUNCTION") || n.Is("TRIGGER") || n.Is("PACKAGE"):
				return t.Is("CREATE") // an ALTER of a procedure or function has no body
			case n.Is("TABLE") || n.Is("VIEW") || n.Is("DATABASE") || n.Is("SCHEMA") || n.Is("INDEX") || n.Is("SEQUENCE") || n.Is("USER") || n.Is("ROLE") || n.Is("SERVER"):
				return false
			}
		}
		return false
	case t.Is("IF") || t.Is("CASE") || t.Is("LOOP") || t.Is("WHILE") || t.Is("REPEAT") || t.Is("FOR"):
		return true
	case t.Is("DECLARE"):
		return true // sql_mode=ORACLE's block `DECLARE …; BEGIN … END` (a refused statement in another mode)
	}
	n := l.Next()
	if n.Kind == sqlscan.Punct && n.Text == ":" {
		return true // label: BEGIN … END
	}
	return t.Is("BEGIN") && n.Kind != sqlscan.EOF && !(n.Kind == sqlscan.Punct && n.Text == ";") && !n.Is("WORK")
}

// bodyInside reports whether the statement at l's position starts with a word that only
// stands inside a body (END, ELSE, ELSEIF, WHEN, UNTIL, DECLARE): where one follows what
// bodyEnd read as a body's end, it read that body otherwise than the server does.
func bodyInside(l sqlscan.Tokenizer) bool {
	t := l.Next()
	return t.Is("END") || t.Is("ELSE") || t.Is("ELSEIF") || t.Is("WHEN") || t.Is("UNTIL") || t.Is("DECLARE")
}

// PartsUnsure says why the parts of a text may not be where the server cuts it ("" when
// they are): the server reads each part only after the one before it ran, under the
// sql_mode and character set it left, where ServerParts cut them all at once under the
// text's. A part is read as the cut read it when the session before it reads quotes and
// bytes as the text's did (NO_BACKSLASH_ESCAPES, ANSI_QUOTES, a character set whose
// trail bytes may be ASCII or not, the same one: readingAfter follows the SETs before it
// with values it can read), or when it holds no byte whose reading depends on them
// (movesCut: a backslash, which NO_BACKSLASH_ESCAPES and ANSI_QUOTES decide the
// escaping of, and in gbk, big5 or sjis may be a character's trail byte; a backtick
// after a byte ≥ 0x80, a trail byte too). Otherwise (a SET to another reading, or to a
// value not read here: DEFAULT, @v, an expression; dynamic SQL; a compound statement that
// names them) the cut is unsure, and such a text is refused by name in every mode: the
// replay cannot cut it as the server will. Judged by the words alone (NAMES, SQL_MODE …
// before any backslash), `SET NAMES utf8mb4; INSERT … 'O\'Brien'` was refused where the
// client's server ran it (TestReviewX17PartsUnsureRefusedSerial).
func PartsUnsure(parts []Statement) string {
	if len(parts) == 0 {
		return ""
	}
	start := readingOf(parts[0].Syntax())
	cur, known := start, true
	var by *Statement // the last part that left the reading other than start, or unknown
	for i := 0; i+1 < len(parts); i++ {
		p := &parts[i]
		if known {
			next, ok := readingAfter(p, cur)
			switch {
			case !ok:
				known, by = false, p
			case !next.same(start):
				cur, by = next, p
			default:
				cur = next
			}
		}
		if (!known || !cur.same(start)) && movesCut(parts[i+1].SQL) {
			return "its statement " + Head(by.SQL) + " may change the sql_mode or character set the server reads the statements after it under, and a later one holds a backslash or a byte whose reading depends on them"
		}
	}
	return ""
}

// reading is what the server's reading of a statement's quotes depends on.
type reading struct {
	nbe, ansi bool
	cs        sqlscan.Charset
}

func readingOf(syn sqlscan.Syntax) reading {
	return reading{nbe: syn.NoBackslashEscapes, ansi: syn.ANSIQuotes, cs: syn.Charset}
}

// same reports whether r and o read every byte around a quote alike: the same quoting
// flags, and either no multibyte character set whose trail bytes may be ASCII on both
// sides (utf8mb4, latin1, binary read a backslash as a backslash) or the same one.
func (r reading) same(o reading) bool {
	if r.nbe != o.nbe || r.ansi != o.ansi {
		return false
	}
	if !r.cs.Multibyte() && !o.cs.Multibyte() {
		return true
	}
	return r.cs.Multibyte() && o.cs.Multibyte() && r.cs.Name == o.cs.Name
}

// readingAfter is the reading the session has after p ran, before being cur, and false
// when p may change it to something not known here: dynamic SQL (EXECUTE), a compound
// statement that names sql_mode or a character set, a SET of sql_mode,
// character_set_client or NAMES / CHARACTER SET to anything but a literal (DEFAULT, @v, an
// expression). A SET GLOBAL changes nothing of the session's; a statement that runs a
// routine gets its sql_mode back at the routine's end.
func readingAfter(p *Statement, cur reading) (reading, bool) {
	w := sqlscan.FirstWord(p.SQL, p.Syntax())
	switch {
	case strings.EqualFold(w, "EXECUTE"):
		return cur, false
	case p.Kind != KindSession:
		if l := p.Tokens(); !strings.EqualFold(w, "CREATE") && !strings.EqualFold(w, "ALTER") && bodyAhead(&l) && namesParsing(p.SQL) {
			return cur, false
		}
		return cur, true
	case !strings.EqualFold(w, "SET") || !namesParsing(p.SQL):
		return cur, true
	}
	l := p.Tokens()
	l.Next() // SET
	known := true
	forSetTargets(&l, func(tok sqlscan.Token, target string, global bool) bool {
		switch v, ok := charsetValue(&l, tok); {
		case !known:
		case ok:
			if known = literalValue(v); known {
				cur.cs = sqlscan.CharsetByName(v.Text) // COLLATE …, if any, is skipped
			}
		case !global && (target == "sql_mode" || target == "character_set_client"): // a user variable's name keeps its @
			v := l.Next() // = or :=
			if known = v.Kind == sqlscan.Punct && v.Text == "="; !known {
				break
			}
			if v = l.Next(); !literalValue(v) {
				known = false
				break
			}
			if target == "sql_mode" {
				cur.nbe, cur.ansi = SQLModeQuoting(v.Text)
			} else {
				cur.cs = sqlscan.CharsetByName(v.Text)
			}
			n := l.Next()
			known = n.Kind == sqlscan.EOF || n.Kind == sqlscan.Punct && n.Text == "," // not an expression ('A' 'B', 'x' + 0)
			return true
		}
		return false
	})
	return cur, known
}

// literalValue reports whether v is a value readingAfter can read: a string or a name,
// not DEFAULT (the global's, not known here) nor a number (a bit mask of sql_mode).
func literalValue(v sqlscan.Token) bool {
	switch {
	case v.Kind == sqlscan.String || v.Kind == sqlscan.Quoted:
		return true
	case v.Kind != sqlscan.Word || v.Is("DEFAULT") || v.Text == "":
		return false
	}
	return v.Text[0] < '0' || v.Text[0] > '9'
}

// namesParsing reports whether q names what the server's reading of the next statement
// depends on.
func namesParsing(q []byte) bool {
	for _, w := range []string{"SQL_MODE", "NAMES", "CHARACTER", "CHARSET", "COLLATION"} {
		if sqlscan.ContainsFoldASCII(q, w) {
			return true
		}
	}
	return false
}

// movesCut reports whether q holds a byte another sql_mode or character set reads
// otherwise around a quote: a backslash, or a backtick after a byte ≥ 0x80.
func movesCut(q []byte) bool {
	for i, c := range q {
		if c == '\\' || (c == '`' && i > 0 && q[i-1] >= 0x80) {
			return true
		}
	}
	return false
}
