package checkpoint

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// The digests of the stream in progress rows (stream_sha256, despite the column's name):
// "xxh64:" and xxHash64 in 16 hex digits since issue 24, which hashes at memory speed where
// SHA-256 took 5–6 % of an import's CPU; 64 hex digits are SHA-256, as dumpscope wrote
// them before, and a resume still checks those. The digests tell a dump re-made or edited
// since the interrupted run from the same one, not a dump forged to collide: 64 bits
// leave an accidental match at 2^-64.
const xxh64Prefix = "xxh64:"

// newStreamHash is the hash of the digests written from now on.
func newStreamHash() hash.Hash { return xxhash.New() }

// encodeStreamDigest formats newStreamHash's sum for a progress row.
func encodeStreamDigest(sum []byte) string { return xxh64Prefix + hex.EncodeToString(sum) }

// digestKind says which hash wrote digest: true for xxHash64, false for SHA-256.
func digestKind(digest string) (xxh bool, err error) {
	switch {
	case strings.HasPrefix(digest, xxh64Prefix) && len(digest) == len(xxh64Prefix)+16:
		return true, nil
	case len(digest) == 2*sha256.Size && !strings.HasPrefix(digest, xxh64Prefix):
		return false, nil
	}
	return false, fmt.Errorf("resume: a progress row holds the dump digest %q, in a form this dumpscope does not know (a newer one wrote it?)", digest)
}

// streamHashes runs the hashes that the digests to check were written with: SHA-256 only
// when a row of an older dumpscope needs it.
type streamHashes struct {
	xxh, sha hash.Hash
	w        io.Writer
}

func newStreamHashes(digests []endDigest) (*streamHashes, error) {
	s := &streamHashes{}
	var ws []io.Writer
	for _, d := range digests {
		if d.digest == "" {
			continue
		}
		xxh, err := digestKind(d.digest)
		if err != nil {
			return nil, err
		}
		if xxh && s.xxh == nil {
			s.xxh = newStreamHash()
			ws = append(ws, s.xxh)
		} else if !xxh && s.sha == nil {
			s.sha = sha256.New()
			ws = append(ws, s.sha)
		}
	}
	s.w = io.MultiWriter(ws...)
	return s, nil
}

func (s *streamHashes) Write(p []byte) (int, error) { return s.w.Write(p) }

// matches reports whether the stream hashed so far has digest (whose form newStreamHashes
// checked).
func (s *streamHashes) matches(digest string) bool {
	if strings.HasPrefix(digest, xxh64Prefix) {
		return encodeStreamDigest(s.xxh.Sum(nil)) == digest
	}
	return hex.EncodeToString(s.sha.Sum(nil)) == digest
}
