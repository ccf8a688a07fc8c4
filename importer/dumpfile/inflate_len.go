package dumpfile

import (
	"encoding/binary"
	"errors"
)

// A length-only inflate (RFC 1951): it walks a deflate stream's blocks and counts the bytes
// they would produce without producing them. A literal counts one byte, a match its
// length; the distance is read and range-checked but never followed, so decoding can start
// at any block boundary in the middle of a stream, where the 32 KiB window that matches
// refer to is unknown. gzsize.go uses it to measure the compression ratio of regions spread
// across a .gz file (the idea of rapidgzip's and pugz's block finders, none of their code).

var (
	// errInflateShort: the data ended inside a block (normal at the end of a sample).
	errInflateShort = errors.New("deflate data ends inside a block")
	// errInflateInvalid: not a valid deflate stream at this position.
	errInflateInvalid = errors.New("invalid deflate data")
)

const deflateMaxCodeBits = 15

// Length base values and extra bits of literal/length symbols 257..285, and extra bits of
// distance symbols 0..29 (RFC 1951 §3.2.5).
var (
	deflateLenBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	deflateLenExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	deflateDistXtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// deflateCLOrder is the order in which the code-length code's lengths are stored.
	deflateCLOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// bitStream reads deflate's LSB-first bits from b, which holds nBits bits of data followed
// by at least 8 bytes of padding, so a 64-bit load never goes out of bounds; reading into
// the padding is caught by over().
type bitStream struct {
	b     []byte
	nBits int
	pos   int
}

func newBitStream(data []byte) *bitStream {
	b := make([]byte, len(data)+8)
	copy(b, data)
	return &bitStream{b: b, nBits: 8 * len(data)}
}

// peek returns at least 57 bits from pos (zeros past the data; callers check over()).
func (s *bitStream) peek() uint64 {
	if i := s.pos >> 3; i+8 > len(s.b) {
		return 0
	}
	return binary.LittleEndian.Uint64(s.b[s.pos>>3:]) >> (s.pos & 7)
}

func (s *bitStream) bits(n uint) uint32 {
	v := uint32(s.peek() & (1<<n - 1))
	s.pos += int(n)
	return v
}

func (s *bitStream) over() bool { return s.pos > s.nBits }

// lenHuff is a canonical Huffman code as one lookup table indexed by the next maxBits
// bits; an entry is symbol<<4 | code length, 0 where no code matches (incomplete codes).
type lenHuff struct {
	table   []uint16
	maxBits uint
}

// build makes the table for code lengths. Like zlib's inflate, it accepts only complete
// codes, except (when single is set) one code of length 1, and (when none is set) no code
// at all. Over-subscribed codes are always refused. These are the strict checks that keep
// a random bit position from passing for a block header.
func (h *lenHuff) build(lengths []uint8, single, none bool) bool {
	var count [deflateMaxCodeBits + 1]int
	maxBits := 0
	for _, l := range lengths {
		count[l]++
		maxBits = max(maxBits, int(l))
	}
	count[0] = 0
	left := 1
	for l := 1; l <= deflateMaxCodeBits; l++ {
		left = left<<1 - count[l]
		if left < 0 {
			return false
		}
	}
	switch {
	case maxBits == 0:
		if !none {
			return false
		}
	case left > 0:
		if !single || maxBits != 1 || count[1] != 1 {
			return false
		}
	}
	size := 1 << maxBits
	if cap(h.table) < size {
		h.table = make([]uint16, size)
	}
	h.table = h.table[:size]
	clear(h.table)
	h.maxBits = uint(maxBits)
	// Canonical codes (RFC 1951 §3.2.2): the first code of each length follows the last
	// of the shorter lengths.
	var next [deflateMaxCodeBits + 1]int
	code := 0
	for l := 1; l <= deflateMaxCodeBits; l++ {
		next[l] = code
		code = (code + count[l]) << 1
	}
	for sym, l := range lengths {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		rev := 0
		for i := 0; i < int(l); i++ {
			rev = rev<<1 | (c>>i)&1
		}
		e := uint16(sym)<<4 | uint16(l)
		for i := rev; i < size; i += 1 << l {
			h.table[i] = e
		}
	}
	return true
}

// decode reads one symbol; -1 for a bit pattern that is no code.
func (h *lenHuff) decode(s *bitStream) int {
	e := h.table[s.peek()&(1<<h.maxBits-1)]
	if e == 0 {
		return -1
	}
	s.pos += int(e & 15)
	return int(e >> 4)
}

// lenInflater holds the tables between blocks so a sample allocates them once.
type lenInflater struct {
	lit, dist, cl   lenHuff
	fixedLit, fixed lenHuff // fixed codes (BTYPE 01), built on first use
	fixedBuilt      bool
	lengths         [286 + 30]uint8
}

// header reads a block header at s.pos. It returns the block type (0 stored, 1 fixed, 2
// dynamic) and whether it is the final block, with lit/dist set up for types 1 and 2.
func (z *lenInflater) header(s *bitStream) (btype uint32, final bool, err error) {
	final = s.bits(1) == 1
	btype = s.bits(2)
	switch btype {
	case 1:
		if !z.fixedBuilt {
			var l [288 + 32]uint8 // 32 distance codes: 30 and 31 complete the code, and are refused
			for i := range 288 {
				switch {
				case i < 144:
					l[i] = 8
				case i < 256:
					l[i] = 9
				case i < 280:
					l[i] = 7
				default:
					l[i] = 8
				}
			}
			for i := 288; i < len(l); i++ {
				l[i] = 5
			}
			z.fixedLit.build(l[:288], false, false)
			z.fixed.build(l[288:], false, false)
			z.fixedBuilt = true
		}
	case 2:
		if err := z.dynamic(s); err != nil {
			return 0, false, err
		}
	case 3:
		return 0, false, errInflateInvalid
	}
	if s.over() {
		return 0, false, errInflateShort
	}
	return btype, final, nil
}

func (z *lenInflater) dynamic(s *bitStream) error {
	nlit := int(s.bits(5)) + 257
	ndist := int(s.bits(5)) + 1
	ncl := int(s.bits(4)) + 4
	if nlit > 286 || ndist > 30 { // zlib refuses these too
		return errInflateInvalid
	}
	// The code-length code's lengths, with its Kraft sum (in units of 2^-7) checked as
	// they come: at a random bit position the code is over-subscribed within a few
	// lengths, and the block finder tries every position, so most end here, early.
	var cl [19]uint8
	kraft := 0
	for i := range ncl {
		l := uint8(s.bits(3))
		cl[deflateCLOrder[i]] = l
		if l > 0 {
			if kraft += 1 << (7 - l); kraft > 1<<7 {
				return errInflateInvalid
			}
		}
	}
	if kraft != 1<<7 || !z.cl.build(cl[:], false, false) {
		return errInflateInvalid
	}
	l := z.lengths[:nlit+ndist]
	for i := 0; i < len(l); {
		if s.over() {
			return errInflateShort
		}
		sym := z.cl.decode(s)
		var rep int
		var val uint8
		switch {
		case sym < 0:
			return errInflateInvalid
		case sym < 16:
			l[i] = uint8(sym)
			i++
			continue
		case sym == 16:
			if i == 0 {
				return errInflateInvalid
			}
			val, rep = l[i-1], 3+int(s.bits(2))
		case sym == 17:
			rep = 3 + int(s.bits(3))
		default:
			rep = 11 + int(s.bits(7))
		}
		if i+rep > len(l) {
			return errInflateInvalid
		}
		for range rep {
			l[i] = val
			i++
		}
	}
	if l[256] == 0 {
		return errInflateInvalid // no end-of-block code: the block could never end
	}
	if !z.lit.build(l[:nlit], true, false) || !z.dist.build(l[nlit:], true, true) {
		return errInflateInvalid
	}
	return nil
}

// body counts the output of one block whose header was just read.
func (z *lenInflater) body(s *bitStream, btype uint32) (int64, error) {
	if btype == 0 {
		s.pos = (s.pos + 7) &^ 7
		if s.pos+32 > s.nBits {
			return 0, errInflateShort
		}
		n, nn := s.bits(16), s.bits(16)
		if n != ^nn&0xffff {
			return 0, errInflateInvalid
		}
		s.pos += 8 * int(n)
		if s.over() {
			return 0, errInflateShort
		}
		return int64(n), nil
	}
	lit, dist := &z.lit, &z.dist
	if btype == 1 {
		lit, dist = &z.fixedLit, &z.fixed
	}
	var out int64
	for {
		if s.over() {
			return out, errInflateShort
		}
		sym := lit.decode(s)
		switch {
		case sym < 0:
			return out, errInflateInvalid
		case sym < 256:
			out++
			continue
		case sym == 256:
			if s.over() {
				return out, errInflateShort
			}
			return out, nil
		}
		sym -= 257
		if sym >= len(deflateLenBase) {
			return out, errInflateInvalid
		}
		out += int64(deflateLenBase[sym]) + int64(s.bits(uint(deflateLenExtra[sym])))
		// Distances of codes 0..29 stay within 32 KiB; 30 and 31 are invalid.
		d := dist.decode(s)
		if d < 0 || d >= len(deflateDistXtra) {
			return out, errInflateInvalid
		}
		s.pos += int(deflateDistXtra[d])
	}
}

// inflateLenResult is what a length-only decode found: OutBytes produced by the complete
// blocks decoded, which end at bit EndBit; Final says the last of them was the stream's
// final block.
type inflateLenResult struct {
	OutBytes int64
	EndBit   int
	Blocks   int
	Final    bool
}

// run decodes complete blocks from s.pos until the final block, the end of the data
// (errInflateShort, not returned: the result covers the complete blocks), or invalid
// data (returned with the blocks decoded before it).
func (z *lenInflater) run(s *bitStream) (inflateLenResult, error) {
	r := inflateLenResult{EndBit: s.pos}
	for {
		btype, final, err := z.header(s)
		var n int64
		if err == nil {
			n, err = z.body(s, btype)
		}
		if err == errInflateShort {
			return r, nil
		}
		if err != nil {
			return r, err
		}
		r.OutBytes += n
		r.EndBit = s.pos
		r.Blocks++
		if final {
			r.Final = true
			return r, nil
		}
	}
}

// findBoundary looks for a block boundary at bit offsets [fromBit, toBit) of data: a
// non-final dynamic block (the kind compressible data is made of) whose header passes
// build's checks, which decodes to its end-of-block with valid symbols, and whose next
// findBoundaryCheckBlocks blocks (or those up to the data's end) are valid too. ok is
// false when no offset holds. The caller decodes from startBit and drops the sample if a
// later block is invalid.
func (z *lenInflater) findBoundary(data []byte, fromBit, toBit int) (startBit int, ok bool) {
	s := newBitStream(data)
	toBit = min(toBit, s.nBits)
	for p := fromBit; p < toBit; p++ {
		s.pos = p
		if s.peek()&7 != 2<<1 { // BFINAL 0, BTYPE 10
			continue
		}
		btype, final, err := z.header(s)
		if err != nil || btype != 2 || final {
			continue
		}
		if _, err := z.body(s, btype); err != nil {
			continue
		}
		valid := true
		for range findBoundaryCheckBlocks {
			btype, final, err := z.header(s)
			if err == nil {
				_, err = z.body(s, btype)
			}
			if err == errInflateShort || err == nil && final {
				break
			}
			if err != nil {
				valid = false
				break
			}
		}
		if valid {
			return p, true
		}
	}
	return 0, false
}

// findBoundaryCheckBlocks: blocks after a candidate's first that must decode for it to
// count as a boundary.
const findBoundaryCheckBlocks = 2
