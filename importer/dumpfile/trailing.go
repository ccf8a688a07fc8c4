package dumpfile

import (
	"bufio"
	"fmt"
	"io"
)

// What may follow the last member of a gzip stream (or the last bzip2 stream), and what the
// tools do with it, which dumpscope follows since `zcat dump.sql.gz | mariadb` is the
// reference:
//   - zero bytes to the end: padding (tar pads its members, dd its last block); gzip -d
//     ends there silently, exit status 0;
//   - anything else that does not start a member: "decompression OK, trailing garbage
//     ignored", exit status 2, all the data before it written. dumpscope decodes the same
//     and warns once (Input.Warning), naming where the garbage starts;
//   - the start of a member (the magic 1f 8b, or a 1f cut by the end) that is truncated or
//     corrupt: an error, as for gzip -d.
//
// bzip2 -d is the same (it warns about zeros too; dumpscope treats them as padding for
// either format).

// tailKind is what follows a gzip member.
type tailKind int

const (
	tailEnd     tailKind = iota // nothing, or zero padding to the end
	tailMember                  // the next member (or what fails as one)
	tailGarbage                 // bytes that are not a member: the stream ends before them
)

// gzipNextMember looks at what follows a gzip member in br, as gzip -d does (gzip.c,
// get_method): zero bytes are read to the end (tailEnd) or to the first other byte
// (tailGarbage: a member after padding is garbage to gzip too); a first byte 1f followed by
// 8b or by the end is a member, which its header's reader checks; anything else is
// garbage, of which nothing more is read.
func gzipNextMember(br *bufio.Reader) (tailKind, error) {
	b, err := br.Peek(2)
	switch {
	case len(b) == 0:
		if err == io.EOF {
			return tailEnd, nil
		}
		return 0, err
	case b[0] == 0x1f && (len(b) == 1 || b[1] == 0x8b || b[1] == 0x9e):
		return tailMember, nil // 1f 9e: gzip 0.5's magic, which gzip -d still reads as a member
	case b[0] != 0:
		return tailGarbage, nil
	}
	zeros, err := skipZeros(br)
	switch {
	case err != nil:
		return 0, err
	case zeros:
		return tailEnd, nil
	}
	return tailGarbage, nil
}

// skipZeros reads zero bytes from br up to its end (true) or up to the first other byte,
// which it leaves unread (false).
func skipZeros(br *bufio.Reader) (bool, error) {
	for {
		b, err := br.Peek(max(1, br.Buffered()))
		i := 0
		for i < len(b) && b[i] == 0 {
			i++
		}
		br.Discard(i)
		switch {
		case i < len(b):
			return false, nil
		case err == io.EOF:
			return true, nil
		case err != nil && len(b) == 0:
			return false, err
		}
	}
}

// noteTrailingGarbage records that the decoder ended the stream at compressed offset at,
// before bytes that are not a member (the first such note counts).
func (in *Input) noteTrailingGarbage(at int64) {
	in.garbageAt.CompareAndSwap(0, at+1)
}

// noteNextMember is told by the gzip decoder that a member after the first starts: a size
// the estimate took as exact from the trailer's ISIZE (the last member's size) is not the
// whole file's (sizeSoFar).
func (in *Input) noteNextMember(int64) {
	in.multiMember.Store(true)
}

// Warning is a one-line warning about the input read so far, or "": trailing garbage after
// the last gzip member or bzip2 stream, which the decoder ignored as gzip -d and bzip2 -d
// do, having decoded and checked everything before it. The importer prints it once the
// dump has been read (a second Open of the same file, the preflight's scan, has its own).
func (in *Input) Warning() string {
	at := in.garbageAt.Load() - 1
	if at < 0 {
		return ""
	}
	what, are, tool := "the bytes", "are", "gzip -d"
	switch n := in.Size - at; {
	case n == 1:
		what, are = "the byte", "is"
	case n > 1:
		what = fmt.Sprintf("the %d bytes", n)
	}
	unit := "member"
	if in.Format == FormatBzip2 {
		unit, tool = "stream", "bzip2 -d"
	}
	return fmt.Sprintf("%s: %s input: %s from compressed offset %d, after the last %s %s, %s not %s and %s ignored (trailing garbage), as %s ignores them; everything before was decoded and its checksums verified",
		in.Name, in.Format, what, at, in.Format, unit, are, map[string]string{"member": "a gzip member", "stream": "a bzip2 stream"}[unit], map[string]string{"are": "were", "is": "was"}[are], tool)
}

// afterMember is what both gzip decoders do when a member ends at compressed offset end:
// start the next member, or end the stream (io.EOF) where gzip -d does, noting trailing
// garbage that starts at end.
func afterMember(br *bufio.Reader, end int64, start func() error, garbage func(at int64)) error {
	kind, err := gzipNextMember(br)
	switch {
	case err != nil:
		return err
	case kind == tailMember:
		return start()
	case kind == tailGarbage:
		garbage(end)
	}
	return io.EOF
}
