package split

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// clientCommand is one of the client's own commands (commands[] in client/mysql.cc).
type clientCommand struct {
	name        string // long form, matched case-insensitively as the first word
	char        byte   // short form: backslash + char
	takesParams bool
}

// clientCommands is the client's command table (MariaDB 10.11, with "sandbox" / \- from
// 10.11.8). Order matters only for lookups by name, which are exact.
// maxCommandNameLen is the longest name in clientCommands ("delimiter", "nowarning").
const maxCommandNameLen = 9

var clientCommands = [...]clientCommand{
	{"?", '?', true},
	{"clear", 'c', false},
	{"connect", 'r', true},
	{"delimiter", 'd', true},
	{"edit", 'e', false},
	{"ego", 'G', false},
	{"exit", 'q', false},
	{"go", 'g', false},
	{"help", 'h', true},
	{"nopager", 'n', false},
	{"notee", 't', false},
	{"pager", 'P', true},
	{"print", 'p', false},
	{"prompt", 'R', true},
	{"quit", 'q', false},
	{"rehash", '#', false},
	{"source", '.', true},
	{"status", 's', false},
	{"system", '!', true},
	{"tee", 'T', true},
	{"use", 'u', true},
	{"charset", 'C', true},
	{"warnings", 'W', false},
	{"nowarning", 'w', false},
	{"sandbox", '-', false},
}

// CommandName returns the client command a KindClient (or USE / CHARSET) statement holds,
// by its long name in lower case ("system", "source", "delimiter", "sandbox", …), whether
// it was written long (`source f`) or short (`\. f`). It returns "" for other statements.
func CommandName(st Statement) string {
	v := st.Verb
	if len(v) == 2 && v[0] == '\\' {
		for _, c := range clientCommands {
			if c.char == v[1] {
				return c.name
			}
		}
		return ""
	}
	lv := strings.ToLower(v)
	for _, c := range clientCommands {
		if c.name == lv {
			if st.Kind == KindClient || lv == "use" || lv == "charset" {
				return c.name
			}
		}
	}
	return ""
}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && sqlscan.IsSpace(b[0]) {
		b = b[1:]
	}
	return b
}

// isDelimiterCommand is the client's is_delimiter_command(): the text starts with
// "delimiter" in any case.
func isDelimiterCommand(b []byte) bool {
	return len(b) >= 9 && sqlscan.EqualFoldASCII(b[:9], "delimiter")
}

// findCommand is the client's find_command(char *name): is this line (or completed
// statement text) a client command? It returns the command and its first argument.
func (s *Splitter) findCommand(text []byte) (*clientCommand, string, bool) {
	name := trimLeftSpace(text)
	// The first word ends at a space or tab only (strcont(name, " \t")); command names are
	// at most 9 bytes, so a longer first word settles it without scanning the statement.
	k := 0
	for k < len(name) && k <= maxCommandNameLen && name[k] != ' ' && name[k] != '\t' {
		k++
	}
	if k > maxCommandNameLen {
		return nil, "", false
	}
	word := name[:k]
	var c *clientCommand
	for i := range clientCommands {
		if sqlscan.EqualFoldASCII(word, clientCommands[i].name) && (!s.opt.BinaryMode || clientCommands[i].name == "delimiter") {
			c = &clientCommands[i]
			break
		}
	}
	if c == nil {
		return nil, "", false
	}
	if !s.opt.BinaryMode && bytes.Contains(name, []byte(`\g`)) {
		return nil, "", false
	}
	if bytes.Contains(name, s.delim) && !isDelimiterCommand(name) {
		return nil, "", false
	}
	hasArgs := len(trimLeftSpace(name[k:])) > 0
	arg, ok := getArg(name)
	if hasArgs && !(c.takesParams && ok) {
		return nil, "", false
	}
	return c, arg, true
}

// getArg is the client's get_arg(): the first argument after the command word, with the
// client's quoting rules ('…', "…", `…`, backslash escapes, doubled quotes). ok is false
// when there is no argument or its quote is not closed. Whether the command was written
// short (`\. f`) or long (`source f`) is read from line itself.
func getArg(line []byte) (string, bool) {
	short := false
	p := trimLeftSpace(line)
	if len(p) > 0 && p[0] == '\\' {
		short = true
		if len(p) >= 2 {
			p = p[2:]
		} else {
			p = p[1:]
		}
	} else {
		for len(p) > 0 && !sqlscan.IsSpace(p[0]) {
			p = p[1:]
		}
	}
	if len(p) == 0 {
		return "", false
	}
	p = trimLeftSpace(p)
	var q byte
	if len(p) > 0 && (p[0] == '\'' || p[0] == '"' || p[0] == '`') {
		q = p[0]
		p = p[1:]
	}
	var out []byte
	i := 0
	for ; i < len(p); i++ {
		c := p[i]
		var esc bool
		if short {
			esc = c == '\\' && i+1 < len(p)
		} else {
			esc = (c == '\\' && i+1 < len(p) && q != '`') || (q != 0 && c == q && i+1 < len(p) && p[i+1] == q)
		}
		if esc {
			i++
			out = append(out, p[i])
			continue
		}
		end := byte(' ')
		if q != 0 {
			end = q
		}
		if c == end {
			q = 0
			break
		}
		out = append(out, c)
	}
	if len(out) == 0 || q != 0 {
		return string(out), false
	}
	return string(out), true
}

// emitCommand makes the statement ending at index end a client command.
func (s *Splitter) emitCommand(c *clientCommand, arg string, end int, text []byte) {
	s.setCur(end)
	s.cur.Kind = KindClient
	s.cur.Verb = strings.ToUpper(c.name)
	s.cur.Arg = arg
	s.cur.Line = s.lineNo
	s.applyCommand(c, arg, text)
	s.resetStatement(end)
}

// applyCommand does what the splitter itself must do for a client command.
func (s *Splitter) applyCommand(c *clientCommand, arg string, text []byte) {
	switch c.name {
	case "delimiter":
		// com_delimiter(): an empty delimiter or one with a backslash is refused (the client
		// prints an error and keeps the old one); longer than 15 bytes is truncated.
		if arg == "" || strings.Contains(arg, `\`) {
			return
		}
		if len(arg) > maxDelimiterLen {
			arg = arg[:maxDelimiterLen]
		}
		n := copy(s.delimArr[:], arg)
		s.delim = s.delimArr[:n]
		s.rebuildTables()
	case "use":
		// com_use(): without a name the client prints "USE must be followed by a database
		// name" and sends nothing; otherwise it sends COM_INIT_DB with get_arg()'s name (the
		// text after the name and the quotes as written never reach the server: see
		// asSent). The SQL keeps the text, for a dump written back out (split).
		if arg == "" {
			return
		}
		s.cur.Kind = KindSession
		s.cur.Database = arg
		if len(text) > 0 && text[0] != '\\' {
			s.cur.SQL = bytes.TrimRight(text, sqlscan.Blanks)
		} else {
			s.cur.SQL = []byte("USE " + sqlscan.QuoteIdent(arg))
		}
	case "charset":
		// com_charset(): the name is looked up as the client's get_charset_by_csname() does
		// (any case, utf8 meaning utf8mb3), and mysql_set_character_set() sends SET NAMES
		// with the character set's own name. Without a name, or with one the client does
		// not know, it prints an error and sends nothing.
		cs, ok := clientCharsetName(arg)
		if !ok {
			return
		}
		s.cur.Kind = KindSession
		s.cur.SQL = []byte("SET NAMES " + cs)
		s.mb = sqlscan.CharsetByName(cs)
		s.track.cs = cs
		s.rebuildTables()
	}
}

// backslash handles a backslash outside a string at b[i] (a client command such as \g or
// \d). It returns where scanning continues, or stop=true when a statement was emitted or
// an error set.
func (s *Splitter) backslash(b []byte, i int) (int, bool) {
	if i+1 >= len(b) {
		// The client drops a backslash at the end of a line and the rest of the line with it.
		s.appendRun(i)
		s.pend = len(b)
		return len(b), false
	}
	ch := b[i+1]
	if ch == 'N' { // \N is NULL, not a command
		return i + 2, false
	}
	var c *clientCommand
	// --binary-mode leaves only \C and \- (the sandbox marker mariadb-dump writes first).
	if !s.opt.BinaryMode || ch == 'C' || ch == '-' {
		for k := range clientCommands {
			if clientCommands[k].char == ch {
				c = &clientCommands[k]
				break
			}
		}
	}
	if c == nil {
		// The client prints "Unknown command '\x'.": under --force it keeps both bytes and
		// goes on; without, it stops before sending the statement (SplitOptions.Force).
		if !s.opt.Force {
			shown := string(rune(ch))
			if ch < 0x20 || ch >= 0x7f {
				shown = fmt.Sprintf("<0x%02x>", ch)
			}
			s.fail(s.base+int64(i), s.lineNo, "the mariadb client stops here: Unknown command '\\%s'. (a backslash outside a string starts a client command, and \\%s names none); with --force the client keeps the two bytes and goes on, and so does dumpscope", shown, shown)
			return i + 2, true
		}
		return i + 2, false
	}
	s.appendRun(i)
	j := i + 2
	empty := s.sqlLen() == 0
	switch c.name {
	case "go", "ego":
		s.emitSQL(j)
		s.scan, s.pend = j, j
		return j, true
	case "clear":
		s.sqlClear()
		s.sqlLine = 0
	case "delimiter":
		arg, _ := getArg(b[i:])
		s.applyCommand(c, arg, nil)
	case "sandbox", "print", "help", "?", "rehash", "warnings", "nowarning", "prompt", "nopager", "notee":
		// harmless here
	default:
		if !empty {
			s.fail(s.base+int64(i), s.lineNo, "client command \\%c (%s) inside a statement is not supported", ch, c.name)
			return j, true
		}
	}
	if c.takesParams {
		if s.ssComment {
			for j < len(b) && !(b[j] == '*' && j+1 < len(b) && b[j+1] == '/') {
				j++
			}
		} else {
			k := bytes.Index(b[j:], s.delim)
			if k < 0 {
				j = len(b)
			} else {
				j += k + len(s.delim)
			}
		}
	}
	s.pend = j
	if empty && s.sqlLen() == 0 && c.name != "clear" {
		// A command that starts a statement is a statement of its own.
		arg := ""
		if c.takesParams {
			arg, _ = getArg(b[i:j])
		}
		s.setCur(j)
		s.cur.Kind = KindClient
		s.cur.Verb = `\` + string(ch)
		s.cur.Arg = arg
		s.cur.Line = s.lineNo
		if c.name == "use" || c.name == "charset" {
			s.cur.Verb = strings.ToUpper(c.name)
			s.applyCommand(c, arg, b[i:j])
		}
		s.resetStatement(j)
		s.scan = j
		return j, true
	}
	return j, false
}
