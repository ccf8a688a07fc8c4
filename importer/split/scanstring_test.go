package split

import (
	"strings"
	"testing"
)

// TestScanStringEveryPosition puts an escaped quote, a doubled quote and an escaped
// backslash at every position of strings up to 80 bytes long: scanString tests the first
// sixteen bytes eight at a time and the rest sixteen a step (bytescan), so each position
// on either side of those boundaries must end the string where the client does, whole
// and read a byte at a time (where the line's lookahead cuts the search short).
func TestScanStringEveryPosition(t *testing.T) {
	for n := 0; n <= 80; n++ {
		for p := 0; p <= n; p++ {
			for _, special := range []string{`\'`, `''`, `\\`, `\"`} {
				s := strings.Repeat("a", p) + special + strings.Repeat("b", n-p)
				first := "INSERT INTO t VALUES ('" + s + "',\"" + s + "\")"
				data := first + ";SELECT 'x;y';"
				for _, oneByte := range []bool{false, true} {
					got, err := fuzzSplit(t, []byte(data), SplitOptions{}, oneByte)
					if err != nil {
						t.Fatalf("n %d, p %d, %s: %v", n, p, special, err)
					}
					if len(got) != 2 || got[0].SQL != first || got[1].SQL != "SELECT 'x;y'" {
						t.Fatalf("n %d, p %d, %s, one byte %v: got %+v", n, p, special, oneByte, got)
					}
				}
			}
		}
	}
}
