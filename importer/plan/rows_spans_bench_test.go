package plan

import (
	"bytes"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkSplitRowInsert is the dispatcher's two reads of every row insert on one core,
// the splitter's and the planner's, over a 64 MiB `dumpscope gen` dump: "spans" reads
// each with StatementRowInsert (jumping over the strings the splitter found), "whole"
// with ParseRowInsert (every string read again, as before the spans). For a ratio of
// MB/cpu-s, or of parseRowInsert's instructions under callgrind.
func BenchmarkSplitRowInsert(b *testing.B) {
	o := gen.DefaultOptions()
	o.SizeBytes = 64 << 20
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, o); err != nil {
		b.Fatal(err)
	}
	for _, spans := range []bool{true, false} {
		name := "whole"
		if spans {
			name = "spans"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(dump.Len()))
			b.ResetTimer()
			cpu0 := processCPU()
			for i := 0; i < b.N; i++ {
				sp := split.NewSplitter(bytes.NewReader(dump.Bytes()), split.SplitOptions{})
				for sp.Next() {
					st := sp.Statement()
					if st.Kind != split.KindInsert {
						continue
					}
					var ok bool
					if spans {
						_, ok = StatementRowInsert(&st, st.Syntax())
					} else {
						_, ok = ParseRowInsert(st.SQL, st.Syntax())
					}
					if !ok {
						b.Fatalf("not plain: %.200s", st.SQL)
					}
				}
				if err := sp.Err(); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, int64(dump.Len()), cpu0)
		})
	}
}
