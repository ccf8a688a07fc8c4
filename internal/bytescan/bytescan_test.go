package bytescan

import (
	"bytes"
	"testing"
)

// byteLoop is the definition index and indexGeneric must agree with.
func byteLoop(b []byte, c1, c2, m, v byte) int {
	for i, c := range b {
		if c == c1 || c == c2 || c&m == v {
			return i
		}
	}
	return -1
}

// searches are the two the callers make, and one that flags nothing but its bytes.
var searches = []struct{ c1, c2, m, v byte }{
	{'\'', '\\', 0xFF, '\\'},
	{'"', '\\', 0xFF, '\\'},
	{'`', '\\', 0xFF, '\\'},
	{'\'', '\\', 0xF0, 0},
}

// TestIndexEveryPosition puts each byte that may or may not be flagged at every position of
// every length up to 70 (the SSE2 loop's steps, its overlapping last step, the SWAR words
// and their tails), alone and after an earlier hit, in a slice that ends where its array
// ends.
func TestIndexEveryPosition(t *testing.T) {
	probes := []byte{'\'', '"', '`', '\\', 0, 0x0f, 0x10, 0x27 ^ 0x80, 0x5c ^ 0x80, 0xff, 0x80, 'a', 0x01}
	for _, s := range searches {
		for n := 0; n <= 70; n++ {
			for at := 0; at <= n; at++ {
				for _, c := range probes {
					for _, second := range []int{-1, at + 1, at + 9, at + 17} {
						b := make([]byte, n)
						for i := range b {
							b[i] = byte('A' + i%26)
						}
						if at < n {
							b[at] = c
						}
						if second >= 0 && second < n {
							b[second] = s.c1
						}
						want := byteLoop(b, s.c1, s.c2, s.m, s.v)
						if got := index(b, s.c1, s.c2, s.m, s.v); got != want {
							t.Fatalf("index(%q, %q %q %#x %#x) = %d, want %d", b, s.c1, s.c2, s.m, s.v, got, want)
						}
						if got := indexGeneric(b, s.c1, s.c2, s.m, s.v); got != want {
							t.Fatalf("indexGeneric(%q, %q %q %#x %#x) = %d, want %d", b, s.c1, s.c2, s.m, s.v, got, want)
						}
					}
				}
			}
		}
	}
}

// FuzzIndex: index and indexGeneric agree with the byte loop on any bytes, from any offset.
func FuzzIndex(f *testing.F) {
	f.Add([]byte("0123456789abcdef0123456789'abcdef"), uint8(3), uint8(0))
	f.Add([]byte("C:\\\\path\\\\to\\\\file.txt, and more text here"), uint8(0), uint8(1))
	f.Add(bytes.Repeat([]byte{0x80, 0x27, 0xa7, 0xdc}, 9), uint8(1), uint8(3))
	f.Fuzz(func(t *testing.T, b []byte, off, which uint8) {
		if int(off) > len(b) {
			off = uint8(len(b))
		}
		b = b[off:]
		s := searches[int(which)%len(searches)]
		want := byteLoop(b, s.c1, s.c2, s.m, s.v)
		if got := index(b, s.c1, s.c2, s.m, s.v); got != want {
			t.Fatalf("index = %d, want %d", got, want)
		}
		if got := indexGeneric(b, s.c1, s.c2, s.m, s.v); got != want {
			t.Fatalf("indexGeneric = %d, want %d", got, want)
		}
	})
}

// BenchmarkIndexQuoteOrBackslash: a 120-byte sbtest value (the generated dump's bulk).
func BenchmarkIndexQuoteOrBackslash(b *testing.B) {
	s := []byte("83868641912-67196954327-12234823495-23384645455-97512355853-58497587311-58849452426-25286706714-10355155153-92453556413'")
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if IndexQuoteOrBackslash(s, '\'') != len(s)-1 {
			b.Fatal("wrong")
		}
	}
}
