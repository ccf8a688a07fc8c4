package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestFixX21TemporaryEdges (x-fix21): a fill of a temporary table through EXECUTE
// IMMEDIATE is refused past on resume as the plain one is (registry.runs); a ROLLBACK of
// temporary rows under autocommit=0 whose table is dropped again before the stop is no
// refusal (tempRebuilds forgets it); a temporary k shadowing the real one, dropped
// without TEMPORARY, straight under --parallel and resumed in either table's rows.
func TestFixX21TemporaryEdges(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	a := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40));\nEXECUTE IMMEDIATE 'INSERT INTO tt SELECT * FROM k';\n" + x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*) FROM tt;\n" + x7Rows("k", 200, 241)
	t.Run("execute immediate fill", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: a, stop: lineOf(t, a, "INSERT INTO k VALUES (120"), opt: o, refused: "it is filled from `k`"})
	})
	b := x9HeadRows() + "CREATE TABLE r (n int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40));\nSET autocommit=0;\nINSERT INTO tt VALUES (1,'a');\nINSERT INTO k VALUES (900,'z');\nCOMMIT;\nINSERT INTO tt VALUES (2,'a');\nROLLBACK;\nSET autocommit=1;\nDROP TEMPORARY TABLE tt;\n" + x7Rows("k", 100, 161) + x7Rows("k", 200, 241)
	t.Run("autocommit0 dropped", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: b, stop: lineOf(t, b, "INSERT INTO k VALUES (120"), opt: o})
	})
	c := x9HeadRows() + "CREATE TEMPORARY TABLE k (id int, v varchar(40));\n" + x7Rows("k", 500, 541) + "DROP TABLE k;\n" + x7Rows("k", 100, 161)
	t.Run("parallel drop without keyword", func(t *testing.T) { importMatchesClient(t, c, x12Parallel(), "x9") })
	t.Run("resume drop without keyword", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: c, stop: lineOf(t, c, "INSERT INTO k VALUES (120"), opt: o})
	})
	t.Run("resume drop without keyword, stopped in temp", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: c, stop: lineOf(t, c, "INSERT INTO k VALUES (520"), opt: o})
	})
}
