package importer_test

import (
	"os"
	"testing"
)

// The tenth hostile review (branch x-review10, session 37), of this session's fixes that
// no review had read: x-fix9a1 (the planner reads wrappers: importer/plan/wrappers.go,
// setlist.go, autocommitvars.go, completion.go), x-fix9a2 (diagnostics readers, SET
// GLOBAL on --resume), x-fix9b (importer/dumpfile's own gzip member parser), ae5b33b (the
// vars journal's plain INSERT) and h-ci's sandbox pool. Each test failed on main
// (998198f) when written and shows the database differing from `mariadb < same input`.
// They are gated (reviewX10): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX10
//
// A fix removes its test's reviewX10 call.
//
// Found (each test names its cause; all silent wrong data): the planner's procedure
// table is keyed by the bare name, so a CALL runs another database's procedure than the
// one the planner read, and CREATE PROCEDURE IF NOT EXISTS of an existing name replaces
// the body the planner knows while the server keeps the old one (this file); SET GLOBAL
// autocommit inside EXECUTE IMMEDIATE or a prepared statement is not followed, so a
// later SET autocommit = DEFAULT is taken for ON, and SET completion_type = DEFAULT
// for NO_CHAIN (this file); GET DIAGNOSTICS @ac = … leaves @ac known to the
// autocommit bookkeeping, and a procedure created or replaced through EXECUTE IMMEDIATE
// keeps its old body for the planner, for transactions and for diagnostics readers
// (review_x10c_test.go); a mixed SET GLOBAL …, SESSION … runs again on --resume
// (review_x10b_test.go); the test sandbox pool's reset keeps sys.sys_config changes and
// INTO OUTFILE files (internal/testsandbox/review_x10_test.go). Not silent, but a loss with
// a misleading warning: a gzip member with the old magic 1f 9e, which gzip -d decodes,
// is taken for trailing garbage (importer/dumpfile/review_x10_test.go).
//
// Tried and matched the client (the scratch tests are not kept): inside the dump's
// transaction after an INSERT IGNORE took InnoDB's bulk path (unique_checks=0,
// foreign_key_checks=0), then a duplicate INSERT IGNORE and COMMIT, with in between an
// INSERT or UPDATE of a MyISAM table, SET GLOBAL max_connections / time_zone, CREATE
// TABLE, SET NAMES, SET @a, SELECT … INTO @b — checkpointed (--parallel 1 and 2, with
// --load-data) and --parallel 2; SET @@session.autocommit = DEFAULT and SET LOCAL
// autocommit = DEFAULT after SET GLOBAL autocommit = 0; SET CHARACTER SET DEFAULT,
// autocommit = 0; SET NAMES DEFAULT, autocommit = 0; SET NAMES utf8mb4 COLLATE
// utf8mb4_bin, autocommit = 0 (--parallel 2, with and without --load-data). In a
// checkpointed run gone serial, before rows and a ROLLBACK: EXECUTE IMMEDIATE 'START
// TRANSACTIO\\N' (an escape), '/*!START TRANSACTION */', 'BEGIN'; PREPARE s FROM 'SELECT
// 1' then PREPARE s FROM 'START TRANSACTION'; DEALLOCATE then PREPARE again; PREPARE S /
// PREPARE `s` then EXECUTE s; refused as meant (cost, not loss): EXECUTE IMMEDIATE
// X'…', 0x…, CONCAT(…); CALL of a procedure whose body is /*!50000 SET autocommit = 0 */,
// or created as P or `x9`.`p`. Diagnostics readers behind backquoted prepared names
// (PREPARE `s` FROM 'GET DIAGNOSTICS …' after PREPARE s FROM 'SELECT 1', DEALLOCATE
// PREPARE `s`). User variables named @`ac`, @'ac', @AC (SET, INTO, :=) before SET
// autocommit = @ac. SET CHARSET utf8mb4, autocommit = 0; SET CHARACTER SET 'utf8mb4', …;
// SET NAMES 'utf8mb4' COLLATE 'utf8mb4_bin', …; NAMES … COLLATE DEFAULT; NAMES binary;
// SET NAMES x /* c */, /*!40101 autocommit = 0 */. SET @t = @@in_transaction (plain,
// under LOCK TABLES; checkpointed and --parallel 2). SHOW ERRORS, SHOW COUNT(*) ERRORS,
// SHOW WARNINGS LIMIT 0, /*!40000 SHOW WARNINGS */ between a warning and its reader.
// PREPARE s FROM 'SET autocommit = ?' / EXECUTE IMMEDIATE … USING 0 (matched), 'SET
// completion_type = ?' USING 1 (refused). Bulk path: 200 rows of another table, SET @t =
// SYSDATE(6), INSERT … SELECT between the bulk INSERT IGNORE and its duplicate. Stops and
// --resume across SET GLOBAL autocommit = 0, completion_type = 1, sql_mode =
// 'NO_BACKSLASH_ESCAPES' (--parallel 1 and 2). importer/dumpfile: 4000 gzip files of 1-3 members (empty ones, FEXTRA,
// FNAME, FCOMMENT, FHCRC) with 1-2 bytes flipped, replaced or dropped, decoded by ISA-L
// and by DUMPSCOPE_INFLATE=go against zcat: no decode that gzip -d refuses or decodes
// otherwise was accepted silently (files whose damaged first header no longer reads as
// gzip are taken for plain text and fail at the server, as detectFormat intends).

// reviewX10 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX10(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review10 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX10ProcedureOtherDatabase: in a checkpointed run gone serial, x9.p sets
// autocommit = 0 and y9.p sets a user variable; CALL p() in x9 (also CALL y9.p() when
// y9.p is the one that sets autocommit and x9.p was created last). The client's next 40
// rows stay in the open transaction and the dump's ROLLBACK undoes them; dumpscope gives
// each its own START TRANSACTION … progress row … COMMIT: rows 100-140 in the re-dump
// where the client has none. Silent.
//
// Cause: wrappers.observe keys the procedures it read by the bare name
// (importer/plan/wrappers.go:54 `name := strings.ToLower(st.Table)`, the database of
// the CREATE ignored), and inner looks a CALL up by the bare name too (wrappers.go:107
// drops the qualifier l.Name returns): the body the planner holds is the last CREATE
// PROCEDURE of that name in any database, not the one the CALL runs. A gap in x-fix9a1
// (before it no CALL was read at all: TestReviewX9aHiddenTransaction), not a regression.
//
// Fixed: procedures are keyed by database and name in one registry (plan/registry.go),
// the current database followed, so the CALL is judged by the body it runs and refused as
// a CALL of a procedure that sets autocommit is (TestReviewX9aHiddenTransaction).
func TestReviewX10ProcedureOtherDatabase(t *testing.T) {
	for name, c := range map[string]struct{ body, want string }{
		"unqualified": {"CREATE PROCEDURE p() SET autocommit = 0;\nCREATE DATABASE y9;\nUSE y9;\nCREATE PROCEDURE p() SET @x = 1;\nUSE x9;\nCALL p();\n", "CALL p: the procedure's body has AUTOCOMMIT"},
		"qualified":   {"CREATE DATABASE y9;\nCREATE PROCEDURE y9.p() SET autocommit = 0;\nCREATE PROCEDURE p() SET @x = 1;\nCALL y9.p();\n", "CALL y9.p: the procedure's body has AUTOCOMMIT"},
	} {
		body := c.body + x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(body), checkpointed(t), c.want, "import this dump without --parallel")
		})
	}
}

// TestReviewX10ProcedureIfNotExists: CREATE PROCEDURE p() SET autocommit = 0, then
// CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1 (the server keeps the first body, with a
// note), then CALL p() in a checkpointed run gone serial. As
// TestReviewX10ProcedureOtherDatabase: rows 100-140 in the re-dump where the client has
// none. Silent. (CREATE OR REPLACE does replace the body: the planner is right there.)
//
// Cause: wrappers.observe (importer/plan/wrappers.go:65 `w.procs[name] = txnWord(st)`)
// takes every CREATE PROCEDURE for the procedure's new body, IF NOT EXISTS or not. A gap
// in x-fix9a1, not a regression.
//
// Fixed: the planner keeps what it read of a procedure a CREATE PROCEDURE IF NOT EXISTS
// finds there (plan/wrappers.go createIfNotExists), so the CALL is refused as a CALL of
// the first body is (TestReviewX9aHiddenTransaction). With the bodies the other way round
// the planner refuses too: it does not know whether the first CREATE ran, so either body
// may be the server's.
func TestReviewX10ProcedureIfNotExists(t *testing.T) {
	body := "CREATE PROCEDURE p() SET autocommit = 0;\nCREATE PROCEDURE IF NOT EXISTS p() SET @x = 1;\nCALL p();\n" +
		x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
	x9Refused(t, x9Serial(body), checkpointed(t), "CALL p: the procedure's body has AUTOCOMMIT", "import this dump without --parallel")
	control := "CREATE PROCEDURE p() SET @x = 1;\nCREATE PROCEDURE IF NOT EXISTS p() SET autocommit = 0;\nCALL p();\n" +
		x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
	x9Refused(t, x9Serial(control), checkpointed(t), "CALL p: the procedure's body has AUTOCOMMIT")
}

// TestReviewX10WrappedSetGlobal: EXECUTE IMMEDIATE 'SET GLOBAL autocommit = 0' (or
// PREPARE s FROM 'SET @@global.autocommit = 0'; EXECUTE s), then SET autocommit =
// DEFAULT: the session takes 0, the client's next 100 rows stay in the open transaction
// and the dump's ROLLBACK undoes them; under --parallel 2 (with or without --load-data)
// dumpscope keeps rows 100-200 where the client has none. The same with EXECUTE IMMEDIATE
// 'SET GLOBAL completion_type = 1', SET completion_type = DEFAULT (CHAIN): the client's
// COMMIT chains a transaction that holds rows 200-240 until its session ends, undone;
// dumpscope keeps them. Silent. The same SET GLOBALs written plainly are followed
// (TestReviewX9aAutocommitDefault, TestReviewX9aCompletionDefault).
//
// Cause: wrappers.inner unwraps only a statement SetsTransactionControl accepts
// (importer/plan/wrappers.go:138), and SetsTransactionControl skips GLOBAL assignments
// (state.go:370 `!a.Global`), so the planner plans the EXECUTE as itself: neither
// AutocommitVars.Apply (autocommitvars.go:36, which follows SET GLOBAL autocommit) nor
// completionType (completion.go:36, SET GLOBAL completion_type) sees the SET GLOBAL it
// runs, and at SET … = DEFAULT (autocommitvars.go:41) the GLOBAL is taken for the
// compiled default. A gap where x-fix9a1's two fixes meet, not a regression.
//
// Fixed: registry.inner (plan/wrappers.go) plans a wrapped SET of autocommit or
// completion_type at any scope as that statement (setsTransactionVar), so the GLOBAL it
// sets is what a later DEFAULT gives.
func TestReviewX10WrappedSetGlobal(t *testing.T) {
	for name, set := range map[string]string{
		"execute-immediate": "EXECUTE IMMEDIATE 'SET GLOBAL autocommit = 0';\nSET autocommit = DEFAULT;\n",
		"prepared":          "PREPARE s FROM 'SET @@global.autocommit = 0';\nEXECUTE s;\nSET autocommit = DEFAULT;\n",
	} {
		dump := x9HeadRows() + set + x7Rows("k", 100, 201) + "ROLLBACK;\nSET autocommit = 1;\nSET GLOBAL autocommit = 1;\n" + x7Rows("k", 300, 341)
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Modes(), "x9") })
	}
	dump := x9HeadRows() + "EXECUTE IMMEDIATE 'SET GLOBAL completion_type = 1';\nSET completion_type = DEFAULT;\n" +
		"START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241) + "SET GLOBAL completion_type = 0;\n"
	t.Run("completion-type", func(t *testing.T) { x7Run(t, dump, x7Modes(), "x9") })
}
