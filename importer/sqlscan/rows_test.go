package sqlscan

import "testing"

// TestReadRows reads VALUES lists from after the VALUES keyword: the row count, which
// columns some row gives a zero, and what ends the recognition.
func TestReadRows(t *testing.T) {
	connState := func(v string) bool { return v == "@@identity" }
	tests := []struct {
		values string
		syn    Syntax
		ok     bool
		want   Rows
	}{
		{"(1,'a'),(2,'b')", Syntax{}, true, Rows{N: 2, ZeroMask: 0b10, Literal: true}}, // a string is 0 in an integer column
		{" (NULL, 'x'), (5, 0x00), (7, DEFAULT)", Syntax{}, true, Rows{N: 3, ZeroMask: 0b11}},
		{"(0.4, 1.5, 4e-1, 1e0, 0x1e)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b0101}},                                            // 0.4 and 4e-1 round to 0 (TestReviewX3LoadDataFloatAutoIncrement)
		{"(-1, - 2, +3, -0.5, -0.4e1, -0, -TRUE, -'')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b1011_1000, NegMask: 0b0100_0011}}, // negatives: 0 in an UNSIGNED column (TestReviewX3ParallelRoundedZeroID), kept in a signed one; -0.5 and -0.4e1 may be 0 as 0.5 and 0.4e1 may
		{"(0.0e5, 1e0, UNHEX('00'), _binary 'z')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b1101}},
		{"()", Syntax{}, true, Rows{N: 1, ZeroFar: true, Literal: true}},
		{"(@v, @@session.sql_mode) -- a comment\n", Syntax{}, true, Rows{N: 1, ZeroMask: 0b11}},
		{"(@@identity)", Syntax{}, false, Rows{}},
		{"(1) /*!99999 ON DUPLICATE KEY UPDATE a=1 */", Syntax{}, false, Rows{}},
		{"(1) ON DUPLICATE KEY UPDATE a=1", Syntax{}, false, Rows{}},
		{"(a)", Syntax{}, false, Rows{}},
		{`('a\'),('b')`, Syntax{NoBackslashEscapes: true}, true, Rows{N: 2, ZeroMask: 1, Literal: true}},
		{`('a\'),('b')`, Syntax{}, false, Rows{}},
		{"('\x95\x5c'),('b')", Syntax{Charset: CharsetByName("sjis")}, true, Rows{N: 2, ZeroMask: 1, Literal: true}},
		{`("x")`, Syntax{ANSIQuotes: true}, false, Rows{}},
		// Numbers: a run of digits and dots is read at once, a letter after it byte by byte.
		{"(0, 00.000, 10, 0x1f, 0x00, 0e9, 1e0, 0.0001, 0b0, 0b1, 0X0a, 12, 0x, 1abc)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b1_1011_0011 | 1<<12}}, // 0.0001 rounds to 0,
		// Strings are scanned eight bytes at a time: escapes and doubled quotes on either
		// side of a word's edge, a string of only a backslash pair, one that never ends.
		{`('abcdefg\'h','abcdefgh\'','x''y''zzzzzzzzzzzz','0123456789abcdef\\',"ab\"cdefghij""k",'\\')`, Syntax{}, true, Rows{N: 1, ZeroMask: 0b111111}},
		{`('0123456789\')`, Syntax{}, false, Rows{}},
		// Literal: strings in single quotes, plain numbers after signs, NULL, whatever the
		// spaces; anything else is not (binary names, replay's binarynames.go).
		{"(1, 'a', NULL, null, -2, + 3.5, 'b''c', 'd\\'e'),\n( 4 ,'x',NULL,-0.5,'é')", Syntax{}, true, Rows{N: 2, ZeroMask: 0b1101_1110, NegMask: 0b1_0000, Literal: true}},
		{"(1, 'a', DEFAULT)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1, 'a', TRUE)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b10}},
		{"(1, 'a', 1e5)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b10}},
		{"(1,'a',0x41)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b10}},
		{"(1,'a',x'41')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', _utf8mb4'b')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', N'b')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', \"b\")", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', -'b')", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', @v)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', CONCAT('b'))", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', .5)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b110}},
		{"(1,'a', /* c */ 2)", Syntax{}, true, Rows{N: 1, ZeroMask: 0b10}},
		{`('0123456789abcdef\`, Syntax{}, false, Rows{}},
		{`('0123456789abcdef`, Syntax{}, false, Rows{}},
	}
	for _, tc := range tests {
		l := New([]byte(tc.values), tc.syn)
		got, ok := l.ReadRows(connState)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ReadRows(%q) = %+v, %v; want %+v, %v", tc.values, got, ok, tc.want, tc.ok)
		}
	}
}
