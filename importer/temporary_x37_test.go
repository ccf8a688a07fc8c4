package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestTemporaryFillDoubleWrapped (x-fix37, x-fix28's leftover): a fill of a temporary
// table behind two wrappers (SET STATEMENT … FOR EXECUTE IMMEDIATE 'CREATE TEMPORARY
// TABLE … SELECT …'). exactFill and inherit read one level, an EXECUTE IMMEDIATE that
// reads no table: a fill from k, unchanged, was refused on resume (failed before), and a
// fill from a temporary table the resume rebuilt otherwise was not followed (t2 taken
// for exact). Both read every level now (runsInnermost).
func TestTemporaryFillDoubleWrapped(t *testing.T) {
	wrapped := func(q string) string {
		return "SET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE '" + q + "';\n"
	}
	t.Run("k unchanged", func(t *testing.T) {
		x15StopResume(t, x15Head+wrapped("CREATE TEMPORARY TABLE t1 SELECT * FROM k")+x15Rows()+"INSERT INTO k SELECT id + 100, v FROM t1;\n")
	})
	t.Run("from a temporary table, k changed", func(t *testing.T) {
		x15StopRefused(t, x15Head+"CREATE TEMPORARY TABLE t1 SELECT * FROM k;\nINSERT INTO k VALUES (3, 30);\n"+wrapped("CREATE TEMPORARY TABLE t2 SELECT * FROM t1")+
			"DROP TEMPORARY TABLE t1;\n"+x15Rows()+"INSERT INTO k SELECT id + 100, v FROM t2;\n", "--resume cannot rebuild temporary table r15.t2 as the dump made it")
	})
}

// TestResumeDoubleWrappedDDLKilled (x-fix37, x-fix28's leftover): seed 49018's kill
// right after a wrapped DDL returned, before its progress row, with the DDL behind two
// wrappers (SET STATEMENT … FOR EXECUTE IMMEDIATE, SET STATEMENT … FOR EXECUTE s). isDDL
// read one level and took the wrapper for other SQL. Failed before (no kill hook at the
// DDL: the statement was not DDL to the replay).
func TestResumeDoubleWrappedDDLKilled(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, c := range []struct{ name, wrapper string }{
		{"set statement immediate", "SET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE 'CREATE TABLE fz0.w (id int)';\n"},
		{"set statement prepared", "PREPARE s FROM 'CREATE TABLE fz0.w (id int)';\nSET STATEMENT max_statement_time = 0 FOR EXECUTE s;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
				rowsOf("t", 0, 100) + c.wrapper + "INSERT INTO w VALUES (1);\n" + rowsOf("t", 100, 200)
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, killAtDDL: lineOf(t, dump, "SET STATEMENT"),
				opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: true}})
		})
	}
}
