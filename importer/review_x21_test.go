package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twenty-first hostile review (branch x-review21, session 47), of what session 46
// merged (3c7af95..5f2b8d22). Each test failed on main (5f2b8d22) when written and shows
// the database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX21
//
// A fix removes its test's reviewX call.
//
// Found, most harmful first (each test names its cause, mode and a fix):
//   - silent, straight runs with progress rows (--parallel, --load-data, serial
//     --checkpoint): under sql_mode ORACLE an anonymous `BEGIN INSERT …; END` block after a
//     CREATE TRIGGER: its rows miss the trigger (difffuzz seed 132018; split's oracleBlock
//     knows DECLARE and <<label>> blocks only): TestReviewX21OracleAnonymousBlockAfterTrigger;
//   - silent, stop/kill + --resume: a temporary table filled from a real table that the
//     dump then drops and creates again (DROP TABLE + CREATE TABLE, the shape of every
//     mysqldump table section; DROP IF EXISTS, CREATE OR REPLACE [LIKE], DROP DATABASE):
//     the resume refills it from the new table (replay/memoryrisk.go mayWriteTables):
//     TestReviewX21TemporaryFillSourceReplaced, TestReviewX21KillSweepFillSourceReplaced;
//   - silent, stop + --resume: a SET GLOBAL of max_allowed_packet or net_buffer_length
//     before the stop: the resume's session has the new value, the client's kept its own
//     (a reader after the stop, and REPEAT's result over the limit, NULL):
//     TestReviewX21ReadOnlySessionAfterSetGlobal;
//   - silent, stop + --resume: a temporary row from a GLOBAL value (@@global.x) the dump
//     then SETs GLOBAL, or from the session's max_allowed_packet (plan/stablevars.go
//     strips the scope): TestReviewX21TemporaryGlobalVariable;
//   - silent, stop + --resume: a temporary table made from the current database's defaults
//     (@@character_set_database, @@collation_database, a column without CHARACTER SET),
//     ALTER DATABASE after it: TestReviewX21TemporaryDatabaseDefaults;
//   - silent, stop + --resume: a temporary table made LIKE (or SELECT … WHERE 0 from) a
//     table ALTERed after it: TestReviewX21TemporaryDefinitionFromTable;
//   - silent (with CREATE DATABASE after) or loud (ERROR 1049 at the USE), stop +
//     --resume: `USE d9; DROP DATABASE d9` before the stop: the resume sends USE d9 again:
//     TestReviewX21DroppedCurrentDatabaseResume.
//
// Probed and matched the client (or refused in one line): see the branch's report
// (/work/notes/s47/report-x-review21.md).

// x21Temp is x15's head with lg (utf8mb4 text), then ddl (the temporary table tt), fill,
// after (between the fill and the stop), the stop's rows and lg filled from tt.
func x21Temp(ddl, fill, after string) string {
	return x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) CHARACTER SET utf8mb4 ENGINE=InnoDB;\n" +
		ddl + fill + after + x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
}

const x21TT = "CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n"

// TestReviewX21TemporaryGlobalVariable: a temporary row written from a GLOBAL value
// (`INSERT INTO tt VALUES (1, @@global.sql_mode)`), then a SET GLOBAL of it before the
// stop. The client's row holds the GLOBAL before the SET; the resume sends the write
// again after the SET GLOBAL ran on the server and stores the new value ('…,ANSI' where
// the client has 'STRICT_TRANS_TABLES,…'; 9 where it has 4 for div_precision_increment).
// The same for the session's @@max_allowed_packet, which a session cannot SET: it is the
// GLOBAL the connection found (8388608 where the client has 16777216).
// Silent, stop + --resume (--parallel 2, checkpointed; the temporary table turns the run
// serial).
//
// Cause: importer/plan/stablevars.go (unrestoredVariable) strips the scope, "global."
// with "session." and "local.", and looks the bare name up in restoredVariables: what a
// resume gives back is the session's value (the dump's SETs sent again, the journal's
// character set, setglobal_resume.go's values before a SET GLOBAL), never the GLOBAL one,
// which the dump's own SET GLOBAL changed for good; max_allowed_packet is in the list
// though its session value cannot be set (setglobal_resume.go gives nothing back for it).
// Fix: a @@global. read is unrestored (refused as @@pseudo_thread_id is), or restored only
// where no SET GLOBAL of the name follows the write; max_allowed_packet (and any other
// session-read-only name) out of restoredVariables.
//
// Fixed by x-fix52 (3 subtests failed before): a @@global. read is unrestored but for the
// server's constants (@@global.version), and max_allowed_packet is out of the list; the
// resume refuses the temporary write in one line naming it and the variable. The
// session's max_allowed_packet is refused sooner, where the resume begins, as
// TestReviewX21ReadOnlySessionAfterSetGlobal is (a SET GLOBAL of it changed the value).
func TestReviewX21TemporaryGlobalVariable(t *testing.T) {
	for name, c := range map[string]struct{ fill, after, refused string }{
		"sql_mode":                {"INSERT INTO tt VALUES (1, @@global.sql_mode);\n", "SET GLOBAL sql_mode = 'ANSI';\n", "reads @@global.sql_mode, a system variable"},
		"div_precision_increment": {"INSERT INTO tt VALUES (1, @@GLOBAL.div_precision_increment);\n", "SET GLOBAL div_precision_increment = 9;\n", "reads @@global.div_precision_increment, a system variable"},
		// The session's own value, read-only and copied from the GLOBAL at connect: no SET
		// can give it back.
		"session max_allowed_packet": {"INSERT INTO tt VALUES (1, @@max_allowed_packet);\n", "SET GLOBAL max_allowed_packet = 8388608;\n", "the max_allowed_packet the client's session kept"},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(x21TT, c.fill, c.after), c.refused)
		})
	}
}

// TestReviewX21TemporaryDatabaseDefaults: a temporary table whose rows or definition
// come from the current database's defaults, then `ALTER DATABASE r15 …` before the
// stop. The resume sends the temporary table's statements again after its USE r15, so
// they read the database as the ALTER left it:
//   - `INSERT INTO tt VALUES (1, @@character_set_database)` stores utf8mb4 where the
//     client stores latin1 (and @@collation_database utf8mb4_bin for latin1_swedish_ci);
//   - `CREATE TEMPORARY TABLE tt (… v varchar(200))` without a character set takes
//     latin1 on the resume, utf8mb4 at the client: under an empty sql_mode the row 'Ωmega ✓'
//     is stored '?mega ?' (under a strict mode the resume fails with ERROR 1366 at the
//     INSERT into tt, where the client succeeds: loud).
//
// Silent, stop + --resume (--parallel 2, checkpointed).
//
// Cause: importer/plan/stablevars.go lists character_set_database and collation_database
// among the values "a resume gives back" (the USE is sent again: but the database's
// defaults are the server's, changed for good by the ALTER); importer/replay/
// temprebuild.go (tempRebuilds) knows fills that read real tables (r.from, exactFill)
// but not a CREATE TEMPORARY TABLE that reads the database's defaults. Fix: take these
// two names out of the allow-list (or refuse them, and a CREATE TEMPORARY TABLE with a
// column without CHARACTER SET, when an ALTER DATABASE of the temporary table's database
// is skipped by the resume after it).
//
// Fixed by x-fix52 (3 subtests failed before): the two names are out of the allow-list
// (the write that reads one is refused), and an ALTER DATABASE while a temporary table is
// there marks it rebuilt otherwise (plan/temporary.go, databaseDefaults): the resume
// refuses in one line naming the ALTER.
func TestReviewX21TemporaryDatabaseDefaults(t *testing.T) {
	const utf8 = "ALTER DATABASE r15 CHARACTER SET utf8mb4;\n"
	for name, c := range map[string]struct{ ddl, fill, after, refused string }{
		"@@character_set_database":      {x21TT, "INSERT INTO tt VALUES (1, @@character_set_database);\n", utf8, "reads @@character_set_database, a system variable"},
		"@@collation_database":          {x21TT, "INSERT INTO tt VALUES (1, @@collation_database);\n", "ALTER DATABASE r15 COLLATE utf8mb4_bin;\n", "reads @@collation_database, a system variable"},
		"CREATE TEMPORARY TABLE's text": {"SET sql_mode = '';\n" + utf8 + x21TT, "INSERT INTO tt VALUES (1, 'Ωmega ✓');\n", "ALTER DATABASE r15 CHARACTER SET latin1;\n", "this ALTER DATABASE changed the database's default character set"},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(c.ddl, c.fill, c.after), c.refused)
		})
	}
}

// TestReviewX21TemporaryDefinitionFromTable: a temporary table made from a real one's
// definition (`CREATE TEMPORARY TABLE tt LIKE k2`, or `… SELECT * FROM k2 WHERE 0`),
// then `ALTER TABLE k2 MODIFY v varchar(3)` before the stop. The resume makes tt again
// from k2 as the ALTER left it: under an empty sql_mode its row 'abcdefgh' is stored 'abc'
// where the client stores 'abcdefgh' (under a strict mode the resume fails with ERROR
// 1406 at the INSERT into tt, where the client succeeds: loud). Silent, stop + --resume
// (--parallel 2, checkpointed).
//
// Cause: importer/replay/temprebuild.go (tempRebuilds.refusal, exactFill) follows what a
// fill read as rows (plan.FillSources: a SELECT's tables, here k2 WHERE 0 read no row)
// and whether a skipped statement may have written them (mayWriteTables): an ALTER TABLE
// of k2 writes no row and is not counted, and a LIKE is no fill at all. Fix: a CREATE
// TEMPORARY TABLE … LIKE k / … SELECT … FROM k takes k's definition: refuse its rebuild
// when a DDL statement of k is skipped after it (or any DDL of k between the two).
//
// Fixed by x-fix52 (2 subtests failed before; "select" was already refused on this
// branch, by the ALTER TABLE as a write of k2, which the test took for a failure): a
// CREATE … LIKE k is a fill from k (plan.FillSources, likeSource), exact while no
// statement the resume skips may have changed k, as a fill by SELECT is; here the ALTER
// TABLE refuses both, in one line naming the CREATE.
func TestReviewX21TemporaryDefinitionFromTable(t *testing.T) {
	const k2 = "SET sql_mode = '';\nCREATE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n"
	for name, c := range map[string]struct{ ddl, refused string }{
		"like":   {"CREATE TEMPORARY TABLE tt LIKE k2;\n", "it is filled from `k2`'s definition (CREATE … LIKE)"},
		"select": {"CREATE TEMPORARY TABLE tt ENGINE=InnoDB SELECT * FROM k2 WHERE 0;\n", "it is filled from `k2`, whose rows or definition"},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(k2+c.ddl, "INSERT INTO tt VALUES (1, 'abcdefgh');\n", "ALTER TABLE k2 MODIFY v varchar(3);\n"), c.refused)
		})
	}
}

// TestReviewX21ReadOnlySessionAfterSetGlobal: `SET GLOBAL max_allowed_packet = 8388608`
// (or net_buffer_length = 8192), rows, the stop among them, then `INSERT INTO lg VALUES
// (1, @@max_allowed_packet)`. The client's session keeps the value it connected with
// (16777216; 16384), a SET GLOBAL changes only new sessions; the resume's new connection
// takes the new GLOBAL (8388608; 8192) and nothing gives the old one back. Silent, stop +
// --resume (--parallel 2, checkpointed); a serial --checkpoint resumes the same way.
//
// `LENGTH(REPEAT('x', 10000000))` after the SET GLOBAL of max_allowed_packet is 10000000
// at the client, NULL on the resume (a result over the session's max_allowed_packet is
// NULL with warning 1301, under an empty sql_mode; under a strict mode the resume fails with
// ERROR 1301 where the client succeeds): the value matters without a reader by name.
//
// Cause: importer/replay/setglobal.go (sessionScoped, sessionReadOnly) leaves these two
// out of the session values journaled before a SET GLOBAL, since no SET can give them
// back (ERROR 1621), and its comment takes the client's session for one that "takes the
// GLOBAL's" too: it does not (measured on 10.11). Fix: a resume past such a SET GLOBAL
// that ran refuses, in one line naming it, a later statement that reads the variable
// (@@max_allowed_packet, @@session.…, @@local.…; SHOW VARIABLES,
// information_schema.SESSION_VARIABLES), or the resume itself where the reads cannot be
// known (a CALL, EXECUTE) — or, simplest and covering REPEAT, any resume past a SET
// GLOBAL of one of the two that changed its value.
//
// Fixed by x-fix52 (3 subtests failed before): the simplest, covering REPEAT: at the
// first statement it does not skip, a resume whose session value of one of the two
// differs from the GLOBAL journaled before the dump's first SET GLOBAL of it refuses, in
// one line naming the variable, both values and the SET GLOBAL's offset
// (replay/setglobal.go, refuseReadOnlySessionChanged).
func TestReviewX21ReadOnlySessionAfterSetGlobal(t *testing.T) {
	for name, v := range map[string]string{
		"max_allowed_packet": "SET GLOBAL max_allowed_packet = 8388608;\n",
		"net_buffer_length":  "SET GLOBAL net_buffer_length = 8192;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" + v + x15Rows() +
				"INSERT INTO lg VALUES (1, @@" + name + ");\n"
			x15StopRefused(t, dump, "--resume cannot give its sessions the "+name+" the client's session kept")
		})
	}
	// Not only a reader by name: a string function's result longer than the session's
	// max_allowed_packet is NULL (warning 1301), so the value stored depends on it too.
	t.Run("REPEAT longer than the new GLOBAL", func(t *testing.T) {
		dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
			"SET GLOBAL max_allowed_packet = 8388608;\n" + x15Rows() +
			"SET sql_mode = '';\nINSERT INTO lg VALUES (1, LENGTH(REPEAT('x', 10000000)));\n"
		x15StopRefused(t, dump, "where the client's session kept 16777216")
	})
}

// TestReviewX21TemporaryFillSourceReplaced: a temporary table filled from a real one
// (`INSERT INTO tt SELECT * FROM k2`, k2 holding (1,'a'), (2,'b')), then k2 replaced by an
// empty table of the same name before the stop: `DROP TABLE k2; CREATE TABLE k2 …` (the
// shape of every mysqldump table section), DROP TABLE IF EXISTS, `CREATE OR REPLACE TABLE
// k2 (…)` or `… LIKE k3`, or DROP DATABASE and CREATE DATABASE of its database. The resume
// sends the fill again, which reads the new, empty k2: lg, filled from tt after the stop,
// is empty where the client's holds the two rows. Silent, stop + --resume (--parallel 2,
// checkpointed). TRUNCATE, ALTER … DROP/TRUNCATE PARTITION, RENAME and CREATE OR REPLACE
// … SELECT are refused by name, as they should be.
//
// Cause: importer/replay/memoryrisk.go (mayWriteTables), which temprebuild.go's
// tempRebuilds.refusal asks whether a skipped statement changed a fill's source (r.from),
// answers false for DROP TABLE, DROP DATABASE and a CREATE TABLE without SELECT: right for
// its first use (a MEMORY table's rows lost to a restart: a dropped table's rows are owed
// no more), wrong for a fill, which sent again reads whatever table has the name now.
// Fix: for the fill sources, any DROP/CREATE [OR REPLACE] TABLE naming one, and a DROP
// DATABASE of one's database, counts as a write (r.from = nil: refused).
//
// Fixed (x-fix53): replay/memoryrisk.go's mayWriteTables, the fill sources' question,
// counts them (mayReplaceTables); refuseLostMemory asks mayWriteRows. 5 of 5 failed before.
func TestReviewX21TemporaryFillSourceReplaced(t *testing.T) {
	const k2 = "CREATE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\nINSERT INTO k2 VALUES (1, 'a'), (2, 'b');\n"
	const empty = "CREATE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n"
	for name, after := range map[string]string{
		"drop, create":           "DROP TABLE k2;\n" + empty,
		"drop if exists, create": "DROP TABLE IF EXISTS k2;\n" + empty,
		"create or replace":      "CREATE OR REPLACE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n",
		"create or replace like": "CREATE TABLE k3 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\nCREATE OR REPLACE TABLE k2 LIKE k3;\n",
		"drop database": "DROP DATABASE r15;\nCREATE DATABASE r15;\nUSE r15;\nCREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
			"CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) CHARACTER SET utf8mb4 ENGINE=InnoDB;\n" + empty,
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(k2+x21TT, "INSERT INTO tt SELECT * FROM k2;\n", after), "it is filled from `k2`")
		})
	}
}

// TestReviewX21DroppedCurrentDatabaseResume: `CREATE DATABASE d9; USE d9; DROP DATABASE
// d9;` leaves the client's session without a current database (DATABASE() is NULL; an
// unqualified statement after it fails with ERROR 1046). Stopped after it and resumed:
//   - with `CREATE DATABASE d9` after the DROP (no USE after it), the resume sends USE d9
//     again before its first statement, which then runs in d9: `INSERT INTO r15.lg VALUES
//     (1, IFNULL(DATABASE(), 'none'))` stores 'd9' where the client stores 'none'. Silent;
//   - without it, the resume fails at that USE (ERROR 1049: Unknown database 'd9', at the
//     line of the USE) where the client imports the dump. Loud.
//
// Stop + --resume, --parallel 2 and a serial --checkpoint alike.
//
// Cause: a resume sends the session statements before its first statement again (USE
// among them: replay's resume path, checkpoint.go's KindSession handling and
// giveBackAtResumePoint's sessionBeforeResume) and skips the committed DDL; nothing
// follows that a DROP DATABASE of the current database ended the session's current
// database. Fix: the planner follows it (a DROP DATABASE or DROP SCHEMA naming the current
// database leaves none, as the server does); a resume past one, with no USE after it,
// refuses in one line naming the DROP (no statement sets a session back to no database),
// or, with the current database unread by anything after, leaves out the USE.
//
// Fixed (x-fix53): replay/resumelost.go follows the client's current database across
// what the resume skips (a DROP DATABASE of it; a USE of one the server no longer has is
// left out) and refuses the first statement sent after, naming the DROP (or the USE).
// 4 of 4 failed before.
func TestReviewX21DroppedCurrentDatabaseResume(t *testing.T) {
	const refused = "--resume cannot go on past this DROP DATABASE of the current database"
	for name, c := range map[string]string{
		"drop, create again": "CREATE DATABASE d9;\nUSE d9;\nDROP DATABASE d9;\nCREATE DATABASE d9;\n",
		"drop":               "CREATE DATABASE d9;\nUSE d9;\nDROP DATABASE d9;\n",
	} {
		dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" + c +
			"CREATE TABLE r15.u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("r15.u", 0, 50) + rowsOf("r15.u", 50, 100) +
			"INSERT INTO r15.lg VALUES (1, IFNULL(DATABASE(), 'none'));\n"
		for mode, o := range map[string]importer.Options{
			"parallel 2":        {Parallel: 2, BatchBytes: 512},
			"serial checkpoint": {},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				ref, srv := testsandbox.Start(t), testsandbox.Start(t)
				runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, "INSERT INTO r15.u VALUES (0,"), opt: o, refused: refused})
			})
		}
	}
}

// TestReviewX21KillSweepFillSourceReplaced is TestReviewX21TemporaryFillSourceReplaced
// swept at every kill point (--parallel 2 --checkpoint, and with --load-data): killed
// after line 9 (DROP TABLE k2) ran and before line 10, the resume fails at the fill
// (k2 is not there; loud, where the client succeeds); killed after line 10 ran and up
// to line 11's, the resume refills tt from the new k2 and lg differs (silent): five
// points of the sweep's in each mode, three of them silent. Same cause and fix.
func TestReviewX21KillSweepFillSourceReplaced(t *testing.T) {
	const script = "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" + // 1-3
		"CREATE TABLE k2 (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n" + // 4
		"INSERT INTO k2 VALUES (1, 'a'), (2, 'b');\n" + // 5
		"CREATE TABLE lg (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n" + // 6
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n" + // 7
		"INSERT INTO tt SELECT * FROM k2;\n" + // 8
		"DROP TABLE k2;\n" + // 9
		"CREATE TABLE k2 (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n" + // 10
		"INSERT INTO k2 VALUES (5, 'e');\n" + // 11
		"INSERT INTO lg SELECT * FROM tt;\n" // 12
	for _, mode := range []string{"resume", "resume-load-data"} {
		t.Run(mode, func(t *testing.T) { sweepClean(t, script, mode) })
	}
}

// TestReviewX21OracleAnonymousBlockAfterTrigger (difffuzz seed 132018, mode parallel, cut
// by hand from the shrunk script): under sql_mode ORACLE, `CREATE TRIGGER fz0.otr3 BEFORE
// INSERT ON fz0.ot1 … :NEW.s := :NEW.s || '+'; :NEW.a := … - 1 …` (with or without a
// <<label>>), then an anonymous block `BEGIN INSERT INTO fz0.ot1 VALUES (600, 1, 'beg',
// NULL); INSERT … (601 …); END` in a DELIMITER ;; text. The client's rows went through
// the trigger: (600, 0, 'beg+'); dumpscope's did not: (600, 1, 'beg'). Silent, --parallel
// 3 (--batch-bytes 2K) here; measured too with a one-line trigger body under sql_mode
// ORACLE alone: --parallel 2, --load-data and a serial --checkpoint differ the same way,
// the plain serial replay matches, the block without the trigger matches, and the same
// INSERT outside a block matches. dumpscope also says, at the first statement after the
// block, "a transaction holds rows from here to its COMMIT or ROLLBACK": it reads the
// block's BEGIN as BEGIN WORK.
//
// Cause (traced with the general log, serial --checkpoint): the CREATE TRIGGER is queued
// as a barrier item (scope ot1, after ot1's row batch) and runs on the worker connection;
// the block's text `BEGIN\n INSERT …; INSERT …;\nEND` is sent whole on the control
// connection at once, before that barrier item ran: its rows go in without the trigger.
// The planner takes the block for BEGIN (BEGIN WORK: "a transaction holds rows from here"
// at the next statement) naming no table, so it waits for nothing in flight; split's
// oracleBlock (importer/split/multistmt.go) knows an Oracle anonymous block only by
// DECLARE or a <<label>>, not the bare `BEGIN stmt; …; END` sql_yacc_ora.yy also reads as
// one (sp_unlabeled_block). Fix: under sql_mode ORACLE a statement whose first word is
// BEGIN followed by another statement (not `BEGIN;` / `BEGIN WORK`) is a compound
// statement like BEGIN NOT ATOMIC: it waits for everything in flight (global scope) and
// opens no transaction. x-fix51 works on Oracle bodies (split/compound.go) nearby.
func TestReviewX21OracleAnonymousBlockAfterTrigger(t *testing.T) {
	const head = "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nCREATE TABLE fz0.ot1 (id int PRIMARY KEY, a int, s varchar(40), d datetime) ENGINE=InnoDB;\n" +
		"INSERT INTO fz0.ot1 VALUES (1, 1, 'x', NULL);\n" +
		"SET sql_mode = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT';\n"
	const block = "DELIMITER ;;\nBEGIN\n  INSERT INTO fz0.ot1 VALUES (600, 1, 'beg', NULL);\n  INSERT INTO fz0.ot1 VALUES (601, 2, 'beg', NULL);\nEND\n;;\nDELIMITER ;\n" +
		"SET sql_mode = DEFAULT;\nINSERT INTO fz0.ot1 VALUES (700, 1, 'end', NULL);\n"
	for name, trg := range map[string]string{
		"label":    "DELIMITER ;;\nCREATE TRIGGER fz0.otr3 BEFORE INSERT ON fz0.ot1 FOR EACH ROW\n<<l>>\nBEGIN\n  :NEW.s := :NEW.s || '+';\n  :NEW.a := COALESCE(:NEW.a, 0) - 1;\nEND l\n;;\nDELIMITER ;\n",
		"no label": "DELIMITER ;;\nCREATE TRIGGER fz0.otr3 BEFORE INSERT ON fz0.ot1 FOR EACH ROW\nBEGIN\n  :NEW.s := :NEW.s || '+';\n  :NEW.a := COALESCE(:NEW.a, 0) - 1;\nEND\n;;\nDELIMITER ;\n",
	} {
		t.Run(name, func(t *testing.T) {
			importMatchesClient(t, head+trg+block, importer.Options{Parallel: 3, BatchBytes: 2 << 10}, "fz0")
		})
	}
}
