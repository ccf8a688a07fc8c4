package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFound49018WrappedDDLKilled (difffuzz seed 49018, resume-spool): `EXECUTE
// IMMEDIATE 'CREATE PROCEDURE fz0.p6() …'`, the run killed after it returned and before
// its progress row. The wrapper is not DDL to the splitter (KindOther), so it ran in a
// transaction with its progress row, which the inner DDL's implicit commit does not hold
// back: the resume sent it again and stopped at ERROR 1304 "PROCEDURE p6 already
// exists", where the client imported the dump. A DDL's "already exists" on resume is
// taken for "it had run" (runBarrier); a wrapper of DDL is taken so now too. The same with
// a CREATE TABLE wrapped in EXECUTE IMMEDIATE (ERROR 1050), and with EXECUTE of a
// prepared CREATE TABLE (seed 49020's was a CREATE PROCEDURE: ERROR 1304). On main all
// four failed so.
func TestResumeFound49018WrappedDDLKilled(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, c := range []struct{ name, wrapper, use string }{
		{"procedure", "EXECUTE IMMEDIATE 'CREATE PROCEDURE `fz0`.`p6`() SELECT 6 INTO @w';\n", "CALL p6();\nINSERT INTO t VALUES (1000, @w);\n"},
		{"table", "EXECUTE IMMEDIATE 'CREATE TABLE fz0.w (id int)';\n", "INSERT INTO w VALUES (1);\n"},
		{"prepared table", "PREPARE s FROM 'CREATE TABLE fz0.w (id int)';\nEXECUTE s;\n", "INSERT INTO w VALUES (1);\n"},
		{"prepared procedure", "PREPARE s FROM 'CREATE PROCEDURE `fz0`.`p6`() SELECT 6 INTO @w';\nEXECUTE s;\n", "CALL p6();\nINSERT INTO t VALUES (1000, @w);\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
				rowsOf("t", 0, 100) + c.wrapper + c.use + rowsOf("t", 100, 200)
			runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, killAtDDL: lineOf(t, dump, "EXECUTE "),
				opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: true}})
		})
	}
}

// TestResumeFound49232DropViewKilled (difffuzz seed 49232, resume-spool): DROP VIEW, the
// run killed after it returned and before its progress row. The resume sent it again and
// stopped at MariaDB's ERROR 4092 "Unknown VIEW", which checkpoint.AlreadyApplied did not
// take for "it had run" (it took ERROR 1051, MySQL's answer), where the client imported
// the dump. On main it failed so.
func TestResumeFound49232DropViewKilled(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t", 0, 100) + "CREATE VIEW vc1 AS SELECT id FROM t;\nDROP VIEW `fz0`.`vc1`;\n" + rowsOf("t", 100, 200)
	runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, killAtDDL: lineOf(t, dump, "DROP VIEW"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: true}})
}
