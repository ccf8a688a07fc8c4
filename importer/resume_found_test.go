package importer_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The differences the differential fuzzer found in the --checkpoint + kill + --resume
// mode (docs/difffuzz.md, internal/difffuzz/testdata/found), each made deterministic:
// the first run stops once the statement at a given line is dispatched (stopAfter), and a
// kill between a DDL's commit and its progress row is the DDL run by hand on the target
// before the resume (the server ran it, the journal does not know). The re-dump after the
// resume must be the client's.

// foundCase is one such script.
type foundCase struct {
	name, db, dump string
	// stop is the line after whose statement the first run stops.
	stop int64
	// ranUnrecorded are statements the server ran before the kill without their progress
	// rows: run by hand between the two attempts.
	ranUnrecorded []string
	// unrecord is an offset inside a statement that ran in the first run: its progress
	// row, if that run committed one, is deleted before the resume, as if it had been
	// killed between the statement's commit and its progress row's (0: none).
	unrecord int64
	// killAtDDL, when set, ends the first run right after the DDL statement at that line
	// returned, before its progress row (importer.WithAfterDDLHook), instead of the stop.
	killAtDDL int
	// restart: the server restarts between the two attempts (a crash's or an upgrade's).
	restart bool
	// resumeSays, when set, is a phrase the resume's messages must hold.
	resumeSays string
	// refusal, when set, is what a resume must refuse with instead (a phrase of it).
	refusal string
	// deferIndexes: both attempts run with --defer-indexes.
	deferIndexes bool
}

// runFoundCase imports c.dump with the mariadb client into ref and with a stop and a
// resume into srv (--parallel 2 in batches of 2 KiB), and compares the re-dumps: a
// reviewCase whose between-runs step is made of c's restart, ranUnrecorded and unrecord.
func runFoundCase(t *testing.T, ref, srv *sandbox.Server, c foundCase) {
	t.Helper()
	runReviewCase(t, ref, srv, reviewCase{
		db: c.db, dump: c.dump, stop: c.stop, killAtDDL: int64(c.killAtDDL),
		opt:        importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: c.deferIndexes},
		between:    c.between,
		resumeSays: c.resumeSays, refused: c.refusal,
	})
}

// between does to srv, between the two attempts, what c says the kill left: a restart,
// statements the server ran without their progress rows, a progress row taken away. With
// the last two the journal is made a kill's too (asKilled).
func (c foundCase) between(t *testing.T, srv *sandbox.Server, dump string) {
	t.Helper()
	if len(c.ranUnrecorded) > 0 || c.unrecord > 0 {
		asKilled(t, filepath.Join(filepath.Dir(dump), "journal"))
	}
	if c.restart {
		if err := srv.Restart(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.ranUnrecorded) > 0 {
		db, err := sql.Open("mysql", srv.DSN(c.db))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range c.ranUnrecorded {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		db.Close()
	}
	if c.unrecord > 0 {
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		// The row of the stretch that holds it (none when the stretch was still open).
		r, err := db.Exec("DELETE FROM dumpscope_progress.done WHERE start_offset <= ? AND end_offset > ?", c.unrecord, c.unrecord)
		if n, _ := r.RowsAffected(); err != nil || n > 1 {
			t.Fatalf("delete the progress row at offset %d: %d rows, %v", c.unrecord, n, err)
		}
		db.Close()
	}
}

// asKilled makes the journal what a kill leaves of it: a stop records how far the run
// sent (dispatched_through: nothing after it ran, checkpoint.NeverSent), a kill records
// nothing, and a case that ran statements by hand as the interrupted run's stands for a
// kill after them.
func asKilled(t *testing.T, journal string) {
	t.Helper()
	b, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	var j map[string]json.RawMessage
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	delete(j, "dispatched_through")
	if b, err = json.Marshal(j); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(journal, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// rowsOf is an INSERT of ids from..to-1 into table, with a 30-byte value each.
func rowsOf(table string, from, to int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
	for i := from; i < to; i++ {
		if i > from {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "(%d,'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')", i)
	}
	b.WriteString(";\n")
	return b.String()
}

// TestResumeFoundReloadInTransaction (difffuzz seed 1073, reload-in-tx): rows into a
// keyless MyISAM table, then one more in an autocommit=0 region that the next CREATE
// TABLE commits; stopped past that DDL, the resume reloads the table and must replay the
// region's row with its batch.
func TestResumeFoundReloadInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int, v varchar(40)) ENGINE=MyISAM;\n" +
		rowsOf("t1", 1, 40) +
		"SET autocommit=0;\nINSERT INTO t1 VALUES (59,'late');\nSELECT COUNT(*) FROM t1;\nCREATE TABLE t2 (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t2", 0, 100) + rowsOf("t2", 100, 200)
	runFoundCase(t, ref, srv, foundCase{name: "reload-in-tx", db: "fz0", dump: dump, stop: 8})

	// An UPDATE there cannot be replayed out of its place: refused, naming the table.
	dump = strings.Replace(dump, "SELECT COUNT(*) FROM t1;", "UPDATE t1 SET v = 'u' WHERE id = 1;", 1)
	runFoundCase(t, ref, srv, foundCase{name: "update-in-tx", db: "fz0", dump: dump, stop: 8, refusal: "--resume cannot replay this statement, which the interrupted run committed, out of its place, and it may have changed fz0.t1"})
}

// TestResumeFoundRename (difffuzz seed 1146, rename): rows into a keyless MyISAM table,
// RENAME TABLE, rows under the new name. Stopped with the new name's load under way, a
// reload under that name would replay only its rows, not those sent under the old one:
// the resume refuses, naming the table (the import did not create it under that name), and
// before that it resumes exactly.
func TestResumeFoundRename(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TABLE t2 (id int, v varchar(40)) ENGINE=MyISAM;\n" +
		rowsOf("t2", 1, 40) + "RENAME TABLE t2 TO r3;\n" + rowsOf("r3", 40, 80) + "INSERT INTO t1 VALUES (170);\n" + rowsOf("r3", 80, 120)
	for _, stop := range []int64{5, 6, 7, 9} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			c := foundCase{db: "fz0", dump: dump, stop: stop}
			if stop >= 7 {
				// r3's load under way: t2's rows cannot be replayed into it.
				c.refusal = "fz0.r3 (non-transactional engine or no primary key) was being loaded when the interrupted run ended, and this import did not create it under this name"
			}
			runFoundCase(t, ref, srv, c)
		})
	}
}

// TestResumeFoundUnrecordedDDL (difffuzz seeds 209, trigger, and 1161, alter-column): in
// the part of a dump run on one connection (after SET autocommit=0, or a SAVEPOINT), a
// DDL statement the server ran before the kill, without its progress row, is sent again
// on resume: its "already exists" error (ERROR 1359 of CREATE TRIGGER, 1060 of ALTER
// TABLE … ADD COLUMN) means it had run, as it does outside transactions.
func TestResumeFoundUnrecordedDDL(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const trigger = "CREATE TRIGGER trg BEFORE INSERT ON t1 FOR EACH ROW SET @trg = COALESCE(@trg, 0) + 1"
	const alter = "ALTER TABLE t1 ADD COLUMN a5 bigint unsigned"
	head := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\nCREATE TABLE t2 (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("t1", 1, 40)
	for _, c := range []struct{ name, region, ddl string }{
		{"trigger after autocommit=0", "SET autocommit=0;\nINSERT INTO t1 VALUES (59,'late');\n", trigger},
		{"alter after autocommit=0", "SET autocommit=0;\nINSERT INTO t1 VALUES (59,'late');\n", alter},
		{"trigger after SAVEPOINT", "START TRANSACTION;\nSAVEPOINT sp1;\nINSERT INTO t1 VALUES (59,'late');\nCOMMIT;\nSET autocommit=0;\n", trigger},
		{"alter after SAVEPOINT", "START TRANSACTION;\nSAVEPOINT sp1;\nINSERT INTO t1 VALUES (59,'late');\nCOMMIT;\nSET autocommit=0;\n", alter},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := head + c.region + c.ddl + ";\n" + rowsOf("t2", 100, 140)
			// The first run stops after the DDL, whose progress row is then deleted.
			stop := int64(strings.Count(head+c.region, "\n")) + 1
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop, unrecord: int64(len(head + c.region))})
		})
	}
}

// TestResumeFoundEngineChange (difffuzz seed 2, engine-change): ALTER TABLE t ENGINE=InnoDB
// of an Aria table, killed after it ran and before its progress row. Sent again on resume
// it would rebuild the table once more and drop the PAGE_CHECKSUM=1 the first rebuild
// kept (the client's table has it): the intent recorded before it (the table's definition)
// tells the resume that it ran.
func TestResumeFoundEngineChange(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz1;\nUSE fz1;\nCREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t3 (id bigint NOT NULL, v varchar(40), PRIMARY KEY (id)) ENGINE=Aria DEFAULT CHARSET=utf8mb4;\n" +
		rowsOf("t3", 1, 40) + "ALTER TABLE `fz1`.`t3` ENGINE=InnoDB;\n" + rowsOf("t2", 1, 40)
	t.Run("it ran", func(t *testing.T) {
		runFoundCase(t, ref, srv, foundCase{db: "fz1", dump: dump, killAtDDL: 6, resumeSays: "had run on `fz1`.`t3` when the interrupted run ended (its definition changed); it is not run again"})
	})
	t.Run("its table as before it", func(t *testing.T) {
		// Undone by hand before the resume: the definition is the one the intent
		// recorded, so the ALTER runs again.
		runFoundCase(t, ref, srv, foundCase{db: "fz1", dump: dump, killAtDDL: 6, ranUnrecorded: []string{"ALTER TABLE t3 ENGINE=Aria"}, resumeSays: "had not changed `fz1`.`t3` when the interrupted run ended; it runs again"})
	})
}

// TestResumeFoundNonTransactionalInTransaction (reload-in-tx, the other half): rows into a
// MyISAM table inside START TRANSACTION … COMMIT stay when the transaction does not
// commit; stopped inside it, a resume that replayed the whole transaction applied them
// twice. The intents written for them before they ran (on an idle worker) and their
// markers tell the resume they ran.
func TestResumeFoundNonTransactionalInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int, v varchar(40)) ENGINE=MyISAM;\nCREATE TABLE t2 (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		rowsOf("t1", 1, 40) + "SELECT 1 INTO @x;\nSTART TRANSACTION;\nINSERT INTO t1 VALUES (59,'late');\nINSERT INTO t2 VALUES (1);\nINSERT INTO t1 VALUES (60,'late');\nINSERT INTO t2 VALUES (2);\nCOMMIT;\n"
	for _, stop := range []int64{9, 10, 11} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}
