package transform

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// StripDefiner removes the first DEFINER=user@host clause outside quotes from a CREATE
// VIEW/TRIGGER/PROCEDURE/FUNCTION/EVENT statement, including mysqldump's executable-comment
// forms (`/*!50017 DEFINER=`root`@`localhost`*/`, `/*!50013 DEFINER=… SQL SECURITY DEFINER */`).
// The object is then created with the importing user as its definer, which needs no SUPER
// or SET USER privilege. `SQL SECURITY DEFINER` is kept: it is not a DEFINER= clause.
func StripDefiner(q []byte) []byte {
	start, _, end := findDefiner(q)
	if start < 0 {
		return q
	}
	out := make([]byte, 0, len(q)-(end-start))
	out = append(out, q[:start]...)
	return append(out, q[end:]...)
}

// Definer returns the account of a statement's DEFINER= clause with quotes removed, as
// "user@host" (or "CURRENT_USER"), and false when the statement has none.
func Definer(q []byte) (string, bool) {
	start, val, end := findDefiner(q)
	if start < 0 {
		return "", false
	}
	v := string(q[val:end])
	if strings.HasPrefix(strings.ToUpper(v), "CURRENT_USER") {
		return "CURRENT_USER", true
	}
	user, host, _ := strings.Cut(v, "@")
	return unquoteAccountPart(user) + "@" + unquoteAccountPart(host), true
}

func unquoteAccountPart(s string) string {
	if len(s) >= 2 && (s[0] == '`' || s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		q := s[:1]
		return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
	}
	return s
}

// findDefiner locates the DEFINER=… clause of a statement's head, outside quotes: start
// of the keyword, start of the account, end of the clause; start is -1 when there is
// none. The clause stands before the object's keyword (CREATE [OR REPLACE]
// [ALGORITHM=…] DEFINER=… [SQL SECURITY …] VIEW|TRIGGER|PROCEDURE|FUNCTION|EVENT), so the
// search ends there: a body's `NEW.definer='x'` or `definer='x'` is a column, and
// cutting or rewriting it made ERROR 1064 of a dump without DEFINER clauses
// (TestReviewX5DefinerClauseInBody).
func findDefiner(q []byte) (start, val, end int) {
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		if quote != 0 {
			switch {
			case c == '\\' && quote != '`':
				i++
			case c == quote:
				quote = 0
			}
			continue
		}
		switch c {
		case '\'', '"', '`':
			quote = c
			continue
		}
		if objectKeyword(q, i) {
			return -1, -1, -1
		}
		if c|0x20 != 'd' || !hasWordFold(q, i, "definer") {
			continue
		}
		j := skipSpace(q, i+len("definer"))
		if j >= len(q) || q[j] != '=' {
			continue
		}
		v := skipSpace(q, j+1)
		return i, v, skipUser(q, v)
	}
	return -1, -1, -1
}

// hasWordFold reports whether q[i:] starts with word (ASCII, case-insensitive) as a whole
// word: not preceded or followed by an identifier byte.
func hasWordFold(q []byte, i int, word string) bool {
	if i > 0 && sqlscan.IsWordByte(q[i-1]) {
		return false
	}
	if i+len(word) > len(q) {
		return false
	}
	for k := 0; k < len(word); k++ {
		if q[i+k]|0x20 != word[k] {
			return false
		}
	}
	return i+len(word) == len(q) || !sqlscan.IsWordByte(q[i+len(word)])
}

func skipSpace(q []byte, i int) int {
	for i < len(q) && sqlscan.IsSpace(q[i]) {
		i++
	}
	return i
}

// skipUser skips a user specification: `u`@`h`, 'u'@'h', u@h, CURRENT_USER[()].
func skipUser(q []byte, i int) int {
	part := func(i int) int {
		if i < len(q) && (q[i] == '`' || q[i] == '\'' || q[i] == '"') {
			quote := q[i]
			for i++; i < len(q); i++ {
				if q[i] == quote {
					if i+1 < len(q) && q[i+1] == quote { // doubled quote
						i++
						continue
					}
					return i + 1
				}
			}
			return i
		}
		for i < len(q) && (sqlscan.IsWordByte(q[i]) || q[i] == '.' || q[i] == '%' || q[i] == '-') {
			i++
		}
		if i+1 < len(q) && q[i] == '(' && q[i+1] == ')' { // CURRENT_USER()
			i += 2
		}
		return i
	}
	i = part(i)
	if i < len(q) && q[i] == '@' {
		i = part(i + 1)
	}
	return i
}

// quoteAccount turns --definer's user@host (either part may be quoted) into the
// `user`@`host` a DEFINER= clause takes. The host is what follows the last @, since
// user names may hold one (e-mail-like accounts) and host names cannot.
func quoteAccount(s string) ([]byte, error) {
	i := strings.LastIndexByte(s, '@')
	if i <= 0 || i == len(s)-1 {
		return nil, fmt.Errorf("--definer %q: expected user@host (e.g. app@localhost or 'app'@'%%')", s)
	}
	q := func(p string) string { return "`" + strings.ReplaceAll(unquoteAccountPart(p), "`", "``") + "`" }
	return []byte(q(s[:i]) + "@" + q(s[i+1:])), nil
}

// replaceDefiner puts account in place of the account of the first DEFINER= clause (see
// findDefiner); nil when q has none.
func replaceDefiner(q, account []byte) []byte {
	start, val, end := findDefiner(q)
	if start < 0 {
		return nil
	}
	out := make([]byte, 0, len(q)+len(account))
	out = append(out, q[:val]...)
	out = append(out, account...)
	return append(out, q[end:]...)
}

// objectKeywords end a statement's head: the DEFINER clause comes before them.
var objectKeywords = []string{"view", "trigger", "procedure", "function", "event", "package"}

// objectKeyword reports whether one of objectKeywords starts at q[i] as a whole word.
func objectKeyword(q []byte, i int) bool {
	switch q[i] | 0x20 {
	case 'v', 't', 'p', 'f', 'e':
		for _, w := range objectKeywords {
			if hasWordFold(q, i, w) {
				return true
			}
		}
	}
	return false
}

// replaceDefiners puts account in the DEFINER= clause of q, st's text, or of each
// statement of it when the server runs it as several (split.ServerParts), as the replay's
// --strip-definers does per part, and says how many clauses it replaced. Read whole by its
// first statement, `DROP PROCEDURE IF EXISTS p; CREATE DEFINER=… PROCEDURE p … END` kept
// the dump's definer, silently: findDefiner's search ends at the DROP's PROCEDURE
// (TestReviewX17DefinerAfterDropInOneText). A text with a replaced part is the parts
// joined by ';', as keepParts joins them, which the replay cuts into the same parts again.
func replaceDefiners(st *split.Statement, q, account []byte) (out []byte, replaced int) {
	whole := *st
	whole.SQL = q
	parts := split.ServerParts(&whole)
	if parts == nil {
		if st.Kind == split.KindRoutine || st.Kind == split.KindDDL {
			if out := replaceDefiner(q, account); out != nil {
				return out, 1
			}
		}
		return q, 0
	}
	texts := make([][]byte, len(parts))
	for i := range parts {
		texts[i] = parts[i].SQL
		if parts[i].Kind != split.KindRoutine && parts[i].Kind != split.KindDDL {
			continue
		}
		if out := replaceDefiner(parts[i].SQL, account); out != nil {
			texts[i] = out
			replaced++
		}
	}
	if replaced == 0 {
		return q, 0
	}
	return bytes.Join(texts, []byte(";\n")), replaced
}
