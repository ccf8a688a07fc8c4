//go:build isal && cgo

package dumpfile

/*
#cgo LDFLAGS: -lisal
#include <stdlib.h>
#include <isa-l/igzip_lib.h>

// dumpscope_inflate runs isal_inflate over buffers that Go passes for this call only: the
// state lives in C memory and keeps no Go pointer once the call returns, as cgo requires.
static int dumpscope_inflate(struct inflate_state *s, uint8_t *in, uint32_t in_len,
		uint8_t *out, uint32_t out_len, uint32_t *consumed, uint32_t *produced) {
	s->next_in = in;
	s->avail_in = in_len;
	s->next_out = out;
	s->avail_out = out_len;
	int ret = isal_inflate(s);
	*consumed = in_len - s->avail_in;
	*produced = out_len - s->avail_out;
	s->next_in = NULL;
	s->next_out = NULL;
	return ret;
}

static struct inflate_state *dumpscope_inflate_new(void) {
	struct inflate_state *s = malloc(sizeof *s);
	if (s != NULL) {
		isal_inflate_init(s);
	}
	return s;
}

static void dumpscope_inflate_member(struct inflate_state *s) {
	isal_inflate_reset(s);
	// The header is read in Go (readGzipHeader, as for the Go inflate): from the deflate
	// data on, check the trailer's CRC-32 and ISIZE.
	s->crc_flag = ISAL_GZIP_NO_HDR_VER;
}
*/
import "C"

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
)

func init() { newISALGzipReader = newISALReader }

// maxInflateOut bounds one isal_inflate call's output, whose length is a uint32.
const maxInflateOut = 1 << 30

// isalReader decodes a multi-member gzip stream with ISA-L. It reads br's buffer in place
// (Peek, then Discard what isal_inflate consumed), so compressed bytes are not copied, and
// it never waits for more input than one read of br returns, so a pipe's data is decoded
// as it arrives. Member headers, and what follows the last member, are read as the Go
// decoder reads them (readGzipHeader, gzipNextMember), so both accept and refuse the same
// headers. Its errors are those of the Go decoder: gzip.ErrHeader and gzip.ErrChecksum
// (naming the member's offset), flate.CorruptInputError (at the compressed offset
// reached) and io.ErrUnexpectedEOF.
type isalReader struct {
	br       *bufio.Reader
	pos      func() int64 // compressed offset of br's next byte
	ev       gzipEvents
	state    *C.struct_inflate_state
	members  int   // started so far
	inMember bool  // a member's header has been read and its trailer not yet checked
	memberAt int64 // compressed offset of the current member's header
	err      error // sticky
}

func newISALReader(br *bufio.Reader, pos func() int64, ev gzipEvents) (io.Reader, io.Closer, error) {
	s := C.dumpscope_inflate_new()
	if s == nil {
		return nil, nil, errors.New("isal: out of memory for the inflate state")
	}
	z := &isalReader{br: br, pos: pos, ev: ev, state: s}
	// Like gzip.NewReader, fail on a bad first header at once (io.EOF for no input at all).
	if err := z.startMember(); err != nil {
		z.Close()
		return nil, nil, err
	}
	return z, z, nil
}

// startMember reads the next member's header and resets the state for its deflate data.
func (z *isalReader) startMember() error {
	z.memberAt = z.pos()
	if err := readGzipHeader(z.br, z.memberAt); err != nil {
		return err
	}
	z.members++
	z.ev.nextMember(z.members, z.memberAt)
	C.dumpscope_inflate_member(z.state)
	z.inMember = true
	return nil
}

// nextMember starts the member after the one that ended, or returns io.EOF where gzip -d
// ends the stream (trailing.go).
func (z *isalReader) nextMember() error {
	return afterMember(z.br, z.pos(), z.startMember, z.ev.trailingGarbage)
}

func (z *isalReader) Read(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	if len(p) > maxInflateOut {
		p = p[:maxInflateOut]
	}
	n := 0
	for n == 0 && len(p) > 0 {
		if !z.inMember {
			if err := z.nextMember(); err != nil {
				z.err = err
				return 0, err
			}
		}
		var err error // the source's, once nothing is buffered
		if z.br.Buffered() == 0 {
			_, err = z.br.Peek(1) // one read of the source
		}
		in, _ := z.br.Peek(z.br.Buffered())
		var inPtr *C.uint8_t
		if len(in) > 0 {
			inPtr = (*C.uint8_t)(unsafe.Pointer(&in[0]))
		}
		var consumed, produced C.uint32_t
		ret := C.dumpscope_inflate(z.state, inPtr, C.uint32_t(len(in)),
			(*C.uint8_t)(unsafe.Pointer(&p[n])), C.uint32_t(len(p)-n), &consumed, &produced)
		at := z.pos() // of in[0]
		z.br.Discard(int(consumed))
		n += int(produced)
		if ret < 0 {
			z.err = z.mapError(ret, at+int64(consumed))
			return n, z.err
		}
		if z.state.block_state == C.ISAL_BLOCK_FINISH {
			z.inMember = false
			continue
		}
		if len(in) > 0 && consumed == 0 && produced == 0 {
			// isal_inflate returns only once its input is used up or its output full; a
			// call that did neither would repeat forever.
			z.err = fmt.Errorf("isal_inflate made no progress at compressed offset %d", at)
			return n, z.err
		}
		if len(in) == 0 && produced == 0 {
			// The source has ended (err) and the state holds nothing more to give.
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			z.err = err
			return n, err
		}
	}
	return n, nil
}

// mapError is the Go decoder's error for isal_inflate's ret, which stopped at compressed
// offset at.
func (z *isalReader) mapError(ret C.int, at int64) error {
	switch ret {
	case C.ISAL_INVALID_BLOCK, C.ISAL_INVALID_SYMBOL, C.ISAL_INVALID_LOOKBACK:
		return flate.CorruptInputError(at)
	case C.ISAL_INVALID_WRAPPER, C.ISAL_UNSUPPORTED_METHOD:
		return gzipMemberError(z.memberAt, gzip.ErrHeader, "")
	case C.ISAL_INCORRECT_CHECKSUM:
		return gzipMemberError(z.memberAt, gzip.ErrChecksum, "")
	}
	return fmt.Errorf("isal_inflate: error %d at compressed offset %d", int(ret), at)
}

// Close frees the inflate state; it does not close the source.
func (z *isalReader) Close() error {
	if z.state != nil {
		C.free(unsafe.Pointer(z.state))
		z.state = nil
		if z.err == nil {
			z.err = errors.New("isal: read after Close")
		}
	}
	return nil
}
