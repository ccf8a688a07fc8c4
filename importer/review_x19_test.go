package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The nineteenth hostile review (branch x-review19, session 45), of what stop 44 merged
// (073ceb7..0bb18db). Each test failed on main (0bb18db) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX19): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX19
//
// A fix removes its test's reviewX19 call.
//
// Found, silent first, most harmful first (each test names its cause, mode and the
// one-line fix where there is one):
//   - silent, --parallel and --load-data (a batch that runs as INSERTs): p-srv's binary
//     names store a 16-character INET6 text ('::ffff:10.0.0.12', '2001:db8:85a3::1') as
//     the 16 bytes of the text; non-strict, a 16-character UUID or 4-character INET4
//     the client turns to NULL with a warning goes in quietly (a mariadb-dump of real
//     data suffices): TestReviewX19BinaryNamesFixedBinaryTypes;
//   - silent, stop + --resume: a temporary row from a stored function x-fix37 takes for
//     pure (RETURN FLOOR(RAND() * 1e6) + x, UUID_SHORT(), CONNECTION_ID()) is sent again
//     by the resume, a new value (073ceb7 refused it by name); RAND() written in the
//     INSERT itself alike (older): TestReviewX19TemporaryRowVolatileResent;
//   - silent, stop + --resume: a temporary table filled by `CALL fill()` (x-fix39: sent
//     again) whose procedure, or a function it calls, the dump replaces before the stop:
//     the resume runs the new body (loud ERROR 1305 where the procedure's database was
//     dropped): TestReviewX19TemporaryFillBodyReplaced;
//   - silent, --parallel 3 and serial --checkpoint (difffuzz seed 105009; older than
//     stop 44): a warning, `PREPARE s FROM 'SELECT 1'`, then a CALL whose body reads
//     @@warning_count: 0 where the client has 1, unrefused:
//     TestReviewX19PrepareBetweenWarningAndReader;
//   - silent, --parallel, serial --checkpoint, --load-data: a dump's own user variable
//     @dumpscope_found_rows is overwritten by x-fix35's FOUND_ROWS() hold, and the dump's
//     write of it read as the count: TestReviewX19DumpOwnFoundRowsVariable;
//   - silent, --parallel: a column whose DEFAULT reads @@collation_connection or
//     @@character_set_client, left out of the INSERT's column list, gets 'binary' under
//     binary names: TestReviewX19BinaryNamesDefaultReadsNames;
//   - loud, every mode (serial too), a regression of stop 44: mariadb-dump --routines of
//     an Oracle-mode procedure (`AS y INT := 1; BEGIN …; END`, `IS BEGIN …; END`) is cut
//     by x-fix37's compound.go at the declaration's ';': ERROR 1064 where the client
//     creates it: TestReviewX19OracleProcedureCut (fixed, x-fix44).
//
// Tried and matched the client (binary names quiet only where the dump's names are quiet,
// and the same bytes stored; a probe of 29 column types × 49 literals × sql_modes '',
// STRICT_ALL_TABLES, TRADITIONAL, ORACLE, EMPTY_STRING_IS_NULL,PAD_CHAR_TO_FULL_LENGTH,
// NO_ZERO_DATE… under utf8mb4, utf8mb3 and latin1 sessions, every pair compared for the
// warning and error counts and HEX of the stored value): invalid utf8 bytes into
// utf8mb4, a 4-byte character into utf8mb3, latin1 0x80–0x9F, truncation strict and
// not, ENUM/SET members with non-ASCII (and their case-folded forms), DECIMAL/INT/DATE
// with trailing spaces, TABs, NBSP, fullwidth digits, JSON, BIT, YEAR, BINARY, BLOB,
// POINT; CHECK constraints (system variables are refused in them, ERROR 1901, and their
// literals are the table's); DEFAULT expressions other than the two variables (CHARSET(),
// COLLATION(), CONCAT of a column and a literal, USER(), DATABASE()): the table's, not
// the session's; the session's collation_connection, character_set_client/_results/
// _connection read by `SELECT … INTO` after binary-names batches (one rerun after a
// warning among them) in --parallel 2 and --parallel 3 --load-data; AUTO_INCREMENT
// tables (id-taking INSERTs run on the control connection, explicit ids rerun alike).
// compound.go: 12 texts with a statement after a routine's END (labels, nested
// LOOP/IF/ELSEIF/CASE/REPEAT/WHILE/FOR, handlers with BEGIN END, cursors, END in strings
// and comments, BEGIN NOT ATOMIC, top-level IF, a trigger with IF, an event with
// COMMENT 'DO it', characteristics, DEFINER = CURRENT_USER[()]) serial, --parallel 2,
// serial --checkpoint. --definer over six two-part texts (mysqldump's executable-comment
// trigger, view with DEFINER in a string, event, procedure after SELECT, function then
// procedure, ALTER DEFINER VIEW) in three modes: the client's definers and re-dump. Kill
// sweeps (resume): completion_type = 1 with COMMIT/ROLLBACK/SAVEPOINT/LOCK TABLES/
// autocommit/BEGIN/DDL (49 points, chainState.skipped), and a mix of FOUND_ROWS() after
// INSERT … SELECT, SET @x = g(5) (MyISAM write), a warning reader, a temporary table
// filled by CALL and binary-names batches, resume and resume-load-data (46 points each,
// none differ; 17 refused by the AUTO_INCREMENT rule); keeperConn in a run gone serial
// with a table-free fz0.f and a MyISAM-writing fz1.f of the same name (DO f(1) after a
// warning SET, then SELECT @@warning_count INTO @w; SET @x = f(2); SELECT f(3) INTO @y):
// 42 points, 7 refused by name as maybe half applied, none differ. Pure functions reading NOW() or
// SYSDATE() under a pinned TIMESTAMP; savepoints set or rolled back through CALL,
// EXECUTE IMMEDIATE or a quoted name (refused, conservative).

// reviewX19 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX19(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review19 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x19Rows is three INSERTs of 40 rows each into table, each row (id, values…).
func x19Rows(table, cols, values string) string {
	var b strings.Builder
	for s := 0; s < 3; s++ {
		fmt.Fprintf(&b, "INSERT INTO `%s`%s VALUES ", table, cols)
		for r := 0; r < 40; r++ {
			if r > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "(%d,%s)", s*40+r+1, values)
		}
		b.WriteString(";\n")
	}
	return b.String()
}

// x19Modes are the modes whose workers may run a batch under binary names: --parallel,
// and --load-data where a batch runs as INSERTs (an INET6 column is not loaded).
var x19Modes = map[string]importer.Options{
	"parallel 2": {Parallel: 2, BatchBytes: 1 << 10},
	"load-data":  {LoadData: true},
}

// TestReviewX19BinaryNamesFixedBinaryTypes: a mariadb-dump of an InnoDB table with an
// INET6 column holding a 16-character address ('::ffff:10.0.0.12', an IPv4-mapped
// address; '2001:db8:85a3::1' is another): the client stores the address, dumpscope the
// 16 bytes of its text (3a3a:6666:…), with no warning. Non-strict, a 16-character UUID and
// a 4-character INET4 text, which the client stores as NULL with a warning, go in
// quietly as binary values. Silent, --parallel 2 and --load-data (the batch runs as
// INSERTs); the serial replay matches.
//
// Cause: importer/replay/binarynames.go:73-80 (tryBinaryNames) counts only columns whose
// CHARACTER_SET_NAME differs from the session's; INET6, UUID and INET4 have none (NULL),
// and their Field::store takes a string of character set binary as the binary form
// (Field_fbt::store: cs == &my_charset_bin → store_binary), a text otherwise. The
// argument "numbers and dates are read by the same 8-bit routines" does not hold for
// them. One-line fix: count them as other, `OR DATA_TYPE IN ('inet4','inet6','uuid')`
// in the first subquery (better: an allow-list of the types the argument covers).
func TestReviewX19BinaryNamesFixedBinaryTypes(t *testing.T) {
	for _, c := range []struct{ name, dump string }{
		{"inet6 strict", "CREATE TABLE t (id INT PRIMARY KEY, a INET6) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" + x19Rows("t", "", "'::ffff:10.0.0.12'")},
		{"uuid inet4 non-strict", "SET sql_mode = '';\nCREATE TABLE t (id INT PRIMARY KEY, u UUID, v INET4) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" + x19Rows("t", "", "'abcdefghijklmnop','abcd'")},
	} {
		for mode, o := range x19Modes {
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				f := newSessionFixture(t, "/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE r19;\nUSE r19;\n"+c.dump)
				f.client()
				want := redump(t, f.srv, "r19")
				f.exec("DROP DATABASE r19")
				res := f.dumpscope(o)
				if res.Err != nil {
					t.Fatalf("%v", res.Err)
				}
				if got := redump(t, f.srv, "r19"); got != want {
					t.Errorf("re-dump differs from the client's (%d batches under binary names):\n%s\nthe client's:\n%s", res.Replay.BinaryNames, got, want)
				}
			})
		}
	}
}

// TestReviewX19BinaryNamesDefaultReadsNames: `made VARCHAR(40) DEFAULT
// (@@collation_connection)` (and @@character_set_client), left out of the INSERT's column
// list: the client's rows say utf8mb4_general_ci, dumpscope's 'binary'. Silent,
// --parallel 2 (--load-data loads these rows under the session's names: matched).
//
// Cause: importer/replay/binarynames.go:73-80 looks at the columns' character sets,
// generated columns and triggers, not at DEFAULT expressions, which the server evaluates
// per row in the session (a DEFAULT may read a system variable; a CHECK may not, ERROR
// 1901). One-line fix: `OR COLUMN_DEFAULT LIKE '%@@%'` in the first subquery.
func TestReviewX19BinaryNamesDefaultReadsNames(t *testing.T) {
	dump := "/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE r19;\nUSE r19;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), made VARCHAR(40) DEFAULT (@@collation_connection), cl VARCHAR(40) DEFAULT (@@character_set_client)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		x19Rows("t", " (`id`, `c`)", "'x'")
	for mode, o := range map[string]importer.Options{"parallel 2": x19Modes["parallel 2"]} {
		t.Run(mode, func(t *testing.T) {
			f := newSessionFixture(t, dump)
			f.client()
			want := redump(t, f.srv, "r19")
			f.exec("DROP DATABASE r19")
			res := f.dumpscope(o)
			if res.Err != nil {
				t.Fatalf("%v", res.Err)
			}
			if got := redump(t, f.srv, "r19"); got != want {
				t.Errorf("re-dump differs from the client's (%d batches under binary names):\n%s\nthe client's:\n%s", res.Replay.BinaryNames, got, want)
			}
		})
	}
}

// TestReviewX19DumpOwnFoundRowsVariable: a dump with a user variable of the name
// dumpscope keeps FOUND_ROWS() in. `SET @dumpscope_found_rows = 'mine'; INSERT INTO t
// SELECT id FROM s WHERE id = 1;` and later `… SELECT @dumpscope_found_rows`: the client
// reads 'mine', dumpscope 1 (a BIGINT column where the client's is LONGTEXT). And `SET
// @dumpscope_found_rows = 99` between the INSERT … SELECT and `SELECT FOUND_ROWS() INTO
// @f`: the client's @f is 1, dumpscope's 99. Silent, --parallel 2, serial --checkpoint,
// --load-data (the straight serial replay matches).
//
// Cause: importer/replay/rowcount.go:284 (x-fix35) keeps the count in the dump's own
// session under a fixed name (holdFound, :297), and give (:545) puts that name in the
// place of the reader's FOUND_ROWS(): the dump's variable is overwritten, and the dump's
// write of it is read as the count. No one-line fix: a name the dump does not use (the
// planner sees every word of the dump: pick a suffix none of its words has) or refuse a
// dump that names it. Fixed (x-fix46): dumpscope's own variables end in 64 random bits
// drawn when the process starts (replay/ownvars.go; giveRowCount's @dumpscope_row_count
// the same).
func TestReviewX19DumpOwnFoundRowsVariable(t *testing.T) {
	const head = "SET NAMES utf8mb4;\nCREATE DATABASE r19;\nUSE r19;\n" +
		"CREATE TABLE s (id INT PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO s VALUES (1),(2),(3);\n" +
		"CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB;\n"
	for _, c := range []struct{ name, tail string }{
		{"overwritten", "SET @dumpscope_found_rows = 'mine';\nINSERT INTO t SELECT id FROM s WHERE id = 1;\nSELECT 1 INTO @f;\n" +
			"CREATE TABLE r AS SELECT @dumpscope_found_rows AS v, @f AS f;\n"},
		{"read as the count", "INSERT INTO t SELECT id FROM s WHERE id = 1;\nSET @dumpscope_found_rows = 99;\nSELECT FOUND_ROWS() INTO @f;\n" +
			"CREATE TABLE r AS SELECT @dumpscope_found_rows AS v, @f AS f;\n"},
	} {
		for mode, o := range map[string]importer.Options{
			"parallel 2":        {Parallel: 2},
			"serial checkpoint": {CheckpointPath: "x"},
			"load-data":         {LoadData: true},
		} {
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				f := newSessionFixture(t, head+c.tail)
				f.client()
				want := redump(t, f.srv, "r19")
				f.exec("DROP DATABASE r19")
				if o.CheckpointPath != "" {
					o.CheckpointPath = t.TempDir() + "/cp"
				}
				res := f.dumpscope(o)
				if res.Err != nil {
					t.Fatalf("%v", res.Err)
				}
				if got := redump(t, f.srv, "r19"); got != want {
					t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
				}
			})
		}
	}
}

// TestReviewX19OracleProcedureCut: mariadb-dump --routines of a procedure created under
// sql_mode=ORACLE writes (DELIMITER ;;) `CREATE DEFINER=… PROCEDURE "p"(x INT)\nAS y INT
// := 1; BEGIN INSERT INTO t VALUES (x + y); END\n;;`. The client creates it; dumpscope
// sends `CREATE … PROCEDURE "p"(x INT) AS y INT := 1` alone: ERROR 1064, the import
// stops. `IS BEGIN …; END` (no declarations) the same, and mariadb-dump's Oracle-mode
// trigger `/*!50003 CREATE*/ … TRIGGER tr … FOR EACH ROW DECLARE v INT := 5; BEGIN
// :NEW.a := :NEW.a + v; END */;;`. Loud, every mode (serial too); a regression of stop
// 44 (073ceb7 imported these dumps as the client).
//
// Cause: importer/split/compound.go:74 (x-fix37, routineHeader) takes what follows a
// procedure's characteristics for its body; Oracle's `AS`/`IS` and declaration section
// are read by spStatement (:212) as a simple statement to the first ';', a place the
// server does not end the statement: ServerParts cuts there; the trigger's DECLARE
// section the same (spStatement's DECLARE without HANDLER, :270). Fix: routineHeader
// returns false, false (the text left whole) when the next word is AS or IS, and for a
// trigger body starting with DECLARE, or whenever the part's sql_mode has ORACLE
// (compound.go's doc already promises "Oracle's form" is left whole). Fixed (x-fix44):
// routineHeader leaves a procedure's AS/IS body whole, spStatement a body's DECLARE
// section and a <<label>>, ServerParts an anonymous block starting so (oracleBlock).
func TestReviewX19OracleProcedureCut(t *testing.T) {
	const oracle = "/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;\n"
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE r19;\nUSE r19;\nCREATE TABLE t (a INT) ENGINE=InnoDB;\n" +
		"/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n" + oracle +
		"DELIMITER ;;\nCREATE DEFINER=\"root\"@\"localhost\" PROCEDURE \"p\"(x INT)\nAS y INT := 1; BEGIN INSERT INTO t VALUES (x + y); END\n;;\nDELIMITER ;\n" +
		"/*!50003 SET sql_mode              = @saved_sql_mode */ ;\n" +
		"/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n" + oracle +
		"DELIMITER ;;\nCREATE DEFINER=\"root\"@\"localhost\" PROCEDURE \"p2\"()\nIS BEGIN INSERT INTO t VALUES (100); END\n;;\nDELIMITER ;\n" +
		"/*!50003 SET sql_mode              = @saved_sql_mode */ ;\n" +
		"/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n" + oracle +
		"DELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=\"root\"@\"localhost\"*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW DECLARE v INT := 5; BEGIN :NEW.a := :NEW.a + v; END \n*/;;\nDELIMITER ;\n" +
		"/*!50003 SET sql_mode              = @saved_sql_mode */ ;\n" +
		"CALL p(5);\nCALL p2();\n"
	for mode, o := range map[string]importer.Options{
		"serial":     {},
		"parallel 2": {Parallel: 2},
	} {
		t.Run(mode, func(t *testing.T) {
			f := newSessionFixture(t, dump)
			f.client()
			want := redump(t, f.srv, "r19")
			if !strings.Contains(want, "(105)") {
				t.Fatalf("the client's re-dump lacks the procedures' rows:\n%s", want)
			}
			f.exec("DROP DATABASE r19")
			res := f.dumpscope(o)
			if res.Err != nil {
				t.Fatalf("the client imports this dump: %v", res.Err)
			}
			if got := redump(t, f.srv, "r19"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
		})
	}
}

// TestReviewX19PrepareBetweenWarningAndReader (difffuzz seed 105009, parallel; shrunk by
// hand): `SET @dw2 = CAST('0y' AS SIGNED)` (one warning), `PREPARE dps4 FROM 'SELECT 1'`
// (names no table: keeps the area, the server's rule), then `CALL rdp1()` whose body is
// `SET @w = @@warning_count`: the client's @w is 1, dumpscope's 0, and nothing is refused.
// Without the PREPARE the CALL is refused in one line, as meant. Silent, --parallel 3 and
// serial --checkpoint (the straight serial replay matches); older than stop 44 (073ceb7
// gives 0 too), in the diagnostics area x-fix34 reworked (x-fix42's this stop).
//
// Cause (not traced to the line): the CALL is judged by the statement right before it
// (importer/plan/diagnostics.go:148 diagnosticsRefusal; diagbodies.go:21), the PREPARE,
// which ran on the control connection and raised nothing; but a PREPARE of a text naming
// no table keeps the SET's area (plan.MayKeepArea says so, diagnostics.go:258, and
// replay/diagkeep.go:26), so the reader reads the SET's, which something of dumpscope's
// emptied on the control connection before the CALL. The seed's script:
// /work/notes/s45/x-review19-fuzz/seed-105009-parallel.sql.
//
// Traced and fixed (x-fix46): the PREPARE was taken for a statement that changes tables
// (changesTables), so the checkpoint's list of non-transactional tables went stale and
// was read (information_schema.TABLES) on the control connection right before the CALL:
// that read emptied the area. A PREPARE, DEALLOCATE or DROP PREPARE leaves the list as
// it is (replay's staleTables).
func TestReviewX19PrepareBetweenWarningAndReader(t *testing.T) {
	for name, between := range map[string]string{
		"prepare":    "PREPARE dps4 FROM 'SELECT 1';\n",
		"deallocate": "PREPARE dps4 FROM 'SELECT 1';\nDEALLOCATE PREPARE dps4;\n",
		// A journaled warning SELECT … INTO: its journal row is owed (diagTail).
		"journaled deallocate": "SELECT CAST('1y' AS SIGNED) INTO @dw3;\nPREPARE dps4 FROM 'SELECT 1';\nDROP PREPARE dps4;\n",
	} {
		dump := warningCallHead + between + warningCallTail
		for mode, o := range map[string]importer.Options{
			"parallel 3":        {Parallel: 3},
			"serial checkpoint": {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				// The client's @w is 1. Not refused either: the PREPARE keeps the area on
				// the control connection, where the SET left it.
				sessionMatchesClient(t, dump, "r19", o, "(1,'1')", "")
			})
		}
	}
}

// TestReviewX19TemporaryRowVolatileResent: `CREATE TEMPORARY TABLE tt (n int, v int);
// INSERT INTO tt VALUES (1, r(0))`, r being `RETURN FLOOR(RAND() * 1000000) + x` (or
// UUID_SHORT(), CONNECTION_ID()), `INSERT INTO k SELECT 1000, v FROM tt` before the stop
// and `INSERT INTO k SELECT n + 100, v FROM tt` after it: the client's two rows of k hold
// one value (COUNT(DISTINCT v) = 1), dumpscope's resume sends the fill of tt again, a new
// value, so two (2). Silent, --parallel 2 stopped and resumed; the same with RAND()
// written in the INSERT itself (the "rand direct" case: older than stop 44).
//
// Cause: importer/replay/purefuncs.go:100-102 (x-fix37): impureWords lists sequences,
// counters, diagnostics and locks, not the functions whose value changes from call to call
// (RAND, UUID, UUID_SHORT, SYS_GUID, CONNECTION_ID, SYSDATE, SLEEP, …), so pureCalls takes
// r for pure and the resume sends the write again (073ceb7 refused it by name, "it may
// call a stored function"). One-line fix there: pureBody may accept only the words of
// plan's pureFunctions (state.go:145) and operators, not deny a list. For the direct
// form, plan's Volatile (pureWord: RAND is not in pureFunctions) is not refused by
// temprebuild.go:147 notSentAgain unless a function may be called: older, x-fix43's area.
//
// Fixed (x-fix45): pureBody and the statement itself accept only the functions of an
// allow-list (plan.UnstableCall); any other is refused at the statement, in one line.
// The pure cases are the neighbours that still resume exactly.
func TestReviewX19TemporaryRowVolatileResent(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	tail := "INSERT INTO k SELECT n + 100, v FROM tt;\nCREATE TABLE chk AS SELECT COUNT(DISTINCT v) AS d FROM k WHERE id IN (1000, 101);\nDELETE FROM k WHERE id IN (1000, 101);\n"
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	for _, c := range []struct{ name, fn, val, refused string }{
		{"rand function", "CREATE FUNCTION r(x int) RETURNS int RETURN FLOOR(RAND() * 1000000) + x;\n", "r(0)", "it may call a stored function"},
		{"uuid_short function", "CREATE FUNCTION r(x int) RETURNS int RETURN UUID_SHORT() % 1000000 + x;\n", "r(0)", "it may call a stored function"},
		{"connection_id function", "CREATE FUNCTION r(x int) RETURNS int RETURN CONNECTION_ID() + x;\n", "r(0)", "it may call a stored function"},
		{"rand direct", "", "FLOOR(RAND() * 1000000)", "it calls RAND()"},
		{"uuid_short direct", "", "ABS(UUID_SHORT() % 1000)", "it calls UUID_SHORT()"},
		{"pure function", "CREATE FUNCTION r(x int) RETURNS int RETURN IF(x IN (0, 1), FLOOR(x * 2), ABS(x)) + 5;\n", "r(0)", ""},
		{"pure direct", "", "COALESCE(NULL, FLOOR(7 * 2))", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := x15Head + c.fn + "CREATE TEMPORARY TABLE tt (n int, v int);\nINSERT INTO tt VALUES (1, " + c.val + ");\nINSERT INTO k SELECT 1000, v FROM tt;\n" + x15Rows() + tail
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: c.refused})
		})
	}
}

// TestReviewX19TemporaryFillBodyReplaced: `CREATE TEMPORARY TABLE tt (n int); CREATE
// PROCEDURE fill() INSERT INTO tt VALUES (1); CALL fill();`, then the dump replaces fill
// (DROP + CREATE, or CREATE OR REPLACE) with `INSERT INTO tt VALUES (2)`, or replaces a
// function g the body calls, before the stop; after the resume `INSERT INTO k SELECT n +
// 100, 0 FROM tt`: the client's k has 101, dumpscope's 102. Silent, --parallel 2 stopped
// and resumed. A procedure of another database the dump drops
// before the stop (`CALL o2.fill()`, `DROP DATABASE o2`): the resume fails with ERROR 1305
// where it should refuse in one line (loud). x-fix39 made the CALL volatile (sent again)
// where its code reaches temporary tables only; before it (073ceb7) tt lost the row.
//
// Cause: importer/plan/routinetemp.go:24-26 (routineBodies: "A name created again keeps
// its older bodies too: more code only refuses more") and :275 throughCode judge the CALL
// by the bodies the dump created, but the resume sends it again against the server's body
// of the name at resume time, the one created last. No one-line fix: the resume must check
// that the server still holds the bodies the statement ran, as purefuncs.go:68
// serverBodiesPure does for functions (endsWithBody), or the planner mark the CALL inexact
// once a body it reached is created again, dropped, or its database dropped before the
// furthest offset.
//
// Fixed (x-fix45) by refusing, not exactly: the planner marks the temporary tables such a
// CALL wrote inexact at the CREATE or DROP of a body it ran, or DROP DATABASE of its
// database (plan's bodyReplaced), and the resume refuses where it goes on when that
// statement was committed; a CALL of a procedure the server no longer holds is refused
// before it is sent (replay's procedureGone).
func TestReviewX19TemporaryFillBodyReplaced(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	tail := "INSERT INTO k SELECT n + 100, 0 FROM tt;\n"
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	for _, c := range []struct{ name, body, refused string }{
		{"dropped and created again", "CREATE TEMPORARY TABLE tt (n int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (1);\nCALL fill();\nDROP PROCEDURE fill;\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (2);\n", "replaces or drops procedure `fill`"},
		{"create or replace", "CREATE TEMPORARY TABLE tt (n int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (1);\nCALL fill();\nCREATE OR REPLACE PROCEDURE fill() INSERT INTO tt VALUES (2);\n", "replaces or drops procedure `fill`"},
		{"function in the body replaced", "CREATE FUNCTION g() RETURNS int RETURN 1;\nCREATE TEMPORARY TABLE tt (n int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (g());\nCALL fill();\nDROP FUNCTION g;\nCREATE FUNCTION g() RETURNS int RETURN 2;\n", "replaces or drops function `g`"},
		{"database of the procedure dropped", "CREATE DATABASE IF NOT EXISTS o2;\nCREATE PROCEDURE o2.fill() INSERT INTO r15.tt VALUES (7);\nCREATE TEMPORARY TABLE tt (n int);\nCALL o2.fill();\nDROP DATABASE o2;\n", "is no longer on the server"},
		// Neighbours: another procedure replaced, and fill replaced after the stop (the
		// resume sends CALL fill() again with the body the dump had then): exact.
		{"another procedure replaced", "CREATE TEMPORARY TABLE tt (n int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (1);\nCREATE PROCEDURE other() SET @o = 1;\nCALL fill();\nDROP PROCEDURE other;\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := x15Head + c.body + x15Rows() + tail
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: c.refused})
		})
	}
	t.Run("replaced after the stop", func(t *testing.T) {
		dump := x15Head + "CREATE TEMPORARY TABLE tt (n int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (1);\nCALL fill();\n" + x15Rows() +
			"CREATE OR REPLACE PROCEDURE fill() INSERT INTO tt VALUES (2);\n" + tail
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o})
	})
}

// TestXFix45TemporaryProcedureBodyRand (open, found by x-fix45): `CREATE PROCEDURE fill()
// INSERT INTO tt VALUES (1, FLOOR(RAND() * 1000000))`, `CALL fill()` and `INSERT INTO k
// SELECT 1000, v FROM tt` before the stop, `INSERT INTO k SELECT n + 100, v FROM tt`
// after it: the resume sends the CALL again (volatile through code, routinetemp.go) and
// tt takes a new value. plan.UnstableCall judges the statement's own text and function
// bodies (pureBody), not the bodies a CALL runs (routineBodies.reach should note an
// unstable call as inexact). Fixed in the same stop: refused where the resume goes on.
func TestXFix45TemporaryProcedureBodyRand(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := x15Head + "CREATE TEMPORARY TABLE tt (n int, v int);\nCREATE PROCEDURE fill() INSERT INTO tt VALUES (1, FLOOR(RAND() * 1000000));\nCALL fill();\nINSERT INTO k SELECT 1000, v FROM tt;\n" +
		x15Rows() + "INSERT INTO k SELECT n + 100, v FROM tt;\nCREATE TABLE chk AS SELECT COUNT(DISTINCT v) AS d FROM k WHERE id IN (1000, 101);\nDELETE FROM k WHERE id IN (1000, 101);\n"
	runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: "calls RAND()"})
}
