package importer_test

import "testing"

// TestFixX10aWrappedUse: MariaDB runs USE through dynamic SQL (EXECUTE IMMEDIATE 'USE
// y9', or a prepared 'USE y9', changes the session's database), which the replay's
// current database does not follow: after it CALL p() runs y9.p, which sets autocommit =
// 0, where the planner took it for x9.p (before the registry, for the last p created in
// any database: x9.p too). The client's next 40 rows stay in the open transaction and
// the dump's ROLLBACK undoes them; a checkpointed run gone serial committed them. The
// planner refuses the wrapped USE in the modes that plan (the serial replay sends the
// client's statements as they are); failed before (import succeeded with rows 100-140
// where the client has none).
func TestFixX10aWrappedUse(t *testing.T) {
	for name, use := range map[string]string{
		"execute-immediate": "EXECUTE IMMEDIATE 'USE y9';\n",
		"prepared":          "PREPARE u FROM 'USE y9';\nEXECUTE u;\n",
	} {
		body := "CREATE DATABASE y9;\nCREATE PROCEDURE y9.p() SET autocommit = 0;\nCREATE PROCEDURE x9.p() SET @x = 1;\n" + use +
			"CALL p();\n" + x7Rows("x9.k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(body), checkpointed(t), "it runs USE through dynamic SQL", "write the USE as a statement of its own")
		})
	}
}

// TestFixX10aBodyColumnWords: a procedure that writes columns named start, commit,
// rollback, xa and execute (none is reserved in MariaDB) starts no transaction: a CALL of
// it in a checkpointed run gone serial matches the client. It was refused ("the
// procedure's body has START"): the body was judged by any word, not by the words that
// start its statements (plan/bodywords.go).
func TestFixX10aBodyColumnWords(t *testing.T) {
	body := "CREATE TABLE ev (id int PRIMARY KEY, start int, commit int, rollback int, xa int, execute int) ENGINE=InnoDB;\n" +
		"CREATE PROCEDURE p() INSERT INTO ev (id, start, commit, rollback, xa, execute) SELECT COUNT(*), 2, 3, 4, 5, 6 FROM k;\n" +
		"SET autocommit = 0;\n" + x7Rows("k", 100, 121) + "CALL p();\n" + x7Rows("k", 200, 221) + "ROLLBACK;\nSET autocommit = 1;\nCALL p();\n"
	importMatchesClient(t, x9Serial(body), checkpointed(t), "x9")
}

// TestFixX10aBodyImplicitCommit: inside the dump's START TRANSACTION, in a checkpointed
// run gone serial, CALL p() where p runs CREATE TABLE (or a compound statement that
// does) commits the rows before it implicitly, as the client's does; the planner kept
// them in the open transaction, so their progress rows were not committed with them,
// and a run stopped after the CALL sent them again on --resume: ERROR 1062 where the
// client went on. A body whose statement may commit implicitly is now refused as one
// that may end the transaction (plan/wrappers.go commitsAtStart). Failed before (the
// import succeeded; the stopped and resumed one failed with ERROR 1062).
func TestFixX10aBodyImplicitCommit(t *testing.T) {
	for name, c := range map[string]struct{ def, run, want string }{
		"procedure": {"CREATE PROCEDURE p() CREATE TABLE IF NOT EXISTS t9 (a int);\n", "CALL p();\n", "CALL p: the procedure's body has CREATE"},
		"compound":  {"", "DELIMITER //\nBEGIN NOT ATOMIC CREATE TABLE IF NOT EXISTS t9 (a int); END//\nDELIMITER ;\n", "a compound statement with CREATE"},
	} {
		body := c.def + "START TRANSACTION;\n" + x7Rows("k", 100, 121) + c.run + x7Rows("k", 200, 221) + "ROLLBACK;\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(body), checkpointed(t), c.want, "import this dump without --parallel")
		})
	}
}

// TestFixX10aTemporaryTableInTransaction: CREATE TEMPORARY TABLE (or DROP TEMPORARY
// TABLE) inside the dump's START TRANSACTION commits nothing: the client's ROLLBACK undoes
// the rows before and after it. A checkpointed run gone serial took it for an implicit
// commit, gave the rows after it transactions of their own, and kept rows 200-220 where
// the client has none. Silent; failed before (re-dumps differ).
func TestFixX10aTemporaryTableInTransaction(t *testing.T) {
	for name, ddl := range map[string]string{
		"create": "CREATE TEMPORARY TABLE tt (a int);\n",
		"drop":   "DROP TEMPORARY TABLE tt;\n",
	} {
		body := "CREATE TEMPORARY TABLE IF NOT EXISTS tt (a int);\nDROP TEMPORARY TABLE tt;\nCREATE TEMPORARY TABLE IF NOT EXISTS tt (a int);\n"
		if name == "create" {
			body = ""
		}
		body += "START TRANSACTION;\n" + x7Rows("k", 100, 121) + ddl + x7Rows("k", 200, 221) + "ROLLBACK;\n"
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}
