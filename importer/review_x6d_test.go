package importer_test

import (
	"testing"
)

// TestReviewX6LockedCallRollback: a stored procedure that inserts and then rolls back,
// called under the dump's locks in a checkpointed run gone serial. The client's session
// has autocommit on: the INSERT inside the procedure commits at once and the ROLLBACK
// finds nothing to undo. dumpscope runs the CALL under its own SET autocommit=0, so the
// procedure's ROLLBACK undoes its INSERT: the row is missing.
//
// Cause: lockState.begin (importer/replay/lockregion.go:171) turns autocommit off around
// any statement under the locks, a CALL too, whose body may end transactions itself.
// Regression (r-lock).
func TestReviewX6LockedCallRollback(t *testing.T) {
	dump := "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\nCREATE PROCEDURE pr() BEGIN INSERT INTO k VALUES (700,'p'); ROLLBACK; INSERT INTO k VALUES (701,'q'); END;;\nDELIMITER ;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n" +
		"LOCK TABLES k WRITE, r WRITE;\n" + rowsOf("k", 1, 21) + "CALL pr();\nINSERT INTO k VALUES (702,'after');\nUNLOCK TABLES;\n"
	importMatchesClient(t, dump, checkpointed(t), "x6")
}

// TestReviewX6LockedCallOpensTransaction: a procedure that starts a transaction (which
// releases the dump's locks) and inserts, leaving it open; the dump then rolls it back.
// The client's ROLLBACK undoes the row. dumpscope's SET autocommit=1 after the CALL
// (lockState.commit, importer/replay/lockregion.go:242) commits the open transaction
// first: the row stays. Regression (r-lock).
func TestReviewX6LockedCallOpensTransaction(t *testing.T) {
	dump := "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\nCREATE PROCEDURE po() BEGIN START TRANSACTION; INSERT INTO k VALUES (710,'open'); END;;\nDELIMITER ;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n" +
		"LOCK TABLES k WRITE;\n" + rowsOf("k", 1, 21) + "CALL po();\nROLLBACK;\nUNLOCK TABLES;\nINSERT INTO k VALUES (711,'after');\n"
	importMatchesClient(t, dump, checkpointed(t), "x6")
}
