package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/longtest"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// Statements under the dump's LOCK TABLES in a part of the run that went serial (difffuzz
// seed 30341, resume-spool: 2–5 kills in 25 left rows twice or stopped at ERROR 1062).
// There an INSERT into an InnoDB table commits on its own (autocommit), and its progress
// row could not join it: the progress table was not among the locked tables, so the
// region's stretch was recorded only after UNLOCK TABLES. Stopped between the two, the
// resume sent committed rows again. Each case stops the first run right after the
// statement at a line inside such a region (stopAfter: the same window as a kill there)
// and resumes; the re-dump must be the client's.

// lockCase is one stop and resume of a dump with table locks.
type lockCase struct {
	db, dump string
	// stop is the line after whose statement the first run stops.
	stop int64
	// loadData: both attempts run with --load-data; force: the client, both attempts
	// with --force (the dump has statements that fail).
	loadData, force bool
	// killAt, when set, ends the first run right after the statement at that line ran,
	// before its progress row (importer.WithAfterDDLHook), instead of the stop.
	killAt int64
}

// runLockCase imports c.dump with the client into ref and with a stop (or a kill before a
// statement's progress row) and a --resume into srv, --parallel 2 and small batches as the
// fuzzer's resume modes, and compares the re-dumps: a reviewCase.
func runLockCase(t *testing.T, ref, srv *sandbox.Server, c lockCase) {
	t.Helper()
	runReviewCase(t, ref, srv, reviewCase{
		db: c.db, dump: c.dump, stop: c.stop, killAtDDL: c.killAt, force: c.force,
		opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: c.loadData, Force: c.force},
	})
}

// lineOf is the 1-based line of the first occurrence of s in dump.
func lineOf(t *testing.T, dump, s string) int64 {
	t.Helper()
	i := strings.Index(dump, s)
	if i < 0 {
		t.Fatalf("%q is not in the dump", s)
	}
	return int64(strings.Count(dump[:i], "\n") + 1)
}

// TestResumeFoundLockTablesSeed30341 is the fuzzer's script itself: its run turns serial
// inside t1's LOCK TABLES region (an INSERT with CAST(…) is not plain rows), and the rest
// runs on the control connection under the dump's locks. Stopped after t1's statement that
// turned the run serial (keyed: ERROR 1062 on resume), inside t148's region (keyless: rows
// twice) and inside t149's (keyed, AUTO_INCREMENT), with and without --load-data.
func TestResumeFoundLockTablesSeed30341(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-30341-resume-spool.sql")
	if err != nil {
		t.Fatal(err)
	}
	dump := string(seed)
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	stops := []int64{
		lineOf(t, dump, "CAST('7' AS SIGNED)"),                      // t1: the statement that turns the run serial
		lineOf(t, dump, "INSERT INTO `fz0`.`t148` VALUES (8,'0000"), // t148, its second INSERT
		lineOf(t, dump, "INSERT INTO `t148` VALUES (10,'0000"),      // t148, a later one
		lineOf(t, dump, "INSERT INTO `fz0`.`t149` VALUES (119,"),    // t149, its second INSERT
	}
	for _, loadData := range []bool{false, true} {
		for _, stop := range stops {
			t.Run(fmt.Sprintf("load-data %v, stop at line %d", loadData, stop), func(t *testing.T) {
				runLockCase(t, ref, srv, lockCase{db: "fz0", dump: dump, stop: stop, loadData: loadData})
			})
		}
	}
}

// TestResumeLockTablesRegion: the same in a small dump, a keyed and a keyless InnoDB table
// and a MyISAM one, each filled under LOCK TABLES … WRITE after a SELECT … INTO @v has
// turned the run serial, stopped after each statement of the regions, with and without
// --load-data. The keyless table got its stopped-at rows twice, the keyed one stopped at
// ERROR 1062.
func TestResumeLockTablesRegion(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE n (id int, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE m (id int, v varchar(40)) ENGINE=MyISAM;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n")
	for _, table := range []string{"k", "n", "m"} {
		fmt.Fprintf(&b, "LOCK TABLES `%s` WRITE;\n/*!40000 ALTER TABLE `%s` DISABLE KEYS */;\n", table, table)
		for i := 0; i < 3; i++ {
			b.WriteString(rowsOf(table, 1+20*i, 21+20*i))
		}
		fmt.Fprintf(&b, "/*!40000 ALTER TABLE `%s` ENABLE KEYS */;\nUNLOCK TABLES;\n", table)
	}
	b.WriteString("INSERT INTO k VALUES (1000, @c);\n")
	dump := b.String()
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	first := lineOf(t, dump, "LOCK TABLES `k`")
	// Without --load-data a third of the stops (DUMPSCOPE_LONG=1: all): each of a
	// region's kinds of line in one of the three tables, the table rotating.
	region := lineOf(t, dump, "LOCK TABLES `n`") - first
	sampled := longtest.Every(t, 3)
	for _, loadData := range []bool{false, true} {
		for stop := first; stop < first+3*7; stop++ {
			if loadData && (stop-first)%7 != 3 {
				continue // one stop per table: the INSERTs are sent as they are, serial
			}
			if i := stop - first; !loadData && !sampled(int(i%region+i/region)) {
				continue
			}
			t.Run(fmt.Sprintf("load-data %v, stop at line %d", loadData, stop), func(t *testing.T) {
				runLockCase(t, ref, srv, lockCase{db: "fz0", dump: dump, stop: stop, loadData: loadData})
			})
		}
	}
}

// TestResumeLockTablesNoAutocommit: SET autocommit=0 and COMMIT inside LOCK TABLES …
// UNLOCK TABLES, in a run gone serial, in two shapes: COMMITs inside the region, and
// mysqldump --no-autocommit's (ENABLE KEYS and UNLOCK TABLES before its commit). On main
// the progress row written before UNLOCK TABLES, which commits the dump's transaction,
// met ERROR 1100 (the progress table was not locked) and the import failed; and a COMMIT's
// progress row waited for UNLOCK TABLES, so that a resume after it sent the committed
// rows again. Stopped after each statement of the regions.
func TestResumeLockTablesNoAutocommit(t *testing.T) {
	for _, shape := range []string{"commits inside", "mysqldump --no-autocommit"} {
		var b strings.Builder
		b.WriteString("CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"CREATE TABLE n (id int, v varchar(40)) ENGINE=InnoDB;\n" +
			"SELECT COUNT(*) INTO @c FROM k;\n")
		for _, table := range []string{"k", "n"} {
			if shape == "commits inside" {
				fmt.Fprintf(&b, "LOCK TABLES `%s` WRITE;\nset autocommit=0;\n", table)
				b.WriteString(rowsOf(table, 1, 21) + rowsOf(table, 21, 41))
				b.WriteString("commit;\n" + rowsOf(table, 41, 61) + "commit;\nUNLOCK TABLES;\nset autocommit=1;\n")
				continue
			}
			fmt.Fprintf(&b, "LOCK TABLES `%s` WRITE;\n/*!40000 ALTER TABLE `%s` DISABLE KEYS */;\nset autocommit=0;\n", table, table)
			b.WriteString(rowsOf(table, 1, 21) + rowsOf(table, 21, 41))
			fmt.Fprintf(&b, "/*!40000 ALTER TABLE `%s` ENABLE KEYS */;\nUNLOCK TABLES;\ncommit;\n", table)
		}
		dump := b.String()
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		first := lineOf(t, dump, "LOCK TABLES `k`")
		// Half the stops (DUMPSCOPE_LONG=1: all): each of a region's kinds of line, in k
		// or in n, the table rotating.
		region := lineOf(t, dump, "LOCK TABLES `n`") - first
		sampled := longtest.Every(t, 2)
		for stop := first; stop < first+2*9 && stop < int64(strings.Count(dump, "\n")); stop++ {
			if i := stop - first; !sampled(int(i%region + i/region)) {
				continue
			}
			t.Run(fmt.Sprintf("%s, stop at line %d", shape, stop), func(t *testing.T) {
				runLockCase(t, ref, srv, lockCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}

// TestResumeLockTablesHeldAgain: a resume that skips the committed LOCK TABLES (or the
// statement the run turned serial at inside the region, which sent it then) sends it
// again before the next statement of the region: a statement there that reads a table
// not locked fails with ERROR 1100 as the client's did (--force on both sides), where
// without the locks it ran and wrote a row the client's table does not have. (Main never
// skipped the LOCK TABLES, whose stretch ended at UNLOCK TABLES: this guards the resume
// half of the fix, and fails without lockState.owed.)
func TestResumeLockTablesHeldAgain(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE o (id int, v varchar(40)) ENGINE=InnoDB;\n" +
		"INSERT INTO o VALUES (1,'o');\n"
	tail := "INSERT INTO k SELECT id + 100, v FROM o;\n" + rowsOf("k", 21, 41) + "UNLOCK TABLES;\nINSERT INTO k SELECT id + 200, v FROM o;\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, tc := range []struct{ name, dump, stopAt string }{
		// Serial before the region: the dump's LOCK TABLES is sent, and skipped on resume.
		{"serial before", head + "SELECT COUNT(*) INTO @c FROM k;\nLOCK TABLES k WRITE;\n" + rowsOf("k", 1, 21) + tail, "INSERT INTO k VALUES (1,"},
		// Serial inside it: the LOCK TABLES is not sent; the statement that turns the run
		// serial sends it first (Relock), and is skipped on resume.
		{"serial inside", head + "LOCK TABLES k WRITE;\n" + rowsOf("k", 1, 11) + "INSERT INTO k VALUES (11, CAST(11 AS CHAR));\n" + tail, "INSERT INTO k VALUES (11,"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runLockCase(t, ref, srv, lockCase{db: "fz0", dump: tc.dump, stop: lineOf(t, tc.dump, tc.stopAt), force: true})
		})
	}
}

// TestResumeLockTablesNonTransactional (difffuzz seed 30331, resume-load-data: an Aria
// table under LOCK TABLES in a run gone serial, ERROR 1062 on resume): a write to a
// non-transactional table stays whatever its transaction does, so a kill between it and
// its progress row left it applied and unrecorded. It now leaves an intent and a marker
// there, as a barrier does, the intents' tables locked with the dump's. Each INSERT of a
// keyed Aria, a keyless MyISAM and a keyed InnoDB table under the locks is killed after
// it ran, before its progress row (the marker written); the resume must take the marked
// one as run, and send the InnoDB one (rolled back) again.
func TestResumeLockTablesNonTransactional(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE a (id int PRIMARY KEY, v varchar(40)) ENGINE=Aria;\n" +
		"CREATE TABLE m (id int, v varchar(40)) ENGINE=MyISAM;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n")
	for _, table := range []string{"a", "m", "k"} {
		fmt.Fprintf(&b, "LOCK TABLES `%s` WRITE;\n", table)
		b.WriteString(rowsOf(table, 1, 21) + rowsOf(table, 21, 41))
		b.WriteString("UNLOCK TABLES;\n")
	}
	dump := b.String()
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, table := range []string{"a", "m", "k"} {
		for _, from := range []string{"1", "21"} {
			line := lineOf(t, dump, "INSERT INTO "+table+" VALUES ("+from+",")
			t.Run(fmt.Sprintf("%s, kill at line %d", table, line), func(t *testing.T) {
				runLockCase(t, ref, srv, lockCase{db: "fz0", dump: dump, killAt: line})
			})
		}
	}
}
