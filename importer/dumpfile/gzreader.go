package dumpfile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
)

// goGzipReader decodes a multi-member gzip stream in Go: it reads each member's header
// itself (readGzipHeader: no 512-byte cap on FNAME and FCOMMENT, which the gzip package's
// Reader has), inflates the member's deflate data with klauspost/compress's flate reader
// straight from br (a *bufio.Reader, which flate decodes fastest and never reads past the
// deflate data), and checks the trailer's CRC-32 and ISIZE. After a member it ends the
// stream as gzip -d does (gzipNextMember): at the end, at zero padding, or at trailing
// garbage, which it reports to tail.
//
// Its errors are those of the gzip package (gzip.ErrHeader, gzip.ErrChecksum, wrapped with
// the member's compressed offset), flate.CorruptInputError at the compressed offset of
// the damage, and io.ErrUnexpectedEOF.
type goGzipReader struct {
	br       *bufio.Reader
	pos      func() int64 // compressed offset of br's next byte
	ev       gzipEvents
	members  int           // started so far
	fr       io.ReadCloser // flate.NewReader's, reset for each member
	inMember bool
	memberAt int64 // compressed offset of the current member's header
	bodyAt   int64 // … and of its deflate data
	digest   uint32
	size     uint32 // ISIZE: the member's length modulo 2^32
	err      error  // sticky
}

func newGoGzipReader(br *bufio.Reader, pos func() int64, ev gzipEvents) (io.Reader, io.Closer, error) {
	z := &goGzipReader{br: br, pos: pos, ev: ev}
	// Like gzip.NewReader, fail on a bad first header at once (io.EOF for no input at all).
	if err := z.startMember(); err != nil {
		return nil, nil, err
	}
	return z, z, nil
}

// startMember reads the header of the member at br and sets up its inflate.
func (z *goGzipReader) startMember() error {
	z.memberAt = z.pos()
	if err := readGzipHeader(z.br, z.memberAt); err != nil {
		return err
	}
	z.members++
	z.ev.nextMember(z.members, z.memberAt)
	z.bodyAt = z.pos()
	if z.fr == nil {
		z.fr = flate.NewReader(z.br)
	} else if err := z.fr.(flate.Resetter).Reset(z.br, nil); err != nil {
		return err
	}
	z.digest, z.size, z.inMember = 0, 0, true
	return nil
}

func (z *goGzipReader) Read(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	for {
		if !z.inMember {
			if err := z.nextMember(); err != nil {
				z.err = err
				return 0, err
			}
		}
		n, err := z.fr.Read(p)
		z.digest = crc32.Update(z.digest, crc32.IEEETable, p[:n])
		z.size += uint32(n)
		switch {
		case err == io.EOF:
			if err := z.checkTrailer(); err != nil {
				z.err = err
				return n, err
			}
			z.inMember = false
			if n == 0 && len(p) > 0 {
				continue
			}
			return n, nil
		case err != nil:
			var ce flate.CorruptInputError
			if errors.As(err, &ce) {
				// flate counts from the member's deflate data; the input's offsets are
				// the file's, as ISA-L's are.
				err = flate.CorruptInputError(z.bodyAt + int64(ce))
			}
			z.err = err
			return n, err
		}
		return n, nil
	}
}

// checkTrailer reads the member's CRC-32 and ISIZE and compares them with what was decoded.
func (z *goGzipReader) checkTrailer() error {
	var tr [8]byte
	if _, err := io.ReadFull(z.br, tr[:]); err != nil {
		return noEOF(err)
	}
	if binary.LittleEndian.Uint32(tr[:4]) != z.digest || binary.LittleEndian.Uint32(tr[4:]) != z.size {
		return gzipMemberError(z.memberAt, gzip.ErrChecksum, "")
	}
	return nil
}

// nextMember starts the member after the one that ended, or returns io.EOF where gzip -d
// ends the stream.
func (z *goGzipReader) nextMember() error {
	return afterMember(z.br, z.pos(), z.startMember, z.ev.trailingGarbage)
}

// Close releases nothing: the flate reader holds no resource, and the source is the
// caller's.
func (z *goGzipReader) Close() error { return nil }
