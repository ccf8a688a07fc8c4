package plan

import (
	"bytes"
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkPlannerNext: the planner's CPU per byte (every statement through Planner.Next,
// as the dispatcher plans a --parallel run) and its parallel share (the dump's rows in
// statements planned Rows, for a worker), on a 64 MiB `dumpscope gen` dump and on
// mariadb-dump's Sakila: to compare a change of the planner's bookkeeping (the procedure
// and prepared statement registry, registry.go) before and after, as a ratio of
// MB/cpu-s, and to see that the share stays. The catalog knows no table (no
// AUTO_INCREMENT), so the share is an upper bound of a real run's.
func BenchmarkPlannerNext(b *testing.B) {
	b.Run("gen", func(b *testing.B) {
		var dump bytes.Buffer
		if _, err := gen.Write(&dump, gen.DefaultOptions()); err != nil {
			b.Fatal(err)
		}
		benchPlanner(b, dump.Bytes(), "gen")
	})
	b.Run("sakila", func(b *testing.B) {
		// mariadb-dump's dump of it: its header names its producer.
		benchPlanner(b, sakilaDump(b, "sakila-mariadb-dump.sql"), "sakila")
	})
}

// sakilaDump is the Sakila dumps files (sakila-mv-schema.sql, sakila-mv-data.sql), one
// after the other (skips without them).
func sakilaDump(b *testing.B, files ...string) []byte {
	var dump []byte
	for _, f := range files {
		d, err := os.ReadFile("../../../shared/testdata/sakila/" + f)
		if err != nil {
			b.Skip("no Sakila dump:", err)
		}
		dump = append(dump, d...)
	}
	return dump
}

// splitAll splits dump into statements that own their text, and counts their SQL bytes.
func splitAll(b *testing.B, dump []byte) ([]split.Statement, int64) {
	var sts []split.Statement
	var n int64
	sp := split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		st.SQL, st.Raw = bytes.Clone(st.SQL), bytes.Clone(st.Raw)
		sts = append(sts, st)
		n += int64(len(st.SQL))
	}
	if err := sp.Err(); err != nil {
		b.Fatal(err)
	}
	return sts, n
}

func benchPlanner(b *testing.B, dump []byte, db string) {
	sts, n := splitAll(b, dump)
	b.SetBytes(n)
	b.ResetTimer()
	cpu0 := processCPU()
	var rows, parallel int64
	for i := 0; i < b.N; i++ {
		p := NewPlanner()
		rows, parallel = 0, 0
		for j := range sts {
			pl, err := p.Next(&sts[j], db, fakeCatalog{})
			if err != nil {
				b.Fatal(err)
			}
			if sts[j].Kind == split.KindInsert {
				rows += int64(sts[j].Rows)
				if pl.Kind == Rows {
					parallel += int64(sts[j].Rows)
				}
			}
		}
	}
	reportCPU(b, n, cpu0)
	if rows > 0 {
		b.ReportMetric(100*float64(parallel)/float64(rows), "%rows-parallel")
	}
}
