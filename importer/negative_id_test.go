package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// negativeIDDump is a table of the given AUTO_INCREMENT column type given id values
// (first, first+step, …: 20 rows a statement), under sql_mode, and a row that takes the
// next generated id after them.
func negativeIDDump(sqlMode, column string, first, step float64, statements int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "SET sql_mode = '%s';\nCREATE DATABASE n;\nUSE n;\n"+
		"CREATE TABLE t (id %s NOT NULL AUTO_INCREMENT, v varchar(40), PRIMARY KEY (id)) ENGINE=InnoDB;\n", sqlMode, column)
	id := first
	for s := range statements {
		b.WriteString("INSERT INTO t VALUES ")
		for r := range 20 {
			if r > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%g,'row %d of statement %d')", id, r, s)
			id += step
		}
		b.WriteString(";\n")
	}
	b.WriteString("INSERT INTO t (v) VALUES ('the next row');\n")
	return b.String()
}

// TestLoadDataNegativeIDsSigned: rows whose ids are negative, in a signed AUTO_INCREMENT
// column (INT, BIGINT, DOUBLE), keep them, as the client's INSERTs do (-1 stays -1,
// checked with the client on MariaDB 10.11, strict or not), so they take no generated id
// and go in parallel, loaded in bulk. x-fix3's rule took every negative number for one
// that may be 0, as it is in an UNSIGNED column (TestReviewX3ParallelRoundedZeroID), and
// ran such tables' rows in stream order on the control connection as INSERTs: none
// loaded (4.5 s against 3.6 s for the fuzzer's tables whose ids start at -1).
func TestLoadDataNegativeIDsSigned(t *testing.T) {
	for _, c := range []struct{ mode, column string }{
		{"", "int"},
		{"STRICT_TRANS_TABLES", "bigint"},
		{"", "double"},
	} {
		t.Run(c.column, func(t *testing.T) {
			res := importMatchesClient(t, negativeIDDump(c.mode, c.column, -800, 1, 40), importer.Options{LoadData: true, Parallel: 2, BatchBytes: 4 << 10}, "n")
			if ld := res.Replay.LoadData; ld == nil || ld.Loaded == 0 {
				t.Errorf("no batch of the negative ids was loaded in bulk: %+v", ld)
			}
		})
	}
}

// TestParallelNegativeIDsThatGenerate: the negative values that still take a generated
// id run in stream order, as the client's do: -1 in an UNSIGNED column (INT or FLOAT)
// where sql_mode is not strict (stored as 0), and -0.4 in a signed one (rounded to 0).
// Each row takes the next id as its worker inserts it, so with two workers on small
// batches the ids would follow their interleaving, not the stream.
func TestParallelNegativeIDsThatGenerate(t *testing.T) {
	for _, c := range []struct {
		name, column string
		first, step  float64
	}{
		{"int unsigned", "int unsigned", -1, 0},
		{"float unsigned", "float unsigned", -1, 0},
		{"int rounded", "int", -0.4, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			importMatchesClient(t, negativeIDDump("", c.column, c.first, c.step, 100), importer.Options{Parallel: 2, BatchBytes: 2 << 10}, "n")
		})
	}
}
