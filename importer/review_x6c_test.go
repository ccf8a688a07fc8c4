package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
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
//
// Fixed (x-lock2): the planner takes such a FLUSH for table locks (plan.FlushLocked), and
// the statements up to UNLOCK TABLES get their progress row after it, as under LOCK
// TABLES before r-lock; also FOR EXPORT, and a FLUSH that turns the run serial itself.
// FLUSH TABLES WITH READ LOCK (every table) is refused at its line (plan's
// globalReadLockRefusal).
func TestReviewX6FlushTablesReadLock(t *testing.T) {
	head := "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE m (id int PRIMARY KEY, v varchar(40)) ENGINE=MyISAM;\n"
	tail := "SELECT COUNT(*) INTO @n FROM k;\nUNLOCK TABLES;\nINSERT INTO k VALUES (500, @n);\n" +
		"INSERT INTO m VALUES (999,'end');\n"
	for name, dump := range map[string]string{
		"read lock":       head + "SELECT COUNT(*) INTO @c FROM k;\n" + rowsOf("k", 1, 21) + "FLUSH TABLES k WITH READ LOCK;\n" + tail,
		"for export":      head + "SELECT COUNT(*) INTO @c FROM k;\n" + rowsOf("k", 1, 21) + "FLUSH TABLES k, m FOR EXPORT;\n" + tail,
		"turns it serial": head + rowsOf("k", 1, 21) + "FLUSH TABLES k WITH READ LOCK;\n" + tail,
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, checkpointed(t), "x6") })
	}
	// FLUSH TABLES WITH READ LOCK blocks every write on the server: the variable @n was
	// journaled on a worker, which waited for the lock for ever. Refused at its line.
	dump := head + "SELECT COUNT(*) INTO @c FROM k;\n" + rowsOf("k", 1, 21) + "FLUSH TABLES WITH READ LOCK;\n" + tail
	res := importFile(t, testsandbox.Start(t), "", writeFile(t, "d.sql", []byte(dump)), checkpointed(t))
	const want = "line 7: FLUSH TABLES: FLUSH TABLES WITH READ LOCK blocks every write on the server"
	if res.Err == nil || !strings.Contains(res.Err.Error(), want) {
		t.Errorf("global read lock: %v; want a refusal: %s", res.Err, want)
	}
}

// TestReviewX6ResumeBeforeUnlockRefuses: a clean stop after the last INSERT of a locked
// region (a checkpointed run gone serial), right before UNLOCK TABLES; the resume runs
// UNLOCK TABLES, then refuses at the next INSERT into an AUTO_INCREMENT table: "--resume
// cannot recreate the AUTO_INCREMENT counter of x6.r: the interrupted run may have been
// inside this statement", though the stop was after a statement whose progress row
// committed with it. A like dump with DO 0 / DO 1 in place of LOCK / UNLOCK TABLES
// resumes from the same stop and matches the client. A refusal, not a silent loss; and
// not a regression in effect (before r-lock the region was sent again), but r-lock's
// resumePassed (importer/replay/exact.go:93, ownTransaction) does not cover the UNLOCK
// TABLES that the resume starts with.
//
// Fixed (x-lock2): an UNLOCK TABLES the resume runs (not skipped) tells that the earlier
// attempt got no further (controller.lostCounter).
func TestReviewX6ResumeBeforeUnlockRefuses(t *testing.T) {
	dump := lockedSerial("INSERT INTO r (what) VALUES ('a'),('b');\nINSERT INTO r (what, n) VALUES ('rc', 8);\n",
		"INSERT INTO r (what, n) VALUES ('after', 9);\n")
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runLockCase(t, ref, srv, lockCase{db: "x6", dump: dump, stop: lineOf(t, dump, "UNLOCK TABLES") - 1})
}
