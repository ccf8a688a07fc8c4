package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// A stored routine's CREATE, ALTER or DROP waits only for the rows in flight whose
// triggers may call it (replay's routineScope), where a CREATE PROCEDURE with a SELECT
// in its body waited for every table. These dumps redefine and drop a function between
// batches of rows whose triggers call it (directly, through a procedure, through a
// trigger of a table they write). The rows are slow (the function sleeps 2 ms), so
// batches are still queued on a worker when the dispatcher reaches the routine: run
// before them, the routine statement gives rows of the client's before it the new body
// (or none, ERROR 1305). On main a CREATE OR REPLACE FUNCTION without a SELECT in its
// body waited for a table of its own name only, and the redefinition reached rows
// queued before it.

// routineDumpHead creates d with the function f (slow, x + 1) and the tables: t is the
// table whose rows are loaded, with the trigger under test (via says how it reaches f).
func routineDumpHead(via string) string {
	head := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, v INT, w INT) ENGINE=InnoDB;\n" +
		"CREATE TABLE side (id INT PRIMARY KEY, w INT) ENGINE=InnoDB;\n" +
		"CREATE TABLE plain (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\n" +
		"CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC NO SQL BEGIN DO SLEEP(0.002); RETURN x + 1; END;;\n" +
		"CREATE PROCEDURE p(x INT) MODIFIES SQL DATA BEGIN INSERT INTO side VALUES (x, f(x)); END;;\n" +
		"DELIMITER ;\n"
	switch via {
	case "direct":
		head += "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.w = F(NEW.v);\n"
	case "procedure":
		head += "CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW CALL p(NEW.id);\n"
	case "table":
		head += "CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO side VALUES (NEW.id, NEW.v);\n" +
			"CREATE TRIGGER ts BEFORE INSERT ON side FOR EACH ROW SET NEW.w = `f`(NEW.w);\n"
	}
	return head
}

// routineRows are x8Rows' n row statements of 10 rows each into t from id from on, and one
// into plain, a table without triggers, after them.
func routineRows(from, n int) string {
	return x8Rows(from, n) + fmt.Sprintf("INSERT INTO plain VALUES (%d,1);\n", from)
}

func TestImportRoutineAfterItsCallers(t *testing.T) {
	for _, via := range []string{"direct", "procedure", "table"} {
		dump := routineDumpHead(via) + routineRows(0, 12) +
			"CREATE OR REPLACE FUNCTION f(x INT) RETURNS INT DETERMINISTIC NO SQL RETURN x + 100;\n" +
			routineRows(1000, 12) +
			"/*!50003 DROP FUNCTION IF EXISTS `F` */;\n" +
			"DELIMITER ;;\nCREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC NO SQL BEGIN DO SLEEP(0.002); RETURN x + 200; END;;\nDELIMITER ;\n" +
			routineRows(2000, 12) +
			"DROP PROCEDURE p;\nDROP TRIGGER tr;\nDROP FUNCTION f;\n" + routineRows(3000, 2)
		for _, o := range []importer.Options{
			{Parallel: 2, BatchBytes: 512},
			{Parallel: 2, BatchBytes: 512, LoadData: true},
		} {
			t.Run(fmt.Sprintf("%s/load-data=%v", via, o.LoadData), func(t *testing.T) {
				importMatchesClient(t, dump, o, "d")
			})
		}
	}
}
