package importer_test

import (
	"database/sql"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The seventeenth hostile review (branch x-review17, session 44), of what stop 43 merged
// (30cf366..073ceb7). Each test failed on main (073ceb7) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX17): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX17
//
// A fix removes its test's reviewX17 call.
//
// Found, most harmful first (each test names its cause and mode):
//   - silent, stop + --resume: a temporary table written by a procedure (CALL),
//     a stored function (DO f()) or a trigger of a real table loses that row when the
//     resume rebuilds it (the statement is not volatile: skipped as committed; older
//     than stop 43): TestReviewX17TemporaryWrittenByRoutine;
//   - silent, straight (a run gone serial, serial --checkpoint): `SELECT
//     @@warning_count, f(1) INTO …` after a warning SET reads 0 where the client reads
//     1 when f writes no table (older; likely the cause of the lead's gated
//     TestLeadS43WarningThenFunctionCallThenReader): TestReviewX17ReaderCallingFunction;
//   - silent, --definer: `DROP PROCEDURE IF EXISTS p; CREATE DEFINER=… PROCEDURE p …`
//     in one text (run since stop 43) keeps the dump's definer (trigger and view forms
//     too): TestReviewX17DefinerAfterDropInOneText;
//   - loud, any table filter: keepParts (stop 43) leaves a text whose first kept
//     statement is ALTER EVENT/ALTER PROCEDURE (a routine's), which ServerParts will not
//     cut: ERROR 1064 where the client runs it; unfiltered, a text that starts so fails
//     the same: TestReviewX17FilteredPartsLeftUncut;
//   - loud, then silent if followed, serial: the --start-at advice after a failed part
//     names the part's offset, which --start-at refuses; its own advice runs the parts
//     before again: TestReviewX17StartAtAdvicePart;
//   - false refusal, serial straight (new in stop 43): `SET NAMES utf8mb4; INSERT …
//     'O\'Brien'` in one DELIMITER text is refused (split.PartsUnsure) where the client
//     and stop 42's serial replay ran it: TestReviewX17PartsUnsureRefusedSerial.
//
// Tried and matched the client, or refused in one line as meant (scratch tests not
// kept): `CREATE DATABASE `r17`; USE `r17`;;` (quoted names in a USE part) with
// --include-databases, --exclude-tables r17.u, and in --parallel 2, --load-data,
// --defer-indexes, serial --checkpoint; `DROP PROCEDURE …; CREATE PROCEDURE … END //` and
// the trigger form killed after each part (WithAfterDDLHook) or stopped between them,
// --parallel 2 and --load-data; CREATE TABLE/ALTER TABLE … KEY parts under
// --defer-indexes killed or stopped at each part; SET NAMES latin1 / SET CHARACTER SET /
// SET sql_mode as a later (or first) part, then rows, in --parallel 2, --load-data
// (parallel and serial), serial --checkpoint, and stopped after and resumed; a 55 MB dump
// of 4.7 MB single-row statements (larger than a 4 MiB piece) between small ones, under
// --parallel 2 and --parallel 2 --load-data with 6 MiB batches, spooling 18 and 32 MB:
// re-dumps identical; SET NAMES binary (mydumper) with non-ASCII MyISAM/Aria names in
// --parallel 2, --load-data, serial --checkpoint, and killed after an UPDATE (refused by
// name with its checksum, as meant); a temporary table filled from a real one read into
// a variable (SET, SELECT … INTO, CREATE TEMPORARY … SELECT @s) and dropped before the
// stop (the variable is journaled: matched); a procedure's or EXECUTE IMMEDIATE's
// ROLLBACK after a temporary or real table's write (refused by name); a trigger reading
// ROW_COUNT() made by `DROP TRIGGER …; CREATE TRIGGER …` under --parallel (refused by
// name, as the same trigger in a text of its own is); `START TRANSACTION; INSERT …;
// UPDATE …; INSERT …; COMMIT;;` and a filtered text cut by keepParts (--exclude-tables of
// two of its five parts), stopped at or killed before each part, --parallel 2 and
// --load-data.

// reviewX17 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX17(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review17 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x17Definers is every DEFINER of db's routines, triggers, views and events on srv,
// one "kind name definer" a line, sorted.
func x17Definers(t *testing.T, db *sql.DB, schema string) string {
	t.Helper()
	rows, err := db.Query("SELECT CONCAT_WS(' ', k, n, d) FROM ("+
		"SELECT 'routine' AS k, ROUTINE_NAME AS n, DEFINER AS d FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? UNION ALL "+
		"SELECT 'trigger', TRIGGER_NAME, DEFINER FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? UNION ALL "+
		"SELECT 'view', TABLE_NAME, DEFINER FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ? UNION ALL "+
		"SELECT 'event', EVENT_NAME, DEFINER FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?) x ORDER BY 1", schema, schema, schema, schema)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// TestReviewX17DefinerAfterDropInOneText: --definer loader@localhost on the hand-written
// form stop 43 made run (x-review16 #8, split.bodyAhead): `DROP PROCEDURE IF EXISTS p;
// CREATE DEFINER=`old`@`%` PROCEDURE p() BEGIN …; END //` in one text (the trigger form
// too). The option's promise (transform.Options.Definer, TestImportDefiner): every
// DEFINER= clause names loader@localhost, the rest is the client's. dumpscope leaves
// `old`@`%` in p, tr and v, silently (the mapping is not even listed). Silent, serial and
// every fast mode.
//
// Cause: Transform.rewrite (importer/transform/filter.go:322) rewrites the whole text by
// its first statement's kind, and findDefiner (transform/definer.go:55) ends its search at
// the first object keyword: the PROCEDURE of `DROP PROCEDURE`, before the CREATE's
// DEFINER. The replay's own --strip-definers, which runs per part (replay.go:338), is not
// affected.
func TestReviewX17DefinerAfterDropInOneText(t *testing.T) {
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE r17;\nUSE r17;\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		"DELIMITER //\n" +
		"DROP PROCEDURE IF EXISTS p; CREATE DEFINER=`old`@`%` PROCEDURE p() BEGIN INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); END //\n" +
		"DROP TRIGGER IF EXISTS tr; CREATE DEFINER=`old`@`%` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.id = NEW.id * 10; END //\n" +
		"DROP VIEW IF EXISTS v; CREATE DEFINER=`old`@`%` SQL SECURITY DEFINER VIEW v AS SELECT id FROM t //\n" +
		"DELIMITER ;\n"
	for name, o := range map[string]importer.Options{
		"serial":     {},
		"parallel 2": {Parallel: 2, BatchBytes: 512},
	} {
		t.Run(name, func(t *testing.T) {
			o.Transform = transform.Options{Definer: "loader@localhost"}
			// The client imports the dump with the clause rewritten as the option promises.
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			for _, s := range []*sql.DB{sandboxDB(t, ref, ""), sandboxDB(t, srv, "")} {
				for _, q := range []string{"CREATE USER IF NOT EXISTS 'loader'@'localhost'", "GRANT ALL ON *.* TO 'loader'@'localhost'",
					"CREATE USER IF NOT EXISTS 'old'@'%'", "GRANT ALL ON *.* TO 'old'@'%'"} {
					if _, err := s.Exec(q); err != nil {
						t.Fatal(err)
					}
				}
			}
			clientImport(t, ref, writeFile(t, "ref.sql", []byte(strings.ReplaceAll(dump, "`old`@`%`", "`loader`@`localhost`"))))
			res := importFile(t, srv, "", writeFile(t, "d.sql", []byte(dump)), o)
			finished(t, res)
			want, have := x17Definers(t, sandboxDB(t, ref, ""), "r17"), x17Definers(t, sandboxDB(t, srv, ""), "r17")
			if want != have {
				t.Errorf("definers differ:\nclient with the clause rewritten:\n%s\ndumpscope --definer loader@localhost:\n%s", want, have)
			}
			sameDump(t, name, redumps(t, ref, "r17"), redumps(t, srv, "r17"))
		})
	}
}

// x17Straight imports dump straight through with o into a new sandbox and wants it
// finished with the client's re-dump of db.
func x17Straight(t *testing.T, dump, db string, o importer.Options) {
	t.Helper()
	x16Straight(t, dump, db, x16Client(t, dump, db), o)
}

// TestReviewX17FilteredPartsLeftUncut: a table filter (--exclude-tables u) on a text under
// DELIMITER ;; that the server runs as three statements, `INSERT INTO u …; ALTER EVENT e
// DISABLE; INSERT INTO t …` (or ALTER PROCEDURE p COMMENT … in the middle). keepParts
// (stop 43, x-review16 #7) cuts it down to `ALTER EVENT e DISABLE;\nINSERT INTO t …` with
// the kind of its first kept part; split.ServerParts, asked again by the replay, leaves a
// text whose first statement is a routine's (KindRoutine, not a DROP) or starts with
// CREATE/ALTER without being a table's DDL (CREATE USER, ALTER SERVER …) whole, and the
// server refuses it: ERROR 1064, where the filter's oracle (the client imports everything,
// u is dropped) has t's row. Loud, serial straight (and every mode) with any table or
// database filter. Unfiltered, the same text runs: ServerParts cuts it by its first
// statement, the INSERT; but one that starts with ALTER EVENT or ALTER PROCEDURE fails the
// same way without a filter (the subtests "unfiltered, …": the rule x-review16 #8 met for
// DROP PROCEDURE, left for the other routine statements and CREATE/ALTER of accounts and
// servers).
//
// Cause: Transform.keepParts (importer/transform/keep.go:131-153) gives the cut text
// kept[0]'s Kind and Verb; ServerParts (split/multistmt.go:44-49) decides by the first
// statement of what it is given, which was not the first of the text the splitter read.
//
// Fixed by x-fix40 (split/multistmt.go unreadRoutine): ServerParts reads every statement of
// the text as the server does, the first one too; only a CREATE of a routine whose header
// it cannot read leaves the text whole.
func TestReviewX17FilteredPartsLeftUncut(t *testing.T) {
	for name, mid := range map[string]string{
		"alter event":     "ALTER EVENT e DISABLE",
		"alter procedure": "ALTER PROCEDURE p COMMENT 'kept'",
	} {
		t.Run(name, func(t *testing.T) {
			dump := "CREATE DATABASE r17;\nUSE r17;\n" +
				"CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TABLE u (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
				"CREATE EVENT e ON SCHEDULE AT '2037-01-01 00:00:00' ON COMPLETION PRESERVE DO DELETE FROM t;\n" +
				"CREATE PROCEDURE p() SELECT 1;\n" +
				"DELIMITER ;;\nINSERT INTO u VALUES (1); " + mid + "; INSERT INTO t VALUES (1);;\nDELIMITER ;\nINSERT INTO t VALUES (3);\n"
			filteredLikeClient(t, writeFile(t, "d.sql", []byte(dump)), "r17", []string{"DROP TABLE r17.u"},
				importer.Options{Transform: transform.Options{ExcludeTables: []string{"u"}}})
		})
	}
	// Unfiltered, a text that starts with such a statement is left whole too (the first
	// statement decides): ERROR 1064 where the client runs both.
	for name, first := range map[string]string{
		"unfiltered, alter event first":     "ALTER EVENT e DISABLE",
		"unfiltered, alter procedure first": "ALTER PROCEDURE p COMMENT 'kept'",
	} {
		t.Run(name, func(t *testing.T) {
			dump := "CREATE DATABASE r17;\nUSE r17;\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
				"CREATE EVENT e ON SCHEDULE AT '2037-01-01 00:00:00' ON COMPLETION PRESERVE DO DELETE FROM t;\n" +
				"CREATE PROCEDURE p() SELECT 1;\n" +
				"DELIMITER ;;\n" + first + "; INSERT INTO t VALUES (1);;\nDELIMITER ;\nINSERT INTO t VALUES (3);\n"
			x17Straight(t, dump, "r17", importer.Options{})
		})
	}
}

// TestReviewX17PartsUnsureRefusedSerial: a script kept under one DELIMITER $$ whose text
// sets the session and then writes a row with a backslash escape, `SET NAMES utf8mb4;
// INSERT INTO t VALUES (1, 'O\'Brien')$$` (or `SET sql_mode = 'STRICT_TRANS_TABLES'; …
// 'C:\\temp'`): the client's server runs both; dumpscope refuses the text in one line
// ("may change the sql_mode or character set …"), in the serial replay too, where neither
// statement changes how the next is read (utf8mb4 stays utf8mb4; the mode has no
// NO_BACKSLASH_ESCAPES). Loud (a false refusal), serial straight with no option, new in
// stop 43 (x-fix29's PartsUnsure; the serial replay of stop 42 ran the parts).
//
// Cause: split.PartsUnsure (importer/split/multistmt.go:175-191) refuses on the words
// (NAMES, SQL_MODE, …) and any backslash after them, not on what the statement sets; the
// serial replay (replay/multistmt.go:25), which runs one part after the other, could
// cut the rest after each part ran, under the session it left, as the server does.
//
// Fixed by x-fix40 (split.PartsUnsure, readingAfter): the SET is judged by the value it
// sets; a SET to another reading, or to a value not known (DEFAULT, @v), stays refused
// (TestPartsUnsure, TestServerPartsUnsureRefused).
func TestReviewX17PartsUnsureRefusedSerial(t *testing.T) {
	for name, text := range map[string]string{
		"set names":    "SET NAMES utf8mb4; INSERT INTO t VALUES (1, 'O\\'Brien')",
		"set sql_mode": "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'; INSERT INTO t VALUES (2, 'C:\\\\temp')",
	} {
		dump := "CREATE DATABASE r17;\nUSE r17;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"DELIMITER $$\n" + text + "$$\nDELIMITER ;\nINSERT INTO t VALUES (3, 'x');\n"
		t.Run(name, func(t *testing.T) { x17Straight(t, dump, "r17", importer.Options{}) })
		t.Run(name+", parallel 2 load-data", func(t *testing.T) {
			x17Straight(t, dump, "r17", importer.Options{Parallel: 2, LoadData: true})
		})
	}
}

// TestReviewX17TemporaryWrittenByRoutine: an InnoDB temporary table tt written by a
// routine rather than by a statement that names it: a procedure (CALL fill(), fill
// inserting into tt), a stored function (DO f()), a trigger of a real table (INSERT INTO k
// fires tg, which inserts into tt). Stopped later (graceful, --parallel 2, which turns
// serial at the CREATE TEMPORARY TABLE) and resumed, the resume rebuilds tt by sending its
// volatile statements again (CREATE TEMPORARY TABLE, INSERT INTO tt VALUES (1, 10)) and
// skips the CALL, the DO and the INSERT INTO k as committed: the row they put in tt is
// gone, and `INSERT INTO lg SELECT * FROM tt` after the stop lacks it, without a word.
// Silent; graceful stop + --resume (a kill later should be the same; not run), --parallel
// and serial --checkpoint alike. The prepared EXECUTE of an INSERT INTO tt is read through
// the wrapper and matches (a guard).
//
// Cause: Planner.volatile (importer/plan/temporary.go:60-72) and temporaryTables.volatile
// (temporary.go:131) read the statement's own text and what its wrappers run
// (registry.runs), not the body of a procedure it CALLs, of a function it calls, or of a
// trigger it fires: such a statement is not volatile (no Plan.Temporary), so the resume
// neither sends it again nor refuses, though the table it wrote is rebuilt. x-fix26's
// refusal (tempRebuilds.notSentAgain, replay/temprebuild.go:149) covers a statement that
// names the temporary table and may call a function, not this.
//
// Fixed by x-fix39 (plan/routinetemp.go): the planner follows the bodies of the
// procedures, functions and triggers the dump created. A statement that writes only
// temporary tables through them (CALL fill(), DO f()) is volatile and sent again by the
// resume; one that cannot be sent again exactly (INSERT INTO k, whose trigger writes tt;
// a procedure that also writes a real table) makes the resume refuse, naming it, while
// tt is there.
func TestReviewX17TemporaryWrittenByRoutine(t *testing.T) {
	for name, write := range map[string]string{
		"procedure": "CREATE PROCEDURE fill() INSERT INTO tt VALUES (5, 50);\nCALL fill();\n",
		"function":  "DELIMITER ;;\nCREATE FUNCTION f() RETURNS int BEGIN INSERT INTO tt VALUES (6, 60); RETURN 1; END;;\nDELIMITER ;\nDO f();\n",
		"execute":   "PREPARE s FROM 'INSERT INTO tt VALUES (7, 70)';\nEXECUTE s;\n",
		// x-fix43: read from k, unchanged since (TestXFix43TemporaryCodeReadsReal).
		"function reads real": "DELIMITER ;;\nCREATE FUNCTION f() RETURNS int BEGIN INSERT INTO tt SELECT id + 100, v FROM k; RETURN 1; END;;\nDELIMITER ;\nDO f();\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head +
				"CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n" +
				write +
				x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
			x15StopResume(t, dump)
		})
	}
	// Sent again these would write k (or lg) a second time, or read k as the interrupted
	// run left it; skipped, tt lacks their row: refused in one line naming the statement.
	for name, c := range map[string]struct{ write, refused string }{
		"trigger":             {"CREATE TRIGGER tg AFTER INSERT ON k FOR EACH ROW INSERT INTO tt VALUES (NEW.id, NEW.v);\nINSERT INTO k VALUES (3, 30);\n", "INSERT INTO k VALUES (3, 30)"},
		"procedure, real too": {"DELIMITER ;;\nCREATE PROCEDURE fill() BEGIN INSERT INTO tt VALUES (5, 50); INSERT INTO k VALUES (9, 90); END;;\nDELIMITER ;\nCALL fill();\n", "writes it through a procedure, function or trigger"},
		"function into @v":    {"DELIMITER ;;\nCREATE FUNCTION f() RETURNS int BEGIN INSERT INTO tt VALUES (6, 60); RETURN 1; END;;\nDELIMITER ;\nSELECT f() INTO @fv;\n", "SELECT f() INTO @fv"},
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head +
				"CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n" +
				c.write +
				x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
			x15StopRefused(t, dump, c.refused)
		})
	}
	t.Run("procedure, serial --checkpoint", func(t *testing.T) {
		dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
			"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n" +
			"CREATE PROCEDURE fill() INSERT INTO tt VALUES (5, 50);\nCALL fill();\n" + x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{BatchBytes: 512}})
	})
}

// TestReviewX17StartAtAdvicePart: a serial import stops at ERROR 1062 in the second
// statement of a text the server runs as two (`INSERT INTO lg VALUES (1); INSERT INTO t
// VALUES (1);;` under DELIMITER ;;, t's row 1 already there). dumpscope names the part's
// own offset (the text's + 1) and advises "add --start-at <that offset>"; once the target
// is fixed (t's row deleted), the advice is refused: "--start-at … is inside the statement
// that starts at offset …; start at …", whose own advice runs the first part again (lg's
// row twice, silently, where continuing from the failed statement, as the client's server
// would have, gives it once). Loud, then silent; serial (the only mode with the advice).
//
// Cause: split.ServerParts gives part i the Offset st.Offset+i (split/multistmt.go:118),
// which the error and StartAtAdvice (importer/rollback.go:117) name; --start-at
// (transform.reachedStart, transform/filter.go:285) knows statement starts only.
func TestReviewX17StartAtAdvicePart(t *testing.T) {
	dump := "CREATE DATABASE r17;\nUSE r17;\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TABLE lg (v int) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1);\nDELIMITER ;;\nINSERT INTO lg VALUES (1); INSERT INTO t VALUES (1);;\nDELIMITER ;\nINSERT INTO lg VALUES (2);\n"
	// What continuing from the failed statement makes: the dump without the conflicting row.
	want := x16Client(t, strings.Replace(dump, "INSERT INTO t VALUES (1);\nDELIMITER", "DELIMITER", 1), "r17")
	srv := testsandbox.Start(t)
	path := writeFile(t, "d.sql", []byte(dump))
	res, err := tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{})
	var se *importer.StatementError
	if err != nil || res.Status != importer.Failed || !errors.As(res.Err, &se) {
		t.Fatalf("first run: %v, %v; want it failed on the duplicate row", res, err)
	}
	advice := res.StartAtAdvice(se.Offset)
	m := regexp.MustCompile(`--start-at (\d+)`).FindStringSubmatch(advice)
	if m == nil {
		t.Fatalf("no --start-at in the advice %q", advice)
	}
	at, _ := strconv.ParseInt(m[1], 10, 64)
	if _, err := sandboxDB(t, srv, "").Exec("DELETE FROM r17.t"); err != nil {
		t.Fatal(err)
	}
	res, err = tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{Transform: transform.Options{StartAt: at}})
	if err == nil {
		err = res.Err
	}
	if err != nil {
		t.Fatalf("the advice %q: %v", advice, err)
	}
	sameDump(t, "continued with the advice", want, redumps(t, srv, "r17"))
}

// TestReviewX17ReaderCallingFunction: a reader of the diagnostics area that itself calls
// a stored function, `SELECT @@warning_count, f(1) INTO @w, @r`, right after a SET that
// raised a warning (SET @dw = CAST('9y' AS SIGNED)), in a run gone serial (SELECT 5 INTO
// @c) under --parallel 2 or --load-data, or a serial --checkpoint: the client stores @w =
// 1, dumpscope stored 0 where f writes no table (RETURN x + 1, a BEGIN … END body, one
// that reads m). Silent, straight runs (no stop, no kill). Older than stop 43.
//
// Cause: runSerial recorded the loads complete (UPDATE dumpscope_progress.loads, COMMIT)
// on the control connection right before the reader, which is no keeper (it calls a
// function); the UPDATE emptied the area. Fixed (x-fix42): settleLoadsBefore runs them,
// and the held-back indexes, on keeperConn's idle worker; an f that writes MyISAM m (its
// INSERT empties the area in the client too: @w 0) had been refused since x-fix35 (its
// intent before a reader), and now runs too: the intent is written on that worker.
// --defer-indexes with k's held-back unique key, and an f that writes k, added.
func TestReviewX17ReaderCallingFunction(t *testing.T) {
	for name, f := range map[string]string{
		"writing k":  "DELIMITER ;;\nCREATE FUNCTION f(x int) RETURNS int BEGIN INSERT INTO k VALUES (x + 10, x + 1); RETURN x + 1; END;;\nDELIMITER ;\n",
		"pure":       "CREATE FUNCTION f(x int) RETURNS int RETURN x + 1;\n",
		"pure, body": "DELIMITER ;;\nCREATE FUNCTION f(x int) RETURNS int BEGIN RETURN x + 1; END;;\nDELIMITER ;\n",
		"reads m":    "CREATE FUNCTION f(x int) RETURNS int RETURN x + (SELECT COUNT(*) FROM m);\n",
		"writing":    "DELIMITER ;;\nCREATE FUNCTION f(x int) RETURNS int BEGIN INSERT INTO m VALUES (x); RETURN x + 1; END;;\nDELIMITER ;\n",
	} {
		turn := "SELECT 5 INTO @c;\n"
		dump := "CREATE DATABASE r17;\nUSE r17;\nCREATE TABLE m (id int) ENGINE=MyISAM;\nINSERT INTO m VALUES (1);\n" +
			"CREATE TABLE sv (n varchar(10), v varchar(20)) ENGINE=InnoDB;\n" +
			"CREATE TABLE k (id int PRIMARY KEY, a int, UNIQUE KEY ua (a)) ENGINE=InnoDB;\nINSERT INTO k VALUES (1, 1);\n" + f +
			turn + "SET @dw = CAST('9y' AS SIGNED);\nSELECT @@warning_count, f(1) INTO @w, @r;\n" +
			"INSERT INTO sv VALUES ('w', @w), ('r', @r);\n"
		for mode, o := range map[string]importer.Options{
			"parallel 2":        {Parallel: 2, BatchBytes: 512},
			"load-data":         {LoadData: true, Parallel: 2},
			"checkpoint serial": {CheckpointPath: "x"},
			"defer-indexes":     {DeferIndexes: true, Parallel: 2, CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = t.TempDir() + "/journal"
				}
				x17Straight(t, dump, "r17", o)
			})
		}
	}
}
