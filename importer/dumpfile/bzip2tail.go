package dumpfile

import (
	"bufio"
	"compress/bzip2"
	"errors"
	"io"
)

// bzip2Reader decodes concatenated bzip2 streams with compress/bzip2 and ends where
// bzip2 -d ends (trailing.go): after a complete stream, bytes that are not the header of
// another ("BZh" and a level 1-9) are trailing garbage, reported to tail and ignored, and
// zero bytes to the end are padding. compress/bzip2 reads them as the next stream's header
// and fails ("bad magic value in continuation file", or a truncation for a single byte);
// each such failure happens only at a stream's end, a few bytes past it, which
// bzip2Source's count of bytes consumed and last bytes seen tell.
type bzip2Reader struct {
	src  *bzip2Source
	dec  io.Reader
	pos  func() int64 // compressed offset of src's next byte
	tail func(at int64)
	err  error // sticky
}

func newBzip2Reader(br *bufio.Reader, pos func() int64, tail func(at int64)) io.Reader {
	src := &bzip2Source{br: br}
	return &bzip2Reader{src: src, dec: bzip2.NewReader(src), pos: pos, tail: tail}
}

func (z *bzip2Reader) Read(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	n, err := z.dec.Read(p)
	if err != nil && err != io.EOF {
		if after, ok := z.src.afterStream(err); ok {
			// The garbage starts after bytes after the stream's end, already consumed.
			at := z.pos() - int64(after)
			zeros, zerr := z.src.consumedZeros(after)
			if zerr != nil {
				err = zerr
			} else {
				if !zeros {
					z.tail(at)
				}
				err = io.EOF
			}
		}
	}
	z.err = err
	return n, err
}

// bzip2Source is the io.ByteReader compress/bzip2 reads (all of its reads are ReadByte):
// it keeps the last bytes it handed out, to tell where a stream ended.
type bzip2Source struct {
	br   *bufio.Reader
	last [16]byte // ring: the byte consumed n bytes ago is last[(count-n)%16]
	n    int64    // bytes handed out
}

func (s *bzip2Source) Read(p []byte) (int, error) { // not used by compress/bzip2; for io.Reader
	k, err := s.br.Read(p)
	for _, c := range p[:k] {
		s.last[s.n%int64(len(s.last))] = c
		s.n++
	}
	return k, err
}

func (s *bzip2Source) ReadByte() (byte, error) {
	c, err := s.br.ReadByte()
	if err == nil {
		s.last[s.n%int64(len(s.last))] = c
		s.n++
	}
	return c, err
}

// back is the byte consumed i bytes ago (1: the last one).
func (s *bzip2Source) back(i int) byte { return s.last[(s.n-int64(i))%int64(len(s.last))] }

// afterStream says whether compress/bzip2's error err is its reading of what follows a
// complete stream as another stream's header, and how many bytes past the stream's end it
// consumed. bzip2 -d takes those bytes for trailing garbage, except a prefix of a header
// cut by the end ("B", "BZ", "BZh"), which it calls truncated, as does this.
func (s *bzip2Source) afterStream(err error) (after int, ok bool) {
	var se bzip2.StructuralError
	if errors.As(err, &se) {
		switch string(se) {
		case "bad magic value in continuation file": // two bytes, not "BZ"
			return 2, true
		case "non-Huffman entropy encoding": // "BZ", not "h": only ever after a stream, as
			return 3, true // the first stream's header was checked before decoding
		case "invalid compression level": // "BZh", not a level 1-9
			return 4, true
		}
		return 0, false
	}
	// One byte, then the end: compress/bzip2 reads a second one for "BZ" and calls the end a
	// truncation. It follows a stream only if the 80 bits before it, up to 7 bits of
	// padding, are the end-of-stream marker and the stream's CRC.
	if !errors.Is(err, io.ErrUnexpectedEOF) || s.n < 12 || s.back(1) == 'B' {
		return 0, false
	}
	var w [11]byte // the 11 bytes before the last one
	for i := range w {
		w[i] = s.back(12 - i)
	}
	for pad := range 8 {
		// The 48 bits that end 32 + pad bits before the end of w.
		var m uint64
		for bit := 88 - pad - 80; bit < 88-pad-32; bit++ {
			m = m<<1 | uint64(w[bit/8]>>(7-bit%8)&1)
		}
		if m == bzip2EndOfStreamMagic {
			return 1, true
		}
	}
	return 0, false
}

// bzip2EndOfStreamMagic starts a bzip2 stream's end-of-stream marker (the square root of
// pi in BCD), which is followed by the stream's CRC and padding to a byte boundary.
const bzip2EndOfStreamMagic = 0x177245385090

// consumedZeros says whether the after bytes consumed past the stream's end, and all the
// source holds after them, are zero bytes (padding).
func (s *bzip2Source) consumedZeros(after int) (bool, error) {
	for i := 1; i <= after; i++ {
		if s.back(i) != 0 {
			return false, nil
		}
	}
	return skipZeros(s.br)
}
