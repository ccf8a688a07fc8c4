package importer_test

import (
	"os"
	"testing"
)

// The eleventh hostile review (branch x-review11, session 38), of this session's fixes
// that no review had read: x-fix10a (importer/plan/registry.go, bodywords.go, wrappers.go:
// one registry of procedures and prepared statements, bodies judged by the words that
// start their statements) and x-fix10b (importer/replay/setglobal*.go, the checkpoint's
// globals table). Each test failed on main (a5148d9) when written and shows the database
// differing from `mariadb < same input`. They are gated (reviewX11): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX11
//
// A fix removes its test's reviewX11 call.
//
// Found (each test names its cause): a procedure whose body is SET STATEMENT … FOR START
// TRANSACTION (or FOR CALL q(), q starting one) is not seen to start a transaction, nor to
// run code of its own choosing, since bodyStatementStarts does not count the word after
// FOR as a statement's start: silent wrong data, a regression of 4d084fa (this file); the
// same with a statement after an sql_mode=ORACLE label <<l1>> (this file). A
// stop after a SET GLOBAL inside the dump's open transaction: the resume sends the
// transaction again from its START on sessions that took the changed GLOBAL, and gives the
// journaled session values back only at the SET: the rows before it are stored under the
// new time_zone or sql_mode (silent; not a regression; review_x11b_test.go). A prepared
// statement's CALL p() or CREATE PROCEDURE p is bound by the server to the database
// current at PREPARE, and judged by the registry in the one current at EXECUTE (silent;
// not a regression, a gap in 1ae5e7b; review_x11c_test.go). A trigger or stored function
// may SET completion_type = 1 (autocommit it may not: ERROR 1445), which the planner never
// reads: the rows after the next COMMIT are kept where the client's chained transaction
// loses them (silent, --parallel 2, --load-data, checkpointed; not a regression;
// review_x11d_test.go). Likewise a trigger or function that sets time_zone (any session
// variable): the workers' sessions never take it, rows 5 hours off (review_x11d_test.go).
// Not silent: CHECK TABLE (plain or through EXECUTE IMMEDIATE) commits implicitly and the
// planner does not know it, so a checkpointed run stopped after it fails on --resume with
// ERROR 1062 where the client finished (not a regression; review_x11e_test.go).
//
// Tried and matched the client (or were refused as meant; the scratch tests are not
// kept):
//   - /*!40101 USE y9 */ between two procedures p of x9 and y9, then CALL p(): the
//     registry follows the commented USE and refuses the CALL of y9.p (sets autocommit);
//   - mysqldump's DELIMITER ;; /*!50003 CREATE*/ /*!50020 DEFINER=…*/ /*!50003 PROCEDURE
//     `p`() BEGIN SET autocommit = 0; END */;; then CALL p(): refused as meant;
//   - a procedure whose body is SET STATEMENT … FOR CREATE TABLE … inside the dump's
//     START TRANSACTION (no stop): the re-dumps match (the loss needs a stop and a resume,
//     as TestFixX10aBodyImplicitCommit's; see the SET STATEMENT finding, same cause);
//   - CHECK TABLE in a procedure: the server refuses it (ERROR 1314), so a body cannot
//     hide that implicit commit;
//   - bodies BEGIN /*!50000 START TRANSACTION */; END and /*M!100100 …*/: refused as
//     meant; sql_mode=ORACLE CREATE PROCEDURE p AS BEGIN START TRANSACTION; END, CALL p:
//     refused as meant;
//   - stops at every line (--parallel 2, checkpointed, same server) around SET GLOBAL
//     time_zone then SET time_zone (and the other order), a mixed SET GLOBAL time_zone =
//     '+05:00', SESSION time_zone = @@global.time_zone (reads what it sets), two SET
//     GLOBALs of one variable, SET GLOBAL under LOCK TABLES, SET GLOBAL autocommit = 0 then
//     SET autocommit = DEFAULT: the re-dumps match (rows reading @@session/@@global
//     time_zone, sql_mode, FROM_UNIXTIME(0));
//   - a stop, a server restart, a resume that stops again, and a second resume (SET
//     GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000, alone and mixed):
//     the GLOBAL is 87400 as the client's (not run a third time);
//   - the same stops with --parallel 1 and with --parallel 2 --load-data around SET
//     GLOBAL time_zone then SET time_zone, the mixed SET that reads what it sets, SET
//     GLOBAL character_set_client = latin1, collation_connection = latin1_bin then SET
//     NAMES, SET GLOBAL sql_mode = 'ORACLE' (an alias) then SET sql_mode = 'TRADITIONAL':
//     the re-dumps match;
//   - sql_mode=ORACLE package pkg with procedure p (START TRANSACTION) beside a database
//     pkg with p (SET @x): CALL pkg.p() runs the database's, as the planner judges;
//     EXECUTE IMMEDIATE 'CREATE PROCEDURE IF NOT EXISTS p() …' over an existing p, then
//     EXECUTE IMMEDIATE 'DROP PROCEDURE IF EXISTS p' and a plain CREATE: matched;
//   - inside the dump's transaction (no stop): ALTER TABLE, TRUNCATE, CREATE INDEX on a
//     temporary table, DROP TABLE of a temporary table without TEMPORARY, CREATE
//     TEMPORARY SEQUENCE, CREATE TEMPORARY TABLE … LIKE: matched; LOAD INDEX INTO CACHE
//     with stops after it: matched;
//   - EXECUTE IMMEDIATE 'SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout +
//     1000' (also prepared, and behind SET STATEMENT … FOR), stopped after and resumed:
//     87400 as the client's;
//   - SET completion_type / autocommit in a function or trigger: autocommit is refused by
//     the server (ERROR 1445), completion_type is not (review_x11d_test.go).
//
// Inconclusive (not kept): a prepared INSERT into a MyISAM table, PREPAREd in x9 and
// EXECUTEd after USE y9, with its progress row deleted before the resume
// (foundCase.unrecord): the row is doubled, but so is a plain INSERT's into MyISAM in the
// same harness, so the harness does not model a kill there (the intents do).

// reviewX11 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX11(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review11 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX11BodySetStatementFor: in a checkpointed run gone serial, CALL p() where p's
// body is SET STATEMENT sql_mode = "" FOR START TRANSACTION (or FOR CALL q(), q's body
// START TRANSACTION). The client's next 40 rows stay in the transaction p opened and the
// dump's ROLLBACK undoes them; dumpscope does not refuse the CALL and gives each INSERT
// its own START TRANSACTION … progress row … COMMIT: rows 100-140 in the re-dump where
// the client has none. Silent.
//
// Cause: bodyStatementStarts (importer/plan/bodywords.go:32-78) counts a word as a
// statement's start after `;`, `)`, `:`, a string or a stmtFollows word
// (bodywords.go:24-28); FOR is none of them, so the statement SET STATEMENT … FOR runs is
// never seen: txnWord (wrappers.go:66-84) finds no START, and bodyOf's dynamic
// (registry.go:88-92) no CALL, EXECUTE or PREPARE. Adding FOR to stmtFollows only refuses
// more (FOR i IN …, HANDLER FOR, CURSOR FOR SELECT). Regression of 4d084fa: before it,
// txnWord took START or CALL anywhere in the body (git show 4d084fa^:importer/plan/
// wrappers.go:51-62), and refused both CALLs.
//
// Fixed: FOR is a word a body's statement may follow (plan/bodywords.go stmtFollows), so
// the CALL is refused again.
func TestReviewX11BodySetStatementFor(t *testing.T) {
	tail := x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
	for name, pre := range map[string]string{
		"start": "CREATE PROCEDURE p() SET STATEMENT sql_mode = '' FOR START TRANSACTION;\nCALL p();\n",
		"call":  "CREATE PROCEDURE q() START TRANSACTION;\nCREATE PROCEDURE p() SET STATEMENT sql_mode = '' FOR CALL q();\nCALL p();\n",
	} {
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(pre+tail), checkpointed(t), "CALL p: the procedure's body", "import this dump without --parallel")
		})
	}
}

// TestReviewX11BodyOracleLabel: under sql_mode = ORACLE a statement may carry a label
// written <<l1>> (a GOTO's target, MariaDB 10.3+): CREATE PROCEDURE p AS BEGIN <<l1>>
// START TRANSACTION; END (also after GOTO l1;), then, in a checkpointed run gone serial,
// CALL p(). As TestReviewX11BodySetStatementFor: the CALL is not refused, and rows
// 100-140 are in the re-dump where the client's ROLLBACK undid them. Silent.
//
// Cause: bodyStatementStarts (importer/plan/bodywords.go:66-67) takes a word as a
// statement's start after the punctuation `;`, `)` or `:` only; after `>>` (or `>`, as
// the tokenizer gives it) it does not, so START after <<l1>> is not seen by txnWord
// (wrappers.go:66-84). Regression of 4d084fa, as TestReviewX11BodySetStatementFor's.
//
// Fixed: a word after `>` may start a statement (plan/bodywords.go), so the CALL is
// refused again.
func TestReviewX11BodyOracleLabel(t *testing.T) {
	tail := x7Rows("k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
	for name, body := range map[string]string{
		"label": "BEGIN <<l1>> START TRANSACTION; END",
		"goto":  "BEGIN GOTO l1; <<l1>> START TRANSACTION; END",
	} {
		pre := "SET sql_mode = 'ORACLE';\nDELIMITER //\nCREATE PROCEDURE p AS " + body + "//\nDELIMITER ;\nSET sql_mode = DEFAULT;\nCALL p();\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(pre+tail), checkpointed(t), "CALL p: the procedure's body has START", "import this dump without --parallel")
		})
	}
}
