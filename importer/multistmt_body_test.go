package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// bodyThenMore are texts under DELIMITER // that hold a statement with a body and more
// statements after its END: the mariadb client sends each whole, and its server
// (CLIENT_MULTI_STATEMENTS) ends the routine's or compound statement's text at its END
// and runs what follows as statements of their own.
var bodyThenMore = []string{
	"CREATE PROCEDURE p() BEGIN INSERT INTO lg VALUES (1); INSERT INTO lg VALUES (2); END; CALL p()",
	"DROP FUNCTION IF EXISTS f; CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x * 2; INSERT INTO lg VALUES (f(21))",
	"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.v = 'x' THEN SET NEW.v = 'y'; END IF; END; INSERT INTO t VALUES (500, 'x')",
	"CREATE PROCEDURE q(IN n int) l1: BEGIN DECLARE i int DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLSTATE '23000' BEGIN INSERT INTO lg VALUES (-1); END; " +
		"w: WHILE i < n DO SET i = i + 1; INSERT INTO lg VALUES (100 + i); END WHILE w; " +
		"REPEAT SET i = i - 1; UNTIL i <= CASE WHEN n > 5 THEN 1 ELSE 0 END END REPEAT; " +
		"CASE WHEN n > 1 THEN INSERT INTO t VALUES (1, 'dup'); ELSE BEGIN END; END CASE; END l1; CALL q(2); INSERT INTO lg VALUES (7)",
	"BEGIN NOT ATOMIC INSERT INTO lg VALUES (8); END; INSERT INTO lg VALUES (9)",
	"IF (SELECT COUNT(*) FROM lg) > 0 THEN INSERT INTO lg VALUES (10); END IF; INSERT INTO lg VALUES (11)",
}

func bodyThenMoreDump() string {
	return "SET NAMES utf8mb4;\nCREATE DATABASE mb;\nUSE mb;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE lg (n int) ENGINE=InnoDB;\n" +
		x7Rows("t", 1, 41) + "DELIMITER //\n" + strings.Join(bodyThenMore, " //\n") + " //\nDELIMITER ;\n" +
		x7Rows("t", 200, 241) + "CALL q(1);\nINSERT INTO lg VALUES (f(50));\n"
}

// TestServerPartsAfterBody (x-fix37): a statement after a routine's or compound
// statement's END in the same text ran with the body as one statement, which the server
// refused (ERROR 1064) in every mode, where the client's server ran both. Each mode now
// ends with the client's database. Failed before in every subtest (ERROR 1064).
func TestServerPartsAfterBody(t *testing.T) {
	dump := bodyThenMoreDump()
	for name, o := range map[string]importer.Options{
		"serial":        {},
		"parallel":      {Parallel: 2, BatchBytes: 512},
		"load-data":     {LoadData: true, Parallel: 2},
		"defer-indexes": {DeferIndexes: true, Parallel: 2, BatchBytes: 512},
		"checkpoint":    checkpointed(t),
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "mb") })
	}
}

// TestServerPartsAfterBodyStops (x-fix37): the parts of those texts are progress units as
// any part is (x-fix29): a stop at the statement after a body's END (CALL p(), the INSERT
// that calls f, CALL q(2)), or a kill before it, resumes there with the client's
// database: the routine made once, its caller run once.
func TestServerPartsAfterBodyStops(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := bodyThenMoreDump()
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	for _, part := range []string{"CALL p()", "INSERT INTO lg VALUES (f(21))", "CALL q(2)", "INSERT INTO lg VALUES (9)"} {
		t.Run("stop at "+part, func(t *testing.T) {
			partsResumeDBs(t, ref, srv, dump, o, []string{"mb"}, "", func(o importer.Options, killed error) importer.Options {
				stop := make(chan struct{})
				o.Stop = stop
				o.OnStatement = func(_ context.Context, st *split.Statement) error {
					if string(st.SQL) == part {
						close(stop)
					}
					return nil
				}
				return o
			})
		})
		t.Run("killed before "+part, func(t *testing.T) {
			partsResumeDBs(t, ref, srv, dump, o, []string{"mb"}, "", func(o importer.Options, killed error) importer.Options {
				o.OnStatement = func(_ context.Context, st *split.Statement) error {
					if string(st.SQL) == part {
						return killed
					}
					return nil
				}
				return o
			})
		})
	}
}

// TestX37RoutineCharsetAfterStop (found by x-fix37 while writing the test above; open,
// not in x-fix37's area): a dump without SET NAMES creates a procedure, and the import is
// stopped in the rows after it and resumed (serial and --parallel 2, checkpointed). The
// re-dump's character_set_client, character_set_results and collation_connection of the
// procedure are utf8mb4 where the client's are utf8mb3; straight through (no stop) they
// match (TestServerPartsAfterBody without SET NAMES passed). Silent. Not traced: the
// procedure is created by the first run, before the stop.
func TestX37RoutineCharsetAfterStop(t *testing.T) {
	reviewX(t)
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE mb;\nUSE mb;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"DELIMITER //\nCREATE PROCEDURE p() BEGIN DO 1; END //\nDELIMITER ;\n" + x7Rows("t", 1, 41) + x7Rows("t", 200, 241)
	for name, o := range map[string]importer.Options{"parallel": {Parallel: 2, BatchBytes: 512}, "serial": {}} {
		t.Run(name, func(t *testing.T) {
			partsResumeDBs(t, ref, srv, dump, o, []string{"mb"}, "", func(o importer.Options, killed error) importer.Options {
				stop := make(chan struct{})
				o.Stop = stop
				n := 0
				o.OnStatement = func(_ context.Context, st *split.Statement) error {
					if st.Kind == split.KindInsert {
						if n++; n == 3 {
							close(stop)
						}
					}
					return nil
				}
				return o
			})
		})
	}
}
