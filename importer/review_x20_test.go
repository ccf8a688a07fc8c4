package importer_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The twentieth hostile review (branch x-review20, session 46), of what stop 45 merged
// (0bb18db..3c7af95). Each test failed on main (3c7af95) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX20): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX20
//
// A fix removes its test's reviewX20 call.

// reviewX20 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX20(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review20 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX20FoundRowsUnionLimit: FOUND_ROWS() after an INSERT … SELECT whose SELECT is
// a UNION (UNION ALL, INTERSECT, EXCEPT) with a LIMIT on the whole, or ends in FETCH
// FIRST n ROWS WITH TIES, is the rows the SELECT found before the limit, not the rows
// inserted (measured on MariaDB 10.11: `INSERT INTO t SELECT a FROM s UNION ALL SELECT
// a FROM big LIMIT 7` row_count 7, found_rows 13; `… INTERSECT … LIMIT 2` 2 and 5;
// `… ORDER BY a FETCH FIRST 2 ROWS WITH TIES` 2 and 10). dumpscope gives the reader the
// row count: here the client stores 6, dumpscope 4 (union all limit), 6 and 2, 8 and 3, 9 and 3. Silent, --parallel 3 and --parallel 2
// --checkpoint (the reader on the control connection after an INSERT … SELECT of more
// than one row); serial matches.
//
// Cause: importer/replay/foundrows.go:17-54 (foundIsRowCount, x-fix43) takes a LIMIT n
// for a count of the rows found; that holds for a single SELECT (its LIMIT ends the
// scan) but a UNION's LIMIT applies to the union's result, which the server counts whole
// (select_union's found rows), and FETCH … WITH TIES (not read at all) counts every row.
// Fix: not derived where a LIMIT or FETCH follows a UNION/INTERSECT/EXCEPT at depth 0
// (simplest: refuse any LIMIT/FETCH when the text holds UNION, INTERSECT or EXCEPT, and
// any FETCH).
func TestReviewX20FoundRowsUnionLimit(t *testing.T) {
	reviewX20(t)
	for name, ins := range map[string]string{
		"union all limit": "INSERT INTO vars_fr (n) SELECT id FROM b10 UNION ALL SELECT id + 10 FROM b10 LIMIT 4;\n",
		"union limit":     "INSERT INTO vars_fr (n) (SELECT id FROM b10) UNION (SELECT id + 10 FROM b10) ORDER BY 1 LIMIT 2;\n",
		"except limit":    "INSERT INTO vars_fr (n) SELECT a.id * 10 + b.id FROM b10 a, b10 b EXCEPT SELECT 11 LIMIT 3;\n",
		"fetch with ties": "INSERT INTO vars_fr (n) SELECT a.id * 10 + b.id FROM b10 a, b10 b ORDER BY a.id FETCH FIRST 2 ROWS WITH TIES;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := xfix43FoundHead + ins + "SELECT FOUND_ROWS() INTO @w2;\nSET @w3 = FOUND_ROWS();\n" +
				"INSERT INTO sv (name, v) VALUES ('fr', @w2), ('fr3', @w3);\n"
			want := x16Client(t, dump, "fz0")
			for name, o := range map[string]importer.Options{
				"parallel 3":            {Parallel: 3, BatchBytes: 2 << 10},
				"parallel 2 checkpoint": {Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
			} {
				t.Run(name, func(t *testing.T) { x16Straight(t, dump, "fz0", want, o) })
			}
		})
	}
}
