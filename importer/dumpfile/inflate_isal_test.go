//go:build isal && cgo

package dumpfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/gzip"
)

// inflateBoth decodes data with the Go decoder and with ISA-L, through the same kind of
// bufio.Reader open.go uses over src(data).
func inflateBoth(data []byte, src func([]byte) io.Reader) (goOut, isalOut []byte, goErr, isalErr error) {
	run := func(newReader func(*bufio.Reader) (io.Reader, io.Closer, error)) ([]byte, error) {
		zr, zc, err := newReader(bufio.NewReaderSize(src(data), readBufferBytes))
		if err != nil {
			return nil, err
		}
		defer zc.Close()
		return io.ReadAll(zr)
	}
	goOut, goErr = run(newGoGzipReader)
	isalOut, isalErr = run(newISALReader)
	return
}

// sameDecoding fails t unless both decoders fail, or both succeed with the same bytes. For
// a cut of a valid stream (cut), both must report the truncation. On a damaged stream they
// may not agree on whether it is truncated as well: ISA-L holds a short tail of input back
// that the Go decoder already found corrupt.
func sameDecoding(t *testing.T, data []byte, src func([]byte) io.Reader, cut bool) {
	t.Helper()
	goOut, isalOut, goErr, isalErr := inflateBoth(data, src)
	if (goErr == nil) != (isalErr == nil) {
		t.Fatalf("Go: %d bytes, error %v; ISA-L: %d bytes, error %v", len(goOut), goErr, len(isalOut), isalErr)
	}
	if goErr == nil && !bytes.Equal(goOut, isalOut) {
		t.Fatalf("Go decoded %d bytes, ISA-L %d bytes, not the same", len(goOut), len(isalOut))
	}
	if goErr != nil && cut && (!errors.Is(goErr, io.ErrUnexpectedEOF) || !errors.Is(isalErr, io.ErrUnexpectedEOF)) {
		t.Fatalf("truncation: Go %v, ISA-L %v", goErr, isalErr)
	}
}

func gzipMember(t testing.TB, b []byte, level int, hdr gzip.Header) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		t.Fatal(err)
	}
	zw.Header = hdr
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// gzipCorpus is a set of gzip streams: fixtures, several members, empty members, header
// fields, stored and incompressible data, long text.
func gzipCorpus(t testing.TB) map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 3<<20)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	var text bytes.Buffer
	for i := 0; text.Len() < 8<<20; i++ {
		fmt.Fprintf(&text, "INSERT INTO t VALUES (%d,'row %d',%d.%02d);\n", i, rng.IntN(1000), rng.IntN(1e6), i%100)
	}
	part1 := readFixture(t, "part1.sql")
	m := map[string][]byte{
		"fixture concat": readFixture(t, "concat.sql.gz"),
		"fixture part1":  readFixture(t, "part1.sql.gz"),
		"empty":          gzipMember(t, nil, gzip.DefaultCompression, gzip.Header{}),
		"random":         gzipMember(t, random, gzip.DefaultCompression, gzip.Header{}),
		"stored":         gzipMember(t, part1, gzip.NoCompression, gzip.Header{}),
		"huffman only":   gzipMember(t, part1, gzip.HuffmanOnly, gzip.Header{}),
		"best":           gzipMember(t, text.Bytes(), gzip.BestCompression, gzip.Header{}),
		"header fields":  gzipMember(t, part1, gzip.BestSpeed, gzip.Header{Name: "dump.sql", Comment: "a comment", Extra: []byte("xx\x02\x00ab")}),
	}
	m["members"] = bytes.Join([][]byte{m["fixture part1"], m["empty"], m["random"], m["empty"], m["best"], m["header fields"]}, nil)
	return m
}

func TestISALInflateSameAsGo(t *testing.T) {
	sources := map[string]func([]byte) io.Reader{
		"file":     func(b []byte) io.Reader { return bytes.NewReader(b) },
		"one byte": func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		"half":     func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
	}
	for name, data := range gzipCorpus(t) {
		for sname, src := range sources {
			if sname == "one byte" && len(data) > 1<<20 {
				continue
			}
			t.Run(name+"/"+sname, func(t *testing.T) { sameDecoding(t, data, src, false) })
		}
	}
}

// TestISALInflateCorrupt damages streams at random (flipped bytes, cuts, inserted and
// appended bytes): both decoders must fail, or both produce the same bytes.
func TestISALInflateCorrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	corpus := gzipCorpus(t)
	file := func(b []byte) io.Reader { return bytes.NewReader(b) }
	for _, name := range []string{"fixture concat", "members", "header fields", "stored", "empty"} {
		data := corpus[name]
		for i := range 150 {
			c := append([]byte{}, data...)
			at := rng.IntN(len(c))
			switch i % 4 {
			case 0:
				c[at] ^= byte(1 + rng.IntN(255))
			case 1:
				c = c[:at]
			case 2:
				c = append(c[:at:at], append([]byte{byte(rng.Uint32())}, data[at:]...)...)
			case 3:
				c = append(c, data[:rng.IntN(len(data))]...)
			}
			if len(c) < 3 {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", name, i), func(t *testing.T) { sameDecoding(t, c, file, i%4 == 1) })
		}
	}
}

func FuzzISALInflate(f *testing.F) {
	corpus := gzipCorpus(f)
	for _, name := range []string{"fixture part1", "empty", "header fields"} {
		f.Add(corpus[name])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameDecoding(t, data, func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }, false)
	})
}

// TestISALInflateChosen: a build with ISA-L uses it unless DUMPSCOPE_INFLATE=go.
func TestISALInflateChosen(t *testing.T) {
	if got := GzipInflater(); got != InflateISAL {
		t.Errorf("GzipInflater() = %q, want %q", got, InflateISAL)
	}
	t.Setenv(inflateEnv, "go")
	if got := GzipInflater(); got != InflateGo {
		t.Errorf("with %s=go: GzipInflater() = %q, want %q", inflateEnv, got, InflateGo)
	}
}
