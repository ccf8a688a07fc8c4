package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-fix54 (session 48): the fixes of x-review22's open findings, probed further than the
// review's tests (review_x22_test.go).

// TestXFix54ReadOnlyGlobalSetByRoutine: TestReviewX22ReadOnlySessionSetInProcedure with a
// plain SET GLOBAL of the variable before the procedure is created (the first journal,
// the SET's, holds the value the client's session kept): the resume's new session would
// take the GLOBAL the interrupted run left (8388608), where the client's kept 16777216:
// refused in one line naming the variable. (Reached through a procedure that CALLs the
// one that sets it, a stored function or a trigger, the first run is refused already in
// every checkpointed mode, serial too: probed, not kept.)
func TestXFix54ReadOnlyGlobalSetByRoutine(t *testing.T) {
	const lg = "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n"
	const read = "INSERT INTO lg VALUES (1, @@max_allowed_packet);\n"
	for name, code := range map[string]string{
		"set before": "SET GLOBAL max_allowed_packet = 33554432;\nCREATE PROCEDURE sp() SET GLOBAL max_allowed_packet = 8388608;\nCALL sp();\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head + lg + "DELIMITER ;;\n" + replaceSemis(code) + "DELIMITER ;\n" + x15Rows() + read
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{BatchBytes: 512},
				refused: "--resume cannot give its sessions the max_allowed_packet the client's session kept"})
		})
	}
}

// replaceSemis ends each line of code (statements ending ";\n") with ";;\n", for a
// DELIMITER ;; around bodies with ';' of their own.
func replaceSemis(code string) string {
	out := []byte{}
	for i := 0; i < len(code); i++ {
		out = append(out, code[i])
		if code[i] == ';' && i+1 < len(code) && code[i+1] == '\n' {
			out = append(out, ';')
		}
	}
	return string(out)
}

// TestXFix54CallLeavesTemporaryTable: a procedure that makes a TEMPORARY table and leaves
// it (no implicit commit: CALLed under --parallel since x-fix54), the statements after
// the CALL reading it: the CALL turns the rest of the run serial, on the connection that
// holds the table, in every mode. Stopped after the CALL and resumed, the resume skipped
// the CALL and failed at the INSERT … FROM tmp2 (ERROR 1146; a real table of that name
// would have been read silently): it refuses in one line naming the CALL
// (plan/bodytemps.go).
func TestXFix54CallLeavesTemporaryTable(t *testing.T) {
	proc := "DELIMITER ;;\nCREATE PROCEDURE p2() BEGIN CREATE TEMPORARY TABLE tmp2 (id int); INSERT INTO tmp2 VALUES (7), (8); END;;\nDELIMITER ;\nCALL p2();\n"
	t.Run("straight", func(t *testing.T) {
		x22All(t, x22Head+proc+"INSERT INTO t SELECT id + 600, 'q' FROM tmp2;\nINSERT INTO t VALUES (1,'a'),(2,'b');\nINSERT INTO t SELECT id + 700, 'r' FROM tmp2;\n", "d22")
	})
	for name, o := range map[string]importer.Options{"stop resume": {Parallel: 2, BatchBytes: 512}, "stop resume serial": {BatchBytes: 512}} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" + proc + x15Rows() +
				"INSERT INTO lg SELECT id, 'tmp' FROM tmp2;\n"
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o,
				refused: "--resume cannot rebuild temporary table r15.tmp2 as the dump made it: this statement writes it through a procedure, function or trigger, and the body it runs makes or drops it"})
		})
	}
}
