package dumpfile

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/dumpscope/dumpscope/internal/shellquote"
	"github.com/klauspost/compress/gzip"
)

// encodeWide encodes s as UTF-16 or UTF-32 in the byte order order, with a byte-order mark
// if bom.
func encodeWide(s string, bits int, order binary.AppendByteOrder, bom bool) []byte {
	if bom {
		s = "\ufeff" + s
	}
	var b []byte
	if bits == 16 {
		for _, u := range utf16.Encode([]rune(s)) {
			b = order.AppendUint16(b, u)
		}
		return b
	}
	for _, r := range s {
		b = order.AppendUint32(b, uint32(r))
	}
	return b
}

// TestOpenWideText: a dump in UTF-16 or UTF-32 (PowerShell's `mysqldump > dump.sql` writes
// UTF-16LE with a byte-order mark) is refused at Open with one line that names the encoding
// and the iconv command, plain or compressed; SQL that merely holds NUL bytes or starts
// with bytes like a mark's in a string is not taken for it.
func TestOpenWideText(t *testing.T) {
	sql := "-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB\n--\n-- Host: localhost    Database: shop\n\nCREATE TABLE t (id INT);\nINSERT INTO t VALUES (1);\n"
	for _, tt := range []struct {
		name string
		data []byte
		want string // "" for not refused
	}{
		{"utf16le bom", encodeWide(sql, 16, binary.LittleEndian, true), "is UTF-16LE text (it starts with the byte-order mark FF FE; Windows PowerShell"},
		{"utf16be bom", encodeWide(sql, 16, binary.BigEndian, true), "is UTF-16BE text (it starts with the byte-order mark FE FF)"},
		{"utf32le bom", encodeWide(sql, 32, binary.LittleEndian, true), "is UTF-32LE text"},
		{"utf32be bom", encodeWide(sql, 32, binary.BigEndian, true), "is UTF-32BE text"},
		{"utf16le no bom", encodeWide(sql, 16, binary.LittleEndian, false), "is UTF-16LE text (it has no byte-order mark"},
		{"utf16be no bom", encodeWide(sql, 16, binary.BigEndian, false), "is UTF-16BE text (it has no byte-order mark"},
		{"short utf16 without bom", encodeWide("SELECT 1;\n", 16, binary.LittleEndian, false), ""},
		{"utf-8 with bom", append([]byte("\xef\xbb\xbf"), sql...), ""},
		{"utf-8", []byte(sql), ""},
		{"NULs in a binary string", []byte("INSERT INTO b VALUES ('" + strings.Repeat("a\x00", 60) + "');\n"), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, gz := range []bool{false, true} {
				data, file := tt.data, "dump.sql"
				if gz {
					var b bytes.Buffer
					zw := gzip.NewWriter(&b)
					zw.Write(data)
					zw.Close()
					data, file = b.Bytes(), "dump.sql.gz"
				}
				path := writeTemp(t, file, data)
				_, got, err := openAndRead(t, path)
				if tt.want == "" {
					if err != nil || !bytes.Equal(got, tt.data) {
						t.Errorf("%s: error %v, %d bytes; want the file's %d bytes", file, err, len(got), len(tt.data))
					}
					continue
				}
				if err == nil {
					t.Fatalf("%s: opened, want it refused as %q", file, tt.want)
				}
				msg := err.Error()
				wantCmd := "iconv -f " + strings.Fields(tt.want)[1] + " -t UTF-8"
				if !strings.Contains(msg, tt.want) || !strings.Contains(msg, wantCmd) || strings.Contains(msg, "\n") || !strings.HasPrefix(msg, path) {
					t.Errorf("%s: error %q\nwant one line starting with the path, containing %q and %q", file, msg, tt.want, wantCmd)
				}
				if gz && !strings.Contains(msg, "zcat "+shellquote.Quote(path)+" | iconv") {
					t.Errorf("%s: error %q, want the zcat | iconv pipeline on the dump's own name", file, msg)
				}
				if !gz && !strings.Contains(msg, "UTF-8 "+shellquote.Quote(path)+" > ") {
					t.Errorf("%s: error %q, want the iconv command on the dump's own name", file, msg)
				}
			}
		})
	}
}
