package bytescan

import (
	"encoding/binary"
	"math/bits"
)

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// trailingZeroBytes is the index of the lowest byte whose high bit h flags.
func trailingZeroBytes(h uint64) int { return bits.TrailingZeros64(h) / 8 }
