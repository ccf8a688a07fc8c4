package dumpfile

import (
	"bytes"
	"encoding/binary"
	"io"
)

// The uncompressed size of zstd and xz dumps, read from their own framing: both formats
// record it, so no sampling is needed (compare gzsize.go).

const (
	zstdFrameMagic        = 0xFD2FB528
	zstdSkippableMask     = 0xFFFFFFF0
	zstdSkippableMagic    = 0x184D2A50
	zstdBlockHeaderBytes  = 3
	zstdChecksumBytes     = 4
	xzStreamHeaderBytes   = 12
	xzStreamFooterBytes   = 12
	xzMaxVarintBytes      = 9
	xzIndexIndicator      = 0x00
	zstdFrameHeaderMaxLen = 18
)

// zstdSize sums the Frame_Content_Size of every frame (RFC 8878 §3.1.1), walking the
// frames by their block headers (3 bytes each; nothing is decoded). Concatenated frames
// (zstd -T with several jobs writes one; `cat a.zst b.zst` two) each count. A frame
// without a content size (zstd from a pipe) leaves the size unknown.
func zstdSize(r io.ReaderAt, size int64) (sizeEstimate, error) {
	unknown := sizeEstimate{Bytes: -1}
	var total, off int64
	var h [zstdFrameHeaderMaxLen]byte
	for off < size {
		n, err := r.ReadAt(h[:], off)
		if n < 8 {
			if err != nil && err != io.EOF {
				return unknown, err
			}
			return unknown, nil
		}
		magic := binary.LittleEndian.Uint32(h[:])
		if magic&zstdSkippableMask == zstdSkippableMagic {
			off += 8 + int64(binary.LittleEndian.Uint32(h[4:]))
			continue
		}
		if magic != zstdFrameMagic {
			return unknown, nil
		}
		fhd := h[4]
		fcsFlag, single, checksum, dictFlag := fhd>>6, fhd>>5&1, fhd>>2&1, fhd&3
		p := 5
		if single == 0 {
			p++ // Window_Descriptor
		}
		p += [4]int{0, 1, 2, 4}[dictFlag]
		fcsBytes := [4]int{0, 2, 4, 8}[fcsFlag]
		if fcsFlag == 0 && single == 1 {
			fcsBytes = 1
		}
		if fcsBytes == 0 || p+fcsBytes > n {
			return unknown, nil
		}
		f := h[p : p+fcsBytes]
		switch fcsBytes {
		case 1:
			total += int64(f[0])
		case 2:
			total += int64(binary.LittleEndian.Uint16(f)) + 256
		case 4:
			total += int64(binary.LittleEndian.Uint32(f))
		case 8:
			total += int64(binary.LittleEndian.Uint64(f))
		}
		off += int64(p + fcsBytes)
		for {
			var bh [zstdBlockHeaderBytes]byte
			if _, err := r.ReadAt(bh[:], off); err != nil {
				return unknown, nil // truncated
			}
			v := uint32(bh[0]) | uint32(bh[1])<<8 | uint32(bh[2])<<16
			last, btype, bsize := v&1, v>>1&3, int64(v>>3)
			off += zstdBlockHeaderBytes
			switch btype {
			case 1: // RLE: one byte, repeated bsize times
				off++
			case 3:
				return unknown, nil
			default:
				off += bsize
			}
			if last == 1 {
				break
			}
		}
		if checksum == 1 {
			off += zstdChecksumBytes
		}
	}
	if off != size {
		return unknown, nil
	}
	return sizeEstimate{Bytes: total, Exact: true}, nil
}

// xzSize sums the uncompressed sizes in each stream's index (xz file format 1.2, §4),
// walking the streams backwards from the end: footer, index, blocks, header, padding.
func xzSize(r io.ReaderAt, size int64) (sizeEstimate, error) {
	unknown := sizeEstimate{Bytes: -1}
	var total int64
	end := size
	for end > 0 {
		var w [4]byte
		for end >= 4 { // stream padding: zero bytes, a multiple of four
			if _, err := r.ReadAt(w[:], end-4); err != nil {
				return unknown, err
			}
			if w != [4]byte{} {
				break
			}
			end -= 4
		}
		if end < xzStreamHeaderBytes+xzStreamFooterBytes {
			return unknown, nil
		}
		var foot [xzStreamFooterBytes]byte
		if _, err := r.ReadAt(foot[:], end-xzStreamFooterBytes); err != nil {
			return unknown, err
		}
		if foot[10] != 'Y' || foot[11] != 'Z' {
			return unknown, nil
		}
		backward := (int64(binary.LittleEndian.Uint32(foot[4:8])) + 1) * 4
		idxStart := end - xzStreamFooterBytes - backward
		if idxStart < xzStreamHeaderBytes || backward > 1<<30 {
			return unknown, nil
		}
		idx := make([]byte, backward)
		if _, err := r.ReadAt(idx, idxStart); err != nil {
			return unknown, err
		}
		if idx[0] != xzIndexIndicator {
			return unknown, nil
		}
		p := 1
		count, ok := xzVarint(idx, &p)
		if !ok {
			return unknown, nil
		}
		var blocks int64
		for range count {
			unpadded, ok1 := xzVarint(idx, &p)
			uncompressed, ok2 := xzVarint(idx, &p)
			if !ok1 || !ok2 {
				return unknown, nil
			}
			blocks += (unpadded + 3) &^ 3
			total += uncompressed
		}
		start := idxStart - blocks - xzStreamHeaderBytes
		if start < 0 {
			return unknown, nil
		}
		var magic [6]byte
		if _, err := r.ReadAt(magic[:], start); err != nil {
			return unknown, err
		}
		if !bytes.Equal(magic[:], []byte{0xfd, '7', 'z', 'X', 'Z', 0}) {
			return unknown, nil
		}
		end = start
	}
	return sizeEstimate{Bytes: total, Exact: true}, nil
}

// xzVarint reads one of xz's multibyte integers (7 bits a byte, low first) at *p.
func xzVarint(b []byte, p *int) (int64, bool) {
	var v int64
	for i := 0; i < xzMaxVarintBytes && *p < len(b); i++ {
		c := b[*p]
		*p++
		v |= int64(c&0x7f) << (7 * i)
		if c&0x80 == 0 {
			return v, true
		}
	}
	return 0, false
}
