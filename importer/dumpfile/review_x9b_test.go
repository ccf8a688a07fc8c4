package dumpfile

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// The ninth hostile review, part b (importer/review_x9b_test.go has the summary): unit-level
// findings in the input layer. They skipped unless DUMPSCOPE_REVIEW_X=1 until x-fix9b
// fixed them; each says how.

// TestReviewX9bGzipTrailingZeros: a gzip stream followed by zero bytes (1, 8 or 512 of
// them: tar and dd pad with zeros) decodes with zcat, exit status 0, to the member's
// bytes. Open's Reader returns the same bytes and then an error: "gzip: invalid header"
// for 10 zeros or more, and for fewer than 10 "truncated gzip stream … unexpected EOF",
// with the Go decoder and with ISA-L alike. Cause: after a member both decoders take
// whatever follows for the next member's header (inflate.go:46-52, Multistream;
// inflate_isal.go:85-98, startMember: fewer than 10 bytes is io.ErrUnexpectedEOF,
// hdr[0] != 0x1f is gzip.ErrHeader); gzip(1) treats trailing zeros as padding.
// Fixed: both decoders read what follows a member as gzip -d does (trailing.go,
// gzipNextMember): zeros to the end are padding, other bytes that do not start a member
// end the stream with one warning (Input.Warning); unit tests TestGzipTrailing and
// TestISALInflateTrailingGarbage.
func TestReviewX9bGzipTrailingZeros(t *testing.T) {
	zcat, err := exec.LookPath("zcat")
	if err != nil {
		t.Skip("zcat not installed")
	}
	sql := []byte("SELECT 1;\nSELECT 2;\n")
	var member bytes.Buffer
	zw := gzip.NewWriter(&member)
	zw.Write(sql)
	zw.Close()
	inflaters := []string{""}
	if GzipInflater() == InflateISAL {
		inflaters = append(inflaters, "go")
	}
	for _, zeros := range []int{1, 8, 512} {
		data := append(append([]byte{}, member.Bytes()...), make([]byte, zeros)...)
		path := writeTemp(t, fmt.Sprintf("z%d.sql.gz", zeros), data)
		if out, err := exec.Command(zcat, path).Output(); err != nil || !bytes.Equal(out, sql) {
			t.Fatalf("zcat of the member and %d zeros: %q, %v; want the member's bytes and exit status 0", zeros, out, err)
		}
		for _, env := range inflaters {
			t.Run(fmt.Sprintf("%d zeros/%s", zeros, map[string]string{"": "build default", "go": "DUMPSCOPE_INFLATE=go"}[env]), func(t *testing.T) {
				t.Setenv(inflateEnv, env)
				_, got, err := openAndRead(t, path)
				if err != nil || !bytes.Equal(got, sql) {
					t.Errorf("%s decoded %q, error %v; zcat decodes %q without one", GzipInflater(), got, err, sql)
				}
			})
		}
	}
}

// x9bRows is n bytes (about) of INSERT text with random numbers, which gzip compresses
// about 3:1, like a dump's bulk.
func x9bRows(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "INSERT INTO t VALUES (%d,'%x',%d.%02d);\n", i, rng.Uint64(), rng.IntN(1e6), rng.IntN(100))
	}
	return b.Bytes()
}

// TestReviewX9bGzipConcatSizeExact: `cat part1.sql.gz part2.sql.gz > dump.sql.gz` (the
// concatenation gzip(1) documents) with a first member of 1.7 MB (545 KB compressed) and a
// second of 15 MB, 5.4 MB stored. The background estimate (UncompressedSize, also the
// preflight space check's WaitUncompressedSize) reports the second member's ISIZE alone,
// 15.7 MB where the file decodes to 17.5 MB, and calls it exact. The progress fraction is
// applied bytes against that "exact" size, clamped at 1 (advisor/logsink.go:256-257), so
// the progress line and restore_progress sit at 100 % with ETA 0 for the last tenth of the
// import, and the space check counts 10 % less than the dump needs (the same holds for a
// first part up to about 15 % of the whole that no sample meets). Cause: the samples
// (gzsize.go:196-230: 8 samples of 128 KiB, one per 1/8 of the file) do not cover the
// member boundary at 545 KB, so multi stays false and isizeCandidate (gzsize.go:245-247)
// takes the last member's ISIZE, within its 15 % tolerance of the sampled total, as the
// whole file's size. A single-member file is the only case where ISIZE (mod 4 GiB) is the
// total; nothing seen says this one is.
// Fixed: an ISIZE candidate must agree with the samples as closely as they agree with each
// other (gzsize_check.go, samplesTolerance: a 10 % gap on uniform data is a last member's
// size), and an exact size that fewer bytes than were decoded is an estimate again
// (sizeSoFar), so progress never shows 100 % early; unit tests TestGzipSizeConcatNotExact
// and TestUncompressedSizeNotBelowDecoded.
func TestReviewX9bGzipConcatSizeExact(t *testing.T) {
	var whole, file bytes.Buffer
	for i, n := range []int{1700 << 10, 15 << 20} {
		part := x9bRows(uint64(i), n)
		whole.Write(part)
		zw := gzip.NewWriter(&file)
		zw.Write(part)
		zw.Close()
		if i == 0 {
			t.Logf("first member: %d bytes, %d compressed", len(part), file.Len())
		}
	}
	path := writeTemp(t, "concat.sql.gz", file.Bytes())
	in, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	n, exact, ok := in.WaitUncompressedSize()
	t.Logf("file %d bytes; estimate %d (exact %v, ok %v); true size %d", file.Len(), n, exact, ok, whole.Len())
	if ok && exact && n != int64(whole.Len()) {
		t.Errorf("UncompressedSize says exactly %d bytes; the file decodes to %d (%.1f %% more)", n, whole.Len(), 100*float64(int64(whole.Len())-n)/float64(n))
	}
}

// TestReviewX9bBzip2TrailingZeros: the same for bzip2 (the Go decoder is compress/bzip2):
// a .bz2 followed by 1 or 512 zero bytes decodes with `bzip2 -dc`, exit status 0 (it warns
// "trailing garbage after EOF ignored"), and bzip2 -dc | mariadb imports it. Open's Reader
// returns the bytes, then "truncated bzip2 stream … unexpected EOF" for one zero and
// "bzip2 data invalid: bad magic value in continuation file" for 512. Cause: open.go:189
// hands the stream to compress/bzip2, which takes anything after a stream for the next
// stream's header ("BZh"), and wrapErr (open.go:328) calls its io.ErrUnexpectedEOF a
// truncation.
// Fixed: bzip2tail.go's bzip2Reader tells compress/bzip2's failures on what follows a
// complete stream from damage, and ends the stream there as bzip2 -d does (zeros silently,
// other garbage with Input.Warning); unit test TestBzip2Trailing.
func TestReviewX9bBzip2TrailingZeros(t *testing.T) {
	bz, err := exec.LookPath("bzip2")
	if err != nil {
		t.Skip("bzip2 not installed")
	}
	sql := "SELECT 1;\nSELECT 2;\n"
	cmd := exec.Command(bz, "-c")
	cmd.Stdin = strings.NewReader(sql)
	stream, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, zeros := range []int{1, 512} {
		path := writeTemp(t, fmt.Sprintf("z%d.sql.bz2", zeros), append(append([]byte{}, stream...), make([]byte, zeros)...))
		if out, err := exec.Command(bz, "-dc", path).Output(); err != nil || string(out) != sql {
			t.Fatalf("bzip2 -dc of the stream and %d zeros: %q, %v; want the stream's bytes and exit status 0", zeros, out, err)
		}
		t.Run(fmt.Sprintf("%d zeros", zeros), func(t *testing.T) {
			_, got, err := openAndRead(t, path)
			if err != nil || string(got) != sql {
				t.Errorf("decoded %q, error %v; bzip2 -dc decodes %q with exit status 0", got, err, sql)
			}
		})
	}
}

// TestReviewX9bGzipLongHeaderString: a gzip member whose FCOMMENT (pigz --comment) or FNAME
// holds 512 bytes or more (RFC 1952 sets no limit). zcat decodes it, and so does the ISA-L
// build; the pure-Go build (no isal tag) and DUMPSCOPE_INFLATE=go refuse the file before
// its first byte with "gzip: invalid header" at the compressed offset of what the read
// buffer took (the whole file here; 1048576 for a larger one), not of the header.
// inflate.go:12-15 says both inflaters "fail on the same
// inputs"; TestISALInflateSameAsGo's corpus has only short strings. Cause:
// klauspost/compress gzip's Reader.readString (gunzip.go:150-156, v1.20.4) gives up past
// its 512-byte buffer, reached through newGoGzipReader (inflate.go:46-52) for the first
// member and Multistream for the others.
// Fixed: both inflates read member headers with readGzipHeader (gzheader.go: strings of any
// length, FHCRC checked, errors at the member's offset); the Go one inflates the body with
// klauspost's flate and checks CRC-32 and ISIZE itself (gzreader.go), ISA-L with
// ISAL_GZIP_NO_HDR_VER; unit test TestGzipHeaderFields, and "long header strings" in the
// ISA-L comparison corpus.
func TestReviewX9bGzipLongHeaderString(t *testing.T) {
	zcat, err := exec.LookPath("zcat")
	if err != nil {
		t.Skip("zcat not installed")
	}
	sql := "SELECT 1;\nSELECT 2;\n"
	for _, hdr := range []struct {
		field string
		h     gzip.Header
	}{
		{"FCOMMENT of 1000 bytes", gzip.Header{Comment: strings.Repeat("c", 1000)}},
		{"FNAME of 600 bytes", gzip.Header{Name: strings.Repeat("n", 600)}},
	} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Header = hdr.h
		zw.Write([]byte(sql))
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		path := writeTemp(t, "long.sql.gz", b.Bytes())
		if out, err := exec.Command(zcat, path).Output(); err != nil || string(out) != sql {
			t.Fatalf("zcat of a member with a %s: %q, %v", hdr.field, out, err)
		}
		for _, env := range []string{"", "go"} {
			t.Run(hdr.field+"/"+map[string]string{"": "build default", "go": "DUMPSCOPE_INFLATE=go"}[env], func(t *testing.T) {
				t.Setenv(inflateEnv, env)
				_, got, err := openAndRead(t, path)
				if err != nil || string(got) != sql {
					t.Errorf("%s decoded %q, error %v; zcat decodes %q", GzipInflater(), got, err, sql)
				}
			})
		}
	}
}
