package sqlscan

import (
	"math/rand"
	"strings"
	"testing"
)

// containsFoldNaive is ContainsFoldASCII as it was: s compared at every byte of b.
func containsFoldNaive(b []byte, s string) bool {
	for i := 0; i+len(s) <= len(b); i++ {
		if EqualFoldASCII(b[i:i+len(s)], s) {
			return true
		}
	}
	return false
}

// TestContainsFoldASCIIAsCompared: the anchored search finds what comparing at every
// byte finds, for names with and without a non-letter, at the ends of b, across the
// sixteen-byte steps, and in random bytes of a small alphabet (so that anchors and
// near-misses are many).
func TestContainsFoldASCIIAsCompared(t *testing.T) {
	names := []string{"ROW_COUNT", "row_count", "USER_VARIABLES", "FOUND_ROWS", "CALL", "READ LOCK", "NEXT VALUE FOR", "auto_increment_", "a", "_", "ab", "é_x", ""}
	for _, s := range names {
		for _, b := range []string{"", s, "x" + s, s + "x", strings.ToLower(s), strings.ToUpper(s), strings.Repeat("y", 31) + strings.ToUpper(s) + strings.Repeat("z", 17), s[:len(s)/2], "ROW_COUN", "ROW-COUNT ROW_COUN_T row_count"} {
			if got, want := ContainsFoldASCII([]byte(b), s), containsFoldNaive([]byte(b), s); got != want {
				t.Errorf("ContainsFoldASCII(%q, %q) = %v, want %v", b, s, got, want)
			}
		}
	}
	r := rand.New(rand.NewSource(1))
	const alphabet = "rRoOwW_cCuUnNtT aA-1é"
	for range 20000 {
		b := make([]byte, r.Intn(80))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := names[r.Intn(len(names))]
		if r.Intn(3) == 0 && len(b) > 0 {
			// s planted somewhere, in mixed case
			at := r.Intn(len(b))
			var m []byte
			for _, c := range []byte(s) {
				if r.Intn(2) == 0 && 'a' <= c|0x20 && c|0x20 <= 'z' {
					c ^= 0x20
				}
				m = append(m, c)
			}
			b = append(b[:at], append(m, b[at:]...)...)
		}
		if got, want := ContainsFoldASCII(b, s), containsFoldNaive(b, s); got != want {
			t.Fatalf("ContainsFoldASCII(%q, %q) = %v, want %v", b, s, got, want)
		}
	}
}

// BenchmarkContainsFoldASCII: a 1 MiB row insert of the generated dump's shape, with no
// ROW_COUNT in it (the whole text is read): anchored against compared at every byte.
func BenchmarkContainsFoldASCII(b *testing.B) {
	q := []byte("INSERT INTO `sbtest1` VALUES " + strings.Repeat("(1,209310,'23386958206-82404521965-19689169107','Row counts of order_items'),", 1<<20/80))
	for _, c := range []struct {
		name string
		f    func([]byte, string) bool
	}{{"anchored", ContainsFoldASCII}, {"every-byte", containsFoldNaive}} {
		for _, s := range []string{"ROW_COUNT", "CALL"} {
			b.Run(c.name+"/"+s, func(b *testing.B) {
				b.SetBytes(int64(len(q)))
				for b.Loop() {
					if c.f(q, s) {
						b.Fatal("found")
					}
				}
			})
		}
	}
}
