package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The eighth hostile review (branch x-review8, session 36), of the day's merges: p-routine
// (a stored routine's CREATE/ALTER/DROP keyed per routine, waiting only for the rows
// whose triggers may call it: importer/plan/routine.go, importer/replay/routinescope.go)
// and l-hidden (1cc4bd9: SET STATEMENT … FOR, EXECUTE IMMEDIATE, PREPARE/EXECUTE follow
// the table their inner statement writes under the filters). Each test failed on main
// (4bf1e3c) when written and shows the database differing from `mariadb < same input`
// (or from the client given the dump without what the filter leaves out). All were fixed
// the same session and run by default: a routine or body that a byte match cannot follow
// (a name other than plain ASCII, a body with non-ASCII) waits for everything
// (routinescope.go byteMatchable); a package is a global barrier (plan.BarrierScope); the
// filters split the statement a wrapper holds and judge it as the dump's own, and EXECUTE
// and DEALLOCATE follow their PREPARE's decision (transform.keepWrapped).
//
// Found: a routine name the trigger spells otherwise than the server lists it (a doubled
// backtick, an accent or ß the collation ignores) and a package body
// (RoutineNameSpelledOtherwise, PackageBody); under the filters, an EXECUTE after a USE
// judged by the database of the EXECUTE (PrepareThenUse: a regression of l-hidden with
// --exclude-tables e.k), dynamic DDL on an excluded table, an EXECUTE of a dynamic PREPARE
// under --schema-only, and nested wrappers (review_x8b_test.go). Only PrepareThenUse's
// exclude-e.k passes at e6aaf52; the others fail there the same way.
//
// Tried and matched the client (--parallel 2, with and without --load-data; the scratch
// tests are not kept): SET @x = f(1), then the function replaced or dropped, then rows
// storing @x; a trigger created by EXECUTE IMMEDIATE or PREPARE/EXECUTE after its table's
// first rows, then a function whose body reads a table replaced (the dynamic SQL sends the
// run serial); a function replaced inside SET autocommit=0 … ROLLBACK and inside a
// mysqldump-headed autocommit=0 region; killed right after CREATE OR REPLACE FUNCTION,
// CREATE FUNCTION of a new name, DROP FUNCTION (with CREATE after it) and a CREATE TABLE,
// with rows of a trigger table and a plain table in flight, then resumed (with a dump
// that sets no character set the harness's own connection charset differs from the
// client's: utf8mb4 against utf8mb3 in the trigger's metadata, a harness artefact of
// runReviewCase, not a finding). Read and judged sound: a function call in a row
// statement (only UNHEX, CONCAT, CHAR, POINT, … are taken for plain values; anything
// else, _f(…) included, makes it a barrier on the control connection); rows into a view
// (a global barrier); CREATE FUNCTION under LOCK TABLES fails in the client (ERROR
// 1192; the run goes serial under the locks, not tried); a trigger calling a routine through a view or another routine (every
// routine and view name on the server is in the reach).

// x8Modes are --parallel 2 with small batches, with and without --load-data.
func x8Modes() map[string]importer.Options {
	return map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 512},
		"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
	}
}

// x8Rows are n row statements of 10 rows each into x8.t (id, v, w) from id from on:
// several batches, queued on a worker when the dispatcher reaches what follows.
func x8Rows(from, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("INSERT INTO t VALUES ")
		for j := range 10 {
			id := from + 10*i + j
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "(%d,%d,0)", id, id%7)
		}
		b.WriteString(";\n")
	}
	return b.String()
}

// x8Run runs dump in each of modes against the client (importMatchesClient).
func x8Run(t *testing.T, dump string, modes map[string]importer.Options, dbs ...string) {
	t.Helper()
	for name, o := range modes {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, dbs...) })
	}
}

// TestReviewX8RoutineNameSpelledOtherwise: a function called by a BEFORE INSERT trigger
// of t, redefined by CREATE OR REPLACE between batches of t's rows, where the trigger
// spells the name otherwise than information_schema.ROUTINES does:
//   - backtick: the function f`x, which a body can only spell with its quote doubled;
//   - accent: the function fé, called as fe(…) (routine names compare under
//     utf8mb3_general_ci, accent-insensitive: checked on 10.11, SELECT fe(1) calls fé);
//   - sharp-s: the function ß, called as s(…) (ß = s there too).
//
// The client's rows before the redefinition store x + 1, those after x + 100; under
// --parallel 2 (and with --load-data) rows queued before the CREATE OR REPLACE run after
// it and store x + 100. Silent.
//
// Cause: routineScope (importer/replay/routinescope.go:63-71) looks for the routine's
// name, lower-cased by Go, as a word of the trigger bodies (mentionsAny,
// routinescope.go:140): a byte match, where the server matches names by collation and
// after unquoting. No trigger reaches the routine, so it waits for its routine key only.
// Not a regression of p-routine: at e6aaf52 such a CREATE OR REPLACE FUNCTION (no SELECT
// in its body) was keyed as a table of its name and waited for no row either (backtick
// checked there); a name spelled alike is now handled (TestImportRoutineAfterItsCallers).
func TestReviewX8RoutineNameSpelledOtherwise(t *testing.T) {
	for name, c := range map[string]struct{ def, call string }{
		"backtick": {"`f``x`", "`f``x`"},
		"accent":   {"`fé`", "fe"},
		"sharp-s":  {"`ß`", "s"},
	} {
		dump := "SET NAMES utf8mb4;\nCREATE DATABASE x8;\nUSE x8;\n" +
			"CREATE TABLE t (id INT PRIMARY KEY, v INT, w INT) ENGINE=InnoDB;\n" +
			"DELIMITER ;;\n" +
			"CREATE FUNCTION " + c.def + "(x INT) RETURNS INT DETERMINISTIC NO SQL BEGIN DO SLEEP(0.002); RETURN x + 1; END;;\n" +
			"DELIMITER ;\n" +
			"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.w = " + c.call + "(NEW.v);\n" +
			x8Rows(0, 12) +
			"CREATE OR REPLACE FUNCTION " + c.def + "(x INT) RETURNS INT DETERMINISTIC NO SQL RETURN x + 100;\n" +
			x8Rows(1000, 4)
		t.Run(name, func(t *testing.T) { x8Run(t, dump, x8Modes(), "x8") })
	}
}

// TestReviewX8PackageBody: a MariaDB package (sql_mode=ORACLE) whose function a trigger
// of t calls (pkg.f(NEW.v), the trigger created under ORACLE too, as a dump of such a
// database has it); CREATE OR REPLACE PACKAGE BODY gives f another body between batches
// of t's rows. The client's rows before it store x + 1; under --parallel 2 (and with
// --load-data) rows queued before it store x + 100. Silent.
//
// Cause: plan.RoutineKey (importer/plan/routine.go:29-34) takes PROCEDURE and FUNCTION
// verbs only; a PACKAGE or PACKAGE BODY falls through BarrierScope
// (importer/plan/scope.go:28-50) to a table key of the package's name (its body has no
// SELECT), so it waits for no row of t (only, not being local, for barrier items).
// Not a regression of p-routine (the same scope at e6aaf52): p-routine's doc
// (routine.go:14-15) says a package keeps its scope, which is this one.
func TestReviewX8PackageBody(t *testing.T) {
	dump := "CREATE DATABASE x8;\nUSE x8;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, v INT, w INT) ENGINE=InnoDB;\n" +
		"SET sql_mode = 'ORACLE';\n" +
		"DELIMITER $$\n" +
		"CREATE PACKAGE pkg AS FUNCTION f(x INT) RETURN INT; END;\n$$\n" +
		"CREATE PACKAGE BODY pkg AS FUNCTION f(x INT) RETURN INT AS BEGIN DO SLEEP(0.002); RETURN x + 1; END; END;\n$$\n" +
		"DELIMITER ;\n" +
		"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.w = pkg.f(NEW.v);\n" +
		"SET sql_mode = DEFAULT;\n" +
		x8Rows(0, 12) +
		"SET sql_mode = 'ORACLE';\n" +
		"DELIMITER $$\n" +
		"CREATE OR REPLACE PACKAGE BODY pkg AS FUNCTION f(x INT) RETURN INT AS BEGIN RETURN x + 100; END; END;\n$$\n" +
		"DELIMITER ;\n" +
		"SET sql_mode = DEFAULT;\n" +
		x8Rows(1000, 4)
	x8Run(t, dump, x8Modes(), "x8")
}
