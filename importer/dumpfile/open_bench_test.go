package dumpfile

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/dumpscope/dumpscope/gen"
)

// processCPU is the CPU time this process has used (all threads, user + system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkOpenDecompress measures Input.Reader throughput in uncompressed MB/s on a
// generated sysbench-style dump, read in 1 MiB chunks as the splitter reads: from a file
// (Open), and for gzip also decoded in the reader's goroutine (OpenInline) and as a stream
// (OpenReader, as for stdin), whose read-ahead hands data over early. MB/cpu-s divides by
// the process's CPU time instead of wall time: on a shared machine it is the stable
// number, and it includes the read-ahead goroutine and GC.
func BenchmarkOpenDecompress(b *testing.B) {
	o := gen.DefaultOptions()
	o.SizeBytes = 32 << 20
	var plain bytes.Buffer
	if _, err := gen.Write(&plain, o); err != nil {
		b.Fatal(err)
	}
	var gz, zs bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	gw.Write(plain.Bytes())
	gw.Close()
	zw, _ := zstd.NewWriter(&zs, zstd.WithEncoderLevel(zstd.SpeedDefault))
	zw.Write(plain.Bytes())
	zw.Close()
	buf := make([]byte, 1<<20)
	for _, c := range []struct {
		name           string
		data           []byte
		stream, inline bool
	}{{"plain", plain.Bytes(), false, false}, {"gzip", gz.Bytes(), false, false}, {"gzip-inline", gz.Bytes(), false, true}, {"gzip-stream", gz.Bytes(), true, false}, {"zstd", zs.Bytes(), false, false}} {
		b.Run(c.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "dump")
			if err := os.WriteFile(path, c.data, 0o600); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(plain.Len()))
			cpu0, n := processCPU(), 0
			for b.Loop() {
				n++
				var in *Input
				var err error
				if c.stream {
					in, err = OpenReader(c.name, bytes.NewReader(c.data), int64(len(c.data)))
				} else if c.inline {
					in, err = OpenInline(path)
				} else {
					in, err = Open(path)
				}
				if err != nil {
					b.Fatal(err)
				}
				for {
					_, err := in.Reader.Read(buf)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				if in.UncompressedBytesRead() != int64(plain.Len()) {
					b.Fatalf("read %d of %d bytes", in.UncompressedBytesRead(), plain.Len())
				}
				in.Close()
			}
			b.ReportMetric(float64(n)*float64(plain.Len())/1e6/(processCPU()-cpu0).Seconds(), "MB/cpu-s")
		})
	}
}
