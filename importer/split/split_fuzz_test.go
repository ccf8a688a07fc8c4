package split

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

type fuzzStatement struct {
	Kind      Kind
	Verb, SQL string
	Offset    int64
	Line      int64
	Raw       string
}

func fuzzSplit(t *testing.T, data []byte, opt SplitOptions, oneByte bool) ([]fuzzStatement, error) {
	var sp *Splitter
	if oneByte {
		opt.ReadBufferSize = 16
		sp = NewSplitter(iotest.OneByteReader(bytes.NewReader(data)), opt)
	} else {
		opt.ReadBufferSize = 4096 // the default 1 MiB buffer would dominate the fuzzer's time
		sp = NewSplitter(bytes.NewReader(data), opt)
	}
	var out []fuzzStatement
	var raw []byte
	for sp.Next() {
		if sp.inString != 0 || sp.mlComment {
			t.Fatalf("statement %d ends inside a string or comment (quote %q, comment %v)", len(out), sp.inString, sp.mlComment)
		}
		s := sp.Statement()
		if s.Offset != int64(len(raw)) {
			t.Fatalf("statement %d: Offset %d, want %d", len(out), s.Offset, len(raw))
		}
		raw = append(raw, s.Raw...)
		out = append(out, fuzzStatement{s.Kind, s.Verb, string(s.SQL), s.Offset, s.Line, string(s.Raw)})
	}
	if sp.Err() == nil && !bytes.Equal(raw, data) {
		t.Fatalf("Raw spans do not tile the input:\n got %q\nwant %q", raw, data)
	}
	return out, sp.Err()
}

// FuzzSplit checks the splitter's invariants on any input: Raw spans tile the input, no
// statement ends inside a string or comment, and a one-byte reader with a tiny buffer gives
// the same statements and the same error as a whole reader.
func FuzzSplit(f *testing.F) {
	seeds := []string{
		"SELECT 1;\nSELECT 'a;b';",
		"DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\n",
		"/*!40101 SET NAMES gbk */;\nSELECT '\x81\\';",
		"SELECT 1 -- c\n# d\n/* e\n*/;\r\n\xef\xbb\xbf",
		"INSERT INTO `we;ird` VALUES (1,'a\\'b'),(2,\"c\"\"d\");",
		"SET sql_mode='NO_BACKSLASH_ESCAPES';SELECT 'a\\';",
		"\\-\nuse db\nSELECT 1 \\g \\d //\nSELECT 2//",
		strings.Repeat("INSERT INTO `t;x` VALUES (1,'a\\'b;c',\"d\"\"e\") /* c; */ ; -- x\n", 3) +
			strings.Repeat("SELECT 'abcdefghijklmnopqrstuvwxyz\\\\' /*!40101 , 1 */, `q``;` # tail ;", 4),
	}
	for _, s := range seeds {
		f.Add([]byte(s), uint8(0))
	}
	for _, p := range []string{"testdata/split/routines.sql", "testdata/split/client.sql", "testdata/split/comments.sql"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		opt := SplitOptions{
			KeepComments:       flags&1 != 0,
			BinaryMode:         flags&2 != 0,
			NoBackslashEscapes: flags&4 != 0,
			TrackSQLMode:       flags&8 != 0,
			ANSIQuotes:         flags&16 != 0,
		}
		if flags&32 != 0 {
			opt.Charset = "gbk"
		}
		whole, errWhole := fuzzSplit(t, data, opt, false)
		bytewise, errByte := fuzzSplit(t, data, opt, true)
		if fmt.Sprint(errWhole) != fmt.Sprint(errByte) {
			t.Fatalf("errors differ: whole %v, one byte %v", errWhole, errByte)
		}
		if len(whole) != len(bytewise) {
			t.Fatalf("%d statements whole, %d one byte at a time", len(whole), len(bytewise))
		}
		for i := range whole {
			if whole[i] != bytewise[i] {
				t.Fatalf("statement %d differs:\nwhole    %+v\none byte %+v", i, whole[i], bytewise[i])
			}
		}
		if errWhole != nil && !strings.Contains(errWhole.Error(), "offset ") {
			t.Fatalf("error without a position: %v", errWhole)
		}
	})
}
