package plan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// spanOptions are the splitters the row reader's spans are compared under: every quoting
// rule that moves a string's end (NO_BACKSLASH_ESCAPES, ANSI_QUOTES, the multibyte
// character sets), kept comments, and a splitter that follows the dump's own SET
// sql_mode and SET NAMES (so that the rules change between statements).
var spanOptions = []split.SplitOptions{
	{},
	{NoBackslashEscapes: true},
	{ANSIQuotes: true},
	{NoBackslashEscapes: true, ANSIQuotes: true},
	{Charset: "gbk"},
	{Charset: "sjis", NoBackslashEscapes: true},
	{Charset: "big5"},
	{Charset: "gb18030"},
	{Charset: "latin1"},
	{KeepComments: true},
	{TrackSQLMode: true},
}

// spanReadSizes are the read buffers: a statement spans many reads with the small ones
// (its spans' offsets must survive the buffer's moves and growth), 0 is the default.
var spanReadSizes = []int{16, 64, 4096, 0}

// otherSyntaxes are quoting rules a planner may read a statement under that differ from
// the splitter's: the spans must then not be used.
var otherSyntaxes = []sqlscan.Syntax{
	{},
	{NoBackslashEscapes: true},
	{ANSIQuotes: true},
	{Charset: sqlscan.CharsetByName("sjis")},
}

// spanFacts splits dump under opt (through a one-byte reader when oneByte) and compares,
// for every row insert, StatementRowInsert (strings jumped over with the splitter's
// spans) with ParseRowInsert (the statement read whole, as before the spans): every fact,
// and whether it is plain, under the statement's own quoting and under otherSyntaxes. It
// returns how many statements had their spans used and how many were read.
func spanFacts(t testing.TB, dump []byte, opt split.SplitOptions, oneByte bool) (used, inserts int) {
	t.Helper()
	var r = bytes.NewReader(dump)
	var sp *split.Splitter
	if oneByte {
		sp = split.NewSplitter(iotest.OneByteReader(r), opt)
	} else {
		sp = split.NewSplitter(r, opt)
	}
	for sp.Next() {
		st := sp.Statement()
		if st.Kind != split.KindInsert {
			continue
		}
		inserts++
		own := st.Syntax()
		if spans := st.Spans().For(st.SQL, own); spans != nil {
			used++
			checkSpans(t, st.SQL, own, spans)
		}
		for i, syn := range append([]sqlscan.Syntax{own}, otherSyntaxes...) {
			got, gotOK := StatementRowInsert(&st, syn)
			want, wantOK := ParseRowInsert(st.SQL, syn)
			if gotOK != wantOK || !reflect.DeepEqual(got, want) {
				t.Fatalf("statement at offset %d (split under %+v, read under %+v, own %v): with spans %+v, %v; read whole %+v, %v\n%.400q",
					st.Offset, opt, syn, i == 0, got, gotOK, want, wantOK, st.SQL)
			}
		}
	}
	return used, inserts
}

// checkSpans fails t unless spans are in order, each from a quote to just past the same
// quote, and each run of them joined by doubled quotes ends where the tokenizer's own
// read of the quoted run from its first quote ends.
func checkSpans(t testing.TB, q []byte, syn sqlscan.Syntax, spans []uint32) {
	t.Helper()
	prev := 0
	for k := 0; k+1 < len(spans); k += 2 {
		a, e := int(spans[k]), int(spans[k+1])
		if a < prev || e < a+2 || e > len(q) || !strings.ContainsRune("'\"`", rune(q[a])) || q[e-1] != q[a] {
			t.Fatalf("span %d [%d,%d) after %d is not a quoted run of %d bytes: %.300q", k/2, a, e, prev, len(q), q)
		}
		prev = e
		if k > 0 && int(spans[k-1]) == a && q[a] == q[a-1] {
			continue // the second half of a doubled quote, checked with the first
		}
		end := e
		for j := k + 2; j+1 < len(spans) && end < len(q) && q[end] == q[a] && int(spans[j]) == end; j += 2 {
			end = int(spans[j+1])
		}
		if end < len(q) && q[end] == q[a] {
			continue // the run goes on past the spans kept (their cap while the buffer was small)
		}
		l := sqlscan.New(q[a:], syn)
		if tok := l.Next(); tok.Start != 0 || a+tok.End != end {
			t.Fatalf("span %d [%d,%d): the tokenizer reads %v ending at %d, the spans end at %d: %.300q", k/2, a, e, tok.Kind, a+tok.End, end, q)
		}
	}
}

// spanCorpus is the dumps the facts are compared on: Sakila (skipped without it), the
// splitter's corpus, and a `dumpscope gen` dump (shop tables with escapes and multibyte
// text, sbtest rows).
func spanCorpus(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	var files []string
	for _, pat := range []string{"../../../shared/testdata/sakila/*.sql", "../testdata/*.sql", "../split/testdata/split/*.sql"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = b
	}
	if len(files) == 0 || !strings.Contains(strings.Join(files, " "), "sakila") {
		t.Logf("no Sakila dump among %v", files)
	}
	o := gen.DefaultOptions()
	o.SizeBytes = 4 << 20
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, o); err != nil {
		t.Fatal(err)
	}
	out["gen"] = dump.Bytes()
	return out
}

// TestStatementRowInsertSameFactsCorpus holds the spans to the whole read on the dumps,
// under every splitter and read buffer, and checks that they were used (on the plain
// splitter: most row inserts of these dumps are one span of the input).
func TestStatementRowInsertSameFactsCorpus(t *testing.T) {
	for name, dump := range spanCorpus(t) {
		for _, opt := range spanOptions {
			for _, size := range spanReadSizes {
				if len(dump) > 1<<20 && (size == 16 || size == 4096) {
					continue // a one-byte reader over megabytes: the 64-byte buffer covers it
				}
				o := opt
				o.ReadBufferSize = size
				used, inserts := spanFacts(t, dump, o, size == 16)
				if opt == (split.SplitOptions{}) && inserts > 0 && used*2 < inserts {
					t.Errorf("%s (read buffer %d): spans used for %d of %d row inserts", name, size, used, inserts)
				}
			}
		}
	}
}

// spanValues are the values a generated row is made of: strings whose end depends on the
// quoting rules (escaped and doubled quotes, backslashes, a backslash ending a line),
// multibyte text in UTF-8 and in the character sets whose second bytes can be '\' or a
// quote, introducers, hex and bit literals, signed numbers, functions, variables, and
// values the row reader refuses.
var spanValues = []string{
	"1", "0", "-1", "- 2", "+3", "-0", "-0.5", "0.4", "1e-3", "1e3", "12.50", ".5", "0x1F", "0x", "0b01",
	"NULL", "DEFAULT", "TRUE", "FALSE", "x'0a'", "X''", "b'01'", "N'abc'", "n'a''b'",
	"_binary 'x\\'y'", "_utf8mb4'z'", "_latin1 0x41", "_binary X'00'",
	"'plain'", "''", "'it''s'", "'a\\'b'", "'a\\\\'", "'C:\\'", "'\\\\'", "'\\''", "'x'''", "'''x'",
	"\"dq\"", "\"a\"\"b\"", "\"a\\\"b\"", "\"\"", "'Björn – ça va'", "'日本語テキスト'",
	"'\x81\x5c'", "'\x95\x5c\\''", "'\xa1\x5c'", "'\x81\x30\x81\x30'", "'\x81'''", "'tail\x81'",
	"'line\nbreak'", "'cr\r\nlf'", "'ends in a backslash\\\nnext line'", "'; -- not a comment'",
	"'/* not a comment */'", "'# no'", "'VALUES (1)'", "'" + strings.Repeat("long ", 12) + "\\'" + strings.Repeat("x", 9) + "'",
	"UNHEX('41')", "CONCAT('a', 'b''c', \"d\")", "POINT(1, 2)", "ST_GeomFromText('POINT(1 1)')", "CHAR()", "NOW()",
	"@v", "@'x'", "@\"y\"", "@`z`", "@@session.sql_mode", "col", "(SELECT 1)", "`q`",
}

// spanSeps are what goes between two values or rows: spaces, line ends, comments, and
// client commands: \c clears the statement read so far, \d sets the delimiter (the
// quoting's tables are rebuilt), \C inside a statement is refused.
var spanSeps = []string{"", " ", "\n", "\r\n", " /* c */ ", "/*c*/", " -- c\n", "# c\n", "/*!50000 */", "\t",
	"\\c INSERT INTO t VALUES ('a''b'", "\\d ;\n", " \\C sjis\n", " \\\n"}

// genSpanDump writes a dump of row inserts (and now and then a SET that changes the
// quoting rules, for the splitter that follows them) from spanValues and spanSeps.
func genSpanDump(r *rand.Rand) []byte {
	var b bytes.Buffer
	for n := 1 + r.IntN(6); n > 0; n-- {
		switch r.IntN(8) {
		case 0:
			b.WriteString([]string{"SET sql_mode='NO_BACKSLASH_ESCAPES';\n", "SET sql_mode='ANSI_QUOTES';\n", "SET sql_mode='';\n",
				"SET NAMES gbk;\n", "SET NAMES utf8mb4;\n", "/*!40101 SET NAMES sjis */;\n"}[r.IntN(6)])
		case 1:
			b.WriteString("SELECT 'x';\n")
		}
		b.WriteString([]string{"INSERT INTO `t` ", "INSERT IGNORE INTO t ", "REPLACE INTO `d`.`t` ", "insert t ", "INSERT INTO \"t\" "}[r.IntN(5)])
		cols := 1 + r.IntN(4)
		if r.IntN(2) == 0 {
			b.WriteByte('(')
			for c := 0; c < cols; c++ {
				if c > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "`c%d`", c)
			}
			b.WriteString(") ")
		}
		b.WriteString("VALUES")
		for row := 1 + r.IntN(5); row > 0; row-- {
			b.WriteString(spanSeps[r.IntN(len(spanSeps))])
			b.WriteByte('(')
			for c := 0; c < cols; c++ {
				if c > 0 {
					b.WriteByte(',')
					if r.IntN(4) == 0 {
						b.WriteString(spanSeps[r.IntN(len(spanSeps))])
					}
				}
				b.WriteString(spanValues[r.IntN(len(spanValues))])
			}
			b.WriteByte(')')
			if row > 1 {
				b.WriteByte(',')
			}
		}
		if r.IntN(10) == 0 {
			b.WriteString(" ON DUPLICATE KEY UPDATE c0=1")
		}
		b.WriteString([]string{";\n", ";", " ;\r\n", ";\n\n"}[r.IntN(4)])
	}
	return b.Bytes()
}

// TestStatementRowInsertSameFactsGenerated holds the spans to the whole read on generated
// row inserts under every splitter and read buffer; over all of them, spans must have
// been used.
func TestStatementRowInsertSameFactsGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 39))
	used, inserts := 0, 0
	for i := 0; i < 1500; i++ {
		dump := genSpanDump(r)
		for _, opt := range spanOptions {
			o := opt
			o.ReadBufferSize = spanReadSizes[i%len(spanReadSizes)]
			u, n := spanFacts(t, dump, o, o.ReadBufferSize == 16)
			used, inserts = used+u, inserts+n
		}
	}
	if used*4 < inserts {
		t.Fatalf("spans used for %d of %d row inserts", used, inserts)
	}
	t.Logf("spans used for %d of %d row inserts", used, inserts)
}

// FuzzStatementRowInsert holds the spans to the whole read on any bytes: the seeds are
// generated dumps, which the fuzzer mutates; which picks the splitter and read buffer.
func FuzzStatementRowInsert(f *testing.F) {
	r := rand.New(rand.NewPCG(39, 24))
	for i := 0; i < 64; i++ {
		f.Add(genSpanDump(r), uint8(i))
	}
	f.Fuzz(func(t *testing.T, dump []byte, which uint8) {
		o := spanOptions[int(which)%len(spanOptions)]
		o.ReadBufferSize = spanReadSizes[int(which/16)%len(spanReadSizes)]
		spanFacts(t, dump, o, o.ReadBufferSize == 16)
	})
}
