package sqlscan

import (
	"context"
	"database/sql"
	"encoding/hex"
	"strings"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// literalForms are the literal forms LiteralStatement reads, as a dump writes them after
// EXECUTE IMMEDIATE or PREPARE s FROM. escapesOnly: a form that is no literal under
// NO_BACKSLASH_ESCAPES (its backslash ends nothing there), nbeOnly one that is a literal
// under it only (with escapes it runs on: the server refuses the statement); unknown: a
// form whose text is known only when it runs (ok must be false). A NUL at the end of a
// literal is left out of its text (the server's parser ends the statement there): the
// server's value without its last 00 and the blanks after it is wanted.
var literalForms = []struct {
	lit                           string
	escapesOnly, nbeOnly, unknown bool
}{
	{lit: `'DELETE\nFROM k'`}, {lit: `'SET\tautocommit = 0'`}, {lit: `'UPDATE\rk'`},
	{lit: `'a\0b\bc\Zd'`}, {lit: `'\%\_ LIKE'`}, {lit: `'a\\b'`}, {lit: `'C:\'`, nbeOnly: true},
	{lit: `'\'q\''`, escapesOnly: true}, {lit: `'\"q\"'`}, {lit: `'\e\q\B\N\v\f'`},
	{lit: `'it''s'`}, {lit: `"say ""hi"""`}, {lit: `'a""b'`}, {lit: `"a''b"`},
	{lit: `"a\"b"`, escapesOnly: true}, {lit: `'a' 'b'`}, {lit: "'a'\n'b'\t\"c\""},
	{lit: `'a' /* c */ 'b'`}, {lit: `_utf8mb4'x\ny'`}, {lit: `_utf8mb4 'x'`}, {lit: `_binary'\0é'`},
	{lit: `_latin1'abc'`}, {lit: `N'n\tn'`}, {lit: `n'x' 'y'`}, {lit: `X'4142'`}, {lit: `x''`},
	{lit: `0x414`}, {lit: `0x4a4B`}, {lit: `b'0100000101'`}, {lit: `0b1000001`}, {lit: `B'1'`},
	{lit: "'é\\n\xe2\x82\xac'"}, {lit: `'ends\\'`}, {lit: `'a' USING @x`}, {lit: `'a';`},
	{lit: `'SELECT 1\0'`}, {lit: `'SELECT 1;\0 '`},
	{lit: `_latin1'é'`, unknown: true}, {lit: `_utf16'ab'`, unknown: true}, {lit: `'a' || 'b'`, unknown: true},
	{lit: `CONCAT('a', 'b')`, unknown: true}, {lit: `@s`, unknown: true}, {lit: `'a' COLLATE utf8mb4_bin`, unknown: true},
}

// TestUnescapeMatchesServer asks a real server what each literal form is (SELECT
// HEX(CONVERT(lit USING utf8mb4)) on a utf8mb4 connection: the text EXECUTE IMMEDIATE and
// PREPARE run, converted to the connection's character set) and holds LiteralStatement's
// reading to it, with backslash escapes and under NO_BACKSLASH_ESCAPES, so that the
// decoder cannot drift from the server.
func TestUnescapeMatchesServer(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, mode := range []string{"", "NO_BACKSLASH_ESCAPES"} {
		if _, err := conn.ExecContext(ctx, "SET NAMES utf8mb4, sql_mode = '"+mode+"'"); err != nil {
			t.Fatal(err)
		}
		syn := Syntax{NoBackslashEscapes: mode != ""}
		for _, f := range literalForms {
			if f.escapesOnly && syn.NoBackslashEscapes || f.nbeOnly && !syn.NoBackslashEscapes {
				continue
			}
			l := New([]byte(f.lit), syn)
			got, ok := LiteralStatement(&l)
			if f.unknown {
				if ok {
					t.Errorf("%s [%s]: read as %q, want unknown (known only when it runs)", f.lit, mode, got)
				}
				continue
			}
			if !ok {
				t.Errorf("%s [%s]: not read, want its text", f.lit, mode)
				continue
			}
			expr := strings.TrimSuffix(f.lit, ";")
			expr, _, _ = strings.Cut(expr, " USING ")
			var want string
			if err := conn.QueryRowContext(ctx, "SELECT HEX(CONVERT("+expr+" USING utf8mb4))").Scan(&want); err != nil {
				t.Errorf("%s [%s]: the server: %v", f.lit, mode, err)
				continue
			}
			if strings.HasPrefix(f.lit, `'SELECT 1`) && !syn.NoBackslashEscapes {
				want = strings.TrimSuffix(strings.TrimSuffix(want, "20"), "00") // the NUL and the blanks after it
			}
			if h := strings.ToUpper(hex.EncodeToString([]byte(got))); h != want {
				t.Errorf("%s [%s]: read %q (%s), the server's %s", f.lit, mode, got, h, want)
			}
		}
	}
	// gbk: a character whose second byte is a backslash (0x5C) or a quote is copied whole.
	if _, err := conn.ExecContext(ctx, "SET NAMES gbk, sql_mode = ''"); err != nil {
		t.Fatal(err)
	}
	for _, lit := range []string{"'\x81\x5c\\n'", "'\x95\x5c''x'"} {
		l := New([]byte(lit), Syntax{Charset: CharsetByName("gbk")})
		got, ok := LiteralStatement(&l)
		var want string
		if err := conn.QueryRowContext(ctx, "SELECT HEX("+lit+")").Scan(&want); err != nil {
			t.Fatalf("%q: the server: %v", lit, err)
		}
		if h := strings.ToUpper(hex.EncodeToString([]byte(got))); !ok || h != want {
			t.Errorf("gbk %q: read %q (%s, %v), the server's %s", lit, got, h, ok, want)
		}
	}
}

// TestTokenizerStringText: a String token's Text is the literal's text as the server
// reads it (the one decoder), and a Quoted identifier's has only its doubled quotes undone.
func TestTokenizerStringText(t *testing.T) {
	for _, c := range []struct {
		q    string
		syn  Syntax
		want string
	}{
		{`'a\tb\%'`, Syntax{}, "a\tb\\%"},
		{`'a\tb'`, Syntax{NoBackslashEscapes: true}, `a\tb`},
		{"`a\\n``b`", Syntax{}, "a\\n`b"},
		{`"a\n"`, Syntax{ANSIQuotes: true}, `a\n`},
		{`'unterminated\`, Syntax{}, `unterminated\`},
	} {
		l := New([]byte(c.q), c.syn)
		if got := l.Next().Text; got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.q, c.syn, got, c.want)
		}
	}
}
