package sqlscan

import "bytes"

// DDLWords returns up to n leading words of a DDL statement with executable-comment
// markers (`/*!40000`, `/*M!100000`, `*/`) removed, identifiers unquoted, and a qualified
// `db`.`t` returned as db + "\x01" + t. Options such as ALGORITHM=… and DEFINER=… come
// back as separate words and are ignored by the caller. syn is the statement's (split's
// st.Syntax()): an executable comment its Server skips (`CREATE /*!110000 TEMPORARY */
// TABLE` on 10.11, `/*!50717 …` on any MariaDB) is skipped whole, as the server does, or
// the planner took a real table for a TEMPORARY one (TestReviewX13SkippedTemporaryComment).
// With the zero Server (a caller that has none) every marker is removed, whatever its
// version.
func DDLWords(q []byte, n int, syn Syntax) []string {
	var words []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = nil
		}
	}
	for i := 0; i < len(q) && len(words) < n; i++ {
		c := q[i]
		switch {
		case c == '/' && i+2 < len(q) && q[i+1] == '*' && (q[i+2] == '!' || q[i+2] == 'M') && syn.Server != (Server{}):
			flush()
			i = skipComment(q, i, syn.Server) - 1
		case c == '/' && i+2 < len(q) && q[i+1] == '*' && (q[i+2] == '!' || q[i+2] == 'M'):
			flush()
			i += 2
			if q[i] == 'M' {
				i++
			}
			for i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
				i++
			}
		case c == '*' && i+1 < len(q) && q[i+1] == '/':
			flush()
			i++
		case c == '`' || c == '"' || c == '\'':
			j := i + 1
			for ; j < len(q); j++ {
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c {
						cur = append(cur, c)
						j++
						continue
					}
					break
				}
				cur = append(cur, q[j])
			}
			i = j
		case c == '.':
			cur = append(cur, '\x01')
		case syn.Charset.IsSpace(c) || c == '(' || c == ';': // the server's blanks: CREATE\fTEMPORARY, latin1's 0xA0
			flush()
			if c == '(' {
				return words
			}
		default:
			cur = append(cur, c)
		}
	}
	flush()
	return words
}

// skipComment is where the words after the comment opener at q[i] go on: past its
// opener and version when srv runs it, past its `*/` when srv skips it (the Tokenizer's
// reading, skipSpace).
func skipComment(q []byte, i int, srv Server) int {
	rest := q[i+2:]
	if rest[0] == '!' {
		if ok, n := srv.runs(rest[1:], false); ok {
			return i + 3 + n
		}
	} else if len(rest) > 1 && rest[0] == 'M' && rest[1] == '!' {
		if ok, n := srv.runs(rest[2:], true); ok {
			return i + 4 + n
		}
	}
	k := bytes.Index(rest, []byte("*/"))
	if k < 0 {
		return len(q)
	}
	return i + 2 + k + 2
}

// TriggerTable reads the table of CREATE TRIGGER … ON [db.]table; ok is false for DROP
// TRIGGER and anything it cannot read. syn is the statement's (split's st.Syntax()): a
// DEFINER string before the name may hold a multibyte character whose trail byte is a
// backslash (0x5C under SET NAMES sjis or gbk), read as an escape without the character
// set.
func TriggerTable(q []byte, syn Syntax) (db, table string, ok bool) {
	l := New(q, syn)
	seen := false
	for n := 0; n < 64; n++ {
		tok := l.Next()
		switch {
		case tok.Kind == EOF:
			return "", "", false
		case tok.Is("DROP"):
			return "", "", false
		case tok.Is("TRIGGER"):
			seen = true
		case seen && tok.Is("ON"):
			db, table = l.Name(l.Next())
			return db, table, table != ""
		}
	}
	return "", "", false
}

// IsKeysToggle reports whether q is mysqldump's `ALTER TABLE t DISABLE KEYS` or `ENABLE
// KEYS` in any form the server takes for it: `ALTER [ONLINE] [IGNORE] TABLE name
// DISABLE|ENABLE KEYS`, the name bare, quoted or qualified, with comments and executable
// comments anywhere and a trailing `;`. Anything more (a second alter specification) is
// not a toggle. It is the one reader of the form: the filters (a toggle is data), the
// planner (a toggle is allowed under LOCK TABLES), the preflight and the replay each add
// their own condition to it, and the copies they had drifted (2 to 7 words, exactly 5,
// or only the last word). syn is the statement's (split's st.Syntax()): under
// ANSI_QUOTES "t" is a name, and a multibyte character set's trail byte can be a quote.
func IsKeysToggle(q []byte, syn Syntax) bool {
	l := New(q, syn)
	if !l.Next().Is("ALTER") {
		return false
	}
	t := l.Next()
	if t.Is("ONLINE") {
		t = l.Next()
	}
	if t.Is("IGNORE") {
		t = l.Next()
	}
	if !t.Is("TABLE") {
		return false
	}
	if _, table := l.Name(l.Next()); table == "" {
		return false
	}
	if t := l.Next(); !t.Is("DISABLE") && !t.Is("ENABLE") {
		return false
	}
	if !l.Next().Is("KEYS") {
		return false
	}
	for t := l.Next(); t.Kind != EOF; t = l.Next() {
		if t.Kind != Punct || t.Text != ";" {
			return false
		}
	}
	return true
}

// FirstWord is the statement's first word ("" when it starts with anything else). syn is
// the statement's (split's st.Syntax()): a comment its Server skips is no word, or
// Percona's /*!50717 PREPARE s FROM @rocksdb_get_is_supported */, which MariaDB skips
// whole, read as a PREPARE turned the rest of a --parallel run serial
// (TestReviewX13PerconaRocksdbProbeSerial). The zero Syntax reads every executable
// comment below 999999 as run.
func FirstWord(q []byte, syn Syntax) string {
	l := New(q, syn)
	if t := l.Next(); t.Kind == Word {
		return t.Text
	}
	return ""
}
