package sqlscan

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type tok struct {
	Kind TokenKind
	Text string
	Raw  string // Src[Start:End]
}

func tokens(q string, syn Syntax, raw bool) []tok {
	l := New([]byte(q), syn)
	var out []tok
	for {
		var t Token
		if raw {
			t = l.NextRaw()
		} else {
			t = l.Next()
		}
		if t.Kind == EOF {
			return out
		}
		out = append(out, tok{t.Kind, t.Text, q[t.Start:t.End]})
	}
}

// TestTokenizer: the quoting rules of each mode, with Text (Next) and without (NextRaw),
// over the same bytes.
func TestTokenizer(t *testing.T) {
	sjis := Syntax{Charset: CharsetByName("sjis")}
	for _, tt := range []struct {
		name string
		q    string
		syn  Syntax
		raw  bool
		want []tok
	}{
		{"backslash escape", `'a\'b' x`, Syntax{}, false, []tok{{String, "a'b", `'a\'b'`}, {Word, "x", "x"}}},
		{"NO_BACKSLASH_ESCAPES", `'C:\' x`, Syntax{NoBackslashEscapes: true}, false, []tok{{String, `C:\`, `'C:\'`}, {Word, "x", "x"}}},
		{"doubled quote", "`a``b`.t", Syntax{}, false, []tok{{Quoted, "a`b", "`a``b`"}, {Punct, ".", "."}, {Word, "t", "t"}}},
		{"ANSI_QUOTES", `"a\"b"`, Syntax{ANSIQuotes: true}, false, []tok{{Quoted, `a\`, `"a\"`}, {Word, "b", "b"}, {Quoted, "", `"`}}},
		// 0x95 0x5C is one sjis character: its second byte is not an escape.
		{"sjis trail byte", "'\x95\\' x", sjis, false, []tok{{String, "\x95\\", "'\x95\\'"}, {Word, "x", "x"}}},
		{"user@host", "`u`@`h` @v @@session.x @'q' :=", Syntax{}, false, []tok{
			{Quoted, "u", "`u`"}, {Punct, "@", "@"}, {Quoted, "h", "`h`"}, {Var, "@v", "@v"},
			{Var, "@@session.x", "@@session.x"}, {Var, "@q", "@'q'"}, {Punct, "=", ":="}}},
		{"comments skipped, executable opened", "/* c */ a -- d\n/*!50003 b */ # e\n/*M!999999\\- f */ g", Syntax{}, false, []tok{
			{Word, "a", "a"}, {Word, "b", "b"}, {Word, "g", "g"}}},
		{"raw: comments are tokens", "/* c */ a /*!50003 b */ /*M!999999\\- f */", Syntax{}, true, []tok{
			{Comment, "", "/* c */"}, {Word, "", "a"}, {Comment, "", "/*!50003"}, {Word, "", "b"},
			{Comment, "", "*/"}, {Comment, "", `/*M!999999\- f */`}}},
		{"raw: user@host", "'u'@'h'", Syntax{}, true, []tok{{String, "", "'u'"}, {Punct, "", "@"}, {String, "", "'h'"}}},
	} {
		if d := cmp.Diff(tt.want, tokens(tt.q, tt.syn, tt.raw)); d != "" {
			t.Errorf("%s: %q (-want +got):\n%s", tt.name, tt.q, d)
		}
	}
}

func TestIdent(t *testing.T) {
	q := []byte("`a``b` c `open")
	l := New(q, Syntax{})
	var got []string
	for tk := l.NextRaw(); tk.Kind != EOF; tk = l.NextRaw() {
		got = append(got, string(tk.Ident(q)))
	}
	if d := cmp.Diff([]string{"a`b", "c", "open"}, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestSetTarget: the variable each assignment of a SET names, and its scope, as the
// splitter's sql_mode tracking and the replay's literal sql_mode both read them.
func TestSetTarget(t *testing.T) {
	type target struct {
		Name   string
		Global bool
	}
	for q, want := range map[string][]target{
		"SET sql_mode='ANSI'":                       {{"sql_mode", false}},
		"SET SESSION sql_mode='ANSI'":               {{"sql_mode", false}},
		"SET LOCAL sql_mode='ANSI'":                 {{"sql_mode", false}},
		"SET GLOBAL sql_mode='ANSI'":                {{"sql_mode", true}},
		"SET @@GLOBAL.SQL_MODE='ANSI'":              {{"sql_mode", true}},
		"SET @@session.sql_mode='ANSI'":             {{"sql_mode", false}},
		"SET @@sql_mode='ANSI'":                     {{"sql_mode", false}},
		"SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE=''": {{"@old_sql_mode", false}, {"sql_mode", false}},
		"SET a = (1, 2), GLOBAL b = 3":              {{"a", false}, {"b", true}},
		"SET NAMES utf8mb4":                         {{"names", false}},
		// A scope keyword holds for the plain names after it (each checked on MariaDB
		// 10.11 with @@global.sql_mode and @@session.sql_mode after the statement).
		"SET GLOBAL time_zone='-03:00', sql_mode='NO_BACKSLASH_ESCAPES'":        {{"time_zone", true}, {"sql_mode", true}},
		"SET @@global.time_zone='-03:00', sql_mode='NO_BACKSLASH_ESCAPES'":      {{"time_zone", true}, {"sql_mode", false}},
		"SET GLOBAL time_zone='-03:00', @@sql_mode='NO_BACKSLASH_ESCAPES'":      {{"time_zone", true}, {"sql_mode", false}},
		"SET GLOBAL time_zone='-03:00', @x=1, sql_mode='NO_BACKSLASH_ESCAPES'":  {{"time_zone", true}, {"@x", false}, {"sql_mode", true}},
		"SET GLOBAL a=1, SESSION b=2, sql_mode='NO_BACKSLASH_ESCAPES'":          {{"a", true}, {"b", false}, {"sql_mode", false}},
		"SET SESSION a=1, GLOBAL b=2, sql_mode='NO_BACKSLASH_ESCAPES'":          {{"a", false}, {"b", true}, {"sql_mode", true}},
		"SET GLOBAL a=1, LOCAL sql_mode='NO_BACKSLASH_ESCAPES'":                 {{"a", true}, {"sql_mode", false}},
		"SET GLOBAL a=1, NAMES latin1, sql_mode='NO_BACKSLASH_ESCAPES'":         {{"a", true}, {"names", false}, {"sql_mode", true}},
		"SET GLOBAL a=1, CHARACTER SET latin1, sql_mode='NO_BACKSLASH_ESCAPES'": {{"a", true}, {"character", false}, {"sql_mode", true}},
	} {
		l := Tokenizer{Src: []byte(q)}
		l.Next() // SET
		var got []target
		var scope bool
		for {
			tok, name, global := l.SetTarget(&scope)
			if tok.Kind == EOF {
				break
			}
			got = append(got, target{name, global})
			l.SkipAssignment()
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: targets (-want +got):\n%s", q, d)
		}
	}
}

// TestSkipAssignment: an assignment's expression ends at a top-level comma (true) or at
// the statement's end, which a top-level `;` is too (false, the tokenizer just past it):
// in a routine's body the next statement's SET follows, and read as more of this
// expression its assignments were lost (the one reader of SET lists for the splitter, the
// replay and the planner's body readers).
func TestSkipAssignment(t *testing.T) {
	l := Tokenizer{Src: []byte("SET a = f(1, 2), b = (3; 4); SET c = 5")}
	l.Next() // SET
	var got []string
	for {
		name := l.Next() // the assignment's target (SetTarget's first token here)
		if name.Kind == EOF {
			break
		}
		more := l.SkipAssignment()
		got = append(got, fmt.Sprint(name.Text, " ", more))
		if !more {
			if next := l.Next(); next.Kind != EOF {
				got = append(got, "then "+next.Text)
			}
		}
	}
	if d := cmp.Diff([]string{"a true", "b false", "then SET", "c false"}, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestTokenizerServerBlanks: the server's blanks are my_isspace of the connection's
// character set (\v and \f everywhere, 0xA0 in latin1 only), and "--" opens a comment
// before any space or control character (sql_lex.cc); checked against MariaDB 10.11:
// SET NAMES latin1; SELECT @c<A0>:= 7 assigns @c, SELECT 1 --<01> x\n, 2 is two columns.
func TestTokenizerServerBlanks(t *testing.T) {
	words := func(q string, syn Syntax) (out []string) {
		l := New([]byte(q), syn)
		for tok := l.Next(); tok.Kind != EOF; tok = l.Next() {
			out = append(out, tok.Text)
		}
		return out
	}
	latin1 := Syntax{Charset: Latin1}
	for _, c := range []struct {
		q    string
		syn  Syntax
		want []string
	}{
		{"INSERT\fINTO\vt", Syntax{}, []string{"INSERT", "INTO", "t"}},
		{"INSERT\xa0INTO t", latin1, []string{"INSERT", "INTO", "t"}},
		{"INSERT\xa0INTO t", Syntax{}, []string{"INSERT\xa0INTO", "t"}},
		{"INSERT\xffINTO\xa0t", Syntax{Charset: CharsetByName("cp852")}, []string{"INSERT", "INTO\xa0t"}},
		{"INSERT\xa0INTO t", Syntax{Charset: CharsetByName("latin2")}, []string{"INSERT", "INTO", "t"}},
		{"SELECT @c\xa0:= 7", latin1, []string{"SELECT", "@c", "=", "7"}},
		{"SELECT 1 --\x01 x\n, 2", Syntax{}, []string{"SELECT", "1", ",", "2"}},
		{"SELECT 1 --\f x\n, 2", Syntax{}, []string{"SELECT", "1", ",", "2"}},
		{"SELECT 1 --x\n", Syntax{}, []string{"SELECT", "1", "-", "-", "x"}},
		{"SELECT 1--", Syntax{}, []string{"SELECT", "1"}},
	} {
		if got := words(c.q, c.syn); !slices.Equal(got, c.want) {
			t.Errorf("%q (latin1 %v): %q, want %q", c.q, c.syn.Charset.Latin1, got, c.want)
		}
	}
	for q, want := range map[string]bool{"@c\f:= 1": true, "@c /* x */ := 1": true, "@c\v= 1": false, "@c\n:=1": true} {
		l := New([]byte(q), Syntax{})
		l.Next()
		if got := l.AtAssign(); got != want {
			t.Errorf("AtAssign after @c in %q = %v", q, got)
		}
	}
	for s, want := range map[string]bool{"\f(1)": true, " /* c */ (1)": true, "\xa0(": true, " -- c\n(": true, " x(": false, "": false} {
		if got := OpensParen(s); got != want {
			t.Errorf("OpensParen(%q) = %v", s, got)
		}
	}
}
