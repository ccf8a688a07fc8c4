package dumpfile

import (
	"bufio"
	"io"
	"os"
)

// Gzip inflaters. A build with the isal tag (scripts/test.sh and scripts/demo.sh set it
// when libisal-dev is installed) decodes gzip with ISA-L's igzip, about 3.5× less CPU per
// byte than the pure-Go decoder; every other build uses the pure-Go one. Both produce the
// same bytes and fail on the same inputs (inflate_isal_test.go).
const (
	InflateGo   = "Go (klauspost/compress)"
	InflateISAL = "ISA-L (libisal)"
)

// inflateEnv, set to "go", makes a build with ISA-L decode gzip in Go: for comparisons,
// and a way round a suspected ISA-L problem without rebuilding.
const inflateEnv = "DUMPSCOPE_INFLATE"

// newISALGzipReader is set by inflate_isal.go in builds with the isal tag and cgo.
var newISALGzipReader func(br *bufio.Reader, pos func() int64, ev gzipEvents) (io.Reader, io.Closer, error)

// GzipInflater names the inflate that gzip input is decoded with in this build and
// environment: InflateISAL or InflateGo.
func GzipInflater() string {
	if newISALGzipReader != nil && os.Getenv(inflateEnv) != "go" {
		return InflateISAL
	}
	return InflateGo
}

// newGzipReader decodes the gzip stream in br, every member of it (`cat a.gz b.gz` and
// pigz/bgzip outputs are several members), with the inflate GzipInflater names. pos is the
// compressed offset of br's next byte, for errors; ev is told what the decoder meets.
func newGzipReader(br *bufio.Reader, inflate string, pos func() int64, ev gzipEvents) (io.Reader, io.Closer, error) {
	if inflate == InflateISAL {
		return newISALGzipReader(br, pos, ev)
	}
	return newGoGzipReader(br, pos, ev)
}

// gzipEvents are what a gzip decoder tells its Input as it goes. Either may be nil.
type gzipEvents struct {
	// garbage is told where trailing garbage after the last member starts (trailing.go),
	// which ends the stream as for gzip -d.
	garbage func(at int64)
	// member is told the compressed offset of each member after the first as the decoder
	// starts it: the file is then not single-member, whatever the size estimate concluded
	// (gzsize_check.go, sizeSoFar).
	member func(at int64)
}

// nextMember tells ev.member of a member after the first, starting at the compressed
// offset at; members counts the members started so far (the first included).
func (ev gzipEvents) nextMember(members int, at int64) {
	if members > 1 && ev.member != nil {
		ev.member(at)
	}
}

// trailingGarbage tells ev.garbage where trailing garbage starts.
func (ev gzipEvents) trailingGarbage(at int64) {
	if ev.garbage != nil {
		ev.garbage(at)
	}
}
