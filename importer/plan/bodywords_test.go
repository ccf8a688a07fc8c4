package plan

import "testing"

// TestTxnWordStatementStarts: a body's transaction words count where they start a
// statement (after `;`, BEGIN, THEN, a handler's conditions, the routine's
// characteristics …), not as column names (start, commit, rollback, xa and execute are
// not reserved); AUTOCOMMIT and COMPLETION_TYPE count anywhere. CREATE and DROP of a
// TEMPORARY TABLE commit nothing (TestReviewX22CallTemporaryTableRefused); a DROP TABLE
// without TEMPORARY and CREATE TEMPORARY SEQUENCE do.
func TestTxnWordStatementStarts(t *testing.T) {
	for body, want := range map[string]string{
		"CREATE PROCEDURE p() INSERT INTO ev (id, start, commit, rollback, xa, execute) VALUES (1, 2, 3, 4, 5, 6)": "",
		"CREATE PROCEDURE p() SELECT start, xa, execute FROM ev WHERE commit = rollback":                           "",
		"CREATE PROCEDURE p() BEGIN <<l1>> ROLLBACK; END":                                                          "ROLLBACK",
		"CREATE PROCEDURE p() SET STATEMENT sql_mode = '' FOR START TRANSACTION":                                   "START",
		"CREATE PROCEDURE p(start INT, commit INT) UPDATE ev SET start = start + 1":                                "",
		"CREATE PROCEDURE p() COMMIT":                                                                                         "COMMIT",
		"CREATE PROCEDURE p() MODIFIES SQL DATA START TRANSACTION":                                                            "START",
		"CREATE PROCEDURE p() NOT DETERMINISTIC SQL SECURITY INVOKER ROLLBACK":                                                "ROLLBACK",
		"CREATE PROCEDURE p() COMMENT 'x' ROLLBACK":                                                                           "ROLLBACK",
		"CREATE PROCEDURE p() /*!50000 COMMIT */":                                                                             "COMMIT",
		"CREATE PROCEDURE p() CALL q()":                                                                                       "CALL",
		"CREATE PROCEDURE p() SET autocommit = 0":                                                                             "AUTOCOMMIT",
		"CREATE PROCEDURE p() SET @@session.completion_type = 1":                                                              "@@session.completion_type",
		"CREATE PROCEDURE p() BEGIN INSERT INTO ev (start) VALUES (1); COMMIT; END":                                           "COMMIT",
		"CREATE PROCEDURE p() BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION ROLLBACK; END":                                      "ROLLBACK",
		"CREATE PROCEDURE p() BEGIN DECLARE CONTINUE HANDLER FOR SQLSTATE VALUE '23000', 1062, NOT FOUND, c1 XA END 'x'; END": "XA",
		"CREATE PROCEDURE p() l1: BEGIN IF start THEN START TRANSACTION; END IF; END":                                         "START",
		"CREATE PROCEDURE p() WHILE 1 DO EXECUTE s; END WHILE":                                                                "EXECUTE",
		"CREATE PROCEDURE p() REPEAT COMMIT; UNTIL 1 END REPEAT":                                                              "COMMIT",
		"CREATE PROCEDURE p() CASE WHEN 1 THEN SELECT 1; ELSE COMMIT; END CASE":                                               "COMMIT",
		"CREATE PROCEDURE p() l2: LOOP ROLLBACK; END LOOP":                                                                    "ROLLBACK",
		"CREATE PROCEDURE p() CREATE TABLE IF NOT EXISTS t9 (a int)":                                                          "CREATE",
		"CREATE PROCEDURE p() BEGIN IF 1 THEN TRUNCATE TABLE t9; END IF; END":                                                 "TRUNCATE",
		"CREATE PROCEDURE p() ANALYZE TABLE t9":                                                                               "ANALYZE",
		"CREATE PROCEDURE p() BEGIN DROP TEMPORARY TABLE IF EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); END":             "",
		"CREATE PROCEDURE p() CREATE OR REPLACE TEMPORARY TABLE tmp (id int)":                                                 "",
		"CREATE PROCEDURE p() BEGIN CREATE TEMPORARY TABLE tmp (id int); DROP TABLE tmp; END":                                 "DROP",
		"CREATE PROCEDURE p() CREATE TEMPORARY SEQUENCE s9":                                                                   "CREATE",
		"CREATE PROCEDURE p() DROP `temporary`":                                                                               "DROP",
		"BEGIN NOT ATOMIC COMMIT; END":                                                                                        "COMMIT",
		"BEGIN NOT ATOMIC INSERT INTO ev (id, commit) VALUES (1, 2); END":                                                     "",
	} {
		st := delimited(body + "//\n")[0]
		if got := txnWord(&st); got != want {
			t.Errorf("txnWord(%q) = %q, want %q", body, got, want)
		}
	}
}

// TestBodyOfDynamicDropPrepareOnly: a body's DROP runs code of its own choosing only as
// DROP PREPARE; a DROP TEMPORARY TABLE (or any other DROP) left every later CALL unknown,
// refused under --parallel (TestReviewX22CallTemporaryTableRefused).
func TestBodyOfDynamicDropPrepareOnly(t *testing.T) {
	for body, want := range map[string]bool{
		"CREATE PROCEDURE p() BEGIN DROP TEMPORARY TABLE IF EXISTS tmp; CREATE TEMPORARY TABLE tmp (id int); DROP TEMPORARY TABLE tmp; END": false,
		"CREATE PROCEDURE p() BEGIN DROP TABLE IF EXISTS t9; END":                                                                           false,
		"CREATE PROCEDURE p() BEGIN PREPARE s FROM 'SELECT 1'; END":                                                                         true,
		"CREATE PROCEDURE p() BEGIN DROP PREPARE s; END":                                                                                    true,
		"CREATE PROCEDURE p() BEGIN DROP prepare s; END":                                                                                    true,
	} {
		st := delimited(body + "//\n")[0]
		if got := bodyOf(&st).dynamic; got != want {
			t.Errorf("bodyOf(%q).dynamic = %v, want %v", body, got, want)
		}
	}
}
