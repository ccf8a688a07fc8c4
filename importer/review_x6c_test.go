package importer_test

import (
	"testing"
)

// TestReviewX6FlushTablesReadLock: FLUSH TABLES k WITH READ LOCK, a table lock that is not
// a LOCK TABLES, in a checkpointed run gone serial, then a SELECT … INTO @n from k and
// UNLOCK TABLES. The client finishes; dumpscope stops with "Error 1100 (HY000): Table
// 'ran' was not locked with LOCK TABLES", a message that names no file, line or
// statement (against STYLE's bad-input rule).
//
// Cause: only LOCK TABLES gets the progress tables added (lockState.lockSQL,
// importer/replay/lockregion.go, isLockTables); FLUSH TABLES … WITH READ LOCK leaves the
// session unable to write dumpscope_progress, and the write of the marker (ran) fails
// outside the statement's error wrapping. Not a regression: the same at 8195f19.
func TestReviewX6FlushTablesReadLock(t *testing.T) {
	reviewX6(t)
	dump := "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE m (id int PRIMARY KEY, v varchar(40)) ENGINE=MyISAM;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n" + rowsOf("k", 1, 21) +
		"FLUSH TABLES k WITH READ LOCK;\nSELECT COUNT(*) INTO @n FROM k;\nUNLOCK TABLES;\nINSERT INTO k VALUES (500, @n);\n" +
		"INSERT INTO m VALUES (999,'end');\n"
	importMatchesClient(t, dump, checkpointed(t), "x6")
}
