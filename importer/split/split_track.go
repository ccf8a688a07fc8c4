package split

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

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
	// unknownAt is the offset of the first statement that assigned the session sql_mode a
	// value the tracker cannot evaluate (TrackSQLMode; unknown false: none): from there the
	// splitter's ANSI_QUOTES and NO_BACKSLASH_ESCAPES are guesses (SQLModeUnknownAt).
	unknownAt int64
	unknown   bool
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

// SQLModeQuoting is what the sql_mode v makes of quotes: NO_BACKSLASH_ESCAPES, and
// ANSI_QUOTES (alone or in a combination mode such as ANSI or ORACLE). A replayer that
// reads the server's sql_mode passes them to the splitter (SetNoBackslashEscapes,
// SetANSIQuotes) so that it follows the session the way the server reads the stream.
func SQLModeQuoting(v string) (noBackslashEscapes, ansiQuotes bool) {
	m := parseSQLMode(v)
	return m.nbe, m.ansi
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
	l := sqlscan.New(sql, s.Syntax())
	l.Next() // SET
	forSetTargets(&l, func(tok sqlscan.Token, target string, global bool) bool {
		if v, ok := charsetValue(&l, tok); ok {
			if !global && (v.IsName() || v.Kind == sqlscan.String) {
				t.setCharset(s, v.Text)
			}
			return false
		}
		if eq := l.Next(); eq.Kind != sqlscan.Punct || eq.Text != "=" {
			return false
		}
		v := t.value(&l)
		if n := l.Next(); !(n.Kind == sqlscan.EOF || (n.Kind == sqlscan.Punct && n.Text == ",")) {
			v = trackedValue{} // an expression: value unknown
			l.SkipAssignment()
		}
		t.assign(s, tok, target, global, v)
		return true
	})
}

// forSetTargets reads a SET statement, l past its SET, assignment by assignment: f gets
// each one's target (SetTarget: its token, the variable's name, whether it is the
// global's) with l just after it, and reports whether it read the assignment to its end
// (past its comma); what it left of one is skipped. The one walk of SET's assignments of
// the splitter's tracker and PartsUnsure's readingAfter.
func forSetTargets(l *sqlscan.Tokenizer, f func(tok sqlscan.Token, target string, global bool) (past bool)) {
	var scope bool
	for {
		tok, target, global := l.SetTarget(&scope)
		if tok.Kind == sqlscan.EOF {
			return
		}
		if !f(tok, target, global) {
			l.SkipAssignment()
		}
	}
}

// charsetValue reads the character set's name of SET NAMES x, SET CHARSET x or SET
// CHARACTER SET x, tok the target's word (ok false for another target).
func charsetValue(l *sqlscan.Tokenizer, tok sqlscan.Token) (v sqlscan.Token, ok bool) {
	switch {
	case tok.Is("CHARACTER"):
		l.Next() // SET
	case !tok.Is("NAMES") && !tok.Is("CHARSET"):
		return sqlscan.Token{}, false
	}
	return l.Next(), true
}

func (t *tracker) assign(s *Splitter, tok sqlscan.Token, target string, global bool, v trackedValue) {
	switch {
	case tok.Kind == sqlscan.Var && !strings.HasPrefix(tok.Text, "@@"):
		t.vars[target] = v
	case global:
	case target == "sql_mode":
		t.modeChanges++
		if s.opt.TrackSQLMode && !v.known && !t.unknown {
			t.unknown, t.unknownAt = true, s.cur.Offset
		}
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
func (t *tracker) value(l *sqlscan.Tokenizer) trackedValue {
	v := l.Next()
	switch v.Kind {
	case sqlscan.String:
		return trackedValue{s: v.Text, known: true}
	case sqlscan.Word, sqlscan.Quoted:
		if v.Kind == sqlscan.Word && (strings.EqualFold(v.Text, "DEFAULT") || v.Text[0] >= '0' && v.Text[0] <= '9') {
			return trackedValue{} // DEFAULT: the global's; a number: a bit set (4 is ANSI_QUOTES)
		}
		return trackedValue{s: v.Text, known: true}
	case sqlscan.Var:
		name := v.Text
		if strings.HasPrefix(name, "@@") {
			name = strings.TrimPrefix(name, "@@")
			if k := strings.IndexByte(name, '.'); k >= 0 {
				if scope := strings.ToLower(name[:k]); scope != "session" && scope != "local" {
					return trackedValue{} // @@global.x, @@default.x: not the session's it follows
				}
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

// other follows a statement other than SET (st, classified) for what it may change of the
// session that the tracker cannot evaluate. A top-level compound block (BEGIN NOT ATOMIC,
// IF, CASE, a loop, a labelled block) that names sql_mode or runs dynamic SQL leaves the
// session sql_mode unknown: an anonymous block has no saved sql_mode to restore, unlike a
// routine. Any statement that may assign user variables otherwise than by SET (`SELECT …
// INTO @m`, `SELECT @m := …`) makes the variables it names unknown, a CALL or EXECUTE
// every one, so `SET sql_mode = @m` after it is not read as the stale value. A row insert (KindInsert
// with rows of VALUES) is not read: its cost stays that of the split (`VALUES (@m := …)`
// is left unfollowed).
func (t *tracker) other(s *Splitter, st *Statement) {
	if !s.opt.TrackSQLMode || st.Kind == KindSession || st.Kind == KindClient || st.Kind == KindInsert && st.Rows > 0 {
		return
	}
	if st.Kind == KindOther && compoundBlock(st) && (sqlscan.ContainsFoldASCII(st.SQL, "sql_mode") || sqlscan.ContainsFoldASCII(st.SQL, "EXECUTE")) {
		if !t.unknown {
			t.unknown, t.unknownAt = true, st.Offset
		}
	}
	if len(t.vars) == 0 {
		return
	}
	if st.Verb == "CALL" || st.Verb == "EXECUTE" {
		clear(t.vars)
		return
	}
	if bytes.IndexByte(st.SQL, '@') < 0 {
		return
	}
	for name := range t.vars {
		// Any mention of the name counts: DEFINER=`root`@`localhost` of every dumped
		// trigger and view makes none of mysqldump's @saved_sql_mode unknown.
		if sqlscan.ContainsFoldASCII(st.SQL, strings.Trim(name[1:], "`'\"")) {
			delete(t.vars, name)
		}
	}
}

// compoundBlock reports whether st (KindOther) is a compound statement run at top level:
// BEGIN NOT ATOMIC … END (or Oracle mode's BEGIN … END), IF, CASE, LOOP, WHILE, REPEAT,
// FOR, or one of them after a label (`l1: BEGIN …`). CASE and IF also start no other
// statement; a CASE expression starts none.
func compoundBlock(st *Statement) bool {
	switch st.Verb {
	case "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
		return true
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	if l.Next().Kind != sqlscan.Word {
		return false
	}
	n := l.Next()
	return n.Kind == sqlscan.Punct && n.Text == ":"
}

// setCharset follows a SET NAMES / character_set_client in the stream. Only which bytes
// form one character follows it: the client's whitespace rules (latin1's 0xA0) stay those
// of the charset it was started with, as the client's own charset_info does.
func (t *tracker) setCharset(s *Splitter, name string) {
	t.cs = strings.ToLower(name)
	latin1 := s.mb.Latin1
	s.mb = sqlscan.CharsetByName(name)
	s.mb.Latin1 = latin1
	s.rebuildTables()
}

// SQLModeUnknownAt returns the offset of the first statement (a text of several: the
// text's) that assigned the session sql_mode a value the splitter could not evaluate
// under SplitOptions.TrackSQLMode (`SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')`, a
// user variable assigned so, DEFAULT), ok false when none has. From there its quoting
// flags are the last it knew, which a reader of names (the preflight's read-ahead) must
// not trust: `"other"."k"` read as two strings under ANSI_QUOTES names no table.
func (s *Splitter) SQLModeUnknownAt() (offset int64, ok bool) {
	return s.track.unknownAt, s.track.unknown
}

// trackTextParts follows the SETs a text under DELIMITER runs after its first statement
// (`INSERT …; SET sql_mode = @saved ;;`): the server runs them one after the other
// (ServerParts), and the text after it is read under the sql_mode and character set the
// last one left. Followed as one statement (its first), the splitter read on under the
// text's, and the preflight's read-ahead stopped at a backslash-escaped quote after it
// where the client ran on (TestDiffFuzzFoundS46TextSetsModeBack). A text with no SET
// after a ';' (every routine, a row insert under DELIMITER) costs one scan for ';'.
func (s *Splitter) trackTextParts() {
	st := &s.cur
	if !st.OwnDelimiter || s.part || st.Kind == KindClient || !setAfterSemicolon(st.SQL) {
		return
	}
	parts := ServerParts(st)
	for i := 1; i < len(parts); i++ { // the first was classified (and followed) as the text
		p := &parts[i]
		if p.Kind == KindSession && strings.EqualFold(sqlscan.FirstWord(p.SQL, p.Syntax()), "SET") {
			s.track.set(s, p.SQL)
		}
	}
}

// setAfterSemicolon reports whether a ';' in q is followed, after spaces, by the word
// SET: a text that may set what the splitter follows after its first statement.
func setAfterSemicolon(q []byte) bool {
	for i := bytes.IndexByte(q, ';'); i >= 0; {
		rest := bytes.TrimLeft(q[i+1:], " \t\r\n")
		if len(rest) >= 4 && bytes.EqualFold(rest[:3], []byte("SET")) && !sqlscan.IsWordByte(rest[3]) {
			return true
		}
		j := bytes.IndexByte(q[i+1:], ';')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
