package dbconn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ClientGroups returns the option-file groups the Debian mariadb 10.11 client reads
// (`mariadb --help` prints "The following groups are read: mysql mariadb-client client
// client-server client-mariadb"). Group names match case-insensitively; [mariadb] and
// [mariadb-10.11] are server groups, not read by the client. The order does not rank
// them: settings apply in file order, whatever their group.
func ClientGroups() []string {
	return []string{"mysql", "mariadb-client", "client", "client-server", "client-mariadb"}
}

// maxIncludeDepth is mysys' max_recursion_level: a file nested deeper than ten
// !include levels is skipped with a warning.
const maxIncludeDepth = 10

// Env is where option files and environment variables come from. The zero value means
// the real machine: /etc/my.cnf, /etc/mysql/my.cnf, $MARIADB_HOME or $MYSQL_HOME/my.cnf,
// --defaults-extra-file, $HOME/.my.cnf. Tests inject temp dirs and a fixed environment.
type Env struct {
	// SystemDirs are the global directories searched for my.cnf, in order; nil means
	// /etc/ and /etc/mysql/ (Debian's client has no compiled-in sysconfdir).
	SystemDirs []string
	// Getenv reads an environment variable (HOME, MYSQL_HOME, MARIADB_HOME, MYSQL_PWD,
	// MYSQL_HOST, MYSQL_TCP_PORT, MYSQL_UNIX_PORT, MYSQL_GROUP_SUFFIX, LC_ALL, LC_CTYPE,
	// LANG); nil means os.Getenv.
	Getenv func(string) string
	// Charmap returns the locale's codeset as nl_langinfo(CODESET) would after
	// setlocale(LC_CTYPE, ""), for --default-character-set=auto; nil runs `locale
	// charmap`.
	Charmap func() (string, error)
	// Prompt asks for a password without echo; nil reads /dev/tty.
	Prompt func(prompt string) (string, error)
}

func (e Env) getenv(k string) string {
	if e.Getenv != nil {
		return e.Getenv(k)
	}
	return os.Getenv(k)
}

// Setting is one option as the client would see it: a key (as written, without the
// leading "--") and its value, with the place it came from for error messages.
type Setting struct {
	Key      string
	Value    string
	HasValue bool   // false for a bare `key` line (e.g. `password` alone: prompt)
	Source   string // "file:line" or "command line"
}

// Arg formats the setting as `mariadb --print-defaults` prints it.
func (s Setting) Arg() string {
	if !s.HasValue {
		return "--" + s.Key
	}
	return "--" + s.Key + "=" + s.Value
}

// String is Arg with a password value hidden, so printing settings never shows one.
// Keys are matched as the client does (prefixes, '_' for '-'), so "pass" hides too. An
// unknown key may be a misspelt password (password1=…, passwrod=…), so its value is
// hidden as well, and a bare unknown line, which may be a password written alone, is
// not shown at all.
func (s Setting) String() string {
	name, _, _, known, _ := lookupKey(s.Key)
	switch {
	case !known && !s.HasValue:
		return "--***"
	case s.HasValue && (!known || name == "password"):
		return "--" + s.Key + "=***"
	}
	return s.Arg()
}

// defaultFiles lists the files the client reads, in its order, when neither
// --no-defaults nor --defaults-file is given. A directory listed twice keeps only its
// last position (mysys add_directory), so a file is never read twice.
func (e Env) defaultFiles(extraFile string) []string {
	dirs := e.SystemDirs
	if dirs == nil {
		dirs = []string{"/etc/", "/etc/mysql/"}
	}
	var list []string
	add := func(d string) {
		for i, x := range list {
			if x == d {
				list = append(list[:i], list[i+1:]...)
				break
			}
		}
		list = append(list, d)
	}
	for _, d := range dirs {
		add(filepath.Clean(d))
	}
	home := e.getenv("MARIADB_HOME")
	if home == "" {
		home = e.getenv("MYSQL_HOME")
	}
	if home != "" {
		add(filepath.Clean(home))
	}
	add("") // placeholder for --defaults-extra-file, as in mysys
	add("~")
	var files []string
	for _, d := range list {
		switch d {
		case "":
			if extraFile != "" {
				files = append(files, extraFile)
			}
		case "~":
			if h := e.getenv("HOME"); h != "" {
				files = append(files, filepath.Join(h, ".my.cnf"))
			}
		default:
			files = append(files, filepath.Join(d, "my.cnf"))
		}
	}
	return files
}

// fileSpec says which option files to read; it mirrors the client's leading
// --no-defaults, --defaults-file, --defaults-extra-file and --defaults-group-suffix.
type fileSpec struct {
	noDefaults   bool
	defaultsFile string
	extraFile    string
	groupSuffix  string
}

// readDefaults returns the settings the client would prepend to its command line from
// option files, in order (later ones win), and warnings the client would print without
// stopping. A missing --defaults-file or --defaults-extra-file, a line before any
// [group], or a malformed [group] in a top-level file are errors, as for the client;
// inside an !include'd file they stop that file with a warning, as mysys does.
func (e Env) readDefaults(spec fileSpec) ([]Setting, []string, error) {
	if spec.noDefaults {
		return nil, nil, nil
	}
	suffix := spec.groupSuffix
	if suffix == "" {
		suffix = e.getenv("MYSQL_GROUP_SUFFIX")
	}
	groups := ClientGroups()
	if suffix != "" {
		for _, g := range ClientGroups() {
			groups = append(groups, g+suffix)
		}
	}
	r := &optReader{groups: groups}
	if spec.defaultsFile != "" {
		found, err := r.readFile(spec.defaultsFile, 0)
		if err != nil {
			return nil, r.warnings, err
		}
		if !found {
			return nil, r.warnings, fmt.Errorf("could not open required defaults file: %s", spec.defaultsFile)
		}
		return r.settings, r.warnings, nil
	}
	for _, f := range e.defaultFiles(spec.extraFile) {
		found, err := r.readFile(f, 0)
		if err != nil {
			return nil, r.warnings, err
		}
		if !found && f == spec.extraFile {
			return nil, r.warnings, fmt.Errorf("could not open required defaults file: %s", f)
		}
	}
	return r.settings, r.warnings, nil
}

type optReader struct {
	groups   []string
	settings []Setting
	warnings []string
}

func (r *optReader) wantGroup(g string) bool {
	for _, x := range r.groups {
		if strings.EqualFold(x, g) {
			return true
		}
	}
	return false
}

// readFile reads one option file (and what it includes). found is false when the file
// does not exist or cannot be opened. A world-writable regular file is skipped with the
// client's warning.
func (r *optReader) readFile(name string, depth int) (found bool, err error) {
	st, err := os.Stat(name)
	if err != nil {
		return false, nil
	}
	if st.Mode().IsRegular() && st.Mode().Perm()&0o002 != 0 {
		r.warnings = append(r.warnings, fmt.Sprintf("world-writable config file '%s' is ignored", name))
		return true, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	if err := r.parse(f, name, depth); err != nil {
		if depth > 0 {
			r.warnings = append(r.warnings, err.Error())
			return true, nil
		}
		return true, err
	}
	return true, nil
}

// isSpace is my_isspace over latin1 for the bytes that matter here.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// parse follows mysys search_default_file_with_ext: per line, leading space is skipped;
// `#` and `;` lines are comments; `!include FILE` and `!includedir DIR` (only *.cnf,
// sorted by name) are honoured anywhere; `[group]` switches the current group for this
// file only (leading space inside the brackets is kept, so `[ client]` is no client
// group); `key`, `key = value`; a `#` outside quotes ends the line; a value wrapped in
// matching quotes loses them; \n \t \r \b \s \" \' \\ are escapes.
func (r *optReader) parse(rd io.Reader, name string, depth int) error {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	group := ""
	foundGroup := false
	for line := 1; sc.Scan(); line++ {
		p := sc.Bytes()
		for len(p) > 0 && isSpace(p[0]) {
			p = p[1:]
		}
		if len(p) == 0 || p[0] == '#' || p[0] == ';' {
			continue
		}
		if p[0] == '!' {
			if depth >= maxIncludeDepth {
				r.warnings = append(r.warnings, fmt.Sprintf("skipping '%s' directive as maximum include recursion level was reached in file %s at line %d", trimSpace(p), name, line))
				continue
			}
			if err := r.directive(p[1:], name, line, depth); err != nil {
				return err
			}
			continue
		}
		if p[0] == '[' {
			end := bytes.IndexByte(p, ']')
			if end < 0 {
				return fmt.Errorf("wrong group definition in config file: %s at line %d", name, line)
			}
			g := p[1:end]
			for len(g) > 0 && isSpace(g[len(g)-1]) {
				g = g[:len(g)-1]
			}
			group = string(g)
			foundGroup = true
			continue
		}
		if !foundGroup {
			return fmt.Errorf("found option without preceding group in config file: %s at line: %d", name, line)
		}
		if !r.wantGroup(group) {
			continue
		}
		p = removeEndComment(p)
		s := Setting{Source: fmt.Sprintf("%s:%d", name, line)}
		if eq := bytes.IndexByte(p, '='); eq >= 0 {
			s.Key = string(trimSpace(p[:eq]))
			s.Value = unescapeValue(trimSpace(p[eq+1:]))
			s.HasValue = true
		} else {
			s.Key = string(trimSpace(p))
		}
		r.settings = append(r.settings, s)
	}
	return sc.Err()
}

// directive handles the text after '!'. Unknown directives (`!foo`, `!includefoo`) are
// ignored, as mysys ignores them; the keyword must be followed by whitespace.
func (r *optReader) directive(p []byte, name string, line, depth int) error {
	for len(p) > 0 && isSpace(p[0]) {
		p = p[1:]
	}
	var kw string
	switch {
	case bytes.HasPrefix(p, []byte("includedir")) && len(p) > len("includedir") && isSpace(p[len("includedir")]):
		kw = "includedir"
	case bytes.HasPrefix(p, []byte("include")) && len(p) > len("include") && isSpace(p[len("include")]):
		kw = "include"
	default:
		return nil
	}
	arg := string(trimSpace(p[len(kw):]))
	if arg == "" {
		return fmt.Errorf("wrong '!%s' directive in config file: %s at line %d", kw, name, line)
	}
	if kw == "include" {
		_, err := r.readFile(arg, depth+1)
		return err
	}
	ents, err := os.ReadDir(arg)
	if err != nil {
		return fmt.Errorf("can't read dir of '%s' (!includedir in %s at line %d): %v", arg, name, line, err)
	}
	names := make([]string, 0, len(ents))
	for _, de := range ents {
		if filepath.Ext(de.Name()) == ".cnf" {
			names = append(names, de.Name())
		}
	}
	sort.Strings(names) // my_dir(MY_WANT_SORT): byte order, "10.cnf" < "B.cnf" < "a.cnf"
	for _, n := range names {
		if _, err := r.readFile(filepath.Join(arg, n), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// removeEndComment cuts the line at the first '#' outside single or double quotes; a
// backslash inside quotes protects the next character (mysys remove_end_comment).
func removeEndComment(p []byte) []byte {
	var quote byte
	escape := false
	for i, c := range p {
		if (c == '\'' || c == '"') && !escape {
			if quote == 0 {
				quote = c
			} else if quote == c {
				quote = 0
			}
		}
		if quote == 0 && c == '#' {
			return p[:i]
		}
		escape = quote != 0 && c == '\\' && !escape
	}
	return p
}

// unescapeValue strips one pair of matching outer quotes and decodes the escapes mysys
// knows; an unknown escape keeps its backslash, and a trailing backslash stays.
func unescapeValue(v []byte) string {
	if len(v) > 1 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v)
	}
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' || i == len(v)-1 {
			out = append(out, c)
			continue
		}
		i++
		switch v[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'b':
			out = append(out, '\b')
		case 's':
			out = append(out, ' ')
		case '"', '\'', '\\':
			out = append(out, v[i])
		default:
			out = append(out, '\\', v[i])
		}
	}
	return string(out)
}
