package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The ninth hostile review, first half (branch x-review9a, session 37), of the previous
// session's exactness fixes that no review had read: x-fix7a (the planner's session
// state: importer/plan/state.go, autocommitvars.go, globalread.go, completion.go),
// x-fix7b (--defer-indexes by the tokenizer) and x-lock2 (importer/replay/diagtail.go,
// FLUSH TABLES … WITH READ LOCK, completion_type). Each test failed on main (82a4e7f)
// when written and shows the database differing from `mariadb < same input`. They are
// gated (reviewX9a): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX9a
//
// A fix removes its test's reviewX9a call.
//
// Found (each test names its cause; all silent wrong data): DEFAULT read as a constant
// where it is the GLOBAL value a SET GLOBAL of the dump changed (autocommit,
// completion_type, a session SET the workers replay: this file); in a checkpointed run
// gone serial, an autocommit variable changed by SELECT … INTO or := and then read by SET
// autocommit = @v, diagnostics readers inside EXECUTE IMMEDIATE or a procedure and after
// a DDL (review_x9a2_test.go); SET NAMES …, autocommit = 0 / @t = SYSDATE() (ParseSet
// stops at NAMES), a transaction opened inside CALL or EXECUTE IMMEDIATE
// (review_x9a3_test.go); a resume that runs the dump's SET GLOBAL again
// (review_x9a4_test.go); SHOW WARNINGS between a statement and its reader
// (review_x9a5_test.go); a resume whose sessions start from a GLOBAL the first attempt
// changed (review_x9a6_test.go); a statement reading @@in_transaction in a checkpointed
// serial run (review_x9a7_test.go). Every one fails the same way at e6aaf52 (before
// x-fix7a, x-fix7b and x-lock2): gaps in those fixes, none a regression of them.
//
// Tried and matched the client (the scratch tests are not kept): --defer-indexes with
// CREATE TABLE … LIKE a table whose key is held, a TEMPORARY table shadowing it, CREATE
// OR REPLACE TABLE, DROP + CREATE of the same name, RENAME TABLE, ALTER TABLE ADD
// FOREIGN KEY to the held key after the rows, CREATE TABLE … (KEY …) SELECT, a keyed
// TEMPORARY table then CREATE TABLE … LIKE it; /*M!100100 SET autocommit = 0 */; in a
// checkpointed serial run: GET DIAGNOSTICS inside autocommit=0, two readers in a row,
// GET DIAGNOSTICS … ROW_COUNT after UPDATE, an INSERT and its reader on one line,
// /*!40101 SET @w = @@warning_count */, SET STATEMENT … FOR INSERT then the reader,
// @@error_count + @@warning_count, GET DIAGNOSTICS CONDITION 1 … MESSAGE_TEXT, warnings
// counted (SkipWarningCount off); COMMIT AND CHAIN (checkpointed, --parallel 2, and with
// a mysqldump header: refused at the end with the reason), SET STATEMENT completion_type
// = 1 FOR COMMIT; LOCK TABLES then START TRANSACTION … ROLLBACK, FLUSH TABLES k WITH READ
// LOCK then START TRANSACTION, LOCK TABLES then SET autocommit = 0 … ROLLBACK, LOCK
// TABLES twice; stops and --resume after SET @t = SYSDATE(6) (at the switch and later),
// SET @n = NEXT VALUE FOR s (at and after), SET SESSION completion_type = 'CHAIN' and
// mariadb-dump's SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0 with a stop inside the
// region; SET insert_id / INSERT_ID before generated ids (parallel, load-data,
// checkpointed); a procedure reading @@in_transaction (refused at the CALL, as meant);
// autocommit toggled inside START TRANSACTION (SET autocommit = 0 then COMMIT, SET
// autocommit = 1 with and without a change, from a variable); in a checkpointed serial
// run FOUND_ROWS() after SELECT SQL_CALC_FOUND_ROWS (SET and in an INSERT) and
// ROW_COUNT() after a DDL.
// transform.keepWrapped/readWrapper was read (literal concatenation, introducers, USING,
// prepared names) and judged sound; x-review8 had tried its cases.

// reviewX9a skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX9a(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review9a (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x9Head creates x9.k (id, v) and gives it 40 rows, so both workers hold work.
const x9Head = "CREATE DATABASE x9;\nUSE x9;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n"

func x9HeadRows() string { return x9Head + x7Rows("k", 1, 41) }

// TestReviewX9aAutocommitDefault: SET GLOBAL autocommit = 0, then SET autocommit =
// DEFAULT: the session takes the GLOBAL value, 0. The client's next 100 rows stay in the
// open transaction and the dump's ROLLBACK undoes them; under --parallel 2 (with or
// without --load-data) they go to the workers, which commit them: rows 100-200 in the
// re-dump where the client has none. Silent.
//
// Cause: autocommitValue (importer/plan/state.go:36-37) takes DEFAULT for ON ("the global
// value, which the planner takes for on as it takes a new connection's"), but a SET
// GLOBAL the dump ran before (a barrier the planner plans itself, plan.go:304) changed
// that global. Not a regression of x-fix7a: at e6aaf52 every value but 0/OFF/FALSE was ON.
func TestReviewX9aAutocommitDefault(t *testing.T) {
	reviewX9a(t)
	dump := x9HeadRows() + "SET GLOBAL autocommit = 0;\nSET autocommit = DEFAULT;\n" + x7Rows("k", 100, 201) +
		"ROLLBACK;\nSET autocommit = 1;\nSET GLOBAL autocommit = 1;\n" + x7Rows("k", 300, 341)
	x7Run(t, dump, x7Modes(), "x9")
}

// TestReviewX9aCompletionDefault: SET GLOBAL completion_type = 1, then SET
// completion_type = DEFAULT: the session's completion_type is CHAIN. The dump's COMMIT
// opens the next transaction at once, and the rows after it stay uncommitted, lost when
// the client's session ends; under --parallel 2 the planner takes the COMMIT for the end
// of its region and the workers commit the rows: rows 200-240 in the re-dump where the
// client has none. Silent.
//
// Cause: completionType (importer/plan/completion.go:33) reads DEFAULT as NO_CHAIN (0);
// DEFAULT is the GLOBAL value, which the dump's own SET GLOBAL changed. The x-lock2 fix
// follows SET completion_type = CHAIN only. Not a regression (x-lock2 added the reading).
func TestReviewX9aCompletionDefault(t *testing.T) {
	reviewX9a(t)
	dump := x9HeadRows() + "SET GLOBAL completion_type = 1;\nSET completion_type = DEFAULT;\n" +
		"START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241) +
		"SET GLOBAL completion_type = 0;\n"
	x7Run(t, dump, x7Modes(), "x9")
}

// x9TimeRows inserts ids from..to-1 into x9.z (id, ts TIMESTAMP) in statements of 20
// rows, each with the same local time.
func x9TimeRows(from, to int) string {
	var b strings.Builder
	for i := from; i < to; i += 20 {
		b.WriteString("INSERT INTO z VALUES ")
		for j := i; j < min(i+20, to); j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,'2020-01-01 00:00:00')", j)
		}
		b.WriteString(";\n")
	}
	return b.String()
}

// TestReviewX9aSessionDefaultAfterSetGlobal: SET time_zone = DEFAULT, then SET GLOBAL
// time_zone = '+05:00', then rows of TIMESTAMP values. The client's session took the
// GLOBAL value as it was (SYSTEM, UTC in the sandbox) and stores 2020-01-01 00:00:00
// UTC; a worker replays SET time_zone = DEFAULT when it next takes a batch, after the SET
// GLOBAL, reads '+05:00' and stores 2019-12-31 19:00:00 UTC (the re-dump, in UTC,
// differs). Silent.
//
// Cause: ParseSet (importer/plan/state.go:114) takes DEFAULT for a constant word
// (pureWord), so the SET is a session statement the workers replay later
// (Planner.plan, plan.go:312-313), and noteReads (globalread.go:22) notes @@ tokens only,
// so the SET GLOBAL of the same variable (globalAfterRead) does not send the rest serial.
// DEFAULT reads the GLOBAL value as @@global.time_zone would (which globalRead marks).
// A gap in x-fix7a's 49383a8 (the @@max_connections case), not a regression.
func TestReviewX9aSessionDefaultAfterSetGlobal(t *testing.T) {
	reviewX9a(t)
	dump := x9Head + "CREATE TABLE z (id int PRIMARY KEY, ts timestamp NULL) ENGINE=InnoDB;\n" + x9TimeRows(1, 41) +
		"SET time_zone = DEFAULT;\nSET GLOBAL time_zone = '+05:00';\n" + x9TimeRows(100, 201) +
		"SET GLOBAL time_zone = SYSTEM;\n"
	x7Run(t, dump, x7Modes(), "x9")
}
