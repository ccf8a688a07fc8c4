package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x7TriggerDump is TestReviewX7TriggerReadsConnectionState's dump with the trigger body
// set: rows into u (after an INSERT that generated ids into a) fire it.
func x7TriggerDump(body string) string {
	return "CREATE DATABASE x7;\nUSE x7;\n" +
		"CREATE TABLE a (id int AUTO_INCREMENT PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE u (id int PRIMARY KEY, v varchar(40), n bigint, m bigint) ENGINE=InnoDB;\n" +
		"CREATE TRIGGER tr BEFORE INSERT ON u FOR EACH ROW " + body + ";\n" +
		"INSERT INTO a (v) VALUES ('x'),('y');\n" +
		strings.ReplaceAll(x7Rows("u", 1, 201), "INTO u VALUES", "INTO u (id, v) VALUES")
}

// TestFix7aTriggerReadsLastInsertID: the LAST_INSERT_ID() half of x-review7's
// TestReviewX7TriggerReadsConnectionState (a trigger, or a stored function, reading it
// got 0 on workers where the client's rows read 1). The planner now looks into trigger
// and function bodies for reads of connection state (plan.routineConnState) as it did
// for user variables: the rest of the dump runs on the control connection, whose
// LAST_INSERT_ID() is the client's. Failed on main (…,0,…) in every row.
func TestFix7aTriggerReadsLastInsertID(t *testing.T) {
	for name, dump := range map[string]string{
		"trigger": x7TriggerDump("SET NEW.n = LAST_INSERT_ID(), NEW.m = @@autocommit"),
		"function": strings.Replace(x7TriggerDump("SET NEW.n = f(), NEW.m = 1"), "CREATE TRIGGER",
			"CREATE FUNCTION f() RETURNS bigint DETERMINISTIC RETURN LAST_INSERT_ID();\nCREATE TRIGGER", 1),
	} {
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Modes(), "x7") })
	}
}

// TestFix7aTriggerReadsInTransaction: the @@in_transaction half of
// TestReviewX7TriggerReadsConnectionState. The client's autocommit INSERT reads 0; a
// worker's batch is a transaction, and so is each statement of the parallel replay's
// serial part (START TRANSACTION, the statement, its progress row, COMMIT): no connection
// of a parallel replay gives 0. Such a body is now one of the later readers of
// ROW_COUNT() (plan.LaterCountsReader): a statement that may fire it is refused with the
// line and the reason (main stored 1 silently); when the preflight reads the file ahead
// the import runs serially from the start, as for ROW_COUNT() (TestLaterReaderRunsSeriallyUpFront).
func TestFix7aTriggerReadsInTransaction(t *testing.T) {
	dump := x7TriggerDump("SET NEW.n = 0, NEW.m = @@in_transaction")
	for name, o := range x7Modes() {
		t.Run(name, func(t *testing.T) {
			f := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := tryImport(t, testsandbox.Start(t), "", importer.Source{Path: f}, o)
			if err == nil && res != nil {
				err = res.Err
			}
			const want = "line 7: INSERT `u`: it names u and so may run code read later (the trigger tr reads @@in_transaction)"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("import: %v, want an error with %q", err, want)
			}
		})
	}
}
