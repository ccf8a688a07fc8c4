package dumpfile

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// TestGzipTrailing: what follows the last gzip member is handled as gzip -d handles it,
// with each inflate this build has: zero padding ends the stream silently; other bytes
// that do not start a member end it with one warning naming the file and the offset where
// they start; a member (or the start of one) after the last is decoded or fails. The
// status zcat exits with is checked alongside (0, 2: trailing garbage, 1: error).
func TestGzipTrailing(t *testing.T) {
	sql := []byte("SELECT 1;\nSELECT 2;\n")
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(sql)
	zw.Close()
	member := b.Bytes()
	end := int64(len(member))
	zcat, zcatErr := exec.LookPath("zcat")
	for _, tt := range []struct {
		name      string
		tail      string
		zcatExit  int
		garbageAt int64 // -1: no warning
		wantErr   string
	}{
		{"nothing", "", 0, -1, ""},
		{"one zero", "\x00", 0, -1, ""},
		{"ten kB of zeros", strings.Repeat("\x00", 10240), 0, -1, ""},
		{"text", "trailing garbage\n", 2, end, ""},
		{"zeros then text", "\x00\x00\x00x", 2, end, ""},
		{"zeros then a member", "\x00" + string(member), 2, end, ""},
		{"1f then not 8b", "\x1f\x00", 2, end, ""},
		{"a lone 1f", "\x1f", 1, -1, "truncated gzip stream"},
		{"a magic", "\x1f\x8b", 1, -1, "truncated gzip stream"},
		{"a bare header", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 1, -1, "truncated gzip stream"},
		{"another method", "\x1f\x8b\x07\x00\x00\x00\x00\x00\x00\x03", 1, -1, "the member at compressed offset " + fmt.Sprint(end) + ": gzip: invalid header"},
		{"another member", string(member), 0, -1, ""},
	} {
		data := append(append([]byte{}, member...), tt.tail...)
		path := writeTemp(t, "dump.sql.gz", data)
		if zcatErr == nil {
			code, err := 0, exec.Command(zcat, path).Run()
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			if code != tt.zcatExit {
				t.Errorf("%s: zcat: %v, want exit status %d", tt.name, err, tt.zcatExit)
			}
		}
		for _, env := range inflateEnvs() {
			t.Run(tt.name+"/"+env, func(t *testing.T) {
				t.Setenv(inflateEnv, env)
				in, got, err := openAndRead(t, path)
				want := sql
				if tt.name == "another member" {
					want = append(append([]byte{}, sql...), sql...)
				}
				if tt.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
						t.Fatalf("error %v, want %q", err, tt.wantErr)
					}
					return
				}
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("decoded %q, error %v; want %q", got, err, want)
				}
				// The size estimate ends the stream where the decoders do.
				if n, exact, ok := in.WaitUncompressedSize(); !ok || !exact || n != int64(len(want)) {
					t.Errorf("size %d (exact %v, ok %v), want exactly %d", n, exact, ok, len(want))
				}
				w := in.Warning()
				if tt.garbageAt < 0 {
					if w != "" {
						t.Errorf("warning %q, want none", w)
					}
					return
				}
				wantW := fmt.Sprintf("%s: gzip input: the %d bytes from compressed offset %d, after the last gzip member, are not a gzip member and were ignored", path, int64(len(data))-tt.garbageAt, tt.garbageAt)
				if !strings.HasPrefix(w, wantW) || strings.Contains(w, "\n") {
					t.Errorf("warning %q\nwant one line starting %q", w, wantW)
				}
			})
		}
	}
}

// inflateEnvs are the DUMPSCOPE_INFLATE values that pick each inflate of this build.
func inflateEnvs() []string {
	if newISALGzipReader != nil {
		return []string{"", "go"}
	}
	return []string{""}
}

// TestGzipHeaderFields: header fields of any length are skipped, FHCRC is checked, and a
// bad header is an error naming the member's offset, whatever the read buffer holds.
func TestGzipHeaderFields(t *testing.T) {
	sql := []byte("SELECT 1;\n")
	plain := gzipBytes(t, sql, 6)
	long := func(h gzip.Header) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Header = h
		zw.Write(sql)
		zw.Close()
		return b.Bytes()
	}
	// withHCRC sets FHCRC on a member without optional fields and inserts its CRC16.
	withHCRC := func(m []byte, crc uint16) []byte {
		c := append([]byte{}, m[:10]...)
		c[3] |= gzipFlagHCRC
		if crc == 0 {
			crc = uint16(crc32.ChecksumIEEE(c))
		}
		c = append(c, byte(crc), byte(crc>>8))
		return append(c, m[10:]...)
	}
	for _, tt := range []struct {
		name    string
		data    []byte
		wantErr string
	}{
		{"FNAME of 2 MiB", long(gzip.Header{Name: strings.Repeat("n", 2<<20)}), ""},
		{"FCOMMENT of 600 bytes and FNAME", long(gzip.Header{Name: "dump.sql", Comment: strings.Repeat("c", 600)}), ""},
		{"FEXTRA of 65535 bytes", long(gzip.Header{Extra: bytes.Repeat([]byte("x"), 65535)}), ""},
		{"FHCRC right", withHCRC(plain, 0), ""},
		{"FHCRC wrong", withHCRC(plain, 0xbeef), "the member at compressed offset 0: gzip: invalid header (its header CRC is beef"},
		{"second member's FHCRC wrong", append(append([]byte{}, plain...), withHCRC(plain, 0xbeef)...), fmt.Sprintf("the member at compressed offset %d: gzip: invalid header", len(plain))},
		{"FNAME cut by the end", long(gzip.Header{Name: strings.Repeat("n", 600)})[:300], "truncated gzip stream"},
	} {
		path := writeTemp(t, "h.sql.gz", tt.data)
		for _, env := range inflateEnvs() {
			t.Run(tt.name+"/"+env, func(t *testing.T) {
				t.Setenv(inflateEnv, env)
				_, got, err := openAndRead(t, path)
				if tt.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
						t.Fatalf("error %v, want %q", err, tt.wantErr)
					}
					return
				}
				if err != nil || !bytes.HasPrefix(got, sql) {
					t.Fatalf("decoded %q, error %v", got, err)
				}
			})
		}
	}
}

// TestBzip2Trailing: what follows the last bzip2 stream is handled as bzip2 -d handles it
// (exit status 0 for trailing garbage, which it warns about, 2 for a truncated header),
// except that zero padding is ignored without a warning, as for gzip.
func TestBzip2Trailing(t *testing.T) {
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
	end := int64(len(stream))
	for _, tt := range []struct {
		name      string
		tail      string
		bzipExit  int
		garbageAt int64 // -1: no warning
		wantErr   string
	}{
		{"nothing", "", 0, -1, ""},
		{"one zero", "\x00", 0, -1, ""},
		{"two zeros", "\x00\x00", 0, -1, ""},
		{"512 zeros", strings.Repeat("\x00", 512), 0, -1, ""},
		{"one byte", "x", 0, end, ""},
		{"text", "trailing garbage\n", 0, end, ""},
		{"zeros then text", "\x00\x00\x00x", 0, end, ""},
		{"BZx", "BZx", 0, end, ""},
		{"BZh0", "BZh0", 0, end, ""},
		{"B", "B", 2, -1, "truncated bzip2 stream"},
		{"BZ", "BZ", 2, -1, "truncated bzip2 stream"},
		{"BZh9", "BZh9", 2, -1, "truncated bzip2 stream"},
		{"another stream", string(stream), 0, -1, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := append(append([]byte{}, stream...), tt.tail...)
			path := writeTemp(t, "dump.sql.bz2", data)
			code, err := 0, exec.Command(bz, "-dc", path).Run()
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			if code != tt.bzipExit {
				t.Errorf("bzip2 -dc: %v, want exit status %d", err, tt.bzipExit)
			}
			in, got, err := openAndRead(t, path)
			want := sql
			if tt.name == "another stream" {
				want += sql
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || string(got) != want {
				t.Fatalf("decoded %q, error %v; want %q", got, err, want)
			}
			w := in.Warning()
			if tt.garbageAt < 0 {
				if w != "" {
					t.Errorf("warning %q, want none", w)
				}
				return
			}
			what := fmt.Sprintf("the %d bytes from compressed offset %d, after the last bzip2 stream, are not a bzip2 stream and were ignored", int64(len(data))-tt.garbageAt, tt.garbageAt)
			if tt.tail == "x" {
				what = fmt.Sprintf("the byte from compressed offset %d, after the last bzip2 stream, is not a bzip2 stream and was ignored", tt.garbageAt)
			}
			wantW := fmt.Sprintf("%s: bzip2 input: %s", path, what)
			if !strings.HasPrefix(w, wantW) || strings.Contains(w, "\n") {
				t.Errorf("warning %q\nwant one line starting %q", w, wantW)
			}
		})
	}
}
