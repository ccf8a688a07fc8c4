// Package bytescan finds the first byte of a string literal that ends a plain run: its
// quote, a backslash, and for the --load-data converter a control byte. Every byte of a
// dump goes through such a search two or three times (the splitter, the planner's row
// read, the converter), so it is the one place that reads sixteen bytes per step: SSE2 on
// amd64 (every amd64 CPU has it), eight bytes at a time (SWAR) elsewhere.
package bytescan

// IndexQuoteOrBackslash is the index of the first q or backslash in b, -1 when there is
// none.
func IndexQuoteOrBackslash(b []byte, q byte) int {
	// A third test that repeats the backslash's keeps one search for both callers.
	return index(b, q, '\\', 0xFF, '\\')
}

// IndexQuoteBackslashOrControl is the index of the first q, backslash or byte below 0x10
// in b, -1 when there is none: the bytes the --load-data converter does not copy as they
// are (the quote and escapes of the SQL literal, and the bytes the field escapes).
func IndexQuoteBackslashOrControl(b []byte, q byte) int {
	return index(b, q, '\\', 0xF0, 0)
}

// IndexEither is the index of the first c1 or c2 in b, -1 when there is none: both cases
// of a letter, for a search that folds ASCII case (sqlscan.ContainsFoldASCII).
func IndexEither(b []byte, c1, c2 byte) int {
	return index(b, c1, c2, 0xFF, c2)
}

// indexGeneric is index eight bytes at a time: a zero byte in w^x marks an x, and the
// lowest flagged byte is exact, since borrows only run upwards.
func indexGeneric(b []byte, c1, c2, m, v byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	m1, m2, mm, mv := uint64(c1)*ones, uint64(c2)*ones, uint64(m)*ones, uint64(v)*ones
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := le64(b[i:])
		w1, w2, w3 := w^m1, w^m2, w&mm^mv
		if h := ((w1-ones)&^w1 | (w2-ones)&^w2 | (w3-ones)&^w3) & highs; h != 0 {
			return i + trailingZeroBytes(h)
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == c1 || c == c2 || c&m == v {
			return i
		}
	}
	return -1
}
