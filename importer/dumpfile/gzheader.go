package dumpfile

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/gzip"
)

// gzipHeaderBytes is the fixed part of a gzip member header (RFC 1952 §2.3).
const gzipHeaderBytes = 10

// gzip member header flags (RFC 1952 §2.3.1).
const (
	gzipFlagHCRC     = 1 << 1
	gzipFlagExtra    = 1 << 2
	gzipFlagName     = 1 << 3
	gzipFlagComment  = 1 << 4
	gzipFlagReserved = 0xe0
)

// readGzipHeader reads a gzip member header (RFC 1952 §2.3) from br, leaving br at the
// first byte of the deflate data. Its fields are read and dropped: the dump is the data.
// Unlike the gzip package's Reader, whose FNAME and FCOMMENT are cut at 512 bytes (a
// fixed buffer), it reads zero-terminated strings of any length, as gzip(1) and ISA-L do
// (pigz --comment, or a long file name, writes them). The FHCRC, when present, is checked.
//
// at is the member's compressed offset, named by the errors: gzip.ErrHeader (wrapped) for
// a header that is not one, io.ErrUnexpectedEOF when the stream ends inside it, io.EOF
// when it ends before its first byte.
func readGzipHeader(br *bufio.Reader, at int64) error {
	var fixed [gzipHeaderBytes]byte
	if n, err := io.ReadFull(br, fixed[:]); err != nil {
		if err == io.EOF && n == 0 {
			return io.EOF
		}
		return noEOF(err)
	}
	flg := fixed[3]
	// 1f 9e is gzip 0.5's magic: gzip -d reads such a member as one of its own
	// (TestReviewX10GzipOldMagicMember).
	if fixed[0] != 0x1f || (fixed[1] != 0x8b && fixed[1] != 0x9e) || fixed[2] != 8 || flg&gzipFlagReserved != 0 {
		return gzipMemberError(at, gzip.ErrHeader, "")
	}
	digest := crc32.Update(0, crc32.IEEETable, fixed[:])
	if flg&gzipFlagExtra != 0 {
		var xlen [2]byte
		if _, err := io.ReadFull(br, xlen[:]); err != nil {
			return noEOF(err)
		}
		digest = crc32.Update(digest, crc32.IEEETable, xlen[:])
		for left := int(binary.LittleEndian.Uint16(xlen[:])); left > 0; {
			b, err := br.Peek(min(left, br.Size()))
			if err != nil && len(b) == 0 {
				return noEOF(err)
			}
			digest = crc32.Update(digest, crc32.IEEETable, b)
			br.Discard(len(b))
			left -= len(b)
		}
	}
	for _, f := range []byte{gzipFlagName, gzipFlagComment} {
		if flg&f == 0 {
			continue
		}
		for { // up to the terminating zero, in buffer-sized pieces
			b, err := br.ReadSlice(0)
			digest = crc32.Update(digest, crc32.IEEETable, b)
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				return noEOF(err)
			}
		}
	}
	if flg&gzipFlagHCRC != 0 {
		var hcrc [2]byte
		if _, err := io.ReadFull(br, hcrc[:]); err != nil {
			return noEOF(err)
		}
		if got := binary.LittleEndian.Uint16(hcrc[:]); got != uint16(digest) {
			return gzipMemberError(at, gzip.ErrHeader, fmt.Sprintf(" (its header CRC is %04x, the header's bytes give %04x)", got, uint16(digest)))
		}
	}
	return nil
}

// noEOF is err, with io.EOF (a stream that ended inside a structure) as io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// gzipMemberError is err (gzip.ErrHeader, gzip.ErrChecksum) placed at the member that
// starts at compressed offset at: a header is a few bytes, while the read buffer, whose
// position the input's errors also give, runs up to a MiB ahead.
func gzipMemberError(at int64, err error, detail string) error {
	return &MemberError{At: at, Err: err, Detail: detail}
}

// MemberError is a gzip member's damaged header or checksum, placed at the compressed
// offset where the member starts (the place to look at with a hex dump). InputError's
// message then gives that offset alone, not also the read buffer's position.
type MemberError struct {
	At     int64  // compressed offset of the member's first byte
	Err    error  // gzip.ErrHeader, gzip.ErrChecksum
	Detail string // what was found, when known (a header CRC, a method)
}

func (e *MemberError) Error() string {
	return fmt.Sprintf("the member at compressed offset %d: %v%s", e.At, e.Err, e.Detail)
}

func (e *MemberError) Unwrap() error { return e.Err }
