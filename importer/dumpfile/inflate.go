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
var newISALGzipReader func(br *bufio.Reader, pos func() int64, tail func(at int64)) (io.Reader, io.Closer, error)

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
// compressed offset of br's next byte, for errors; tail is told where trailing garbage
// after the last member starts (trailing.go), which ends the stream as for gzip -d.
func newGzipReader(br *bufio.Reader, inflate string, pos func() int64, tail func(at int64)) (io.Reader, io.Closer, error) {
	if inflate == InflateISAL {
		return newISALGzipReader(br, pos, tail)
	}
	return newGoGzipReader(br, pos, tail)
}
