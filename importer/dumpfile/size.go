package dumpfile

import (
	"fmt"
	"io"
	"os"
)

// headSampleBytes is how much of a compressed dump is decompressed to estimate its size
// when the format records nothing to sample (bzip2): enough to pass the schema and reach
// the rows, which set the ratio.
const headSampleBytes = 32 << 20

// EstimateUncompressed finds the uncompressed size of a dump file, the one estimator of it
// (Input.UncompressedSize is its result for an opened file, measured in the background).
// exact reports whether the number is the size the decoder will produce (plain files;
// gzip whose trailer size the sampled estimate resolves, see gzsize.go; zstd frames that
// all record their content size; the xz index; a file decoded whole) rather than an
// estimate. Where the format records nothing (bzip2), or its sampling fails, the ratio of
// the first headSampleBytes decoded is scaled to the whole file: CPU the background
// estimate does not spend during an import, so only a caller that waits for the answer
// (the space check) gets this.
func EstimateUncompressed(path string) (bytes int64, exact bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return -1, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return -1, false, err
	}
	if e, err := estimateSize(f, st.Size()); err == nil && e.Bytes >= 0 {
		return e.Bytes, e.Exact, nil
	}
	return estimateFromHead(path, st.Size(), headSampleBytes)
}

// estimateSize is the sampled estimate of an open file of size bytes, which decodes
// lengths only (gzip) or reads what the format records (zstd, xz); Bytes -1 for bzip2.
func estimateSize(f io.ReaderAt, size int64) (sizeEstimate, error) {
	head := make([]byte, 18)
	n, _ := f.ReadAt(head, 0)
	switch detectFormat(head[:n]) {
	case FormatPlain:
		return sizeEstimate{Bytes: size, Exact: true}, nil
	case FormatGzip:
		return defaultGzipSizer.estimate(f, size)
	case FormatZstd:
		return zstdSize(f, size)
	case FormatXz:
		return xzSize(f, size)
	}
	return sizeEstimate{Bytes: -1}, nil
}

// estimateFromHead decompresses the first sampleBytes of the file and scales their ratio
// to the whole file of size bytes; exact only when the stream ended within them. When the
// read-ahead took the whole compressed file before sampleBytes were decoded, the ratio
// says nothing and what was decoded is a lower bound.
func estimateFromHead(path string, size, sampleBytes int64) (bytes int64, exact bool, err error) {
	in, err := Open(path)
	if err != nil {
		return -1, false, err
	}
	defer in.Close()
	n, err := io.CopyN(io.Discard, in.Reader, sampleBytes)
	if err == io.EOF {
		return n, true, nil
	}
	if err != nil {
		return -1, false, fmt.Errorf("%s: %w", path, err)
	}
	read := in.CompressedBytesRead()
	if read <= 0 || read >= size {
		return n, false, nil
	}
	return int64(float64(n) / float64(read) * float64(size)), false, nil
}
