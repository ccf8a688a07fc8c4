package importer_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// More of the fuzzer's resume differences (resume_found_test.go has the harness).

// TestResumeFoundTriggerVariable (difffuzz seed 809, trigger-var): a trigger counts the
// rows it fires for in a user variable on the connection that runs them, and the dump
// reads it at the end. A resume's new connection skips the committed INSERTs: without
// the variable's value journaled with each of them it read the count of the rows sent
// again only (or NULL), where the client's read all of them.
func TestResumeFoundTriggerVariable(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int, v varchar(40)) ENGINE=Aria;\n" +
		"CREATE TRIGGER trg BEFORE INSERT ON t1 FOR EACH ROW SET @trg = COALESCE(@trg, 0) + 1;\n" +
		"CREATE TRIGGER trg2 BEFORE INSERT ON t2 FOR EACH ROW SET @trg2 = COALESCE(@trg2, 0) + 1;\n" +
		rowsOf("t1", 1, 40) + rowsOf("t2", 1, 30) + rowsOf("t1", 40, 60) + rowsOf("t2", 30, 35) + rowsOf("t1", 60, 70) +
		"CREATE TABLE vars (name varchar(20), v bigint);\nINSERT INTO vars VALUES ('trg', @trg), ('trg2', @trg2);\n"
	for _, stop := range []int64{8, 9, 10, 11} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}

// TestResumeFoundLastInsertID (difffuzz seeds 1046 and 1289, last-insert-id): an INSERT
// that generates ids, then one that does not (which leaves LAST_INSERT_ID() as it was),
// then SET @v = LAST_INSERT_ID(). A resume past the first and before the second read 0
// where the client read the first's id: the refusal looked only at the statement before
// the SET. LAST_INSERT_ID() is journaled with each progress row of the control connection
// and given back to the resumed connection.
func TestResumeFoundLastInsertID(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int AUTO_INCREMENT PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("t1", 1, 10) + "INSERT INTO t1 VALUES (NULL, 'generated'), (NULL, 'generated');\n" + rowsOf("t2", 1, 40) +
		"INSERT INTO t2 VALUES (50, 'no id');\nSET @v = LAST_INSERT_ID();\nCREATE TABLE vars (name varchar(20), v bigint);\nINSERT INTO vars VALUES ('v', @v);\n"
	for _, stop := range []int64{6, 7, 8} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
	// All on the control connection (the run goes serial at SELECT … INTO @x): the INSERT
	// that generates no id runs after the skipped one that did (seed 1046's shape).
	serial := strings.Replace(dump, "USE fz0;\n", "USE fz0;\nSELECT 1 INTO @x;\n", 1)
	for _, stop := range []int64{7, 8} {
		t.Run(fmt.Sprint("serial, stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: serial, stop: stop})
		})
	}
	// Progress rows without the value (an older dumpscope's): the reader is refused.
	t.Run("not recorded", func(t *testing.T) {
		runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: serial, stop: 8, ranUnrecorded: []string{"UPDATE dumpscope_progress.done SET last_insert_id = NULL"},
			refusal: "--resume cannot recreate LAST_INSERT_ID() of the interrupted run's connection"})
	})
}

// TestResumeFoundCounterAfterBatches (difffuzz seed 16: a table's AUTO_INCREMENT 418
// where the client's was 255, after a kill inside a batch): the first statement a resume
// runs is a batch of plain rows, and the next one, an INSERT whose ids the server
// generates, runs on the control connection, which the interrupted run may have been
// inside: the ids a rolled-back INSERT took (made here by an INSERT and a DELETE before
// the resume) are not given back. It is refused, naming the table, not numbered after
// them.
func TestResumeFoundCounterAfterBatches(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int AUTO_INCREMENT PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("t1", 1, 10) + rowsOf("t2", 1, 40) + rowsOf("t2", 40, 80) +
		"INSERT INTO t1 (v) VALUES ('generated'), ('generated');\n" + rowsOf("t2", 80, 100)
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 7,
		ranUnrecorded: []string{"INSERT INTO t1 (v) VALUES ('rolled back')", "DELETE FROM t1 WHERE v = 'rolled back'"},
		refusal:       "--resume cannot recreate the AUTO_INCREMENT counter of fz0.t1"})
}

// TestResumeFoundCounterInTransaction (difffuzz seed 2178): an interrupted run inside a
// transaction (START TRANSACTION WITH CONSISTENT SNAPSHOT) may have run all of it before
// the kill rolled it back, with the ids its INSERTs took. The resume's first statement in
// it gives its ids; a later one leaves them to the server, which numbered them after
// the rolled-back ones (a duplicate of an id given later in the statement, ERROR 1062
// where the client went on). It is refused, naming the table.
func TestResumeFoundCounterInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int AUTO_INCREMENT PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("t1", 1, 10) + "START TRANSACTION WITH CONSISTENT SNAPSHOT;\n" + rowsOf("t1", 10, 20) +
		"INSERT INTO t1 VALUES (NULL, 'generated'), (21, 'given');\nCOMMIT;\n"
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 5,
		ranUnrecorded: []string{"INSERT INTO t1 VALUES (20, 'rolled back')", "DELETE FROM t1 WHERE v = 'rolled back'"},
		refusal:       "--resume cannot recreate the AUTO_INCREMENT counter of fz0.t1"})
}

// TestResumeFoundSerialNonTransactional (difffuzz seeds 10676 and 10167): in the part of a dump run
// on one connection (after SET @v = LAST_INSERT_ID()), outside a transaction, an INSERT
// into an Aria table killed after it ran and before its progress row. It left no intent
// (the serial plans name no tables, and the intent's scope was empty), so the resume sent
// it again: ERROR 1062 into a table with a primary key, and the rows twice, silently,
// into a keyless one. Now the resume finds the change and refuses by name (the rows are
// there, which the user can confirm with --resume-applied).
func TestResumeFoundSerialNonTransactional(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, def := range []string{"id int PRIMARY KEY, v varchar(40)", "id int, v varchar(40)"} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB;\n" +
			"CREATE TABLE t2 (" + def + ") ENGINE=Aria;\n" +
			"SET @v = LAST_INSERT_ID();\n" + rowsOf("t2", 1, 40) + "INSERT INTO t2 VALUES (88,'x');\n" + rowsOf("t2", 100, 140)
		runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, killAtDDL: 7, refusal: "may be half applied"})
	}
	// Seed 10167 (keyless), the "keyless after resume" class of seeds 3026 and 1126: its
	// SELECT … INTO @v3 makes the run serial, and the INSERT at line 88 into the keyless
	// MyISAM t1, killed before its progress row, came twice after the resume (the rows of
	// one INSERT in another place of the re-dump), which finished without a word.
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-10167-resume.sql")
	if err != nil {
		t.Fatal(err)
	}
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: string(seed), killAtDDL: 88, refusal: "may be half applied"})
}

// TestResumeFoundAutocommitOn (difffuzz seed 24): in the part of a dump run on one
// connection, SET autocommit=1 commits the transaction SET autocommit=0 opened, and the
// stretch's progress row must commit with it, as with a COMMIT. It did not: stopped
// between the SET and the next progress row, the resume started inside the committed
// stretch and sent its INSERT into the keyless vars again (the row twice). Stopped after
// each statement from the SET to the DROP TABLE that records the next stretch.
func TestResumeFoundAutocommitOn(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-24-resume.sql")
	if err != nil {
		t.Fatal(err)
	}
	at := int64(slices.Index(strings.Split(string(seed), "\n"), "SET autocommit=1;") + 1)
	if at == 0 {
		t.Fatal("no SET autocommit=1 in seed-24-resume.sql")
	}
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for stop := at; stop <= at+3; stop++ {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: string(seed), stop: stop})
		})
	}
}

// TestResumeFoundReloadAfterRecreate (difffuzz seed 18292): a table with a primary key
// (resumed row by row) got rows, was dropped and created again without one, and got rows
// again: stopped while those were loading, the resume truncated it to reload it from its
// first row, and sent again every committed row statement of its name, the old table's
// too: ERROR 1054 (its INSERT names a column the new table has not). Only the rows from
// the load's first on are sent again now (checkpoint.Run.Reloads).
func TestResumeFoundReloadAfterRecreate(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t3 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, c2 bigint) ENGINE=InnoDB;\n" +
		"INSERT INTO t3 (id,c2) VALUES (1,0),(2,0);\nDROP TABLE t3;\nCREATE TABLE t3 (id int, v varchar(40)) ENGINE=InnoDB;\n" +
		rowsOf("t3", 1, 40) + rowsOf("t3", 40, 80) + rowsOf("t3", 80, 120)
	for _, stop := range []int64{8, 9} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop, resumeSays: "reloaded from its first row"})
		})
	}
}

// TestResumeFoundReloadRolledBack (difffuzz seed 18292, resume, once its ERROR 1054 was
// fixed): a keyless table, which a resume truncates and reloads from its first row, got
// a row inside a transaction the dump rolled back. The reload sent that skipped INSERT
// again and committed it at once, so the rolled-back row was in the table where the
// client's had none. Its rows now run in a transaction of the reload's own, ended as the
// dump's was.
func TestResumeFoundReloadRolledBack(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t3 (id int, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t3", 1, 40) +
		"START TRANSACTION;\nINSERT INTO t3 VALUES (43,'rolled back');\nROLLBACK;\n" +
		"START TRANSACTION;\nINSERT INTO t3 VALUES (44,'committed');\nCOMMIT;\n" + rowsOf("t3", 50, 90) + rowsOf("t3", 90, 130)
	for _, stop := range []int64{11, 12} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
	// With a savepoint inside the transaction the run turns serial at the SAVEPOINT; a
	// stop after the next transaction opens leaves what the client's leaves (its START
	// TRANSACTION, run serial outside a transaction, completes t3's load: no reload).
	// Stopped right after the COMMIT (line 10), t3's load is still under way: the resume
	// reloads t3, sends the skipped transaction's INSERT 42 in the reload's transaction
	// and meets the SAVEPOINT there, which endReloadTxn refuses by name.
	savepoint := strings.Replace(dump, "START TRANSACTION;\nINSERT INTO t3 VALUES (43,'rolled back');\nROLLBACK;\n",
		"START TRANSACTION;\nINSERT INTO t3 VALUES (42,'kept');\nSAVEPOINT s1;\nINSERT INTO t3 VALUES (43,'rolled back');\nROLLBACK TO SAVEPOINT s1;\nCOMMIT;\n", 1)
	for _, stop := range []int64{10, 12, 13, 14, 15} {
		t.Run(fmt.Sprint("savepoint, stop at line ", stop), func(t *testing.T) {
			c := foundCase{db: "fz0", dump: savepoint, stop: stop}
			if stop == 10 {
				c.refusal = "--resume cannot reload rows that the interrupted run committed inside a transaction with savepoints"
			}
			runFoundCase(t, ref, srv, c)
		})
	}
}
