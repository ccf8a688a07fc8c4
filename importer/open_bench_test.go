package importer

import (
	"bytes"
	"io"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// BenchmarkOpenDecompress measures Input.Reader throughput in uncompressed MB/s on a
// generated sysbench-style dump, read in 1 MiB chunks as the splitter reads.
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
		name string
		data []byte
	}{{"plain", plain.Bytes()}, {"gzip", gz.Bytes()}, {"zstd", zs.Bytes()}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(plain.Len()))
			for b.Loop() {
				in, err := OpenReader(c.name, bytes.NewReader(c.data), int64(len(c.data)))
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
		})
	}
}
