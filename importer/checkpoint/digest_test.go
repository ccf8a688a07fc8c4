package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"testing"
)

// BenchmarkObserve is the running digest's cost per byte of the stream, in statements of
// 64 KiB, with the hash written now and with SHA-256 as before issue 24.
func BenchmarkObserve(b *testing.B) {
	stmt := bytes.Repeat([]byte("(1,'a row of the dump',0.50,'2024-01-01'),"), 64<<10/43)
	for name, h := range map[string]func() hash.Hash{"xxh64": newStreamHash, "sha256": sha256.New} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(stmt)))
			r := &Run{streamDigest: streamDigest{stream: h()}}
			for b.Loop() {
				r.Observe(stmt)
			}
		})
	}
}
