package split

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
)

// lineStatement is everything Next gives of a statement.
type lineStatement struct {
	Kind                  Kind
	Verb, Database, Table string
	SQL, Raw              string
	Offset, Line, Rows    int64
	EndOfInput            bool
	Delim                 string
	LineNo                int64
}

func splitLines(data []byte, opt SplitOptions, fast bool) ([]lineStatement, string) {
	defer func(old bool) { lineFastPath = old }(lineFastPath)
	lineFastPath = fast
	sp := NewSplitter(bytes.NewReader(data), opt)
	var out []lineStatement
	for sp.Next() {
		st := sp.Statement()
		out = append(out, lineStatement{st.Kind, st.Verb, st.Database, st.Table, string(st.SQL), string(st.Raw),
			st.Offset, st.Line, st.Rows, st.EndOfInput, sp.Delimiter(), sp.Line()})
	}
	if err := sp.Err(); err != nil {
		return out, err.Error()
	}
	return out, ""
}

// TestContinueLineSameStatements holds Next's fast path for a line that continues a
// statement (continueLine) to the general one (endLine, startLine): the same statements,
// offsets, lines and errors on the splitter's test files, Sakila, a generated dump and
// random row inserts with what the general path must handle (comments, "\r\n", strings
// over lines, a line starting "delimiter", client commands, backslashes at a line's end,
// NUL bytes), at buffer sizes that cut lines anywhere.
func TestContinueLineSameStatements(t *testing.T) {
	inputs := map[string][]byte{}
	files, _ := filepath.Glob("testdata/split/*.sql")
	files = append(files, "../../../shared/testdata/sakila/sakila-mariadb-dump.sql")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Logf("skipping %s: %v", f, err)
			continue
		}
		inputs[filepath.Base(f)] = b
	}
	o := gen.DefaultOptions()
	o.SizeBytes = 2 << 20
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, o); err != nil {
		t.Fatal(err)
	}
	inputs["gen"] = dump.Bytes()
	rng := rand.New(rand.NewSource(7))
	pieces := []string{
		"(1,'a'),", "(2,'b\\'c'),", "(3,'multi\nline'),", "(4,'x') -- c", "(5,'y') # c", "(6, /* c */ 'z'),",
		"(7, /* open", "*/ 8),", "(9,'crlf')\r", "delimiter ;", "DELIMITER //", "(10,'q');", "//", "\\G", "\\",
		"(11,'back\\", "slash'),", "", "   ", "(12,\"dq\"),", "`id`,", "(13,'\x00'),", "use db", "(14,'ends');",
		"INSERT INTO t VALUES", "/*!40101 SET x=1 */;", "(15,'é'),", "\xef\xbb\xbf(16),",
		"(17, /*!99999 1", "*/*x*/ 2),", "*/ 3),",
	}
	for seed := 0; seed < 300; seed++ {
		var b strings.Builder
		b.WriteString("INSERT INTO t VALUES\n")
		for n := rng.Intn(60); n > 0; n-- {
			if rng.Intn(3) == 0 {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			} else {
				fmt.Fprintf(&b, "(%d,'row %d'),", n, n)
			}
			b.WriteByte('\n')
		}
		if rng.Intn(2) == 0 {
			b.WriteString("(0,'end');\n")
		}
		inputs[fmt.Sprintf("random%d", seed)] = []byte(b.String())
	}
	for name, data := range inputs {
		for _, opt := range []SplitOptions{{}, {ReadBufferSize: 64}, {ReadBufferSize: 200}, {ReadBufferSize: 4096}, {BinaryMode: true, ReadBufferSize: 128}} {
			want, wantErr := splitLines(data, opt, false)
			got, gotErr := splitLines(data, opt, true)
			if gotErr != wantErr {
				t.Fatalf("%s %+v: error %q, want %q", name, opt, gotErr, wantErr)
			}
			if len(got) != len(want) {
				t.Fatalf("%s %+v: %d statements, want %d", name, opt, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s %+v: statement %d:\n got %+v\nwant %+v", name, opt, i, got[i], want[i])
				}
			}
		}
	}
}
