package dumpfile

import (
	"encoding/binary"
	"io"
	"os"
	"sync"

	"github.com/dumpscope/dumpscope/internal/crash"
)

// The uncompressed size of a .gz dump, for the ETA, without decompressing it.
//
// gzip's trailer holds ISIZE, the last member's size modulo 2^32 (RFC 1952): exact for a
// single-member file under 4 GiB, ambiguous by multiples of 4 GiB above, and only the last
// part of a multi-member file (`cat a.gz b.gz`, bgzip). Projecting the total from the
// compression ratio of what was read so far is no better early on: a dump's head (schema,
// small tables) often compresses twice as well as its bulk, so the projection starts out
// twice too large (the 10 GB scale run of issue 17). So the ratio is measured across the
// whole file instead: a length-only inflate (inflate_len.go) of samples taken at evenly
// spaced positions gives each region's ratio, hence a total estimate, and that estimate
// picks the multiple of 4 GiB that ISIZE leaves open.

// gzipSizer holds the sampling parameters (tests shrink them).
type gzipSizer struct {
	// samples regions of sampleBytes compressed bytes each (at most; see
	// gzipSampleFileShare), one at the start of each of samples equal strides of the file.
	samples     int
	sampleBytes int64
	// fullDecodeBytes: a file at most this large is length-decoded whole, every member,
	// which is exact.
	fullDecodeBytes int64
}

// The length-only inflate reads about 45 MB/s of compressed input on this project's
// 2-core machine, and its CPU is taken from the import: the samples together read at most
// 1/gzipSampleFileShare of the file (but at least gzipMinSampleBytes each, enough to
// find a block boundary), so a 200 MB dump costs about 0.1 s and a 5 GB one 0.7 s, and
// files up to 4 MiB (0.1 s) are decoded whole.
const (
	gzipSampleFileShare = 32
	gzipMinSampleBytes  = 128 << 10
	gzipMinSamples      = 8
	gzipBytesPerSample  = 8 << 20
)

var defaultGzipSizer = gzipSizer{samples: 32, sampleBytes: 1 << 20, fullDecodeBytes: 4 << 20}

// gzipISIZEModulo is the modulus of gzip's stored length (RFC 1952, ISIZE: "the size of the
// original (uncompressed) input data modulo 2^32").
const gzipISIZEModulo = 1 << 32

// gzipISIZETolerance: the sampled estimate resolves ISIZE's multiple of 4 GiB only when the
// nearest candidate is within this share of the estimate (and gzipISIZEMaxGapBytes); past
// that the trailer belongs to another member, or is corrupt, and the estimate stands.
const (
	gzipISIZETolerance   = 0.15
	gzipISIZEMaxGapBytes = 3 << 29 // 1.5 GiB: under half the 4 GiB between candidates
)

// sizeEstimate is an uncompressed size found without decompressing.
type sizeEstimate struct {
	// Bytes is the size; -1 when nothing could be estimated.
	Bytes int64
	// Exact: Bytes is the size the decoder will produce (a plain file, a fully
	// length-decoded gzip, ISIZE resolved by the sampled estimate, zstd frame content
	// sizes, the xz index), as opposed to an estimate.
	Exact bool
	// MultiMember: the gzip file was seen to hold more than one member.
	MultiMember bool
}

// gzipHeaderLen parses a gzip member header (RFC 1952 §2.3) at the start of b and returns
// its length; false if b does not start with one.
func gzipHeaderLen(b []byte) (int, bool) {
	if len(b) < 10 || b[0] != 0x1f || b[1] != 0x8b || b[2] != 8 || b[3]&0xe0 != 0 {
		return 0, false
	}
	flg, n := b[3], 10
	if flg&4 != 0 { // FEXTRA
		if len(b) < n+2 {
			return 0, false
		}
		n += 2 + int(binary.LittleEndian.Uint16(b[n:]))
	}
	for _, bit := range []byte{8, 16} { // FNAME, FCOMMENT: zero-terminated
		if flg&bit == 0 {
			continue
		}
		for n < len(b) && b[n] != 0 {
			n++
		}
		n++
	}
	if flg&2 != 0 { // FHCRC
		n += 2
	}
	if n > len(b) {
		return 0, false
	}
	return n, true
}

// membersResult is a length-only decode of data from a bit position on, across member
// boundaries.
type membersResult struct {
	outBytes    int64
	endBit      int  // after the last complete block (or member trailer)
	complete    bool // the last member ended, with its trailer, at the end of data or before what ends the stream (trailing.go)
	members     int  // members whose final block was reached
	nextHeaders int  // member headers found after a member's trailer
	lastOutMod  int64
	lastISIZE   int64 // the last complete member's trailer's ISIZE
	invalidSeen bool
}

// runMembers length-decodes data from startBit: blocks, and at each member's end its
// trailer and the next member's header.
func runMembers(z *lenInflater, data []byte, startBit int) membersResult {
	s := newBitStream(data)
	s.pos = startBit
	var m membersResult
	var memberOut int64
	for {
		r, err := z.run(s)
		m.outBytes += r.OutBytes
		memberOut += r.OutBytes
		m.endBit = r.EndBit
		if err != nil {
			m.invalidSeen = true
			return m
		}
		if !r.Final {
			return m
		}
		m.members++
		m.lastOutMod = memberOut
		memberOut = 0
		end := (r.EndBit+7)>>3 + 8 // byte-aligned, then CRC32 and ISIZE
		if end > len(data) {
			return m
		}
		m.endBit = 8 * end
		m.lastISIZE = int64(binary.LittleEndian.Uint32(data[end-4:]))
		if end == len(data) || allZero(data[end:]) {
			// The end, or zero padding to it, which the decoders skip (trailing.go).
			m.complete = true
			return m
		}
		hl, ok := gzipHeaderLen(data[end:])
		if !ok {
			// Trailing garbage, which ends the stream for the decoders (trailing.go) unless
			// it starts like a member; or a header cut by the sample's end.
			m.complete = data[end] != 0x1f || end+1 < len(data) && data[end+1] != 0x8b
			return m
		}
		m.nextHeaders++
		s.pos = 8 * (end + hl)
	}
}

// estimate measures the uncompressed size of the gzip file r of size bytes.
func (g gzipSizer) estimate(r io.ReaderAt, size int64) (sizeEstimate, error) {
	unknown := sizeEstimate{Bytes: -1}
	head := make([]byte, min(size, 64<<10))
	if _, err := r.ReadAt(head, 0); err != nil {
		return unknown, err
	}
	hdr, ok := gzipHeaderLen(head)
	if !ok || size < int64(hdr)+8+2 {
		return unknown, nil
	}
	var trailer [8]byte
	if _, err := r.ReadAt(trailer[:], size-8); err != nil {
		return unknown, err
	}
	isize := int64(binary.LittleEndian.Uint32(trailer[4:]))
	z := &lenInflater{}
	// A CRC-32 and an ISIZE both zero are padding (tar, dd), not a trailer: its ISIZE is not
	// the last member's size.
	isizeKnown := !allZero(trailer[:])

	if size <= g.fullDecodeBytes {
		data := make([]byte, size)
		if _, err := r.ReadAt(data, 0); err != nil {
			return unknown, err
		}
		m := runMembers(z, data, 8*hdr)
		switch {
		case m.complete:
			// Every member decoded to the end of the file. A last member whose length
			// disagrees with its ISIZE has a corrupt trailer: the decoder will fail there,
			// so the length is not promised.
			exact := m.lastOutMod%gzipISIZEModulo == m.lastISIZE
			return sizeEstimate{Bytes: m.outBytes, Exact: exact, MultiMember: m.nextHeaders > 0}, nil
		case m.endBit > 8*hdr && m.outBytes > 0:
			// Truncated or corrupt: project from what decoded.
			return sizeEstimate{Bytes: int64(float64(m.outBytes) * float64(size) / float64(m.endBit/8)), MultiMember: m.nextHeaders > 0}, nil
		}
		return unknown, nil
	}

	region := size - int64(hdr) - 8
	// Finding each sample's first block boundary costs about 3 ms whatever the sample's
	// size, so small files get fewer samples (one per gzipBytesPerSample, at least
	// gzipMinSamples).
	samples := int(min(int64(g.samples), max(gzipMinSamples, size/gzipBytesPerSample)))
	stride := region / int64(samples)
	n := min(g.sampleBytes, stride, max(size/gzipSampleFileShare/int64(samples), gzipMinSampleBytes))
	buf := make([]byte, n)
	var estimate, covered float64
	var ratios []float64 // each sample's uncompressed bytes per compressed byte
	multi := false
	sample := func(k int, buf []byte) error {
		at := int64(hdr) + int64(k)*stride
		if _, err := r.ReadAt(buf, at); err != nil && err != io.EOF {
			return err
		}
		var m membersResult
		start := 0
		if k == 0 {
			m = runMembers(z, buf, 0)
		} else {
			// Search the first half of the sample for a block boundary; the decode from
			// it must then run to the sample's end without an invalid block.
			var found bool
			start, found = z.findBoundary(buf, 0, 4*len(buf))
			if !found {
				return nil
			}
			m = runMembers(z, buf, start)
		}
		if m.invalidSeen && k > 0 || m.endBit-start < 8<<10 || m.outBytes == 0 {
			return nil
		}
		multi = multi || m.nextHeaders > 0
		length := float64(stride)
		if k == samples-1 {
			length = float64(region - int64(k)*stride)
		}
		ratio := float64(m.outBytes) / (float64(m.endBit-start) / 8)
		ratios = append(ratios, ratio)
		estimate += length * ratio
		covered += length
		return nil
	}
	// A quarter of the samples first, spread over the file: when their estimate settles
	// ISIZE's multiple of 4 GiB with room to spare, the others need not be inflated. These
	// first samples are gzipMinSampleBytes long (not n): they only have to place the
	// estimate within a factor gzipFirstSamplesError and the tolerance, and the length-only
	// inflate's time is mostly the bytes it reads. On the 200 MiB generated dump (93 MB,
	// n = 264 KiB) the estimate took 22.6 ms of CPU, 13.6 ms with first samples of 128 KiB
	// (BenchmarkGzipSizeEstimate, medians of 4, A B alternating; 64 KiB: 9 ms, but 32 KiB
	// found no block boundary in some and fell back to every sample, 54 ms: too close to
	// that edge).
	// Where they do not settle it, the others are read at n and decide as before.
	firstBuf := buf[:min(n, gzipMinSampleBytes)]
	first := map[int]bool{}
	for q := range gzipFirstSamples {
		first[q*samples/gzipFirstSamples] = true
	}
	for k := range samples {
		if first[k] {
			if err := sample(k, firstBuf); err != nil {
				return unknown, err
			}
		}
	}
	if covered > 0 && !multi && isizeKnown {
		if cand, ok := isizeCandidate(isize, estimate*float64(region)/covered, gzipFirstSamplesError, samplesTolerance(ratios)); ok {
			return sizeEstimate{Bytes: cand, Exact: true}, nil
		}
	}
	for k := range samples {
		if !first[k] {
			if err := sample(k, buf); err != nil {
				return unknown, err
			}
		}
	}
	if covered == 0 {
		return unknown, nil
	}
	est := estimate * float64(region) / covered
	if !multi && isizeKnown {
		if cand, ok := isizeCandidate(isize, est, 1, samplesTolerance(ratios)); ok {
			return sizeEstimate{Bytes: cand, Exact: true}, nil
		}
	}
	return sizeEstimate{Bytes: int64(est), MultiMember: multi}, nil
}

// gzipFirstSamples are taken before the rest; their estimate decides alone only if no
// other multiple of 4 GiB lies within a factor gzipFirstSamplesError of it (a dump's head
// compresses up to twice as well as its bulk: issue 17), so below about 2.5 GiB.
const (
	gzipFirstSamples      = 4
	gzipFirstSamplesError = 2.0
)

// isizeCandidate is the size ISIZE + k·4 GiB nearest to the estimate est, and whether it
// is within tolerance (a share of est, at most gzipISIZETolerance: samplesTolerance) of est
// while every other candidate is outside [est/factor, est·factor] (factor 1: no such
// condition).
func isizeCandidate(isize int64, est, factor, tolerance float64) (int64, bool) {
	k := max(0, (int64(est)-isize+gzipISIZEModulo/2)/gzipISIZEModulo)
	cand := isize + k*gzipISIZEModulo
	gap := float64(cand) - est
	if gap < 0 {
		gap = -gap
	}
	if gap > tolerance*est || gap > gzipISIZEMaxGapBytes {
		return 0, false
	}
	if factor > 1 && (float64(cand-gzipISIZEModulo) >= est/factor || float64(cand+gzipISIZEModulo) <= est*factor) {
		return 0, false
	}
	return cand, true
}

// startSizeEstimate measures the uncompressed size of a regular file in the background
// (sampling a multi-GB .gz takes about a second; the import need not wait for it). It
// reads with ReadAt, which leaves the decoder's file offset alone. Close stops it at its
// next read and waits for it.
func (in *Input) startSizeEstimate(f io.ReaderAt, size int64) {
	if size < 0 {
		return
	}
	if in.Format == FormatPlain {
		in.sizeEst.Store(&sizeEstimate{Bytes: size, Exact: true})
		return
	}
	s := &stoppableReaderAt{r: f, stop: make(chan struct{}), done: make(chan struct{})}
	in.closers = append(in.closers, s)
	in.sizeEstDone = s.done
	go func() {
		defer close(s.done)
		defer crash.Recover(func(err error) { in.panicked.CompareAndSwap(nil, &err) })
		e, err := estimateSize(s, size)
		if err == nil && e.Bytes >= 0 {
			in.sizeEst.Store(&e)
		}
	}()
}

// EstimatePanic is the panic the background size estimate recovered from, as an error, or
// nil: the import reports it as its failure rather than losing it with the goroutine.
func (in *Input) EstimatePanic() error {
	if p := in.panicked.Load(); p != nil {
		return *p
	}
	return nil
}

// stoppableReaderAt fails every ReadAt once closed; Close waits for the reader goroutine.
type stoppableReaderAt struct {
	r    io.ReaderAt
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func (s *stoppableReaderAt) ReadAt(p []byte, off int64) (int, error) {
	select {
	case <-s.stop:
		return 0, os.ErrClosed
	default:
		return s.r.ReadAt(p, off)
	}
}

func (s *stoppableReaderAt) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	return nil
}

// UncompressedSize is the dump's uncompressed size found without decompressing it (see
// EstimateUncompressed): ok is false while it is being measured, for streams, and for
// formats that do not allow it. exact as EstimateUncompressed's, until more bytes than an
// exact size have been decoded: then an estimate from the compressed position (sizeSoFar).
func (in *Input) UncompressedSize() (bytes int64, exact, ok bool) {
	p := in.sizeEst.Load()
	if p == nil {
		return 0, false, false
	}
	e := in.sizeSoFar(*p)
	return e.Bytes, e.Exact, true
}

// WaitUncompressedSize is UncompressedSize once the background estimate has ended: at most
// about a second for a multi-GB .gz (see gzipSampleFileShare).
func (in *Input) WaitUncompressedSize() (bytes int64, exact, ok bool) {
	if in.sizeEstDone != nil {
		<-in.sizeEstDone
	}
	return in.UncompressedSize()
}
