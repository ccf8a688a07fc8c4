package dumpfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/dumpscope/dumpscope/internal/crash"
)

// Input formats, as detected from the first bytes of the stream (never from the file name:
// dumps are renamed, piped and served with the wrong extension all the time).
const (
	FormatPlain = "plain"
	FormatGzip  = "gzip"
	FormatZstd  = "zstd"
	FormatXz    = "xz"
	FormatBzip2 = "bzip2"
)

// readBufferBytes is the read-ahead on the compressed file. Large reads keep syscalls and
// per-Read bookkeeping (one atomic add each) negligible next to decompression, and the
// splitter's own reads of ≥ 1 MiB pass straight through bufio for plain input.
const readBufferBytes = 1 << 20

// stdinName is what errors and progress call standard input.
const stdinName = "stdin"

// Input is an opened dump: Reader yields the uncompressed bytes, the counters say how far
// the stream got, for progress and ETA.
//
// The counters are safe to read from another goroutine (a progress ticker) while one
// goroutine reads Reader. Reader itself is not safe for concurrent use.
type Input struct {
	// Reader yields the uncompressed dump. Its errors are *InputError values (one line,
	// naming the file, the format and the offsets reached), except io.EOF at the end.
	Reader io.Reader
	// Name is the path as given, or "stdin".
	Name string
	// Format is one of the Format* constants.
	Format string
	// Inflate names the gzip decoder (InflateISAL or InflateGo) for gzip input, else "".
	Inflate string
	// Size is the size of the file as stored (compressed size for compressed input), or -1
	// when unknown (stdin, pipes, FIFOs, character devices).
	Size int64

	compressed   *countingReader // bytes taken from the file
	uncompressed *countingReader // bytes handed to the caller
	closers      []io.Closer     // read-ahead first, file last
	readAhead    *readAhead      // nil for plain input
	sizeEst      atomic.Pointer[sizeEstimate]
	panicked     atomic.Pointer[error] // a panic of the size estimate's goroutine
	sizeEstDone  <-chan struct{}       // closed when the background estimate ends; nil if none
	multiMember  atomic.Bool           // the gzip decoder started a second member (noteNextMember)
	garbageAt    atomic.Int64          // 1 + the compressed offset of ignored trailing garbage; 0: none (trailing.go)
}

// CompressedBytesRead is the number of bytes read from the file (or stdin) so far. It runs
// ahead of the consumer by the read buffer (1 MiB) plus the compressed form of what the
// read-ahead goroutine has decoded (at most 4 MiB uncompressed), immaterial for an ETA.
// For plain input it counts the same bytes as UncompressedBytesRead plus the read buffer.
func (in *Input) CompressedBytesRead() int64 { return in.compressed.n.Load() }

// UncompressedBytesRead is the number of uncompressed bytes returned by Reader so far; it
// is the offset in the uncompressed stream that statement offsets refer to.
func (in *Input) UncompressedBytesRead() int64 { return in.uncompressed.n.Load() }

// Close stops the read-ahead goroutine, which releases the decoder, and closes the file
// Open opened. Streams passed to OpenReader, and standard input, are left open.
func (in *Input) Close() error {
	var first error
	for _, c := range in.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	in.closers = nil
	return first
}

// InputError is a failure to read or decode the dump: a truncated or corrupt compressed
// stream, or an I/O error. Offset is the uncompressed byte offset reached (the position
// statement offsets use), CompressedOffset the bytes read from the file by then: that is
// how far the read buffer got, up to 4 MiB past the damage, so where the decoder names
// the compressed offset of the damage itself (corrupt deflate data), the message gives
// that one alone, as for a damaged gzip member (MemberError); two compressed offsets in
// one line would leave the reader guessing which to look at.
type InputError struct {
	Name             string
	Format           string
	CompressedOffset int64
	Offset           int64
	Err              error
}

func (e *InputError) Error() string {
	if e.Format == FormatPlain {
		return fmt.Sprintf("%s: offset %d: %v", e.Name, e.Offset, e.Err)
	}
	var corrupt flate.CorruptInputError
	if errors.As(e.Err, &corrupt) {
		return fmt.Sprintf("%s: %s input, uncompressed offset %d: corrupt deflate data before compressed offset %d",
			e.Name, e.Format, e.Offset, int64(corrupt))
	}
	var member *MemberError
	if errors.As(e.Err, &member) {
		return fmt.Sprintf("%s: %s input, uncompressed offset %d: %v", e.Name, e.Format, e.Offset, e.Err)
	}
	return fmt.Sprintf("%s: %s input, uncompressed offset %d (compressed offset %d): %v",
		e.Name, e.Format, e.Offset, e.CompressedOffset, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// Open opens a dump file, or standard input when path is "-", and detects its compression
// from its magic bytes.
func Open(path string) (*Input, error) { return open(path, false) }

// OpenInline is Open, but a regular file's compressed input is decoded inside the caller's
// Read, straight into its buffer, rather than ahead of it in a goroutine (standard input
// and FIFOs keep the read-ahead, whose producer may pause). It is for a consumer that is
// itself far ahead of what it feeds, the parallel replay's dispatcher, which the read-ahead
// gives nothing to overlap: decoding inline saves the copy out of the read-ahead's
// chunks, the two goroutines' hand-off of every chunk, and most of the times Go's sysmon
// took the P of the read-ahead's long ISA-L call (cgo) while the dispatcher ran, each of
// which set sysmon polling at 20 µs again (session 49: 14–39 % fewer of those; the read
// path's CPU per byte −9 %, BenchmarkOpenDecompress/gzip-inline). A serial replay
// waits for the server after every statement and keeps the read-ahead, which decodes
// meanwhile.
func OpenInline(path string) (*Input, error) { return open(path, true) }

func open(path string, inline bool) (*Input, error) {
	if path == "-" {
		return OpenReader(stdinName, os.Stdin, -1)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *PathError already names the file
	}
	var size int64 = -1
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	} else if err == nil && st.IsDir() {
		f.Close()
		return nil, directoryError(path)
	}
	in, err := openStream(path, f, size, size >= 0, inline && size >= 0)
	if err != nil {
		f.Close()
		return nil, err
	}
	in.startSizeEstimate(f, size)
	in.closers = append(in.closers, f)
	if in.readAhead != nil && size >= 0 {
		// A regular file's reads return promptly, so Close can wait for the goroutine
		// before closing the file. A FIFO's read may block on its writer; closing the
		// file (pollable) is what unblocks it, so Close must not wait first.
		in.readAhead.waitOnClose = true
	}
	return in, nil
}

// OpenReader is Open for a stream the caller owns (standard input of a command, a pipe, a
// generated dump). size is the stored size if known, else -1. The caller closes r.
func OpenReader(name string, r io.Reader, size int64) (*Input, error) {
	return openStream(name, r, size, false, false)
}

// openStream detects r's format and sets up its decoding. prompt says that r's reads never
// wait for a producer (a regular file), so decoded data need not be handed over early;
// inline, that the caller's Read decodes (OpenInline).
func openStream(name string, r io.Reader, size int64, prompt, inline bool) (*Input, error) {
	in := &Input{Name: name, Size: size, compressed: &countingReader{r: r}}
	br := bufio.NewReaderSize(in.compressed, readBufferBytes)
	// Peek returns fewer bytes (and an error) for short inputs; detection works on what is
	// there, and a read error resurfaces on the first Read.
	magic, _ := br.Peek(6)
	in.Format = detectFormat(magic)

	var dec io.Reader
	var decCloser io.Closer
	pos := func() int64 { return in.compressed.n.Load() - int64(br.Buffered()) } // the decoders' compressed offset
	switch in.Format {
	case FormatPlain:
		dec = br
	case FormatGzip:
		in.Inflate = GzipInflater()
		zr, zc, err := newGzipReader(br, in.Inflate, pos, gzipEvents{garbage: in.noteTrailingGarbage, member: in.noteNextMember})
		if err != nil {
			return nil, in.wrapErr(err)
		}
		dec, decCloser = zr, zc
	case FormatZstd:
		// Concurrency 1 decodes inside Read, without helper goroutines: the read-ahead
		// goroutine below already overlaps decoding with the consumer, and on a small
		// machine the replayer needs the other core. Concatenated and skippable frames are
		// handled by the decoder.
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, in.wrapErr(err)
		}
		dec, decCloser = zr, zstdCloser{zr}
	case FormatXz:
		zr, err := xz.NewReader(br) // reads concatenated streams and stream padding
		if err != nil {
			return nil, in.wrapErr(err)
		}
		dec = zr
	case FormatBzip2:
		// Concatenated streams (pbzip2, cat a.bz2 b.bz2), then trailing garbage as bzip2 -d.
		dec = newBzip2Reader(br, pos, in.noteTrailingGarbage)
	default:
		return nil, fmt.Errorf("%s: %s", name, in.Format)
	}
	switch {
	case in.Format == FormatPlain:
	case inline:
		dec = &inlineDecoder{dec: dec}
		if decCloser != nil {
			in.closers = append(in.closers, decCloser)
		}
	default:
		// Decompress in a goroutine, ahead of the consumer, as `zcat dump.gz | mysql` does
		// in its own process: decoding costs ~7 ns/byte for gzip, as much as splitting and
		// sending together, so doing it inline would halve the import rate on two cores
		// for a consumer that waits for a server statement by statement (OpenInline).
		ra := newReadAhead(dec, decCloser, prompt)
		in.readAhead = ra
		in.closers = append(in.closers, ra)
		dec = ra
	}
	if in.Format == FormatPlain {
		head, _ := br.Peek(wideTextSniffBytes)
		if isTar(head) {
			return nil, fmt.Errorf("%s: %s", name, tarMessage(""))
		}
		if enc, why := wideText(head); enc != "" {
			return nil, wideTextError(name, "", enc, why)
		}
	} else {
		// The decoded stream's first bytes, read once and put back in front of it.
		head := make([]byte, tarMagicEnd)
		n, err := 0, error(nil)
		for n < len(head) && err == nil {
			var k int
			k, err = dec.Read(head[n:])
			n += k
		}
		if isTar(head[:n]) {
			in.Close()
			return nil, fmt.Errorf("%s: %s", name, tarMessage(in.Format))
		}
		if enc, why := wideText(head[:n]); enc != "" {
			in.Close()
			return nil, wideTextError(name, in.Format, enc, why)
		}
		rest := dec
		if err != nil {
			rest = errReader{err}
		}
		dec = &prefixReader{head: head[:n], rest: rest, in: in}
	}
	in.uncompressed = &countingReader{r: dec}
	in.Reader = &errorReader{in: in}
	return in, nil
}

// prefixReader serves the peeked head, then the rest; after Close it fails as the
// read-ahead does.
type prefixReader struct {
	head []byte
	rest io.Reader
	in   *Input
}

func (p *prefixReader) Read(b []byte) (int, error) {
	if len(p.head) == 0 {
		return p.rest.Read(b)
	}
	if p.in.closers == nil {
		return 0, os.ErrClosed
	}
	n := copy(b, p.head)
	p.head = p.head[n:]
	return n, nil
}

// errReader returns err on every Read: a decoder's error met while peeking, handed to the
// consumer where it would have met it.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// tarMagicEnd is where a POSIX tar header's magic ("ustar" at offset 257) ends.
const tarMagicEnd = 262

// isTar reports whether b starts with a POSIX (ustar) or GNU tar header.
func isTar(b []byte) bool {
	return len(b) >= tarMagicEnd && bytes.Equal(b[257:262], []byte("ustar"))
}

// tarMessage says what to do with a tar archive (format is its compression, "" if none).
func tarMessage(format string) string {
	pre, opt, what := "", "", "a tar archive"
	switch format {
	case FormatGzip:
		opt, what = "z", "a gzip-compressed tar archive (.tar.gz)"
	case FormatZstd:
		pre, what = "--zstd ", "a zstd-compressed tar archive"
	case FormatXz:
		opt, what = "J", "an xz-compressed tar archive"
	case FormatBzip2:
		opt, what = "j", "a bzip2-compressed tar archive"
	}
	return fmt.Sprintf("%s, not a dump: list it with tar %s-t%sf FILE, then stream the dump in it with tar %s-xO%sf FILE MEMBER.sql | dumpscope import -", what, pre, opt, pre, opt)
}

// directoryError says what a directory given as the dump is: mydumper's output (which
// myloader loads), or just not a file.
func directoryError(path string) error {
	if _, err := os.Stat(filepath.Join(path, "metadata")); err == nil {
		return fmt.Errorf("%s is a mydumper directory: that is myloader's format (myloader --directory %s); dumpscope reads one SQL stream (a .sql, .sql.gz or .sql.zst file, or - for stdin)", path, path)
	}
	if m, _ := filepath.Glob(filepath.Join(path, "*-schema-create.sql*")); len(m) > 0 {
		return fmt.Errorf("%s is a mydumper directory: that is myloader's format (myloader --directory %s); dumpscope reads one SQL stream (a .sql, .sql.gz or .sql.zst file, or - for stdin)", path, path)
	}
	return fmt.Errorf("%s is a directory, not a dump file", path)
}

// detectFormat names the compression from the stream's first bytes. Unsupported
// compressions get a message saying what to do instead; detectFormat returns it as the
// "format" and openStream turns it into an error.
func detectFormat(b []byte) string {
	switch {
	case len(b) >= 3 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8:
		return FormatGzip
	case len(b) >= 4 && bytes.Equal(b[:4], []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return FormatZstd
	case len(b) >= 4 && b[0]&0xf0 == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18:
		return FormatZstd // a skippable frame (0x184D2A5?) first, e.g. from zstd --patch-from tooling
	case len(b) >= 6 && bytes.Equal(b[:6], []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return FormatXz
	case len(b) >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9':
		return FormatBzip2
	case len(b) >= 4 && bytes.Equal(b[:4], []byte{0x04, 0x22, 0x4d, 0x18}):
		return "lz4-compressed input is not supported: decompress it first (lz4 -dc FILE | dumpscope import -)"
	case len(b) >= 4 && bytes.Equal(b[:4], []byte{'P', 'K', 3, 4}):
		return "zip archive input is not supported: extract the dump first (unzip -p FILE | dumpscope import -)"
	case len(b) >= 4 && b[0] == 0x89 && b[1] == 'L' && b[2] == 'Z' && b[3] == 'O':
		return "lzop-compressed input is not supported: decompress it first (lzop -dc FILE | dumpscope import -)"
	}
	return FormatPlain
}

// wrapErr turns a decoder error into an *InputError at the current offsets. A decoder that
// hits the end of the file mid-stream reports io.ErrUnexpectedEOF (or, for some headers,
// a bare io.EOF before any output); both become the "truncated" message, which says how
// far the file got, because "unexpected EOF" alone sends users looking in the wrong place.
func (in *Input) wrapErr(err error) error {
	var uncompressed int64
	if in.uncompressed != nil {
		uncompressed = in.uncompressed.n.Load()
	}
	compressed := in.compressed.n.Load()
	if errors.Is(err, io.ErrUnexpectedEOF) || (err == io.EOF && in.Format != FormatPlain) {
		of := ""
		if in.Size >= 0 {
			of = fmt.Sprintf(" of %d", in.Size)
		}
		err = fmt.Errorf("truncated %s stream: got %d compressed bytes%s, %d uncompressed bytes decoded: %w",
			in.Format, compressed, of, uncompressed, io.ErrUnexpectedEOF)
	}
	return &InputError{Name: in.Name, Format: in.Format, CompressedOffset: compressed, Offset: uncompressed, Err: err}
}

// errorReader is Input.Reader: it counts uncompressed bytes and converts every error but
// io.EOF into an *InputError, once, and keeps returning it.
type errorReader struct {
	in  *Input
	err error
}

func (e *errorReader) Read(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.in.uncompressed.Read(p)
	if err != nil && err != io.EOF {
		e.err = e.in.wrapErr(err)
		return n, e.err
	}
	return n, err
}

// countingReader counts the bytes read through it. The count is an atomic so a progress
// goroutine can Load it while the reading goroutine Adds.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// inlineDecoder is a decoder read in the consumer's goroutine (OpenInline). A panic in
// the decoder reaches the consumer as the stream's error, as from the read-ahead, and
// stays: the import ends as on a corrupt file, with its clean-up.
type inlineDecoder struct {
	dec io.Reader
	err error // sticky, once the decoder panicked
}

func (d *inlineDecoder) Read(p []byte) (n int, err error) {
	if d.err != nil {
		return 0, d.err
	}
	defer crash.Recover(func(perr error) { n, err, d.err = 0, perr, perr })
	return d.dec.Read(p)
}

// readAheadChunks × readAheadChunkBytes is the decoded data buffered ahead of the
// consumer: enough to absorb a slow statement without starving the decoder, small next to
// the 150 MB memory budget.
const (
	readAheadChunks     = 4
	readAheadChunkBytes = 1 << 20
)

// readAhead runs a decoder in its own goroutine, handing filled chunks to Read. The
// goroutine owns the decoder and closes it when it stops (at the end of the stream, on an
// error, or after Close), so Close never races a decoder Read in flight.
type readAhead struct {
	full chan *chunk
	free chan *chunk
	stop chan struct{}
	done chan struct{}
	cur  *chunk
	off  int
	err  error // sticky: the error of the last chunk, once its data is consumed
	once sync.Once
	// waitOnClose: Close waits for the goroutine. Set when the Input owns a regular file,
	// whose reads return promptly; a pipe may block indefinitely, and then the goroutine
	// exits on its own once its Read returns (or fails because the file was closed).
	waitOnClose bool
}

type chunk struct {
	b   []byte
	err error // after b: io.EOF or the decoder's error
}

func newReadAhead(dec io.Reader, decCloser io.Closer, prompt bool) *readAhead {
	ra := &readAhead{
		full: make(chan *chunk, readAheadChunks),
		free: make(chan *chunk, readAheadChunks),
		stop: make(chan struct{}),
		done: make(chan struct{}),
	}
	// One block for all the chunks, in huge pages (hugeBlock).
	block := hugeBlock(readAheadChunks * readAheadChunkBytes)
	for i := range readAheadChunks {
		ra.free <- &chunk{b: block[i*readAheadChunkBytes : (i+1)*readAheadChunkBytes : (i+1)*readAheadChunkBytes]}
	}
	go ra.fill(dec, decCloser, prompt)
	return ra
}

func (ra *readAhead) fill(dec io.Reader, decCloser io.Closer, prompt bool) {
	defer close(ra.done)
	if decCloser != nil {
		defer decCloser.Close()
	}
	// A panic (in a decoder, say) reaches the reader as the stream's error, and the import
	// ends as on a corrupt file, with its clean-up.
	defer crash.Recover(func(err error) {
		select {
		case ra.full <- &chunk{err: err}:
		case <-ra.stop:
		}
	})
	for {
		var c *chunk
		select {
		case c = <-ra.free:
		case <-ra.stop:
			return
		}
		// Fill whole chunks from a regular file: each hand-off wakes the consumer, and
		// handing over every decoder Read's few dozen KiB cost a third as much CPU again
		// as gzip decoding itself. From a pipe, whose producer may pause while the decoder
		// waits for input inside Read, what was decoded is handed over as soon as the
		// consumer has nothing queued, so it is not held back.
		n, err := 0, error(nil)
		for n < len(c.b) && err == nil {
			var k int
			k, err = dec.Read(c.b[n:cap(c.b)])
			n += k
			if n > 0 && !prompt && len(ra.full) == 0 {
				break
			}
		}
		c.b, c.err = c.b[:n], err
		select {
		case ra.full <- c:
		case <-ra.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

func (ra *readAhead) Read(p []byte) (int, error) {
	select {
	case <-ra.stop:
		return 0, os.ErrClosed
	default:
	}
	if len(p) == 0 {
		return 0, nil
	}
	for ra.cur == nil || ra.off == len(ra.cur.b) {
		if ra.err != nil {
			return 0, ra.err
		}
		if ra.cur != nil {
			if ra.cur.err != nil {
				ra.err = ra.cur.err
				continue
			}
			ra.cur.b = ra.cur.b[:cap(ra.cur.b)]
			ra.free <- ra.cur
		}
		select {
		case ra.cur = <-ra.full:
			ra.off = 0
		case <-ra.stop:
			ra.cur, ra.err = nil, os.ErrClosed
		}
	}
	n := copy(p, ra.cur.b[ra.off:])
	ra.off += n
	return n, nil
}

// Close stops the goroutine; see waitOnClose.
func (ra *readAhead) Close() error {
	ra.once.Do(func() { close(ra.stop) })
	if ra.waitOnClose {
		<-ra.done
	}
	return nil
}

// zstdCloser adapts (*zstd.Decoder).Close, which returns nothing, to io.Closer.
type zstdCloser struct{ d *zstd.Decoder }

func (z zstdCloser) Close() error { z.d.Close(); return nil }
