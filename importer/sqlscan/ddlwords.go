package sqlscan

import "strings"

// DDLWords returns up to n leading words of a DDL statement with executable-comment
// markers (`/*!40000`, `/*M!100000`, `*/`) removed, identifiers unquoted, and a qualified
// `db`.`t` returned as db + "\x01" + t. Options such as ALGORITHM=… and DEFINER=… come
// back as separate words and are ignored by the caller.
func DDLWords(q []byte, n int) []string {
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
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == ';':
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

// TriggerTable reads the table of CREATE TRIGGER … ON [db.]table; ok is false for DROP
// TRIGGER and anything it cannot read.
func TriggerTable(q []byte) (db, table string, ok bool) {
	l := Tokenizer{Src: q}
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

// IsKeysToggle reports whether q is `ALTER TABLE t DISABLE KEYS` or `ENABLE KEYS`.
func IsKeysToggle(q []byte) bool {
	w := DDLWords(q, 6)
	return len(w) == 5 && strings.EqualFold(w[4], "KEYS") && (strings.EqualFold(w[3], "DISABLE") || strings.EqualFold(w[3], "ENABLE"))
}

// FirstWord is the statement's first word ("" when it starts with anything else).
func FirstWord(q []byte) string {
	l := Tokenizer{Src: q}
	if t := l.Next(); t.Kind == Word {
		return t.Text
	}
	return ""
}
