package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// pureDbl is a pure stored function: RETURN and an expression of its argument.
const pureDbl = "CREATE FUNCTION dbl(x int) RETURNS int DETERMINISTIC RETURN x * 2;\n"

// TestTemporaryWritePureFunction (x-fix37, x-fix26's leftover): a write of a temporary
// table that calls a pure stored function (RETURN x * 2, created by the dump before it),
// then a stop or a kill, and k takes the temporary table's rows after it. x-fix26 refused
// every such write by the function's name ("it may call a stored function"); the resume
// now sends it again, as the call returns what it returned, and ends with the client's
// database. Failed before (refused) in the stop and kill subtests. A function that reads
// a table, one replaced with another body before the stop, and one of the same name the
// target had in another database stay refused.
func TestTemporaryWritePureFunction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const refused = "--resume cannot send this statement of temporary table r15.tt again, nor skip it: it may call a stored function"
	fill := "CREATE TEMPORARY TABLE tt (n int);\nINSERT INTO tt VALUES (dbl(21)), (dbl(4));\n"
	tail := "INSERT INTO k SELECT n + 100, 0 FROM tt;\n"
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	t.Run("stop", func(t *testing.T) {
		dump := x15Head + pureDbl + fill + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o})
	})
	t.Run("stop, wrapped twice", func(t *testing.T) {
		dump := x15Head + pureDbl + "CREATE TEMPORARY TABLE tt (n int);\nSET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE 'INSERT INTO tt VALUES (dbl(21))';\n" + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o})
	})
	t.Run("killed after a later DDL", func(t *testing.T) {
		dump := x15Head + pureDbl + fill + x15Rows() + "CREATE TABLE u2 (id int) ENGINE=InnoDB;\n" + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, killAtDDL: lineOf(t, dump, "CREATE TABLE u2"), opt: o})
	})
	t.Run("serial checkpoint, stop", func(t *testing.T) {
		dump := x15Head + pureDbl + fill + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{}})
	})
	t.Run("function reads a table", func(t *testing.T) {
		dump := x15Head + "CREATE FUNCTION dbl(x int) RETURNS int RETURN x * 2 + (SELECT COUNT(*) FROM k);\n" + fill + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: refused})
	})
	t.Run("function reads a variable", func(t *testing.T) {
		dump := x15Head + "SET @m = 3;\nCREATE FUNCTION dbl(x int) RETURNS int RETURN x * @m;\n" + fill + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: refused})
	})
	t.Run("replaced before the stop", func(t *testing.T) {
		dump := x15Head + pureDbl + fill + "CREATE OR REPLACE FUNCTION dbl(x int) RETURNS int DETERMINISTIC RETURN x * 3;\n" + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: refused})
	})
	t.Run("same name in another database", func(t *testing.T) {
		dump := x15Head + pureDbl + fill + x15Rows() + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: refused,
			setup: []string{"CREATE DATABASE IF NOT EXISTS other", "CREATE OR REPLACE FUNCTION other.dbl(x int) RETURNS int RETURN x * 5"}})
	})
}
