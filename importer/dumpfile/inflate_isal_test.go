//go:build isal && cgo

package dumpfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/gzip"
)

// decoding is one decoder's result: its bytes, its error, and where it found trailing
// garbage (-1: none).
type decoding struct {
	out       []byte
	err       error
	garbageAt int64
}

// inflateWith decodes data with newReader through the same kind of bufio.Reader open.go
// uses over src(data).
func inflateWith(newReader func(*bufio.Reader, func() int64, gzipEvents) (io.Reader, io.Closer, error), data []byte, src func([]byte) io.Reader) decoding {
	cr := &countingReader{r: src(data)}
	br := bufio.NewReaderSize(cr, readBufferBytes)
	d := decoding{garbageAt: -1}
	pos := func() int64 { return cr.n.Load() - int64(br.Buffered()) }
	zr, zc, err := newReader(br, pos, gzipEvents{garbage: func(at int64) { d.garbageAt = at }})
	if err != nil {
		d.err = err
		return d
	}
	defer zc.Close()
	d.out, d.err = io.ReadAll(zr)
	return d
}

// inflateBoth decodes data with the Go decoder and with ISA-L.
func inflateBoth(data []byte, src func([]byte) io.Reader) (goDec, isalDec decoding) {
	return inflateWith(newGoGzipReader, data, src), inflateWith(newISALReader, data, src)
}

// sameDecoding fails t unless both decoders fail, or both succeed with the same bytes and
// the same trailing garbage. For a cut of a valid stream (cut), both must report the
// truncation. On a damaged stream they may not agree on whether it is truncated as well:
// ISA-L holds a short tail of input back that the Go decoder already found corrupt.
func sameDecoding(t *testing.T, data []byte, src func([]byte) io.Reader, cut bool) {
	t.Helper()
	g, i := inflateBoth(data, src)
	if (g.err == nil) != (i.err == nil) {
		t.Fatalf("Go: %d bytes, error %v; ISA-L: %d bytes, error %v", len(g.out), g.err, len(i.out), i.err)
	}
	if g.err == nil && (!bytes.Equal(g.out, i.out) || g.garbageAt != i.garbageAt) {
		t.Fatalf("Go decoded %d bytes (trailing garbage at %d), ISA-L %d bytes (at %d), not the same", len(g.out), g.garbageAt, len(i.out), i.garbageAt)
	}
	if g.err != nil && cut && (!errors.Is(g.err, io.ErrUnexpectedEOF) || !errors.Is(i.err, io.ErrUnexpectedEOF)) {
		t.Fatalf("truncation: Go %v, ISA-L %v", g.err, i.err)
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
	// What gzip -d also accepts: header strings past the gzip package's 512 bytes, zero
	// padding and trailing garbage after the last member (the decoders report the garbage).
	m["long header strings"] = gzipMember(t, part1, gzip.BestSpeed, gzip.Header{Name: strings.Repeat("n", 3000), Comment: strings.Repeat("c", 70000)})
	m["trailing zeros"] = append(append([]byte{}, m["fixture part1"]...), make([]byte, 1024)...)
	m["trailing garbage"] = append(append([]byte{}, m["fixture concat"]...), "\x00\x00garbage\n"...)
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
	for _, name := range []string{"fixture concat", "members", "header fields", "stored", "empty", "trailing garbage"} {
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

// TestISALInflateTrailingGarbage: both decoders place trailing garbage at the end of the
// last member, after zero bytes too, and ignore zero padding.
func TestISALInflateTrailingGarbage(t *testing.T) {
	corpus := gzipCorpus(t)
	file := func(b []byte) io.Reader { return bytes.NewReader(b) }
	for name, want := range map[string]int64{"trailing garbage": int64(len(corpus["fixture concat"])), "trailing zeros": -1} {
		g, i := inflateBoth(corpus[name], file)
		if g.err != nil || i.err != nil || g.garbageAt != want || i.garbageAt != want {
			t.Errorf("%s: Go: garbage at %d, %v; ISA-L: at %d, %v; want at %d", name, g.garbageAt, g.err, i.garbageAt, i.err, want)
		}
	}
}
