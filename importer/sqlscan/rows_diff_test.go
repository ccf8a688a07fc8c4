package sqlscan

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// diffSyntaxes are the quoting rules the row reader is compared under: plain, each sql_mode
// that changes a string's end, and each kind of multibyte character set.
var diffSyntaxes = []Syntax{
	{},
	{NoBackslashEscapes: true},
	{ANSIQuotes: true},
	{NoBackslashEscapes: true, ANSIQuotes: true},
	{Charset: CharsetByName("sjis")},
	{Charset: CharsetByName("gbk"), NoBackslashEscapes: true},
	{Charset: CharsetByName("gb18030")},
	{Charset: CharsetByName("big5")},
	{Charset: CharsetByName("latin1")},
}

func diffConnState(v string) bool { return v == "@@identity" || v == "@@last_insert_id" }

// sameAsRef fails t when ReadRows and the reference differ on src under syn: accepted or
// not, and for an accepted list its Rows and where it ended (a refused one's Rows and
// position are not used: the planner drops the statement's reading). The reference reads
// a byte ≥ 0x80 after a number as part of it, where latin1's NO-BREAK SPACE (0xA0) ends
// it for the server's lexer and for ReadRows: "(0\xa00" is refused by both, at other
// places with other partial Rows (FuzzReadRowsRef's corpus).
func sameAsRef(t *testing.T, src []byte, syn Syntax) {
	t.Helper()
	a, b := New(src, syn), New(src, syn)
	got, gotOK := a.ReadRows(diffConnState)
	want, wantOK := b.refReadRows(diffConnState)
	got.Literal = false // the reference predates it; TestReadRows holds it
	if gotOK != wantOK || (gotOK && (got != want || a.Pos != b.Pos)) {
		t.Fatalf("ReadRows(%.300q) under %+v = %+v, %v at %d; the reference %+v, %v at %d", src, syn, got, gotOK, a.Pos, want, wantOK, b.Pos)
	}
}

// diffFragments are the pieces a generated VALUES list is made of: every kind of value,
// strings whose quote, escape, doubled quote or multibyte character falls at each offset
// of an 8- and 16-byte step, and the spaces, comments and punctuation between them.
var diffFragments = func() []string {
	f := []string{
		"0", "00.000", "10", "0x1f", "0x00", "0e9", "1e0", "1e-5", "0.0001", "0b0", "0b1", "0X0a",
		"12", "0x", "1abc", ".5", "-3", "+0", "- 1", "--1", "NULL", "null", "DEFAULT", "TRUE",
		"FALSE", "x'00'", "X'ab", "b'1'", "N'abc'", "n'a''b'", "_binary 'z'", "_utf8mb4 0x41",
		"_latin1 x", "UNHEX('00')", "CONCAT('a', 1, NULL)", "POINT(1,2)", "CHAR()", "NOW()",
		"@v", "@@session.sql_mode", "@@identity", "@'q'", "@`b`", "@\"d\"", "col", "(SELECT 1)",
		"/* c */", "/*!50000 1 */", "/*+ h */", "/*M!1 */", "# c\n", "-- c\n", "--\n", "\t", "\r\n",
		" ", ",", ")", "(", "()", "'", "\"", "`", "\\", "ON DUPLICATE KEY UPDATE a=1", "RETURNING id",
		"\x81\x5c", "\x95'", "\x81\x30\x81\x30", "\xa1\x5c", "\xe0\x40",
	}
	for n := 0; n <= 34; n++ {
		body := strings.Repeat("a", n)
		for _, ins := range []string{"", `\'`, `''`, `\\`, `\`, "\x81\x5c", "\x95'", `"`, `""`, "\n\x00"} {
			for _, q := range []string{"'", `"`} {
				f = append(f, q+body+ins+body[:n/2]+q)
			}
		}
	}
	return f
}()

// genValues writes a VALUES list: mostly well-formed rows of fragments, with now and then
// a fragment out of place, so that both what ReadRows accepts and where it gives up are
// compared.
func genValues(r *rand.Rand) []byte {
	var sb bytes.Buffer
	rows := 1 + r.IntN(4)
	for i := 0; i < rows; i++ {
		if i > 0 {
			sb.WriteString([]string{",", ", ", ",\n", " , "}[r.IntN(4)])
		}
		sb.WriteByte('(')
		cols := r.IntN(6)
		if r.IntN(40) == 0 {
			cols = 70 // past ZeroMask's 64 columns
		}
		for c := 0; c < cols; c++ {
			if c > 0 {
				sb.WriteByte(',')
			}
			if r.IntN(6) == 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(diffFragments[r.IntN(len(diffFragments))])
		}
		sb.WriteByte(')')
	}
	if r.IntN(5) == 0 {
		sb.WriteString(diffFragments[r.IntN(len(diffFragments))])
	}
	b := sb.Bytes()
	switch r.IntN(8) {
	case 0:
		b = b[:r.IntN(len(b)+1)]
	case 1:
		if len(b) > 0 {
			b[r.IntN(len(b))] = byte(r.IntN(256))
		}
	}
	return b
}

// TestReadRowsSameAsRef compares the row reader with the reference on generated VALUES
// lists under every syntax.
func TestReadRowsSameAsRef(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 17))
	for i := 0; i < 20000; i++ {
		src := genValues(r)
		for _, syn := range diffSyntaxes {
			sameAsRef(t, src, syn)
		}
	}
}

// FuzzReadRowsRef compares the row reader with the reference on any bytes: the seeds are
// generated VALUES lists, which the fuzzer mutates.
func FuzzReadRowsRef(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 64; i++ {
		f.Add(genValues(r), uint8(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		sameAsRef(t, src, diffSyntaxes[int(which)%len(diffSyntaxes)])
	})
}
