package importer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestDifffuzzFound41040MarkerBeforeCommit (difffuzz seed 41040, resume): DML outside a
// transaction into an InnoDB table that may write any table (an INSERT into a table with
// triggers; here, UPDATE of two tables), once the server holds a non-transactional table,
// leaves an intent with the checksums of every MyISAM and Aria table and runs in a
// transaction with its progress row. Once it returned, its marker ("it ran to its end")
// was written at once, in the non-transactional markers' table, whether or not it had
// changed such a table. Killed between the marker and the COMMIT, the server rolled the
// statement back, but the resume read the marker, counted it as run and skipped it: the
// seed's rows 59–138 of b8 were missing, here the UPDATE's change, without a word. The
// first run is killed at that point (AfterMark), in the parallel part and in the part run
// on one connection (after a SAVEPOINT); the resume must run the statement again and end
// with the client's database.
func TestDifffuzzFound41040MarkerBeforeCommit(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE a (id int PRIMARY KEY) ENGINE=Aria;\n" +
		"CREATE TABLE b (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"INSERT INTO a VALUES (1),(2);\nINSERT INTO b VALUES (1,'one'),(2,'two'),(3,'three');\n"
	tail := "UPDATE b, a SET b.v = CONCAT(b.v, ' seen') WHERE b.id = a.id;\n" + // killed here
		"INSERT INTO b VALUES (4,'four');\nINSERT INTO a VALUES (3);\n"
	for _, c := range []struct {
		name, dump string
		line       int64
	}{
		{"parallel part", head + tail, 8},
		{"serial part", head + "START TRANSACTION;\nSAVEPOINT s1;\nCOMMIT;\n" + tail, 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			killAfterMark(t, ref, srv, "fz0", c.dump, c.line, "")
		})
	}
	// In the serial part, an INSERT into b whose trigger writes an Aria table: it changed
	// that table, and its InnoDB rows were rolled back. Half applied: it must be refused
	// by name, not skipped.
	t.Run("trigger writes Aria", func(t *testing.T) {
		dump := head + "START TRANSACTION;\nSAVEPOINT s1;\nCOMMIT;\n" +
			"CREATE TABLE log_b (id int PRIMARY KEY, msg varchar(40)) ENGINE=Aria;\n" +
			"CREATE TRIGGER trg AFTER INSERT ON b FOR EACH ROW INSERT INTO log_b VALUES (NEW.id, NEW.v);\n" +
			"INSERT INTO b VALUES (5,'five'),(6,'six');\n" + tail // line 13: killed
		killAfterMark(t, ref, srv, "fz0", dump, 13, "may be half applied")
	})
	t.Run("seed 41040", func(t *testing.T) {
		seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-41040-resume.sql")
		if err != nil {
			t.Fatal(err)
		}
		// Line 80: INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`b8` … (59, …), … (138, …).
		// Run again, it is refused by name: the killed attempt's rows took ids of log_b8,
		// which b8's trigger writes, and the rollback kept them taken.
		killAfterMark(t, ref, srv, "fz0", string(seed), 80, "--resume cannot recreate the AUTO_INCREMENT counters of the tables the triggers of fz0.b8 write")
	})
}

// killAfterMark imports dump with the mariadb client into ref, and into srv with
// --checkpoint --parallel 2 in batches of 2 KiB, killed (the import ended by the hook's
// error) where the statement at line has been marked run and before its progress row;
// then resumes, and compares the re-dumps of db.
func killAfterMark(t *testing.T, ref, srv *sandbox.Server, db, dump string, line int64, refusal string) {
	t.Helper()
	killAt(t, ref, srv, db, dump, line, refusal, importer.WithAfterMarkHook)
}

// killAt is killAfterMark with the kill point hook sets: importer.WithAfterMarkHook, or
// importer.WithAfterDDLHook (every statement run as a barrier with progress rows, once it
// returned, marked or not).
func killAt(t *testing.T, ref, srv *sandbox.Server, db, dump string, line int64, refusal string, hook func(importer.Options, func(*split.Statement) error) importer.Options) {
	t.Helper()
	dir, path, cfg := clientFirst(t, ref, srv, dump, db)
	want := redump(t, ref, db)
	ctx := context.Background()
	o := importer.Options{Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: filepath.Join(dir, "journal"), SkipWarningCount: true}
	killed := errors.New("killed at the hook")
	reached := false
	first := hook(o, func(st *split.Statement) error {
		if st.Line == line {
			reached = true
			return killed
		}
		return nil
	})
	res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, first)
	if err != nil || !errors.Is(res.Err, killed) || !reached {
		t.Fatalf("first run: %v, %v (the hook reached line %d: %v); want it killed at the hook of line %d", res, err, line, reached, line)
	}
	o.Resume = true
	var log strings.Builder
	o.Log = &log
	res, err = importer.Import(ctx, cfg, importer.Source{Path: path}, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if refusal != "" {
		if err == nil || !strings.Contains(err.Error(), refusal) {
			t.Fatalf("resume: %v, %v; want it refused with %q\n%s", res, err, refusal, log.String())
		}
		return
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	t.Logf("the resume said:\n%s", log.String())
	if have := redump(t, srv, db); have != want {
		t.Errorf("after the kill and the resume the re-dump differs from the client's:\n%s", cmp.Diff(want, have))
	}
}

// TestDifffuzzFound41040MarkerInTransaction: the same inside the dump's transaction. A
// statement there is marked run when it changed a non-transactional table (its change
// stays when the transaction does not commit); an INSERT into an InnoDB table whose
// trigger writes an Aria table was marked too, and stopped before the COMMIT the resume
// replayed the transaction without it: its Aria rows were there, its InnoDB rows were not,
// silently. Half applied: it must be refused by name.
func TestDifffuzzFound41040MarkerInTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE b (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE log_b (id int PRIMARY KEY, msg varchar(40)) ENGINE=Aria;\n" +
		"CREATE TRIGGER trg AFTER INSERT ON b FOR EACH ROW INSERT INTO log_b VALUES (NEW.id, NEW.v);\n" +
		"START TRANSACTION;\nINSERT INTO b VALUES (1,'one'),(2,'two');\n" + // line 8
		"INSERT INTO b VALUES (3,'three');\nCOMMIT;\nINSERT INTO b VALUES (4,'four');\n"
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 9, refusal: "may be half applied"})
}
