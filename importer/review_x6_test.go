package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The sixth hostile review (branch x-review6, session 35), of the day's fast-mode fixes:
// r-lock (statements under the dump's LOCK TABLES in a checkpointed run gone serial run
// as SET autocommit=0; stmt; progress row; SET autocommit=1), workerSession and
// p-fkscope (the narrowed foreign-key wait under --load-data). Each test failed on main
// when written and shows the database differing from `mariadb < same input`.
//
// Fixed the same day, and run by default: a statement under the locks that may run
// transaction statements or reads connection state (CALL, EXECUTE, @@autocommit) commits
// on its own as before (lockState.ownTransaction); the locks cover the journaled
// variables' table; an account that may not lock the progress tables keeps the old path
// (checkpoint.ProbeProgressLocks). LockedDiagnostics is fixed (x-lock2): in a run gone
// serial the progress row and commit after a statement wait for the next statement, and
// a reader of the diagnostics area runs before them (replay's diagTail;
// diagnostics_test.go); so are LockedDDLKilled, CompletionChain, FlushTablesReadLock and
// ResumeBeforeUnlockRefuses (see each). None is gated now. WorkerReadsAutocommit
// is fixed too (workerSession reads @@autocommit as the dump has it); taken for connection
// state instead, the read sent the rest of every mysqldump --no-autocommit dump serial.

// reviewX6 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX6(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review6 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// lockedSerial is a dump whose run goes serial before a LOCK TABLES region (the SELECT
// … INTO @c is not plain rows), then body inside `LOCK TABLES k WRITE, r WRITE` … UNLOCK
// TABLES, then tail.
func lockedSerial(body, tail string) string {
	return "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n" +
		"LOCK TABLES k WRITE, r WRITE;\n" + rowsOf("k", 1, 21) + body + "UNLOCK TABLES;\n" + tail
}

// checkpointed is --parallel 2 with a checkpoint journal (progress rows), small batches.
func checkpointed(t *testing.T) importer.Options {
	return importer.Options{Parallel: 2, BatchBytes: 512, SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}
}

// TestReviewX6LockedAutocommitRead: under the dump's LOCK TABLES, in a checkpointed run
// gone serial, an INSERT that reads @@autocommit stores 0 where the client stores 1 (an
// InnoDB table, and a MyISAM one on the intent path alike).
//
// Cause: lockState.begin (importer/replay/lockregion.go:171) sends SET autocommit=0 before
// the statement so that it commits with its progress row; the dump's statement sees it.
// Regression (r-lock): passes at 8195f19.
func TestReviewX6LockedAutocommitRead(t *testing.T) {
	dump := lockedSerial("INSERT INTO r (what, n) VALUES ('autocommit', @@autocommit);\n"+
		"INSERT INTO r (what, n) VALUES ('in_transaction', @@in_transaction);\n"+
		"INSERT INTO r (what, n) SELECT 'select autocommit', @@autocommit;\n", "")
	importMatchesClient(t, dump, checkpointed(t), "x6")
}

// TestReviewX6LockedDiagnostics: GET DIAGNOSTICS after an INSERT that truncated a value
// (a warning; sql_mode empty) under the locks reads the diagnostics of dumpscope's
// progress row and SET autocommit=1, not of the INSERT: 0 conditions where the client
// has 1.
//
// Cause: lockState.commit (importer/replay/lockregion.go:224-242) runs statements of its
// own between the dump's statement and the next, which reads the diagnostics area.
// Regression (r-lock): passes at 8195f19. Fixed: diagTail (importer/replay/diagtail.go).
func TestReviewX6LockedDiagnostics(t *testing.T) {
	dump := lockedSerial("SET sql_mode = '';\nINSERT INTO k VALUES (600, 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy');\n"+
		"GET DIAGNOSTICS @w = NUMBER;\nINSERT INTO r (what, n) VALUES ('warnings', @w);\n", "")
	importMatchesClient(t, dump, checkpointed(t), "x6")
}

// TestReviewX6LockedUserVarJournal: a SET of a user variable under the dump's locks in a
// checkpointed run: dumpscope journals it into dumpscope_progress.vars, which the LOCK
// TABLES it sends does not lock, and the import stops with ERROR 1100 ("journal the user
// variables @rc: Table 'vars' was not locked") where the client finishes.
//
// Cause: checkpoint.LockList (importer/checkpoint/progress.go:155) adds done, intents and
// ran, not vars, which recordUserVars (importer/replay/checkpoint.go:356) writes.
// Not a regression (fails the same at 8195f19), but r-lock's premise, that every
// progress table written under the locks is locked, misses it.
func TestReviewX6LockedUserVarJournal(t *testing.T) {
	dump := lockedSerial("UPDATE k SET v = 'u' WHERE id < 6;\nSET @rc = ROW_COUNT();\nINSERT INTO r (what, n) VALUES ('row_count', @rc);\n", "")
	importMatchesClient(t, dump, checkpointed(t), "x6")
}

// TestReviewX6LockedDDLKilled: an ALTER TABLE … ADD COLUMN under the dump's locks, killed
// after it ran and before its progress row (the window lockState.commit's AfterDDL hook
// marks): the DDL commits implicitly, SET autocommit=0 does not hold it back, and the
// resume sends it again: ERROR 1060 Duplicate column name 'w'.
//
// Cause: runSerial's ownDDL (importer/replay/control.go:275) excludes pl.Locked, so a DDL
// under the locks gets no intent and marker; lockState.begin/commit treat it as a
// statement that commits with its progress row, which a DDL cannot.
// Not a regression in effect (before r-lock the whole region was sent again), but the
// fix's claim that each statement there commits with its progress row does not hold.
// Fixed (x-lock2): on resume its "already exists" is taken for "it had run", as a DDL's
// outside the locks (lockState.ddlResult).
func TestReviewX6LockedDDLKilled(t *testing.T) {
	dump := lockedSerial("ALTER TABLE k ADD COLUMN w int;\nINSERT INTO k VALUES (900,'d',1);\n", "")
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runLockCase(t, ref, srv, lockCase{db: "x6", dump: dump, killAt: lineOf(t, dump, "ALTER TABLE k ADD")})
}

// TestReviewX6WorkerReadsAutocommit: after the dump's SET autocommit=0, a session
// statement that reads @@autocommit into a user variable is replayed on the workers after
// workerReset (SET SESSION autocommit = 1): a worker's @ac is 1 where the client's is 0,
// and a row a worker inserts with @ac carries 1 (--parallel 2, with and without
// --load-data, no checkpoint).
//
// Cause: workerSession (importer/replay/worker_session.go:28) resets the worker's
// autocommit, then the session statements after it read the reset value.
// Regression (workerSession, d4ee697): passes with workerSession reverted.
func TestReviewX6WorkerReadsAutocommit(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"SET autocommit = 0;\nSET @ac = @@autocommit, @ct = @@completion_type;\nSET completion_type = 0;\nCOMMIT;\nSET autocommit = 1;\n")
	for i := 0; i < 10; i++ {
		b.WriteString(rowsOf("k", 1+20*i, 21+20*i))
	}
	b.WriteString("INSERT INTO k VALUES (1000, @ac), (1001, @ct);\n")
	for i := 10; i < 20; i++ {
		b.WriteString(rowsOf("k", 1+20*i, 21+20*i))
	}
	for name, o := range map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 512},
		"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, b.String(), o, "x6") })
	}
}

var _ = fmt.Sprintf
