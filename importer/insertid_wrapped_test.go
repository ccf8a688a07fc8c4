package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestInsertIDWrappedResume: more of x-review16 #2's forms (TestReviewX16InsertIDOutlivesSkippedInsert),
// stopped (graceful, --parallel 2) after the INSERT that takes the id and resumed: a procedure that
// sets insert_id and takes it with an INSERT of its own (the resume's cancel at the
// skipped INSERT after it must not change what the next INSERTs take), and one that sets
// it after its INSERT. (A SET insert_id two EXECUTE IMMEDIATE deep is ERROR 1295 in
// MariaDB 10.11.) The client's ids are the re-dump's.
func TestInsertIDWrappedResume(t *testing.T) {
	for _, c := range []struct{ name, set string }{
		{"procedure takes it", "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SET insert_id = 100; INSERT INTO a (v) VALUES (0); END;;\nDELIMITER ;\nCALL p();\n"},
		{"procedure sets it after its insert", "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN INSERT INTO a (v) VALUES (0); SET insert_id = 100; END;;\nDELIMITER ;\nCALL p();\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			dump := "CREATE DATABASE r16;\nUSE r16;\n" +
				"CREATE TABLE a (id int AUTO_INCREMENT PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE TABLE b (id int AUTO_INCREMENT PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				c.set + "INSERT INTO a (v) VALUES (1);\n" + x15Rows() +
				"INSERT INTO b (v) VALUES (2);\nINSERT INTO a (v) VALUES (3);\n"
			runReviewCase(t, ref, srv, reviewCase{db: "r16", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}
