package replay

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// convFuzzTable is a table of one column per byte of spec: its kind (spec byte mod 7, so
// loadIneligible too) and nullability (bit 3).
func convFuzzTable(spec []byte) *loadTable {
	t := &loadTable{byName: map[string]int{}}
	for k, b := range spec {
		name := "c" + string(rune('a'+k%26)) + strings.Repeat("x", k/26)
		t.byName[name] = k
		t.columns = append(t.columns, loadColumn{name: name, kind: loadKind(b % 7), nullable: b&8 != 0})
	}
	return t
}

// convValues are the literal forms the converter reads, takes or refuses, with the edges
// of each: escapes (\0 \Z \% \_ and a backslash before a multibyte byte), doubled quotes,
// raw control bytes, multibyte text in UTF-8 and latin1, _binary/X”/0x literals and
// their malformed kin, NULL and its look-alikes, numbers (1e5, -0, .5, signs, leading
// zeros, 66 digits), and expressions.
var convValues = []string{
	"''", "'a'", "'it''s'", "'\\0\\Z\\b\\n\\r\\t\\%\\_\\\\\\'\\\"'", "'a\\\xc3\xa9'", "'\xc3\xa9\xe2\x98\x83'", "'\xe9\xa0'",
	"'\t\n\x00\r\x01\x1a'", "'" + strings.Repeat("0123456789abcdef", 5) + "\\n" + strings.Repeat("x", 40) + "'",
	"'2020-01-01 00:00:00'", "'a' 'b'", "'unterminated", "'\\", "'a\\'",
	"_binary 'z\\0'", "_binary'x'", "_BINARY  ''", "_binaryx'a'", "_utf8mb4'a'", "_binary", "_binary 1",
	"X'41'", "x'00ff'", "X'4'", "X'zz'", "X''", "X'41", "0x41", "0x", "0x4", "0x41g", "0X41", "0x00FFaa",
	"NULL", "null", "NuLl", "NULLx", "NUL", "N",
	"0", "1", "-1", "+1", "-0", "-0.0", "-.0", "0.0", "1.5", ".5", "-.5", "5.", "1e5", "1E5", "1e-5", "1e+5", "-0e0", "1e", "1.2.3",
	"007", "0", "-", "+", ".", "--1", "1abc", "12345678901234567890", strings.Repeat("9", 65), strings.Repeat("9", 66),
	"1" + strings.Repeat("0", 64) + ".5", "NOW()", "DEFAULT", "(1)", "@a", "1 ", " 1", "\t'a'\n",
}

// convStatement builds a row insert from r: rows of values from convValues (mostly) or
// random bytes, with the statement's separators sometimes spaced or broken.
func convStatement(r *rand.Rand, ncols int) string {
	var sb strings.Builder
	sb.WriteString("INSERT INTO `t` VALUES ")
	rows := 1 + r.IntN(4)
	for row := 0; row < rows; row++ {
		if row > 0 {
			sb.WriteString([]string{",", ",\n", " , ", ";", ""}[r.IntN(5)*r.IntN(2)*r.IntN(2)])
		}
		sb.WriteByte('(')
		n := ncols
		if r.IntN(20) == 0 {
			n += r.IntN(3) - 1
		}
		for k := 0; k < n; k++ {
			if k > 0 {
				sb.WriteString([]string{",", " ,", ", ", "\t,\n"}[r.IntN(4)*r.IntN(2)])
			}
			if r.IntN(30) == 0 {
				b := make([]byte, r.IntN(6))
				for i := range b {
					b[i] = byte(r.IntN(256))
				}
				sb.Write(b)
				continue
			}
			sb.WriteString(convValues[r.IntN(len(convValues))])
		}
		sb.WriteString([]string{")", " )", ")"}[r.IntN(3)])
	}
	if r.IntN(10) == 0 {
		sb.WriteString([]string{" ON DUPLICATE KEY UPDATE a=1", "  ", ",", " x"}[r.IntN(4)])
	}
	return sb.String()
}

// checkConverter holds the converter to refAdd (the reader it replaced) on one statement:
// the same verdict, the same field bytes and row count, converted whole after a row
// already in the buffer and streamed in reads of size bytes.
func checkConverter(t *testing.T, spec []byte, emptyIsNull bool, sql string, size int) {
	t.Helper()
	tbl := convFuzzTable(spec)
	const before = "prior\trow\n"
	ref := &loadConverter{t: tbl, emptyIsNull: emptyIsNull, data: []byte(before), rows: 1}
	refOK := refAdd(ref, []byte(sql))
	got := &loadConverter{t: tbl, emptyIsNull: emptyIsNull, data: []byte(before), rows: 1}
	ok := got.add([]byte(sql))
	if ok != refOK || !bytes.Equal(got.data, ref.data) || got.rows != ref.rows {
		t.Fatalf("spec %v emptyIsNull %v %q:\n got %v %d %q\nwant %v %d %q", spec, emptyIsNull, sql, ok, got.rows, got.data, refOK, ref.rows, ref.data)
	}
	// The stream of a batch of the statement twice: the bytes of both converted whole when
	// both convert; when not, failed, after whole lines only.
	lc := &loadConverter{t: tbl, emptyIsNull: emptyIsNull}
	p, ok := lc.begin([]byte(sql))
	if !ok {
		return
	}
	stmts := []batchStmt{{sql: sql}, {sql: sql}}
	s := newLoadStream(lc, stmts, p)
	out, err := io.ReadAll(&sizedReader{s, max(size, 1)})
	if err != nil {
		t.Fatal(err)
	}
	whole := ref.data[len(before):]
	if refOK {
		want := string(whole) + string(whole)
		if s.failed || string(out) != want {
			t.Fatalf("stream of %q in reads of %d: failed %v, %q\nwant %q", sql, size, s.failed, out, want)
		}
		return
	}
	if !s.failed || len(out) > 0 && out[len(out)-1] != '\n' {
		t.Fatalf("stream of %q in reads of %d: failed %v, %q", sql, size, s.failed, out)
	}
}

// TestLoadConverterSameAsRef: generated statements over tables of every column kind.
func TestLoadConverterSameAsRef(t *testing.T) {
	r := rand.New(rand.NewPCG(117000, 46))
	for n := 0; n < 20000; n++ {
		spec := make([]byte, 1+r.IntN(5))
		for i := range spec {
			spec[i] = byte(r.IntN(16))
		}
		checkConverter(t, spec, r.IntN(4) == 0, convStatement(r, len(spec)), 1+r.IntN(64))
	}
}

// FuzzLoadConverterRef: the converter against refAdd on any statement and table.
func FuzzLoadConverterRef(f *testing.F) {
	r := rand.New(rand.NewPCG(117001, 46))
	for n := 0; n < 64; n++ {
		spec := make([]byte, 1+r.IntN(5))
		for i := range spec {
			spec[i] = byte(r.IntN(16))
		}
		f.Add(spec, n%4 == 0, convStatement(r, len(spec)), uint8(1+r.IntN(64)))
	}
	for i, v := range convValues {
		f.Add([]byte{byte(i % 16), 11}, false, "INSERT INTO `t` VALUES ("+v+",'x'),("+v+" , '')", uint8(7))
	}
	f.Fuzz(func(t *testing.T, spec []byte, emptyIsNull bool, sql string, size uint8) {
		if len(spec) == 0 || len(spec) > 64 {
			return
		}
		checkConverter(t, spec, emptyIsNull, sql, int(size))
	})
}
