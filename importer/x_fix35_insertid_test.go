package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix35InsertIDPastTableWithoutAutoIncrement: `SET insert_id = 100`, then an INSERT
// into a table without AUTO_INCREMENT (n), then one into a table with it (b): the server
// keeps insert_id until an INSERT generates an id, so the client's b row takes 100.
// Stopped after n's INSERT and resumed, the resume sends the SET again and skips n's
// INSERT; dropInsertID cancelled insert_id there (x-fix32's open question), and b's row
// took 1.
func TestXFix35InsertIDPastTableWithoutAutoIncrement(t *testing.T) {
	for name, set := range map[string]string{
		"plain":             "SET insert_id = 100;\n",
		"execute immediate": "EXECUTE IMMEDIATE 'SET insert_id = 100';\n",
	} {
		t.Run(name, func(t *testing.T) {
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			dump := "CREATE DATABASE x35;\nUSE x35;\n" +
				"CREATE TABLE n (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE TABLE b (id int AUTO_INCREMENT PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				set + "INSERT INTO n VALUES (1, 1);\n" + x15Rows() +
				"CREATE TABLE z (id int) ENGINE=InnoDB;\n" + // the resume point passed: no lostCounter refusal at b
				"INSERT INTO b (v) VALUES (2);\n"
			runReviewCase(t, ref, srv, reviewCase{db: "x35", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}
