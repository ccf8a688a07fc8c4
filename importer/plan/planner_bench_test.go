package plan

import (
	"bytes"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkPlannerNextGen: the planner's CPU per byte of a 64 MiB `dumpscope gen` dump
// (every statement through Planner.Next, as the dispatcher plans a --parallel run), to
// compare a change of the planner's bookkeeping (the procedure and prepared statement
// registry, registry.go) before and after as a ratio of MB/cpu-s.
func BenchmarkPlannerNextGen(b *testing.B) {
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, gen.DefaultOptions()); err != nil {
		b.Fatal(err)
	}
	var sts []split.Statement
	var n int64
	sp := split.NewSplitter(&dump, split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		st.SQL, st.Raw = bytes.Clone(st.SQL), bytes.Clone(st.Raw)
		sts = append(sts, st)
		n += int64(len(st.SQL))
	}
	if err := sp.Err(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(n)
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		p := NewPlanner()
		for j := range sts {
			if _, err := p.Next(&sts[j], "gen", fakeCatalog{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}
