package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twenty-second hostile review (branch x-review22, session 48), of what session 47
// merged (80c5381..ff6083a). Each test failed on main (ff6083a) when written and shows
// the database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX22
//
// A fix removes its test's reviewX call.
//
// Found, most harmful first (each test names its cause, mode and a fix):
//   - silent, stop + --resume: a procedure that SETs GLOBAL max_allowed_packet (or
//     net_buffer_length), CALLed before the stop: the resume's sessions take the new
//     GLOBAL, the client's kept its own: TestReviewX22ReadOnlySessionSetInProcedure (fixed
//     by x-fix54);
//   - silent, stop + --resume: `USE x22; EXECUTE IMMEDIATE 'DROP DATABASE x22'` (or a
//     prepared one) and CREATE DATABASE x22 after it: the resume's session ran in x22, the
//     client's in none: TestReviewX22DroppedCurrentDatabaseWrapped (fixed here);
//   - loud (ERROR 1064 where the client runs it), every mode: under sql_mode ORACLE a
//     text under DELIMITER whose body starts a statement with a bind variable after a
//     compound word (`BEGIN :NEW.v := …`, `IF :NEW.a > 0 THEN`: every Oracle trigger), with
//     a statement after it in the text: TestReviewX22OracleTriggerBind (fixed here);
//   - over-refusal, --parallel and --load-data: a CALL of a procedure whose body makes or
//     drops a TEMPORARY table (no implicit commit) is refused as one that may commit:
//     TestReviewX22CallTemporaryTableRefused (fixed by x-fix54);
//   - loud, every mode: an Oracle package (CREATE PACKAGE … AS … END, or its BODY) with a
//     statement after it in its text: TestReviewX22OraclePackageThenMore (fixed by x-fix54).
//
// Probed and matched the client (or refused in one line): see the branch's report
// (/work/notes/s48/report-x-review22.md).

// x22Modes are the straight modes a test runs in: serial, serial checkpointed,
// --parallel 2 and --load-data.
var x22Modes = map[string]importer.Options{
	"serial":     {},
	"checkpoint": {BatchBytes: 512},
	"parallel 2": {Parallel: 2, BatchBytes: 512},
	"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
}

// x22All imports dump in each of x22Modes and wants it finished with the client's db.
func x22All(t *testing.T, dump, db string) {
	t.Helper()
	for name, o := range x22Modes {
		t.Run(name, func(t *testing.T) {
			importMatchesClient(t, dump, o, db)
		})
	}
}

// x22Head makes d22.t (InnoDB); x22Ora turns sql_mode ORACLE on; x22Tail ends an Oracle
// text, sets sql_mode back and adds rows (which a trigger made in the text fires on).
const (
	x22Head = "CREATE DATABASE d22;\nUSE d22;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n"
	x22Ora  = "SET sql_mode=ORACLE;\nDELIMITER ;;\n"
	x22Tail = "DELIMITER ;\nSET sql_mode=DEFAULT;\nINSERT INTO t VALUES (1000,'z');\nINSERT INTO t VALUES (1001,'y'),(1002,'w');\n"
)

// TestReviewX22OracleTriggerBind: under sql_mode ORACLE, `DELIMITER ;;` and one text
// `CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN :NEW.v := :NEW.v || '+'; END;
// INSERT INTO t VALUES (17,'k');;`. The client sends the text, its server runs both
// statements (CLIENT_MULTI_STATEMENTS). dumpscope sends it as one statement and the
// server refuses it: ERROR 1064 near 'INSERT INTO t VALUES (17,'k')'. Loud, every mode
// (serial, --checkpoint, --parallel 2, --load-data); the same with `IF :NEW.v > 1 THEN`,
// `CASE :NEW.v WHEN`, `WHILE :NEW.v < 0 LOOP` and an anonymous `BEGIN :x …; END` block.
//
// Cause: importer/split/compound.go (spStatement) took a name followed by ':' for a
// label before BEGIN, LOOP, …, and gave up (false) when none followed: `BEGIN :NEW` read
// as the label BEGIN, then NEW; bodyEnd failed and ServerParts left the rest of the text
// one part. Fixed here (1 subtest of 4 modes each: 4 failed before): a compound word
// followed by ':' and no block word is that compound statement, with Oracle's bind
// variable in it.
func TestReviewX22OracleTriggerBind(t *testing.T) {
	for name, text := range map[string]string{
		"trigger": "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN :NEW.v := :NEW.v || '+'; END; INSERT INTO t VALUES (17,'k');;\n",
		"if case while": "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN IF :NEW.id > 1000 THEN :NEW.v := :NEW.v || 'i'; END IF; " +
			"CASE :NEW.id WHEN 1001 THEN :NEW.v := :NEW.v || 'c'; ELSE NULL; END CASE; WHILE :NEW.id < 0 LOOP NULL; END LOOP; END; INSERT INTO t VALUES (18,'m');;\n",
	} {
		t.Run(name, func(t *testing.T) {
			x22All(t, x22Head+x22Ora+text+x22Tail, "d22")
		})
	}
}

// TestReviewX22OraclePackageThenMore: under sql_mode ORACLE, one text under DELIMITER
// with a package's specification (`CREATE PACKAGE pk AS PROCEDURE p; END;`) or body
// (`CREATE PACKAGE BODY pk AS PROCEDURE p AS BEGIN …; END; END;`) and a statement after
// it. The client's server runs both; dumpscope sends the text whole and the server
// refuses it (ERROR 1064 near the next CREATE or the INSERT). Loud, every mode.
//
// Cause: importer/split/compound.go (routineHeader) does not read a package ("not a
// package" in its doc: bodyAhead sees a body, bodyEnd fails), so ServerParts leaves the
// rest of the text one part. mariadb-dump writes each package as a text of its own (no
// statement after it), so only hand-written scripts meet this. Fix: read `CREATE [OR
// REPLACE] PACKAGE [BODY] name [characteristics] AS|IS` then its items (each a
// PROCEDURE/FUNCTION header, with an Oracle routine body for a BODY's, or a declaration,
// ended by ';'), an optional BEGIN … initialisation, to `END [name]` (sql_yacc_ora.yy
// package_specification_element / package_implementation_item). Fixed by x-fix54 (8 of
// 8 subtests failed before): split/oracle.go's oraclePackage reads it so.
func TestReviewX22OraclePackageThenMore(t *testing.T) {
	for name, text := range map[string]string{
		"specification": "CREATE PACKAGE pk AS PROCEDURE p; END; INSERT INTO t VALUES (12,'g');;\n",
		"body": "CREATE PACKAGE pk AS PROCEDURE p; END;;\n" +
			"CREATE PACKAGE BODY pk AS PROCEDURE p AS BEGIN INSERT INTO t VALUES (11,'pk'); END; END; INSERT INTO t VALUES (12,'g');;\nCALL pk.p;;\n",
	} {
		t.Run(name, func(t *testing.T) {
			x22All(t, x22Head+x22Ora+text+x22Tail, "d22")
		})
	}
}

// TestReviewX22ReadOnlySessionSetInProcedure: `CREATE PROCEDURE sp() SET GLOBAL
// max_allowed_packet = 8388608; CALL sp();` (or net_buffer_length = 8192), rows, the stop
// among them, then `INSERT INTO lg VALUES (1, @@max_allowed_packet)`. The client's
// session keeps the value it connected with (16777216); the resume's new connection takes
// the GLOBAL the CALL left (8388608), stores it, and says Finished. Silent, stop +
// --resume (--parallel 2, checkpointed; the CALL turns the run serial). The same SET
// GLOBAL written plainly, as @@global., in /*!40101 */, as an expression, with another
// variable, under SET STATEMENT, in EXECUTE IMMEDIATE or PREPARE/EXECUTE is refused in
// one line (x-fix52's refuseReadOnlySessionChanged).
//
// Cause: importer/replay/setglobal.go (refuseReadOnlySessionChanged) reads the GLOBAL
// values journaled before a SET GLOBAL (checkpoint.AssignsFrom), which execSetGlobal
// records only for a SET GLOBAL the statement is or wraps (p.globalSet: EXECUTE
// IMMEDIATE, EXECUTE of a prepared SET); a CALL whose body SETs GLOBAL journals the
// caller's session values (procvars.go, x-fix19) but never the GLOBAL before it, so the
// refusal has nothing to compare. Fix: journal, before a CALL whose body sets GLOBAL one
// of sessionReadOnly (plan.ProcedureVars names them), its GLOBAL value
// (checkpoint.RecordGlobalsBefore at the CALL's offset), or refuse a resume past such a
// CALL outright; the same for a trigger, function or event body that does. Fixed by
// x-fix54 (2 of 2 subtests failed before): the CREATE of a procedure, function or trigger
// whose body SETs GLOBAL one of them journals its GLOBAL (replay/procvars.go's
// journalRoutineGlobals), the value the client's session connected with and kept.
func TestReviewX22ReadOnlySessionSetInProcedure(t *testing.T) {
	for name, v := range map[string]string{
		"max_allowed_packet": "8388608",
		"net_buffer_length":  "8192",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
				"CREATE PROCEDURE sp() SET GLOBAL " + name + " = " + v + ";\nCALL sp();\n" + x15Rows() +
				"INSERT INTO lg VALUES (1, @@" + name + ");\n"
			x15StopRefused(t, dump, "--resume cannot give its sessions the "+name+" the client's session kept")
		})
	}
}

// TestReviewX22DroppedCurrentDatabaseWrapped: `USE x22; EXECUTE IMMEDIATE 'DROP DATABASE
// x22'` (or PREPARE s FROM 'DROP DATABASE x22'; EXECUTE s), then CREATE DATABASE x22, rows
// (the stop among them) and `INSERT INTO r15.lg VALUES (1, COALESCE(DATABASE(),
// 'none'))`. The client's session has no current database after the DROP and stores
// 'none'; the resume sends USE x22 again (x22 is there: made again), skips the wrapped
// DROP, and stores 'x22'. Silent, stop + --resume (--parallel 2, checkpointed). The plain
// DROP DATABASE x22 is refused in one line (x-fix52, TestReviewX21DroppedCurrentDatabaseResume).
//
// Cause: importer/replay/resumelost.go (refuseDroppedDatabase) read the skipped
// statement's own Verb: a wrapper's is EXECUTE. Fixed here (2 subtests failed before):
// a skipped KindOther is judged by what it runs (runsInnermost), and the resume refuses in
// one line naming the EXECUTE.
func TestReviewX22DroppedCurrentDatabaseWrapped(t *testing.T) {
	for name, drop := range map[string]string{
		"execute immediate": "EXECUTE IMMEDIATE 'DROP DATABASE x22';\n",
		"prepare":           "PREPARE s FROM 'DROP DATABASE x22';\nEXECUTE s;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := "CREATE DATABASE r15;\nCREATE TABLE r15.lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\nCREATE TABLE r15.u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
				"CREATE DATABASE x22;\nUSE x22;\n" + drop + "CREATE DATABASE x22;\n" + rowsOf("r15.u", 0, 50) + rowsOf("r15.u", 50, 100) +
				"INSERT INTO r15.lg VALUES (1, COALESCE(DATABASE(), 'none'));\n"
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, "INSERT INTO r15.u VALUES (0,"),
				opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: "--resume cannot go on past this DROP DATABASE of the current database"})
		})
	}
}

// TestReviewX22CallTemporaryTableRefused: a procedure `BEGIN DROP TEMPORARY TABLE IF
// EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); INSERT INTO tmp …; INSERT INTO t SELECT
// … FROM tmp; DROP TEMPORARY TABLE tmp; END` (the common shape of a procedure that
// stages rows), CALLed once, rows after. The client runs it; --parallel 2 and --load-data
// refuse the import at the CALL: "CALL p: the procedure's body has DROP; dumpscope's own
// transactions … could commit what it leaves open … import this dump without --parallel".
// An over-refusal (loud), --parallel and --load-data; the serial replay and a serial
// --checkpoint run it as the client does.
//
// Cause: importer/plan/wrappers.go (txnWord, commitsAtStart) takes a body statement's
// first word alone: DROP and CREATE are DDL, which commits implicitly, but CREATE
// TEMPORARY TABLE and DROP TEMPORARY TABLE do not (MariaDB: "CREATE TABLE … except with
// the TEMPORARY keyword"), and they are what such a procedure runs. Fix: in
// bodyStatementStarts' callback, read the word after CREATE/DROP (and OR REPLACE) and
// leave a TEMPORARY one out; the planner already runs a CALL serially for its temporary
// tables (connection state). Fixed by x-fix54 (2 of 4 subtests failed before:
// --parallel 2 and --load-data): plan/wrappers.go's temporaryTableAt.
func TestReviewX22CallTemporaryTableRefused(t *testing.T) {
	dump := x22Head + "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN DROP TEMPORARY TABLE IF EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); " +
		"INSERT INTO tmp VALUES (1); INSERT INTO t SELECT id + 500, 'p' FROM tmp; DROP TEMPORARY TABLE tmp; END;;\nDELIMITER ;\n" +
		"CALL p();\nINSERT INTO t VALUES (1,'a'),(2,'b');\n"
	x22All(t, dump, "d22")
}
