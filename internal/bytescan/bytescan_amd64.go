//go:build amd64

package bytescan

// index is the index of the first byte x of b with x == c1, x == c2 or x&m == v, -1 when
// there is none. Below sixteen bytes the SSE2 loop has no full step to take.
func index(b []byte, c1, c2, m, v byte) int {
	if len(b) < 16 {
		return indexGeneric(b, c1, c2, m, v)
	}
	return indexSSE2(b, c1, c2, m, v)
}

// indexSSE2 is index for len(b) ≥ 16; its last step re-reads the last sixteen bytes
// instead of reading past b's end.
//
//go:noescape
func indexSSE2(b []byte, c1, c2, m, v byte) int
