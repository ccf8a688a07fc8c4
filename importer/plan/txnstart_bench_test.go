package plan

import (
	"bytes"
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkTxnStartWatch: what following the transaction costs a serial import (Import's
// txnWatch: CommitsOpen and Ran on each statement sent), against the splitting it rides
// on, on Sakila's data dump: "split" splits it, "watch" runs the watch alone over its
// statements split beforehand. The ratio watch/split is the overhead.
func BenchmarkTxnStartWatch(b *testing.B) {
	dump, err := os.ReadFile("../../../shared/testdata/sakila/sakila-mv-data.sql")
	if err != nil {
		b.Skip("no Sakila dump:", err)
	}
	var sts []split.Statement
	sp := split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		st.SQL, st.Raw = bytes.Clone(st.SQL), nil
		sts = append(sts, st)
	}
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(len(dump)))
		for i := 0; i < b.N; i++ {
			sp := split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{})
			for sp.Next() {
			}
		}
	})
	b.Run("watch", func(b *testing.B) {
		b.SetBytes(int64(len(dump)))
		for i := 0; i < b.N; i++ {
			k := NewTxnStart()
			for j := range sts {
				_ = CommitsOpen(&sts[j])
				k.Ran(&sts[j])
			}
		}
	})
}
