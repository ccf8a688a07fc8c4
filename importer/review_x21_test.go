package importer_test

import (
	"testing"
)

// The twenty-first hostile review (branch x-review21, session 47), of what session 46
// merged (3c7af95..5f2b8d22). Each test failed on main (5f2b8d22) when written and shows
// the database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX21
//
// A fix removes its test's reviewX call.

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
