package replay

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkRowGiveInsert: what the control connection's checks for a reader of the row
// counts (rowCounts.give, then giveRow) cost a 1 MiB row insert of literal values that
// follows a one-row statement (a count giveRow would give back): "literal" planned so
// (plan.Plan.Literal), which skips the text, "text" not, which scans it for ROW_COUNT and
// FOUND_ROWS as every control-connection INSERT was before. c is never used: neither
// case is a reader.
func BenchmarkRowGiveInsert(b *testing.B) {
	sql := []byte("INSERT INTO `t` VALUES " + strings.Repeat("(1,'abcdefgh',2.5,NULL),", 1<<20/24) + "(0,'',0,NULL)")
	for _, literal := range []bool{true, false} {
		name := map[bool]string{true: "literal", false: "text"}[literal]
		b.Run(name, func(b *testing.B) {
			rc := newRowCounts()
			st := &split.Statement{Kind: split.KindInsert, SQL: sql, Offset: 100, Rows: 1<<20/24 + 1}
			b.SetBytes(int64(len(sql)))
			for b.Loop() {
				rc.noteRow(50, 1)
				rc.planned(st.Offset, 50, literal)
				q := rc.give(st, sql, 50)
				if err := rc.giveRow(context.Background(), nil, st, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
